/**
 * Issue 25, points 8-9: waybills built as Nova Poshta's API 2.0 requires, against a recording
 * stand-in that answers as NP does (test/np-stand-in.ts): the sender found with the key, the
 * recipient saved as a private person, a courier address saved for it, the sender address picked
 * in the back office; NP's refusal reaches the operator as a 422 naming it (uk/ru with NP's text),
 * an outage as 503.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { BRANCH, KYIV, orderTools } from '../../test/orders.ts';
import { npStandIn, STAND_IN_PRIVATE_PERSON, STAND_IN_SENDER, STAND_IN_STREET } from '../../test/np-stand-in.ts';

const STREET = STAND_IN_STREET.ref;
const SECOND_ADDRESS = {
  Ref: '1ec09d2e-e1c2-11e3-8c4a-0050568002cf',
  Description: 'Львів, Відділення №5: вул. Городоцька, 355',
  CityRef: 'db5c88f5-391c-11dd-90d9-001a92567626',
  CityDescription: 'Львів',
};

let t: TestApp;
let np: Awaited<ReturnType<typeof npStandIn>>;
let op: string;
let tools: ReturnType<typeof orderTools>;

beforeAll(async () => {
  np = await npStandIn();
  t = await buildTestApp({ npApiUrl: np.url, npApiKey: STAND_IN_SENDER.key, trackingIntervalSeconds: 3600 });
  await loadCatalogFixture(t.database);
  op = await t.operator();
  tools = orderTools(t);
});
afterAll(async () => {
  await t.close();
  await np.close();
});
beforeEach(() => {
  np.calls.length = 0;
  np.state.refuse.clear();
  np.state.http500 = false;
});

const ttn = (id: number, lang = 'uk') =>
  t.request('POST', `/api/v1/admin/orders/${id}/ttn`, { token: op, body: { weight: 1.5, seats: 1 }, headers: { 'accept-language': lang } });
const sender = (query = '', token = op, lang = 'uk') =>
  t.request('GET', `/api/v1/admin/novaposhta/sender${query}`, { token, headers: { 'accept-language': lang } });
const pick = (address_ref: string | null, token = op) => t.request('PUT', '/api/v1/admin/novaposhta/sender', { token, body: { address_ref } });

async function order(over: Record<string, unknown> = {}) {
  await tools.setStock(1, 50);
  const u = await t.user({ isVerified: true });
  return tools.placeConfirmed(u.token, [[1, 1, 160]], over);
}
const courier = {
  delivery_method: 'Courier',
  branch_ref: undefined,
  branch_name: undefined,
  street_ref: STREET,
  street_name: 'Хрещатик',
  house: '22',
  appt: '15',
};

describe('a waybill as NP API 2.0 takes it (recording stand-in)', () => {
  test('branch: the sender found with the key, the recipient saved as a private person, InternetDocument.save with every sender and recipient field', async () => {
    const o = await order();
    const made = await ttn(o.id);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({ ttn: np.state.documents.at(-1)!.number, delivery_status: 'CreatedTTN', delivery_cost: 85 });

    expect(np.calls.map((c) => c.method)).toEqual([
      'Counterparty.getCounterparties',
      'Counterparty.getCounterpartyContactPersons',
      'Counterparty.getCounterpartyAddresses',
      'Counterparty.save',
      'InternetDocument.save',
    ]);
    expect(np.calls.every((c) => c.apiKey === STAND_IN_SENDER.key)).toBe(true);
    expect(np.of('Counterparty.getCounterparties')[0]!.props).toEqual({ CounterpartyProperty: 'Sender', Page: '1' });
    expect(np.of('Counterparty.getCounterpartyContactPersons')[0]!.props).toEqual({ Ref: STAND_IN_SENDER.counterpartyRef, Page: '1' });
    expect(np.of('Counterparty.getCounterpartyAddresses')[0]!.props).toEqual({ Ref: STAND_IN_SENDER.counterpartyRef, CounterpartyProperty: 'Sender' });
    // The order's recipient as it stores it: Коваленко Олена Петрівна, +38 (067) 123-45-67.
    expect(np.of('Counterparty.save')[0]!.props).toEqual({
      FirstName: 'Олена',
      MiddleName: 'Петрівна',
      LastName: 'Коваленко',
      Phone: '380671234567',
      Email: '',
      CounterpartyType: 'PrivatePerson',
      CounterpartyProperty: 'Recipient',
      CityRef: KYIV,
    });
    const doc = np.of('InternetDocument.save')[0]!.props;
    expect(doc).toEqual({
      PayerType: 'Recipient',
      PaymentMethod: 'Cash',
      DateTime: expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}$/),
      CargoType: 'Parcel',
      Weight: '1.5',
      ServiceType: 'WarehouseWarehouse',
      SeatsAmount: '1',
      Description: `Замовлення №${o.number}`,
      Cost: '160',
      CitySender: STAND_IN_SENDER.addresses[0]!.CityRef,
      Sender: STAND_IN_SENDER.counterpartyRef,
      SenderAddress: STAND_IN_SENDER.addresses[0]!.Ref,
      ContactSender: STAND_IN_SENDER.contactRef,
      SendersPhone: STAND_IN_SENDER.phone,
      CityRecipient: KYIV,
      Recipient: STAND_IN_PRIVATE_PERSON,
      RecipientAddress: BRANCH,
      ContactRecipient: np.state.lastContact,
      RecipientsPhone: '380671234567',
      BackwardDeliveryData: [{ PayerType: 'Recipient', CargoType: 'Money', RedeliveryString: '160' }],
    });
    expect(doc).not.toHaveProperty('RecipientAddressName');
  });

  test('courier: the address saved for the recipient (Address.save: street ref, house, flat) is the RecipientAddress; the sender is asked once', async () => {
    const o = await order(courier);
    // Placing it asked for the street (its ref checked against the city's streets).
    expect(np.calls.map((c) => c.method)).toEqual(['Address.getStreet']);
    np.calls.length = 0;
    const made = await ttn(o.id);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    // The sender was found for the previous waybill (cached for an hour).
    expect(np.calls.map((c) => c.method)).toEqual(['Counterparty.save', 'Address.save', 'InternetDocument.save']);
    expect(np.of('Address.save')[0]!.props).toEqual({
      CounterpartyRef: STAND_IN_PRIVATE_PERSON,
      StreetRef: STREET,
      BuildingNumber: '22',
      Flat: '15',
      Note: '',
    });
    const doc = np.of('InternetDocument.save')[0]!.props;
    expect(doc).toMatchObject({
      ServiceType: 'WarehouseDoors',
      Recipient: STAND_IN_PRIVATE_PERSON,
      RecipientAddress: np.state.lastAddress,
      ContactRecipient: np.state.lastContact,
    });
    expect(doc.RecipientAddress).not.toBe(STREET);
    expect(doc).not.toHaveProperty('RecipientAddressName');
    expect(doc).not.toHaveProperty('RecipientHouse');
    // To a door NP refuses a recipient paying the backward delivery (20000201592): the sender pays it.
    expect(doc.BackwardDeliveryData).toEqual([{ PayerType: 'Sender', CargoType: 'Money', RedeliveryString: '160' }]);
  });
});

describe("NP's reason reaches the operator", () => {
  test("a refused InternetDocument.save is a 422 naming what NP refused, in uk and ru with NP's own text; no waybill recorded; an outage stays 503", async () => {
    const o = await order();
    np.state.refuse.set('InternetDocument.save', { errors: ['RecipientsPhone invalid format'], errorCodes: ['20000300434'] });
    const uk = await ttn(o.id, 'uk');
    expect(uk.status).toBe(422);
    expect(uk.body).toEqual({
      code: 'CarrierRefused',
      message: 'Нова Пошта не прийняла накладну: Телефон одержувача у невірному форматі (НП: «RecipientsPhone invalid format»)',
    });
    const ru = await ttn(o.id, 'ru');
    expect(ru.status).toBe(422);
    expect(ru.body.message).toBe('Новая Почта не приняла накладную: Телефон получателя в неверном формате (НП: «RecipientsPhone invalid format»)');
    // Refused means no retry: one call per click. The sender is asked again after a refusal (it may have changed in NP's cabinet).
    expect(np.of('InternetDocument.save')).toHaveLength(2);
    expect(np.of('Counterparty.getCounterparties')).toHaveLength(1);
    const after = await t.request('GET', `/api/v1/admin/orders/${o.id}`, { token: op });
    expect(after.body.data).toMatchObject({ ttn: null, delivery_status: o.delivery_status });

    // Only an outage is "carrier unavailable" (503): HTTP 5xx, or NP's own "Service Unavailable" code.
    np.state.refuse.clear();
    np.state.http500 = true;
    const down = await ttn(o.id);
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('CarrierUnavailable');
    np.state.http500 = false;
    np.state.refuse.set('InternetDocument.save', { errors: ['Service Unavailable'], errorCodes: ['20000100016'] });
    const busy = await ttn(o.id);
    expect(busy.status).toBe(503);
    expect(busy.body.code).toBe('CarrierUnavailable');
  });

  test("several reasons, a code NP did not publish: each named, the unknown one by NP's text", async () => {
    const o = await order();
    np.state.refuse.set('InternetDocument.save', { errors: ['Weight is too high', 'Something new went wrong'], errorCodes: ['20000200375', '20009999999'] });
    const r = await ttn(o.id);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('Нова Пошта не прийняла накладну: Вага занадто велика (НП: «Weight is too high»); «Something new went wrong»');
  });

  test('a refused recipient (Counterparty.save) is a 422 too, and no waybill is asked for', async () => {
    const o = await order();
    np.state.refuse.set('Counterparty.save', { errors: ['FirstName has invalid characters'], errorCodes: ['20000100526'] });
    const r = await ttn(o.id);
    expect(r.status).toBe(422);
    expect(r.body.message).toContain("Ім'я містить неприпустимі символи (НП: «FirstName has invalid characters»)");
    expect(np.of('InternetDocument.save')).toHaveLength(0);
  });

  test('a courier waybill refused: the address saved for it is deleted again (Address.delete), nothing spare is left', async () => {
    const o = await order(courier);
    np.state.refuse.set('InternetDocument.save', { errors: ['ContactRecipient To Doors must be full'], errorCodes: ['20000201774'] });
    const r = await ttn(o.id);
    expect(r.status).toBe(422);
    expect(r.body.message).toContain('Для адресної доставки ПІБ одержувача має бути повним');
    const saved = np.of('Address.save');
    expect(saved).toHaveLength(1);
    expect(np.of('Address.delete').map((c) => c.props)).toEqual([{ Ref: np.state.lastAddress }]);
  });
});

describe('the sender address (back office)', () => {
  test('several addresses and none picked: the waybill is refused (409) telling the operator to pick one; the picked one is used', async () => {
    np.state.addresses = [STAND_IN_SENDER.addresses[0]!, SECOND_ADDRESS];
    const shown = await sender('?refresh=1');
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual({
      counterparty: { ref: STAND_IN_SENDER.counterpartyRef, description: 'ФОП Яковлєв Фелікс Едуардович', city_ref: STAND_IN_SENDER.cityRef },
      contact: { ref: STAND_IN_SENDER.contactRef, description: 'Яковлєв Фелікс Едуардович', phone: STAND_IN_SENDER.phone },
      addresses: [
        {
          ref: STAND_IN_SENDER.addresses[0]!.Ref,
          description: STAND_IN_SENDER.addresses[0]!.Description,
          city_ref: STAND_IN_SENDER.addresses[0]!.CityRef,
          city: 'Київ',
        },
        { ref: SECOND_ADDRESS.Ref, description: SECOND_ADDRESS.Description, city_ref: SECOND_ADDRESS.CityRef, city: 'Львів' },
      ],
      selected_address_ref: null,
      address_ref: null,
      needs_choice: true,
    });

    const o = await order();
    np.calls.length = 0;
    const refused = await ttn(o.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'NpSenderAddressRequired', message: expect.stringContaining('оберіть адресу відправлення') });
    expect((await ttn(o.id, 'ru')).body.message).toContain('выберите адрес отправки');
    expect(np.of('Counterparty.save')).toHaveLength(0);

    // Operators see the sender; only admins pick its address, and only one of the sender's.
    const operator = await t.user({ role: 'manager', isVerified: true });
    expect((await sender('', operator.token)).status).toBe(200);
    expect((await pick(SECOND_ADDRESS.Ref, operator.token)).status).toBe(403);
    const wrong = await pick('00000000-0000-0000-0000-000000000000');
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toHaveProperty('address_ref');
    const picked = await pick(SECOND_ADDRESS.Ref);
    expect(picked.status).toBe(200);
    expect(picked.body.data).toMatchObject({ selected_address_ref: SECOND_ADDRESS.Ref, address_ref: SECOND_ADDRESS.Ref, needs_choice: false });
    expect((await sender()).body.data.address_ref).toBe(SECOND_ADDRESS.Ref);

    const made = await ttn(o.id);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(np.of('InternetDocument.save').at(-1)!.props).toMatchObject({
      SenderAddress: SECOND_ADDRESS.Ref,
      CitySender: SECOND_ADDRESS.CityRef,
      Sender: STAND_IN_SENDER.counterpartyRef,
    });

    // Back to one address: it is used whatever was picked before.
    np.state.addresses = [STAND_IN_SENDER.addresses[0]!];
    expect((await sender('?refresh=1')).body.data).toMatchObject({ address_ref: STAND_IN_SENDER.addresses[0]!.Ref, needs_choice: false });
    const next = await order();
    expect((await ttn(next.id)).status).toBe(200);
    expect(np.of('InternetDocument.save').at(-1)!.props.SenderAddress).toBe(STAND_IN_SENDER.addresses[0]!.Ref);
    const cleared = await pick(null);
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.data).toMatchObject({ selected_address_ref: null, address_ref: STAND_IN_SENDER.addresses[0]!.Ref });
  });

  test('an invalid key or NP unreachable: the settings answer a readable 422 / 503, never a 500', async () => {
    np.state.refuse.set('Counterparty.getCounterparties', { errors: ['API auth fail'], errorCodes: ['20000200068'] });
    const bad = await sender('?refresh=1', op, 'uk');
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ code: 'CarrierRefused', message: 'Нова Пошта відмовила: Ключ API Нової Пошти недійсний (НП: «API auth fail»)' });
    np.state.refuse.clear();
    np.state.http500 = true;
    const down = await sender('?refresh=1');
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('CarrierUnavailable');
    np.state.http500 = false;
    expect((await sender('?refresh=1')).status).toBe(200);
    expect((await sender('?refresh=2')).status).toBe(422);
    expect((await t.request('PUT', '/api/v1/admin/novaposhta/sender', { token: op, body: { address_ref: 5 } })).status).toBe(422);
  });
});
