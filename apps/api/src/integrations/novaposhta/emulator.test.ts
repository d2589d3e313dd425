import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { kyivParts } from '@drop/shared';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { npEmulatorDocuments } from '../../db/schema/index.ts';
import { novaPoshtaClient, type NovaPoshta } from './client.ts';
import {
  answerAsync,
  NP_EMULATOR_DEFAULT_KEY,
  NP_EMULATOR_MORE_SENDER_ADDRESSES,
  NP_EMULATOR_PATH,
  NP_EMULATOR_PRIVATE_RECIPIENT,
  NP_EMULATOR_SENDER,
  pickScenario,
  type NpEmulatorOptions,
  type NpRequest,
  type NpScenario,
} from './emulator.ts';
import { EMULATOR_DATA } from './emulator-data.ts';
import { NP_ERRORS, type NpErrorCode } from './np-errors.ts';
import { deliveryStatusOfNpCode, NP_STATUS_TEXT } from './status-codes.ts';

const S = NP_EMULATOR_SENDER;
const kyiv = EMULATOR_DATA.cities[0]!;
const lviv = EMULATOR_DATA.cities.find((c) => c.name === 'Львів')!;
/** Kyiv branch No 1 (up to 30 kg). */
const branch = EMULATOR_DATA.warehouses.find((w) => w.cityRef === kyiv.ref && w.number === 1)!;
const kyivStreet = EMULATOR_DATA.streets.find((s) => s.cityRef === kyiv.ref)!;
const lvivStreet = EMULATOR_DATA.streets.find((s) => s.cityRef === lviv.ref)!;
const npToday = (d = new Date()) => {
  const p = kyivParts(d);
  return `${p.day}.${p.month}.${p.year}`;
};

/** NP's published refusal of a code: its text in `errors` and the code in `errorCodes`. */
const refusal = (...codes: NpErrorCode[]) => ({ success: false, data: [], errors: codes.map((c) => NP_ERRORS[c].en), errorCodes: codes });

/** The InternetDocument.save body as NP's documentation has it, for a recipient Counterparty.save answered. */
const fullBody = (recipient: { ref: string; contact: string }, over: Record<string, unknown> = {}): Record<string, unknown> => ({
  PayerType: 'Recipient',
  PaymentMethod: 'Cash',
  DateTime: npToday(),
  CargoType: 'Parcel',
  Weight: '1.2',
  ServiceType: 'WarehouseWarehouse',
  SeatsAmount: '1',
  Description: 'Чохол для телефону',
  Cost: '1500',
  CitySender: S.addresses[0]!.cityRef,
  Sender: S.counterpartyRef,
  SenderAddress: S.addresses[0]!.ref,
  ContactSender: S.contactRef,
  SendersPhone: S.phone,
  CityRecipient: kyiv.ref,
  Recipient: recipient.ref,
  RecipientAddress: branch.ref,
  ContactRecipient: recipient.contact,
  RecipientsPhone: '380501234567',
  ...over,
});

// ---- NP's answers recorded live -------------------------------------------------------------
// From weblabllc/delivery-core test/fixtures/novaposhta/*.json (recorded against api.novaposhta.ua by
// its scripts/record-fixtures.mjs, model InternetDocumentGeneral, 2026). The emulator must answer the same.

/** internet-document-save-error.json: InternetDocumentGeneral.save {PayerType: "Recipient", CitySender: "bad"}. */
const LIVE_SAVE_REFUSAL = {
  request: { PayerType: 'Recipient', CitySender: 'bad' },
  answer: {
    success: false,
    data: [],
    errors: [
      'CitySender is incorrect',
      'SenderAddress not selected',
      'CityRecipient not selected',
      'RecipientAddress not selected',
      'CargoType not selected',
      'SeatsAmount empty',
      'Sender not selected',
      'ContactSender not selected',
      'SendersPhone is empty',
      'Recipient not selected',
      'ContactRecipient not selected',
      'ServiceType is empty',
      'RecipientsPhone is empty',
      'Payment method not selected',
      'Description empty',
    ],
    warnings: ['DateTime is set to current'],
    errorCodes: [
      '20000200105',
      '20000200329',
      '20000200104',
      '20000200268',
      '20000200099',
      '20000200313',
      '20000300442',
      '20000300406',
      '20000300445',
      '20000300431',
      '20000300401',
      '20000200347',
      '20000300435',
      '20000200248',
      '20000200150',
    ],
    warningCodes: ['30000200880'],
  },
};
const envelopeRest = { warnings: [], info: [], messageCodes: [], warningCodes: [], infoCodes: [] };
/** internet-document-delete-not-found.json */
const LIVE_DELETE_NOT_FOUND = { success: false, data: [], errors: ['No document changed DeletionMark'], ...envelopeRest, errorCodes: ['20000201173'] };
/** internet-document-delete-invalid-ref.json */
const LIVE_DELETE_INVALID_REF = {
  success: false,
  data: [],
  errors: ['There are only invalid DocumentBarcodes and/or DocumentRefs'],
  ...envelopeRest,
  errorCodes: ['20000200564'],
};
/** internet-document-delete-already-deleted.json (`errors` is an object) */
const LIVE_DELETE_ALREADY_DELETED = {
  success: false,
  data: [],
  errors: { '0': 'No document changed DeletionMark', '01a10661-7b85-7ec0-8a5f-ca69851d4d0d': 'Document already deleted 20451551873334' },
  ...envelopeRest,
  errorCodes: ['20000201173'],
};

/** The body client.ts sent before issue 25: no sender, no recipient counterparty, a street ref as a name. */
const oldSenderlessBody = (over: Record<string, unknown> = {}) => ({
  PayerType: 'Recipient',
  PaymentMethod: 'Cash',
  DateTime: npToday(),
  CargoType: 'Parcel',
  Weight: '1.2',
  SeatsAmount: '1',
  ServiceType: 'WarehouseWarehouse',
  Description: 'Чохол для телефону',
  Cost: '1500',
  CityRecipient: kyiv.ref,
  RecipientsPhone: '380501234567',
  RecipientName: 'Шевченко Тарас',
  RecipientContactName: 'Шевченко Тарас',
  RecipientAddress: branch.ref,
  ...over,
});

describe('Nova Poshta emulator: as strict as NP', () => {
  let t: TestApp;
  let np: NovaPoshta;
  let op: string;
  const docs = npEmulatorDocuments;
  const row = async (number: string) => (await t.database.db.select().from(docs).where(eq(docs.number, number)))[0]!;
  const countDocs = async () => (await t.database.db.select().from(docs)).length;
  const scenario = (number: string, s: NpScenario | string) =>
    t.request('POST', '/emulators/novaposhta/control/scenario', { token: op, body: { number, scenario: s } });
  const advance = (number: string, steps?: number) => t.request('POST', '/emulators/novaposhta/control/advance', { token: op, body: { number, steps } });
  /** One call to the app's emulator over HTTP, with the sender's key unless told. */
  const call = async (modelName: string, calledMethod: string, methodProperties: unknown, apiKey: string | null = NP_EMULATOR_DEFAULT_KEY) => {
    // null: no apiKey in the body at all.
    const res = await t.request('POST', NP_EMULATOR_PATH, {
      body: apiKey === null ? { modelName, calledMethod, methodProperties } : { apiKey, modelName, calledMethod, methodProperties },
    });
    expect(res.status).toBe(200);
    return res.body;
  };
  /** A private-person recipient as Counterparty.save answers it. */
  const recipient = async (over: Record<string, unknown> = {}) => {
    const body = await call('Counterparty', 'save', {
      FirstName: 'Тарас',
      MiddleName: 'Григорович',
      LastName: 'Шевченко',
      Phone: '380501234567',
      Email: '',
      CounterpartyType: 'PrivatePerson',
      CounterpartyProperty: 'Recipient',
      ...over,
    });
    expect(body.success).toBe(true);
    return { ref: body.data[0].Ref as string, contact: body.data[0].ContactPerson.data[0].Ref as string };
  };
  /** A courier address of the private recipient (Address.save). */
  const courierAddress = async (street = kyivStreet.ref, over: Record<string, unknown> = {}) => {
    const body = await call('Address', 'save', {
      CounterpartyRef: NP_EMULATOR_PRIVATE_RECIPIENT,
      StreetRef: street,
      BuildingNumber: '12',
      Flat: '3',
      Note: '',
      ...over,
    });
    expect(body.success).toBe(true);
    return body.data[0].Ref as string;
  };
  /** A waybill made the documented way (Counterparty.save, then InternetDocument.save). */
  const createWaybill = async (over: Record<string, unknown> = {}) => {
    const body = await call('InternetDocument', 'save', fullBody(await recipient(), over));
    expect(body).toMatchObject({ success: true, errors: [] });
    const d = body.data[0];
    return { ref: d.Ref as string, number: String(d.IntDocNumber), cost: Number(d.CostOnSite), estimatedDeliveryDate: String(d.EstimatedDeliveryDate) };
  };
  /** A waybill with a fixed fate. */
  const parcel = async (s: NpScenario, over: Record<string, unknown> = {}) => {
    const w = await createWaybill(over);
    expect((await scenario(w.number, s)).status).toBe(200);
    return w;
  };
  const del = (ref: string) => call('InternetDocument', 'delete', { DocumentRefs: ref });

  beforeAll(async () => {
    // Only the control endpoint moves parcels here.
    t = await buildTestApp({ npEmulatorStepSeconds: 0 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    np = novaPoshtaClient({ url: () => `http://127.0.0.1:${port}${NP_EMULATOR_PATH}`, apiKey: NP_EMULATOR_DEFAULT_KEY, log: t.app.log });
    op = await t.operator();
  });
  afterAll(() => t.close());

  test('the methods acting for the key need it, as NP does; reference lookups and tracking do not', async () => {
    const r = await recipient();
    const before = await countDocs();
    for (const [model, method, props] of [
      ['InternetDocument', 'save', fullBody(r)],
      ['InternetDocument', 'delete', { DocumentRefs: ['00000000-0000-0000-0000-000000000000'] }],
      ['Counterparty', 'getCounterparties', { CounterpartyProperty: 'Sender', Page: '1' }],
      ['Counterparty', 'getCounterpartyContactPersons', { Ref: S.counterpartyRef, Page: '1' }],
      ['Counterparty', 'getCounterpartyAddresses', { Ref: S.counterpartyRef, CounterpartyProperty: 'Sender' }],
      [
        'Counterparty',
        'save',
        { FirstName: 'Тарас', LastName: 'Шевченко', Phone: '380501234567', CounterpartyType: 'PrivatePerson', CounterpartyProperty: 'Recipient' },
      ],
      ['Address', 'save', { CounterpartyRef: NP_EMULATOR_PRIVATE_RECIPIENT, StreetRef: kyivStreet.ref, BuildingNumber: '1' }],
    ] as const) {
      expect(await call(model, method, props, null)).toMatchObject(refusal('20000200069'));
      expect(await call(model, method, props, '')).toMatchObject(refusal('20000200069'));
      expect(await call(model, method, props, 'guessed')).toMatchObject(refusal('20000200068'));
    }
    expect(await countDocs()).toBe(before);
    expect((await call('InternetDocument', 'save', fullBody(r))).success).toBe(true);
    expect((await call('Address', 'searchSettlements', { CityName: 'Київ' }, null)).success).toBe(true);
    expect((await call('AddressGeneral', 'getWarehouses', { CityRef: kyiv.ref }, null)).success).toBe(true);
    expect((await call('Address', 'getStreet', { CityRef: kyiv.ref }, null)).success).toBe(true);
    expect((await call('TrackingDocument', 'getStatusDocuments', { Documents: [{ DocumentNumber: '20450000000000' }] }, null)).success).toBe(true);
  });

  test("today's sender-less body (the client before issue 25) is refused with NP's texts and codes; no waybill is made", async () => {
    const before = await countDocs();
    const body = await call('InternetDocument', 'save', oldSenderlessBody());
    expect(body).toMatchObject(refusal('20000300442', '20000200107', '20000200329', '20000300406', '20000300445', '20000300431', '20000300401'));
    // Even with the sender fields filled in (client.ts accepted them, nothing passed them) the recipient counterparty is missing.
    const withSender = await call(
      'InternetDocument',
      'save',
      oldSenderlessBody({
        Sender: S.counterpartyRef,
        CitySender: kyiv.ref,
        SenderAddress: S.addresses[0]!.ref,
        ContactSender: S.contactRef,
        SendersPhone: S.phone,
      }),
    );
    expect(withSender).toMatchObject(refusal('20000300431', '20000300401'));
    // The old courier form (a street ref as RecipientAddressName, no RecipientAddress) is refused too.
    const courier = await call(
      'InternetDocument',
      'save',
      oldSenderlessBody({
        ServiceType: 'WarehouseDoors',
        RecipientAddress: undefined,
        RecipientAddressName: kyivStreet.ref,
        RecipientHouse: '12',
        RecipientFlat: '3',
      }),
    );
    expect(courier.success).toBe(false);
    expect(courier.errors).toEqual(expect.arrayContaining([NP_ERRORS['20000300431'].en, NP_ERRORS['20000200268'].en]));
    expect(await countDocs()).toBe(before);
  });

  test('the documented flow: sender, its contact and address, the recipient, a branch and a courier waybill, tracking, delete', async () => {
    // The sender for the key.
    const cps = await call('Counterparty', 'getCounterparties', { CounterpartyProperty: 'Sender', Page: '1' });
    expect(cps).toMatchObject({ success: true, errors: [], errorCodes: [] });
    expect(cps.data).toEqual([
      expect.objectContaining({ Ref: S.counterpartyRef, City: S.cityRef, Description: expect.any(String), CounterpartyType: 'PrivatePerson' }),
    ]);
    const contacts = await call('Counterparty', 'getCounterpartyContactPersons', { Ref: S.counterpartyRef, Page: '1' });
    expect(contacts.data).toEqual([
      { Ref: S.contactRef, Description: 'Коваль Ірина Петрівна', Phones: S.phone, Email: '', LastName: 'Коваль', FirstName: 'Ірина', MiddleName: 'Петрівна' },
    ]);
    const addresses = await call('Counterparty', 'getCounterpartyAddresses', { Ref: S.counterpartyRef, CounterpartyProperty: 'Sender' });
    // Exactly one address by default (demos need no choice).
    expect(addresses.data).toEqual([{ Ref: branch.ref, Description: branch.description, CityRef: kyiv.ref, CityDescription: 'Київ' }]);
    expect(S.addresses).toHaveLength(1);

    // The recipient as a private person: the key's "Приватна особа" counterparty, a contact per person.
    const saved = await call('Counterparty', 'save', {
      FirstName: 'Олена',
      MiddleName: 'Іванівна',
      LastName: 'Коваленко',
      Phone: '0671234567',
      Email: 'olena@example.com',
      CounterpartyType: 'PrivatePerson',
      CounterpartyProperty: 'Recipient',
    });
    expect(saved).toMatchObject({ success: true, errors: [] });
    expect(saved.data[0]).toMatchObject({
      Ref: NP_EMULATOR_PRIVATE_RECIPIENT,
      Description: 'Приватна особа',
      CounterpartyType: 'PrivatePerson',
      ContactPerson: {
        success: true,
        data: [
          {
            Ref: expect.stringMatching(/^[0-9a-f-]{36}$/),
            Description: 'Коваленко Олена Іванівна',
            LastName: 'Коваленко',
            FirstName: 'Олена',
            MiddleName: 'Іванівна',
          },
        ],
      },
    });
    const rec = { ref: saved.data[0].Ref, contact: saved.data[0].ContactPerson.data[0].Ref };
    // The same person again: the same contact; another person: another contact of the same counterparty.
    const again = await call('Counterparty', 'save', {
      FirstName: 'Олена',
      MiddleName: 'Іванівна',
      LastName: 'Коваленко',
      Phone: '380671234567',
      CounterpartyType: 'PrivatePerson',
      CounterpartyProperty: 'Recipient',
    });
    expect(again.data[0].ContactPerson.data[0].Ref).toBe(rec.contact);
    const other = await recipient({ FirstName: 'Петро', LastName: 'Мельник', MiddleName: '' });
    expect(other.ref).toBe(rec.ref);
    expect(other.contact).not.toBe(rec.contact);
    const theirs = await call('Counterparty', 'getCounterpartyContactPersons', { Ref: NP_EMULATOR_PRIVATE_RECIPIENT, Page: '1' });
    expect(theirs.data.map((c: { Ref: string }) => c.Ref)).toEqual(expect.arrayContaining([rec.contact, other.contact]));

    // A branch waybill.
    const saveBody = fullBody(rec, {
      RecipientsPhone: '380671234567',
      BackwardDeliveryData: [{ PayerType: 'Recipient', CargoType: 'Money', RedeliveryString: '1500' }],
    });
    const doc = await call('InternetDocument', 'save', saveBody);
    expect(doc).toMatchObject({ success: true, errors: [], errorCodes: [] });
    expect(doc.data[0]).toMatchObject({
      Ref: expect.stringMatching(/^[0-9a-f-]{36}$/),
      IntDocNumber: expect.stringMatching(/^2045\d{10}$/),
      CostOnSite: 57.5,
      EstimatedDeliveryDate: expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}$/),
    });
    expect(await row(doc.data[0].IntDocNumber)).toMatchObject({ codKop: 150000, costKop: 5750 });

    // A courier waybill: Address.save for the recipient, its Ref as RecipientAddress.
    const addr = await call('Address', 'save', { CounterpartyRef: rec.ref, StreetRef: kyivStreet.ref, BuildingNumber: '12', Flat: '3', Note: 'домофон 3' });
    expect(addr).toMatchObject({
      success: true,
      data: [{ Ref: expect.stringMatching(/^[0-9a-f-]{36}$/), Description: `${kyivStreet.type} ${kyivStreet.description}, буд. 12, кв. 3` }],
    });
    const courier = await call('InternetDocument', 'save', fullBody(rec, { ServiceType: 'WarehouseDoors', RecipientAddress: addr.data[0].Ref }));
    expect(courier).toMatchObject({ success: true, errors: [] });
    const recAddresses = await call('Counterparty', 'getCounterpartyAddresses', { Ref: rec.ref, CounterpartyProperty: 'Recipient' });
    expect(recAddresses.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ Ref: addr.data[0].Ref, CityRef: kyiv.ref, StreetRef: kyivStreet.ref })]),
    );

    // Tracking, then delete.
    const tracked = await call('TrackingDocument', 'getStatusDocuments', { Documents: [{ DocumentNumber: doc.data[0].IntDocNumber, Phone: '' }] });
    expect(tracked.data[0]).toMatchObject({ Number: doc.data[0].IntDocNumber, StatusCode: '1', RedeliverySum: 1500 });
    expect(await del(doc.data[0].Ref)).toMatchObject({ success: true, data: [{ Ref: doc.data[0].Ref }] });
    expect((await call('TrackingDocument', 'getStatusDocuments', { Documents: [{ DocumentNumber: doc.data[0].IntDocNumber }] })).data[0].StatusCode).toBe('2');

    // An address NP refused to use can be deleted again (Address.delete); then it is unknown.
    expect(await call('Address', 'delete', { Ref: addr.data[0].Ref })).toMatchObject({ success: true });
    expect(await call('InternetDocument', 'save', fullBody(rec, { ServiceType: 'WarehouseDoors', RecipientAddress: addr.data[0].Ref }))).toMatchObject(
      refusal('20000200265'),
    );
  });

  test("InternetDocument.save: each required field missing is refused with NP's text and code", async () => {
    const r = await recipient();
    const required: [string, NpErrorCode][] = [
      ['PayerType', '20000200247'],
      ['PaymentMethod', '20000200248'],
      ['CargoType', '20000200099'],
      ['Weight', '20000400503'],
      ['SeatsAmount', '20000200313'],
      ['Description', '20000200150'],
      ['Sender', '20000300442'],
      ['CitySender', '20000200107'],
      ['SenderAddress', '20000200329'],
      ['ContactSender', '20000300406'],
      ['SendersPhone', '20000300445'],
      ['Recipient', '20000300431'],
      ['ContactRecipient', '20000300401'],
      ['CityRecipient', '20000200104'],
      ['RecipientAddress', '20000200268'],
      ['RecipientsPhone', '20000300435'],
    ];
    const before = await countDocs();
    for (const [field, code] of required) {
      const body = fullBody(r);
      delete body[field];
      expect({ field, answer: await call('InternetDocument', 'save', body) }).toMatchObject({ field, answer: refusal(code) });
      // An empty string is missing too.
      expect({ field, answer: await call('InternetDocument', 'save', fullBody(r, { [field]: '' })) }).toMatchObject({ field, answer: refusal(code) });
    }
    // ServiceType missing: its own error (the address check needs the service, so it is the only one).
    const noService = fullBody(r);
    delete noService.ServiceType;
    expect(await call('InternetDocument', 'save', noService)).toMatchObject(refusal('20000200347'));
    expect(await countDocs()).toBe(before);
  });

  test('InternetDocument.save: the body NP refused live gets the same errors, codes and warning', async () => {
    const answer = await call('InternetDocument', 'save', LIVE_SAVE_REFUSAL.request);
    const pairs = (a: { errors: string[]; errorCodes: string[] }) => a.errors.map((e, i) => `${a.errorCodes[i]} ${e}`).sort();
    expect(pairs(answer)).toEqual(pairs(LIVE_SAVE_REFUSAL.answer));
    expect(answer).toMatchObject({
      success: false,
      data: [],
      warnings: LIVE_SAVE_REFUSAL.answer.warnings,
      warningCodes: LIVE_SAVE_REFUSAL.answer.warningCodes,
    });
  });

  test('InternetDocument.save: DateTime and Cost may be left out, as NP takes them (today with a warning; 300 UAH declared)', async () => {
    const r = await recipient();
    const body = fullBody(r);
    delete body.DateTime;
    delete body.Cost;
    const answer = await call('InternetDocument', 'save', body);
    expect(answer).toMatchObject({ success: true, errors: [], warnings: ['DateTime is set to current'], warningCodes: ['30000200880'] });
    expect(await row(String(answer.data[0].IntDocNumber))).toMatchObject({ costKop: 5000 + 150 });
  });

  test("tracking without the waybill's phone warns per number as NP does (an object in warnings)", async () => {
    const answer = await call('TrackingDocument', 'getStatusDocuments', {
      Documents: [{ DocumentNumber: '20400000000000' }, { DocumentNumber: '20400000000001', Phone: '380501234567' }],
    });
    expect(answer).toMatchObject({
      success: true,
      warnings: [{ ID_20400000000000: 'Please enter a valid phone number from the express invoice to show full information' }],
    });
    expect(answer.warnings).toHaveLength(1);
    expect(answer.data[0]).toMatchObject({ Number: '20400000000000', StatusCode: '3', Status: 'Номер не знайдено' });
  });

  test('getStreet answers the street type as NP does: an English ref beside the Ukrainian abbreviation', async () => {
    const answer = await call('Address', 'getStreet', { CityRef: kyiv.ref, FindByString: '', Limit: '50', Page: '1' });
    expect(answer.success).toBe(true);
    for (const st of answer.data as { StreetsTypeRef: string; StreetsType: string }[]) {
      expect(['Street', 'Lane', 'Prospectus', 'Boulevard']).toContain(st.StreetsTypeRef);
      expect(st.StreetsType).toMatch(/\.$/);
    }
    expect(answer.data).toContainEqual(expect.objectContaining({ StreetsTypeRef: 'Street', StreetsType: 'вул.' }));
  });

  test('getWarehouses takes a branch Ref as its filter, as NP documents', async () => {
    const answer = await call('AddressGeneral', 'getWarehouses', { Ref: branch.ref });
    expect(answer).toMatchObject({ success: true, data: [{ Ref: branch.ref, CityRef: kyiv.ref, CityDescription: kyiv.name }] });
    expect(answer.data).toHaveLength(1);
  });

  test('Counterparty.save and InternetDocument.save: the length limits NP enforces, measured live (names 25, full name 50, description 120)', async () => {
    const person = { MiddleName: 'Григорович', Phone: '380501234567', CounterpartyType: 'PrivatePerson', CounterpartyProperty: 'Recipient' };
    const save = (over: Record<string, unknown>) => call('Counterparty', 'save', { ...person, FirstName: 'Тарас', LastName: 'Шевченко', ...over });
    expect(await save({ FirstName: 'Т'.repeat(26) })).toMatchObject(refusal('20000100528'));
    expect(await save({ MiddleName: 'Г'.repeat(26) })).toMatchObject(refusal('20000900764'));
    // 17 + 16 + 16 (+ 2 spaces) = 51: refused; 16 + 16 + 16 = 50: taken.
    expect(await save({ LastName: 'Ш'.repeat(17), FirstName: 'Т'.repeat(16), MiddleName: 'Г'.repeat(16) })).toMatchObject({
      success: false,
      errors: ['String too long'],
    });
    expect(await save({ LastName: 'Ш'.repeat(16), FirstName: 'Т'.repeat(16), MiddleName: 'Г'.repeat(16) })).toMatchObject({ success: true });
    const r = await recipient();
    expect(await call('InternetDocument', 'save', fullBody(r, { Description: 'о'.repeat(121) }))).toMatchObject(refusal('20000200152'));
    expect(await call('InternetDocument', 'save', fullBody(r, { Description: 'о'.repeat(120) }))).toMatchObject({ success: true });
  });

  test('InternetDocument.save: wrong values are refused as NP refuses them', async () => {
    const r = await recipient();
    const other = EMULATOR_DATA.warehouses.find((w) => w.cityRef === lviv.ref)!;
    const postomat = EMULATOR_DATA.warehouses.find((w) => w.cityRef === kyiv.ref && w.category === 'Postomat')!;
    const yesterday = npToday(new Date(Date.now() - 24 * 60 * 60 * 1000));
    const cases: [Record<string, unknown>, NpErrorCode[]][] = [
      [{ PayerType: 'Nobody' }, ['20000301244']],
      [{ PaymentMethod: 'Card' }, ['20000200251']],
      [{ PaymentMethod: 'NonCash' }, ['20000200249']],
      [{ DateTime: '2026-11-27' }, ['20000400456']],
      [{ DateTime: '31.02.2026' }, ['20000400456']],
      [{ DateTime: yesterday }, ['20000400455']],
      [{ CargoType: 'Box' }, ['20000200184']],
      [{ Weight: '-1' }, ['20000200373']],
      [{ Weight: 'heavy' }, ['20000200373']],
      [{ Weight: '0' }, ['20000200373']],
      [{ SeatsAmount: '0' }, ['20000200314']],
      [{ SeatsAmount: '1.5' }, ['20000200314']],
      [{ Cost: '0' }, ['20000200118']],
      [{ Cost: 'a lot' }, ['20000200118']],
      [{ ServiceType: 'Teleport' }, ['20000200348']],
      // The sender must be the key's own.
      [{ Sender: '00000000-0000-4000-8000-000000000000' }, ['20000300438']],
      [{ Sender: 'me' }, ['20000300440']],
      [{ CitySender: '00000000-0000-4000-8000-000000000000' }, ['20000200106']],
      [{ CitySender: 'bad' }, ['20000200105']],
      [{ CitySender: lviv.ref }, ['20000200105']],
      [{ SenderAddress: other.ref }, ['20000200325']],
      [{ SenderAddress: '00000000-0000-4000-8000-000000000000' }, ['20000200326']],
      [{ ServiceType: 'DoorsWarehouse' }, ['20000200327']],
      [{ ContactSender: r.contact }, ['20000300402']],
      [{ ContactSender: '00000000-0000-4000-8000-000000000000' }, ['20000300403']],
      [{ SendersPhone: '12345' }, ['20000300444']],
      // The recipient must be what Counterparty.save answered.
      [{ Recipient: S.counterpartyRef }, ['20000300428', '20000300397']],
      [{ Recipient: 'Шевченко Тарас' }, ['20000300429', '20000300397']],
      [{ ContactRecipient: '00000000-0000-4000-8000-000000000000' }, ['20000300398']],
      [{ ContactRecipient: S.contactRef }, ['20000300397']],
      [{ CityRecipient: '00000000-0000-4000-8000-000000000000' }, ['20000200103']],
      [{ CityRecipient: lviv.ref }, ['20000200266']],
      [{ RecipientAddress: '00000000-0000-4000-8000-000000000000' }, ['20000200265']],
      [{ RecipientAddress: other.ref }, ['20000200266']],
      [{ RecipientsPhone: '050123' }, ['20000300434']],
      // A parcel heavier than the branch or the postomat takes.
      [{ Weight: '31' }, ['20000201504']],
      [{ Weight: '25', RecipientAddress: postomat.ref }, ['20000200380']],
      // Cash on delivery.
      [{ BackwardDeliveryData: 'money' }, ['20000200086']],
      [
        {
          ServiceType: 'WarehouseDoors',
          RecipientAddress: await courierAddress(),
          BackwardDeliveryData: [{ PayerType: 'Recipient', CargoType: 'Money', RedeliveryString: '100' }],
        },
        ['20000201592'],
      ],
      [{ BackwardDeliveryData: [{ PayerType: 'Recipient', CargoType: 'Gold', RedeliveryString: '10' }] }, ['20000200075']],
      [{ BackwardDeliveryData: [{ PayerType: 'Bank', CargoType: 'Money', RedeliveryString: '10' }] }, ['20000200085']],
      [{ BackwardDeliveryData: [{ PayerType: 'Recipient', CargoType: 'Money', RedeliveryString: 'ten' }] }, ['20000200079']],
      [{ BackwardDeliveryData: [{ PayerType: 'Recipient', CargoType: 'Money', RedeliveryString: '0.5' }] }, ['20000200080']],
      [{ BackwardDeliveryData: [null] }, ['20000200070']],
      // Courier delivery needs an address Address.save made, in the recipient's city.
      [{ ServiceType: 'WarehouseDoors' }, ['20000200266']],
      [{ ServiceType: 'WarehouseDoors', RecipientAddress: await courierAddress(lvivStreet.ref) }, ['20000200266']],
    ];
    const before = await countDocs();
    for (const [over, codes] of cases) {
      expect({ over, answer: await call('InternetDocument', 'save', fullBody(r, over)) }).toMatchObject({ over, answer: refusal(...codes) });
    }
    // The phone of another person as SendersPhone: the emulator's own words (NP publishes none), code ''.
    expect(await call('InternetDocument', 'save', fullBody(r, { SendersPhone: '380999999999' }))).toMatchObject({
      success: false,
      errors: ['SendersPhone is not the phone of ContactSender'],
      errorCodes: [''],
    });
    expect(await countDocs()).toBe(before);
    // The same values written the other ways NP takes: 0XXXXXXXXX phones, a number for Cost and Weight, a heavy parcel at a big branch.
    const big = EMULATOR_DATA.warehouses.find((w) => w.cityRef === kyiv.ref && w.maxWeight === 1000)!;
    expect(
      (
        await call(
          'InternetDocument',
          'save',
          fullBody(r, { SendersPhone: `0${S.phone.slice(3)}`, RecipientsPhone: '0501234567', Cost: 1500, Weight: 31, RecipientAddress: big.ref }),
        )
      ).success,
    ).toBe(true);
  });

  test('Counterparty.save, Address.save and the counterparty lists require what NP requires', async () => {
    const person = {
      FirstName: 'Тарас',
      MiddleName: 'Григорович',
      LastName: 'Шевченко',
      Phone: '380501234567',
      Email: '',
      CounterpartyType: 'PrivatePerson',
      CounterpartyProperty: 'Recipient',
    };
    const save = (over: Record<string, unknown>) => call('Counterparty', 'save', { ...person, ...over });
    expect(await save({ FirstName: '' })).toMatchObject(refusal('20000100527'));
    expect(await save({ LastName: undefined })).toMatchObject(refusal('20000100533'));
    expect(await save({ Phone: '' })).toMatchObject(refusal('20000100553'));
    expect(await save({ Phone: '12-34' })).toMatchObject(refusal('20000100552'));
    expect(await save({ CounterpartyType: '' })).toMatchObject(refusal('20000100516'));
    expect(await save({ CounterpartyType: 'Alien' })).toMatchObject(refusal('20000100515'));
    expect(await save({ FirstName: 'Т4рас' })).toMatchObject(refusal('20000100526'));
    expect(await save({ LastName: 'Шевченко!' })).toMatchObject(refusal('20000100532'));
    expect(await save({ MiddleName: '<b>' })).toMatchObject(refusal('20000900763'));
    expect(await save({ Email: 'nope' })).toMatchObject(refusal('20000100520'));
    expect(await save({ CounterpartyProperty: '' })).toMatchObject({ success: false, errors: ['CounterpartyProperty is not specified'], errorCodes: [''] });
    expect((await save({ CounterpartyType: 'Organization' })).success).toBe(false);
    expect((await save({ CounterpartyProperty: 'Sender' })).success).toBe(false);
    // All at once, as NP reports them.
    expect(await call('Counterparty', 'save', { CounterpartyType: 'PrivatePerson', CounterpartyProperty: 'Recipient' })).toMatchObject(
      refusal('20000100527', '20000100533', '20000100553'),
    );
    // MiddleName and Email are optional.
    expect((await save({ MiddleName: undefined, Email: undefined })).success).toBe(true);

    const address = (over: Record<string, unknown>) =>
      call('Address', 'save', { CounterpartyRef: NP_EMULATOR_PRIVATE_RECIPIENT, StreetRef: kyivStreet.ref, BuildingNumber: '5', Flat: '', Note: '', ...over });
    expect(await address({ CounterpartyRef: '' })).toMatchObject(refusal('20000800728'));
    expect(await address({ StreetRef: '' })).toMatchObject(refusal('20000500639'));
    expect(await address({ BuildingNumber: '' })).toMatchObject(refusal('20000500624'));
    expect(await call('Address', 'save', {})).toMatchObject(refusal('20000800728', '20000500639', '20000500624'));
    // A street name instead of its ref, or a counterparty the key does not have.
    expect(await address({ StreetRef: 'вул. Шевченка' })).toMatchObject(refusal('20001500982'));
    expect(await address({ CounterpartyRef: '00000000-0000-4000-8000-000000000000' })).toMatchObject(refusal('20001500982'));
    expect((await address({})).success).toBe(true);

    expect(await call('Counterparty', 'getCounterparties', { Page: '1' })).toMatchObject({ success: false, errors: ['CounterpartyProperty is not specified'] });
    expect(await call('Counterparty', 'getCounterparties', { CounterpartyProperty: 'Boss' })).toMatchObject({
      success: false,
      errors: ['CounterpartyProperty is incorrect'],
    });
    expect((await call('Counterparty', 'getCounterparties', { CounterpartyProperty: 'Recipient' })).data).toEqual([
      expect.objectContaining({ Ref: NP_EMULATOR_PRIVATE_RECIPIENT }),
    ]);
    expect(await call('Counterparty', 'getCounterpartyContactPersons', { Page: '1' })).toMatchObject(refusal('20000300436'));
    expect(await call('Counterparty', 'getCounterpartyContactPersons', { Ref: '00000000-0000-4000-8000-000000000000' })).toMatchObject(refusal('20000400454'));
    expect(await call('Counterparty', 'getCounterpartyAddresses', { CounterpartyProperty: 'Sender' })).toMatchObject(refusal('20000300436'));
    expect(
      await call('Counterparty', 'getCounterpartyAddresses', { Ref: '00000000-0000-4000-8000-000000000000', CounterpartyProperty: 'Sender' }),
    ).toMatchObject(refusal('20000400454'));
    expect(await call('Counterparty', 'getCounterpartyAddresses', { Ref: S.counterpartyRef, CounterpartyProperty: 'Recipient' })).toMatchObject({
      success: false,
    });
  });

  test("more sender addresses on option; CitySender is the chosen address's city", async () => {
    const emu: NpEmulatorOptions = { db: t.database.db, stepSeconds: 0, senderAddresses: [...S.addresses, ...NP_EMULATOR_MORE_SENDER_ADDRESSES] };
    const ask = (calledMethod: string, modelName: string, methodProperties: Record<string, unknown>) =>
      answerAsync({ modelName, calledMethod, methodProperties } as NpRequest, emu);
    const listed = await ask('getCounterpartyAddresses', 'Counterparty', { Ref: S.counterpartyRef, CounterpartyProperty: 'Sender' });
    expect(listed.data).toHaveLength(3);
    const lvivAddress = NP_EMULATOR_MORE_SENDER_ADDRESSES.find((a) => a.cityRef === lviv.ref)!;
    expect(listed.data).toContainEqual({ Ref: lvivAddress.ref, Description: lvivAddress.description, CityRef: lviv.ref, CityDescription: 'Львів' });
    const saved = await ask('save', 'Counterparty', {
      FirstName: 'Тарас',
      LastName: 'Шевченко',
      Phone: '380501234567',
      CounterpartyType: 'PrivatePerson',
      CounterpartyProperty: 'Recipient',
    });
    const r = { ref: (saved.data[0] as any).Ref, contact: (saved.data[0] as any).ContactPerson.data[0].Ref };
    // Each address works with its own city.
    expect((await ask('save', 'InternetDocument', fullBody(r, { SenderAddress: NP_EMULATOR_MORE_SENDER_ADDRESSES[0]!.ref }))).success).toBe(true);
    expect((await ask('save', 'InternetDocument', fullBody(r, { SenderAddress: lvivAddress.ref, CitySender: lviv.ref }))).success).toBe(true);
    expect(await ask('save', 'InternetDocument', fullBody(r, { SenderAddress: lvivAddress.ref }))).toMatchObject(refusal('20000200105'));
    // The default emulator knows one address only.
    const one: NpEmulatorOptions = { db: t.database.db, stepSeconds: 0 };
    expect(
      (await answerAsync({ modelName: 'Counterparty', calledMethod: 'getCounterpartyAddresses', methodProperties: { Ref: S.counterpartyRef } }, one)).data,
    ).toHaveLength(1);
    // Recipients are per emulator: a contact another instance saved is unknown here.
    expect(await answerAsync({ modelName: 'InternetDocument', calledMethod: 'save', methodProperties: fullBody(r) }, one)).toMatchObject(
      refusal('20000300398'),
    );
  });

  test('the memory of recipients is bounded: the least recently used contact is forgotten', async () => {
    const emu: NpEmulatorOptions = { db: t.database.db, stepSeconds: 0, memory: 2 };
    const person = async (FirstName: string) => {
      const a = await answerAsync(
        {
          modelName: 'Counterparty',
          calledMethod: 'save',
          methodProperties: { FirstName, LastName: 'Шевченко', Phone: '380501234567', CounterpartyType: 'PrivatePerson', CounterpartyProperty: 'Recipient' },
        },
        emu,
      );
      return { ref: (a.data[0] as any).Ref as string, contact: (a.data[0] as any).ContactPerson.data[0].Ref as string };
    };
    const [a, b, c] = [await person('Андрій'), await person('Богдан'), await person('Василь')];
    const save = (r: { ref: string; contact: string }) =>
      answerAsync({ modelName: 'InternetDocument', calledMethod: 'save', methodProperties: fullBody(r) }, emu);
    expect(await save(a)).toMatchObject(refusal('20000300398'));
    expect((await save(b)).success).toBe(true);
    expect((await save(c)).success).toBe(true);
  });

  test('malformed requests are refused, never a 500', async () => {
    for (const methodProperties of ['x', [1, 2], null, 42, { BackwardDeliveryData: [[]], Documents: 'x', DocumentRefs: {} }]) {
      for (const [model, method] of [
        ['InternetDocument', 'save'],
        ['InternetDocument', 'delete'],
        ['TrackingDocument', 'getStatusDocuments'],
        ['Counterparty', 'save'],
        ['Counterparty', 'getCounterparties'],
        ['Counterparty', 'getCounterpartyContactPersons'],
        ['Counterparty', 'getCounterpartyAddresses'],
        ['Address', 'save'],
        ['Address', 'delete'],
        ['Address', 'searchSettlements'],
      ]) {
        const res = await t.request('POST', NP_EMULATOR_PATH, {
          body: { apiKey: NP_EMULATOR_DEFAULT_KEY, modelName: model, calledMethod: method, methodProperties },
        });
        expect(res.status).toBe(200);
        expect(res.body.success).toBe(false);
        expect(res.body.errors.length).toBe(res.body.errorCodes.length);
      }
    }
    expect((await t.request('POST', NP_EMULATOR_PATH, { raw: '"just a string"' })).status).toBe(200);
    expect((await call('InternetDocument', 'delete', { DocumentRefs: ['not-a-ref'] })).errors).toEqual([NP_ERRORS['20000200564'].en]);
  });

  test('save answers a 14-digit number and the cost of the formula', async () => {
    const a = await createWaybill();
    expect(a.number).toMatch(/^2045\d{10}$/);
    expect(a.ref).toMatch(/^[0-9a-f-]{36}$/);
    // 50 UAH + 0.5% of 1500 UAH declared; 1.2 kg and one seat add nothing.
    expect(a.cost).toBe(57.5);
    expect(a.estimatedDeliveryDate).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(await row(a.number)).toMatchObject({ ref: a.ref, costKop: 5750, codKop: 0, step: 0, returnNumber: null, deleted: false });

    // 3 seats (+2 x 15 UAH), 4.1 kg (5 kg: +3 x 5 UAH), 999.99 UAH declared (+5 UAH), COD 1234.50 UAH, courier.
    const b = await createWaybill({
      SeatsAmount: '3',
      Weight: '4.1',
      Cost: '999.99',
      BackwardDeliveryData: [{ PayerType: 'Sender', CargoType: 'Money', RedeliveryString: '1234.5' }],
      ServiceType: 'WarehouseDoors',
      RecipientAddress: await courierAddress(),
    });
    expect(b.cost).toBe(50 + 5 + 30 + 15);
    expect(b.number).not.toBe(a.number);
    expect(await row(b.number)).toMatchObject({ costKop: 10000, codKop: 123450 });
    // A random fate among the scenarios (with COD, a delivered parcel ends with the money codes).
    expect([
      [1, 12, 5, 6, 7, 9, 10, 11],
      [1, 12, 5, 6, 7, 103],
      [1, 12, 5, 6, 7, 105],
      [1, 2],
    ]).toContainEqual((await row(b.number)).path);
  });

  test('an unknown number is code 3', async () => {
    const [x] = await np.trackDocuments(['20450000000000']);
    expect(x).toEqual({ number: '20450000000000', statusCode: 3, status: 'Номер не знайдено', documentCost: null, returnNumber: null });
    expect(deliveryStatusOfNpCode(3)).toBeNull();
  });

  test('delivered with cash on delivery walks 1, 12, 5, 6, 7, 9, 10, 11 and is then final', async () => {
    const w = await parcel('delivered', { BackwardDeliveryData: [{ PayerType: 'Recipient', CargoType: 'Money', RedeliveryString: '1500' }] });
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
    const raw = await answerAsync(
      { modelName: 'TrackingDocument', calledMethod: 'getStatusDocuments', methodProperties: { Documents: [{ DocumentNumber: w.number, Phone: '' }] } },
      { db: t.database.db, stepSeconds: 0 },
    );
    expect(raw.data[0]).toMatchObject({ Number: w.number, StatusCode: '11', DocumentCost: '57.5', RedeliverySum: 1500, LastCreatedOnTheBasisDocumentType: '' });
    expect((raw.data[0] as any).RecipientDateTime).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
    // Without COD the path ends at 9.
    const plain = await parcel('delivered');
    expect((await advance(plain.number, 100)).body).toMatchObject({ status_code: 9, final: true });
  });

  test('a refused parcel gets a return document, and advancing the original walks the return to 9', async () => {
    const w = await parcel('refused', { BackwardDeliveryData: [{ PayerType: 'Recipient', CargoType: 'Money', RedeliveryString: '800' }] });
    const at103 = (await advance(w.number, 5)).body;
    expect(at103).toMatchObject({
      number: w.number,
      status_code: 103,
      return_number: expect.stringMatching(/^2045\d{10}$/),
      return_status_code: 1,
      final: false,
    });
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

  test("delete makes code 2, only before the parcel leaves; NP's texts otherwise", async () => {
    const w = await parcel('delivered');
    expect((await del(w.ref)).success).toBe(true);
    const [x] = await np.trackDocuments([w.number]);
    expect(x).toMatchObject({ statusCode: 2, status: 'Видалено' });
    expect(deliveryStatusOfNpCode(2)).toBe('Deleted');
    expect(await row(w.number)).toMatchObject({ deleted: true });
    expect((await advance(w.number)).body).toMatchObject({ status_code: 2, final: true });
    // Deleting again, or an unknown ref, is refused as NP refuses it (LIVE_DELETE_* above).
    expect(await del(w.ref)).toMatchObject({
      success: false,
      errors: { '0': LIVE_DELETE_ALREADY_DELETED.errors['0'], [w.ref]: `Document already deleted ${w.number}` },
      errorCodes: LIVE_DELETE_ALREADY_DELETED.errorCodes,
    });
    expect(await del('00000000-0000-0000-0000-000000000000')).toEqual(LIVE_DELETE_NOT_FOUND);
    expect(await del('not-a-ref')).toEqual(LIVE_DELETE_INVALID_REF);
    expect(await call('InternetDocument', 'delete', {})).toMatchObject({ success: false, errors: ['DocumentRefs is empty'], errorCodes: [''] });

    const gone = await parcel('delivered');
    await advance(gone.number, 2);
    expect(await del(gone.ref)).toMatchObject(refusal('20000201173'));

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
    const many = await answerAsync(
      {
        modelName: 'TrackingDocument',
        calledMethod: 'getStatusDocuments',
        methodProperties: { Documents: numbers.slice(0, 101).map((n) => ({ DocumentNumber: n })) },
      },
      { db: t.database.db, stepSeconds: 0 },
    );
    expect(many).toMatchObject({ success: false, errors: ['Documents limit is 100'] });
  });

  test('with stepSeconds > 0 tracking moves parcels by the clock', async () => {
    const emu = { db: t.database.db, stepSeconds: 60 };
    const track = async (number: string) =>
      (
        await answerAsync(
          { modelName: 'TrackingDocument', calledMethod: 'getStatusDocuments', methodProperties: { Documents: [{ DocumentNumber: number }] } },
          emu,
        )
      ).data[0] as any;

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
    expect(item).toMatchObject({
      StatusCode: '105',
      LastCreatedOnTheBasisDocumentType: 'Return',
      LastCreatedOnTheBasisNumber: expect.stringMatching(/^2045\d{10}$/),
    });
    const back = await row(item.LastCreatedOnTheBasisNumber);
    expect(back.movedAt.getTime()).toBe(longAgo.getTime() + 5 * 60_000);
    expect((await track(back.number)).StatusCode).toBe('9');
  });

  test('the control endpoints refuse unknown numbers and scenarios', async () => {
    expect((await advance('20450000000000')).status).toBe(404);
    expect((await scenario('20450000000000', 'delivered')).status).toBe(404);
    const w = await createWaybill();
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
