/**
 * Issue 25, point 8 against the strict NP emulator (it refuses whatever the real API refuses):
 * waybills end to end, branch and courier, with the sender the emulator's key belongs to; the
 * sender address choice when the sender has several; a refusal by a rule NP enforces (a branch's
 * weight limit) reaching the operator with NP's text.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { KYIV_STREET, orderTools } from '../../test/orders.ts';
import { NP_EMULATOR_MORE_SENDER_ADDRESSES, NP_EMULATOR_SENDER, novaPoshtaEmulator } from '../../integrations/novaposhta/emulator.ts';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await buildTestApp({ npEmulatorStepSeconds: 0, trackingIntervalSeconds: 3600 });
  // The NP client calls the emulator over HTTP on this server's port.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await loadCatalogFixture(t.database);
  op = await t.operator();
});
afterAll(() => t.close());

const ttn = (app: TestApp, token: string, id: number, body: Record<string, unknown> = { weight: 1.5, seats: 1 }, lang = 'uk') =>
  app.request('POST', `/api/v1/admin/orders/${id}/ttn`, { token, body, headers: { 'accept-language': lang } });
async function order(app: TestApp, over: Record<string, unknown> = {}) {
  await orderTools(app).setStock(1, 50);
  const u = await app.user({ isVerified: true });
  return orderTools(app).placeConfirmed(u.token, [[1, 1, 160]], over);
}
const courier = {
  delivery_method: 'Courier',
  branch_ref: undefined,
  branch_name: undefined,
  street_ref: KYIV_STREET,
  street_name: 'Шевченка',
  house: '7а',
  appt: '12',
};

describe('waybills through the strict emulator', () => {
  test('the back office shows the sender the key belongs to, its one address used without asking', async () => {
    const r = await t.request('GET', '/api/v1/admin/novaposhta/sender', { token: op });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      counterparty: { ref: NP_EMULATOR_SENDER.counterpartyRef },
      contact: { ref: NP_EMULATOR_SENDER.contactRef, phone: NP_EMULATOR_SENDER.phone },
      addresses: [{ ref: NP_EMULATOR_SENDER.addresses[0]!.ref, city_ref: NP_EMULATOR_SENDER.addresses[0]!.cityRef }],
      selected_address_ref: null,
      address_ref: NP_EMULATOR_SENDER.addresses[0]!.ref,
      needs_choice: false,
    });
  });

  test('a branch waybill is made end to end (COD, the recipient as a private person)', async () => {
    const o = await order(t);
    const made = await ttn(t, op, o.id);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.ttn).toMatch(/^2045\d{10}$/);
    expect(made.body.data).toMatchObject({ delivery_status: 'CreatedTTN' });
    expect(made.body.data.delivery_cost).toBeGreaterThan(0);
  });

  test('a courier waybill is made end to end (Address.save for the recipient)', async () => {
    const o = await order(t, courier);
    const made = await ttn(t, op, o.id);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.ttn).toMatch(/^2045\d{10}$/);
  });

  test("a recipient whose full name is over NP's 50 characters gets the waybill, without the patronymic (NP's limits measured live)", async () => {
    // 30 + 10 + 13 characters: "Last First Middle" is 55, over the 50 NP takes; without the middle name it is 41.
    const o = await order(t, { last_name: 'Костянтинопольська-Вишневецька', first_name: 'Олександра', middle_name: 'Володимирівна' });
    const made = await ttn(t, op, o.id);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.ttn).toMatch(/^2045\d{10}$/);
  });

  test("a parcel over the branch's limit: NP's refusal is a 422 naming it (uk and ru), no waybill recorded", async () => {
    const o = await order(t);
    const uk = await ttn(t, op, o.id, { weight: 45, seats: 1 }, 'uk');
    expect(uk.status).toBe(422);
    expect(uk.body.code).toBe('CarrierRefused');
    expect(uk.body.message).toBe('Нова Пошта не прийняла накладну: Максимальна вага для відділення: 30 кг (НП: «Warehouse max allowed weight: 30»)');
    const ru = await ttn(t, op, o.id, { weight: 45, seats: 1 }, 'ru');
    expect(ru.body.message).toBe('Новая Почта не приняла накладную: Максимальный вес для отделения: 30 кг (НП: «Warehouse max allowed weight: 30»)');
    const after = await t.request('GET', `/api/v1/admin/orders/${o.id}`, { token: op });
    expect(after.body.data.ttn).toBeNull();
    // Within the limit, the same order gets its waybill.
    expect((await ttn(t, op, o.id, { weight: 20, seats: 1 })).status).toBe(200);
  });
});

describe('a sender with several addresses (an emulator given three)', () => {
  let emu: FastifyInstance;
  let t2: TestApp;
  let admin: string;
  beforeAll(async () => {
    emu = Fastify();
    // The emulator's waybills live in the first app's database; its key is the one t2 sends.
    await emu.register(novaPoshtaEmulator, {
      prefix: '/np',
      db: t.database.db,
      apiKey: 'several-key',
      stepSeconds: 0,
      senderAddresses: [...NP_EMULATOR_SENDER.addresses, ...NP_EMULATOR_MORE_SENDER_ADDRESSES],
    });
    await emu.listen({ port: 0, host: '127.0.0.1' });
    t2 = await buildTestApp({
      npApiUrl: `http://127.0.0.1:${(emu.server.address() as AddressInfo).port}/np/v2.0/json/`,
      npApiKey: 'several-key',
      npEmulator: false,
      trackingIntervalSeconds: 3600,
    });
    await loadCatalogFixture(t2.database);
    admin = await t2.operator();
  });
  afterAll(async () => {
    await t2.close();
    await emu.close();
  });

  test('none picked: 409 telling the operator to pick; the picked one (in another city) is used and the emulator accepts it', async () => {
    const shown = await t2.request('GET', '/api/v1/admin/novaposhta/sender', { token: admin });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.data.addresses).toHaveLength(3);
    expect(shown.body.data).toMatchObject({ address_ref: null, needs_choice: true });
    const o = await order(t2);
    const refused = await ttn(t2, admin, o.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('NpSenderAddressRequired');
    const lviv = NP_EMULATOR_MORE_SENDER_ADDRESSES[1]!;
    expect((await t2.request('PUT', '/api/v1/admin/novaposhta/sender', { token: admin, body: { address_ref: lviv.ref } })).status).toBe(200);
    const made = await ttn(t2, admin, o.id);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.ttn).toMatch(/^2045\d{10}$/);
  });
});
