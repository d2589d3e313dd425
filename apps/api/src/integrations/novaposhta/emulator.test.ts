import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { npEmulatorDocuments } from '../../db/schema/index.ts';
import { CarrierError, novaPoshtaClient, type NovaPoshta, type NpWaybillInput } from './client.ts';
import { answerAsync, NP_EMULATOR_DEFAULT_KEY, NP_EMULATOR_PATH, pickScenario, type NpScenario } from './emulator.ts';
import { EMULATOR_DATA } from './emulator-data.ts';
import { deliveryStatusOfNpCode, NP_STATUS_TEXT } from './status-codes.ts';

const kyiv = EMULATOR_DATA.cities[0]!;
const branch = EMULATOR_DATA.warehouses.find((w) => w.cityRef === kyiv.ref)!;
const waybill = (over: Partial<NpWaybillInput> = {}): NpWaybillInput => ({
  payerType: 'Recipient',
  declaredValue: 1500,
  weight: 1.2,
  seats: 1,
  description: 'Чохол для телефону',
  serviceType: 'WarehouseWarehouse',
  cityRecipientRef: kyiv.ref,
  recipientAddressRef: branch.ref,
  recipientName: 'Шевченко Тарас',
  recipientPhone: '380501234567',
  codAmount: 0,
  ...over,
});

describe('Nova Poshta waybills and tracking through the built-in emulator', () => {
  let t: TestApp;
  let np: NovaPoshta;
  let op: string;
  const docs = npEmulatorDocuments;
  const row = async (number: string) => (await t.database.db.select().from(docs).where(eq(docs.number, number)))[0]!;
  const scenario = (number: string, s: NpScenario | string) => t.request('POST', '/emulators/novaposhta/control/scenario', { token: op, body: { number, scenario: s } });
  const advance = (number: string, steps?: number) => t.request('POST', '/emulators/novaposhta/control/advance', { token: op, body: { number, steps } });
  /** A waybill with a fixed fate. */
  const parcel = async (s: NpScenario, over: Partial<NpWaybillInput> = {}) => {
    const w = await np.createWaybill(waybill(over));
    expect((await scenario(w.number, s)).status).toBe(200);
    return w;
  };

  beforeAll(async () => {
    // Only the control endpoint moves parcels here.
    t = await buildTestApp({ npEmulatorStepSeconds: 0 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    np = novaPoshtaClient({ url: () => `http://127.0.0.1:${port}${NP_EMULATOR_PATH}`, apiKey: NP_EMULATOR_DEFAULT_KEY, log: t.app.log });
    op = await t.operator();
  });
  afterAll(() => t.close());

  test('waybill methods need the sender key, as Nova Poshta does; address and tracking methods do not', async () => {
    const post = (body: Record<string, unknown>) => t.request('POST', NP_EMULATOR_PATH, { body });
    const save = { modelName: 'InternetDocument', calledMethod: 'save', methodProperties: { CityRecipient: 'x', RecipientsPhone: '380671234567', Cost: 100 } };
    const before = (await t.database.db.select().from(docs)).length;
    expect((await post(save)).body).toMatchObject({ success: false, errors: ['API key is not specified'] });
    expect((await post({ ...save, apiKey: 'guessed' })).body).toMatchObject({ success: false, errors: ['API key is invalid'] });
    expect((await post({ ...save, modelName: 'InternetDocument', calledMethod: 'delete', methodProperties: { DocumentRefs: ['x'] } })).body.errors).toEqual(['API key is not specified']);
    expect((await t.database.db.select().from(docs)).length).toBe(before);
    expect((await post({ ...save, apiKey: NP_EMULATOR_DEFAULT_KEY })).body.success).toBe(true);
    expect((await post({ modelName: 'Address', calledMethod: 'searchSettlements', methodProperties: { CityName: 'Київ' } })).body.success).toBe(true);
    expect((await post({ modelName: 'TrackingDocument', calledMethod: 'getStatusDocuments', methodProperties: { Documents: [{ DocumentNumber: '20450000000000' }] } })).body.success).toBe(true);
  });

  test('save answers a 14-digit number and the cost of the formula', async () => {
    const a = await np.createWaybill(waybill());
    expect(a.number).toMatch(/^2045\d{10}$/);
    expect(a.ref).toMatch(/^[0-9a-f-]{36}$/);
    // 50 UAH + 0.5% of 1500 UAH declared; 1.2 kg and one seat add nothing.
    expect(a.cost).toBe(57.5);
    expect(a.estimatedDeliveryDate).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(await row(a.number)).toMatchObject({ ref: a.ref, costKop: 5750, codKop: 0, step: 0, returnNumber: null, deleted: false });

    // 3 seats (+2 x 15 UAH), 4.1 kg (5 kg: +3 x 5 UAH), 999.99 UAH declared (+5 UAH), COD 1234.50 UAH.
    const b = await np.createWaybill(waybill({ seats: 3, weight: 4.1, declaredValue: 999.99, codAmount: 1234.5, serviceType: 'WarehouseDoors', recipientAddressRef: null, streetRef: EMULATOR_DATA.streets[0]!.ref, house: '12', flat: '3' }));
    expect(b.cost).toBe(50 + 5 + 30 + 15);
    expect(b.number).not.toBe(a.number);
    expect(await row(b.number)).toMatchObject({ costKop: 10000, codKop: 123450 });
    // A random fate among the scenarios (with COD, a delivered parcel ends with the money codes).
    expect([[1, 12, 5, 6, 7, 9, 10, 11], [1, 12, 5, 6, 7, 103], [1, 12, 5, 6, 7, 105], [1, 2]]).toContainEqual((await row(b.number)).path);
  });

  test('save without a city, a phone or a declared value fails with CarrierError', async () => {
    await expect(np.createWaybill(waybill({ cityRecipientRef: '' }))).rejects.toThrow(CarrierError);
    await expect(np.createWaybill(waybill({ cityRecipientRef: '' }))).rejects.toThrow(/CityRecipient is empty/);
    await expect(np.createWaybill(waybill({ recipientPhone: '' }))).rejects.toThrow(/RecipientsPhone is empty/);
    await expect(np.createWaybill(waybill({ declaredValue: 0 }))).rejects.toThrow(/Cost must be greater than 0/);
  });

  test('an unknown number is code 3', async () => {
    const [x] = await np.trackDocuments(['20450000000000']);
    expect(x).toEqual({ number: '20450000000000', statusCode: 3, status: 'Номер не знайдено', documentCost: null, returnNumber: null });
    expect(deliveryStatusOfNpCode(3)).toBeNull();
  });

  test('delivered with cash on delivery walks 1, 12, 5, 6, 7, 9, 10, 11 and is then final', async () => {
    const w = await parcel('delivered', { codAmount: 1500 });
    const [first] = await np.trackDocuments([w.number]);
    expect(first).toMatchObject({ number: w.number, statusCode: 1, status: NP_STATUS_TEXT[1], documentCost: 57.5, returnNumber: null });
    const codes = [1];
    let last: any;
    for (let i = 0; i < 7; i++) {
      last = (await advance(w.number)).body;
      codes.push(last.status_code);
      expect(last.final).toBe(i === 6);
    }
    expect(codes).toEqual([1, 12, 5, 6, 7, 9, 10, 11]);
    expect(codes.map(deliveryStatusOfNpCode)).toEqual(['CreatedTTN', 'Wait', 'OnMyWay', 'OnMyWay', 'OnMyWay', 'Received', 'Received', 'Received']);
    expect(last).toEqual({ number: w.number, status_code: 11, return_number: null, return_status_code: null, final: true });
    // Never past the end.
    expect((await advance(w.number, 5)).body).toMatchObject({ status_code: 11, final: true });
    const [end] = await np.trackDocuments([w.number]);
    expect(end).toMatchObject({ statusCode: 11, status: NP_STATUS_TEXT[11] });
    // The raw NP answer carries the cash on delivery and when it was received.
    const raw = await answerAsync({ modelName: 'TrackingDocument', calledMethod: 'getStatusDocuments', methodProperties: { Documents: [{ DocumentNumber: w.number, Phone: '' }] } }, { db: t.database.db, stepSeconds: 0 });
    expect(raw.data[0]).toMatchObject({ Number: w.number, StatusCode: '11', DocumentCost: '57.5', RedeliverySum: 1500, LastCreatedOnTheBasisDocumentType: '' });
    expect((raw.data[0] as any).RecipientDateTime).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
    // Without COD the path ends at 9.
    const plain = await parcel('delivered');
    expect((await advance(plain.number, 100)).body).toMatchObject({ status_code: 9, final: true });
  });

  test('a refused parcel gets a return document, and advancing the original walks the return to 9', async () => {
    const w = await parcel('refused', { codAmount: 800 });
    const at103 = (await advance(w.number, 5)).body;
    expect(at103).toMatchObject({ number: w.number, status_code: 103, return_number: expect.stringMatching(/^2045\d{10}$/), return_status_code: 1, final: false });
    const back = at103.return_number as string;
    expect(await row(back)).toMatchObject({ costKop: 5750, codKop: 0, path: [1, 5, 6, 7, 9], step: 0 });
    expect(await row(w.number)).toMatchObject({ returnNumber: back });

    const [orig, ret] = await np.trackDocuments([w.number, back]);
    expect(orig).toMatchObject({ statusCode: 103, status: 'Відмова одержувача', returnNumber: back });
    expect(deliveryStatusOfNpCode(orig!.statusCode)).toBe('Refusal');
    expect(ret).toMatchObject({ number: back, statusCode: 1, returnNumber: null });

    const returnCodes: number[] = [];
    let last: any;
    do {
      last = (await advance(w.number)).body;
      expect(last.status_code).toBe(103);
      returnCodes.push(last.return_status_code);
    } while (!last.final && returnCodes.length < 10);
    expect(returnCodes).toEqual([5, 6, 7, 9]);
    expect(last).toEqual({ number: w.number, status_code: 103, return_number: back, return_status_code: 9, final: true });
    expect((await np.trackDocuments([back]))[0]).toMatchObject({ statusCode: 9, status: 'Відправлення отримано' });

    // Expired storage does the same with 105; advancing far enough finishes both at once.
    const x = await parcel('storage_expired');
    expect((await advance(x.number, 100)).body).toMatchObject({ status_code: 105, return_status_code: 9, final: true });
  });

  test('delete makes code 2, only before the parcel leaves', async () => {
    const w = await parcel('delivered');
    await np.deleteWaybill(w.ref);
    const [x] = await np.trackDocuments([w.number]);
    expect(x).toMatchObject({ statusCode: 2, status: 'Видалено' });
    expect(deliveryStatusOfNpCode(2)).toBe('Deleted');
    expect(await row(w.number)).toMatchObject({ deleted: true });
    expect((await advance(w.number)).body).toMatchObject({ status_code: 2, final: true });
    // Deleting again is harmless; an unknown ref is not.
    await np.deleteWaybill(w.ref);
    await expect(np.deleteWaybill('00000000-0000-0000-0000-000000000000')).rejects.toThrow(CarrierError);

    const gone = await parcel('delivered');
    await advance(gone.number, 2);
    await expect(np.deleteWaybill(gone.ref)).rejects.toThrow(/cannot be deleted/);

    // The `deleted` fate: the sender deletes it after creation.
    const d = await parcel('deleted');
    expect((await advance(d.number)).body).toMatchObject({ status_code: 2, final: true });
  });

  test('tracking more than 100 numbers is split into calls of 100, results in the order asked', async () => {
    const a = await parcel('delivered');
    const b = await parcel('refused');
    await advance(b.number, 2);
    const numbers = Array.from({ length: 250 }, (_, i) => `2045999${String(i).padStart(7, '0')}`);
    numbers[0] = a.number;
    numbers[137] = b.number;
    numbers[249] = a.number;
    const spy = vi.spyOn(globalThis, 'fetch');
    try {
      const res = await np.trackDocuments(numbers);
      const calls = spy.mock.calls.filter(([, init]) => String(init?.body).includes('getStatusDocuments'));
      expect(calls).toHaveLength(3);
      expect(calls.map(([, init]) => JSON.parse(String(init!.body)).methodProperties.Documents.length)).toEqual([100, 100, 50]);
      expect(res.map((r) => r.number)).toEqual(numbers);
      expect(res[0]!.statusCode).toBe(1);
      expect(res[137]!.statusCode).toBe(5);
      expect(res[249]!.statusCode).toBe(1);
      expect(res.filter((r) => r.statusCode === 3)).toHaveLength(247);
    } finally {
      spy.mockRestore();
    }
    expect(await np.trackDocuments([])).toEqual([]);
    // The emulator itself refuses more than 100, as NP does.
    const many = await answerAsync({ modelName: 'TrackingDocument', calledMethod: 'getStatusDocuments', methodProperties: { Documents: numbers.slice(0, 101).map((n) => ({ DocumentNumber: n })) } }, { db: t.database.db, stepSeconds: 0 });
    expect(many).toMatchObject({ success: false, errors: ['Documents limit is 100'] });
  });

  test('with stepSeconds > 0 tracking moves parcels by the clock', async () => {
    const emu = { db: t.database.db, stepSeconds: 60 };
    const track = async (number: string) =>
      (await answerAsync({ modelName: 'TrackingDocument', calledMethod: 'getStatusDocuments', methodProperties: { Documents: [{ DocumentNumber: number }] } }, emu)).data[0] as any;

    const w = await parcel('delivered');
    const past = new Date(Date.now() - 150_000);
    await t.database.db.update(docs).set({ movedAt: past }).where(eq(docs.number, w.number));
    // The app here has stepSeconds 0: nothing moves by itself.
    expect((await np.trackDocuments([w.number]))[0]!.statusCode).toBe(1);
    // 150 s at 60 s a step: two steps, the remaining 30 s count toward the next one.
    expect(await track(w.number)).toMatchObject({ StatusCode: '5', Status: NP_STATUS_TEXT[5] });
    const moved = await row(w.number);
    expect(moved.step).toBe(2);
    expect(moved.movedAt.getTime()).toBe(past.getTime() + 120_000);
    expect((await track(w.number)).StatusCode).toBe('5');

    // Long ago: the parcel ran to its refusal, the return started when it got there.
    const r = await parcel('storage_expired');
    const longAgo = new Date(Date.now() - 1000_000);
    await t.database.db.update(docs).set({ movedAt: longAgo }).where(eq(docs.number, r.number));
    const item = await track(r.number);
    expect(item).toMatchObject({ StatusCode: '105', LastCreatedOnTheBasisDocumentType: 'Return', LastCreatedOnTheBasisNumber: expect.stringMatching(/^2045\d{10}$/) });
    const back = await row(item.LastCreatedOnTheBasisNumber);
    expect(back.movedAt.getTime()).toBe(longAgo.getTime() + 5 * 60_000);
    expect((await track(back.number)).StatusCode).toBe('9');
  });

  test('the control endpoints refuse unknown numbers and scenarios', async () => {
    expect((await advance('20450000000000')).status).toBe(404);
    expect((await scenario('20450000000000', 'delivered')).status).toBe(404);
    const w = await np.createWaybill(waybill());
    expect((await scenario(w.number, 'lost')).status).toBe(400);
    expect((await advance(w.number, 0)).status).toBe(400);
    // A new fate keeps the step, clamped to the new path.
    await scenario(w.number, 'delivered');
    await advance(w.number, 3);
    expect((await scenario(w.number, 'deleted')).body).toMatchObject({ status_code: 2, final: true });
  });

  test('the lottery of fates follows the weights', () => {
    expect([0, 0.74, 0.76, 0.89, 0.91, 0.94, 0.96, 0.9999].map(pickScenario)).toEqual([
      'delivered',
      'delivered',
      'refused',
      'refused',
      'storage_expired',
      'storage_expired',
      'deleted',
      'deleted',
    ]);
  });
});
