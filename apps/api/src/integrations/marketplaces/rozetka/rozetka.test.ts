import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { MP_BRANCH_REF, MP_CITY_REF, emulatorControl, marketplaceTestApp } from '../../../test/marketplaces.ts';
import { emulatorStore, type EmuOrderInput } from '../emulator-kit.ts';
import { MpAuthError, MpRateLimited, MpRefused, MpUnavailable, type MpOrder } from '../types.ts';
import { kyivDateTime, parseKyivDateTime, rozetkaClient, type RozetkaClientOptions } from './client.ts';

const CITY_REF = MP_CITY_REF;
const BRANCH_REF = MP_BRANCH_REF;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

let t: TestApp;
let admin: string;
let base: string;

beforeAll(async () => {
  ({ t, admin, origin: base } = await marketplaceTestApp());
  base += '/emulators/rozetka';
});
afterAll(() => t.close());

const request: TestApp['request'] = (method, url, o) => t.request(method, url, o);

type Seller = { account: string; credentials: { username: string; password: string } };
const emu = () => emulatorControl(t, () => admin, 'rozetka');
const seller = (account?: string) => emu().seller<Seller['credentials']>(account) as Promise<Seller>;
const newOrder = (account: string, over: Partial<EmuOrderInput> = {}) => emu().newOrder(account, over);
const emuOrder = (account: string, id: number | string) => emu().order(account, id);
const arm = (account: string, kind: 'refuse' | 'unavailable' | 'rate_limit', count = 1) => emu().arm(account, kind, count);

/** The calls a client made, as `METHOD /path`. */
function spy() {
  const calls: string[] = [];
  const f: typeof fetch = (input, init) => {
    calls.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname.replace(/^\/emulators\/rozetka/, '')}`);
    return fetch(input, init);
  };
  return { calls, fetch: f };
}
const client = (o: Partial<RozetkaClientOptions> = {}) => rozetkaClient({ baseUrl: () => base, ...o });

/** A token through the API itself (the password in Base64). */
async function login(s: Seller): Promise<string> {
  const r = await request('POST', '/emulators/rozetka/sites', {
    body: { username: s.credentials.username, password: Buffer.from(s.credentials.password).toString('base64') },
  });
  expect(r.body.success).toBe(true);
  return r.body.content.access_token as string;
}
const api = (method: string, path: string, token?: string, body?: unknown, headers?: Record<string, string>) =>
  request(method, `/emulators/rozetka${path}`, { token, body, headers });

const rzError = (code: number, message: string, description: string) => ({ success: false, errors: expect.objectContaining({ code, message, description }) });

describe('Rozetka client against the emulator', () => {
  test('check: wrong credentials are MpAuthError; right ones answer the account and a display without the password', async () => {
    const s = await seller('Shop_Alpha');
    const c = client();
    await expect(c.check({ username: s.credentials.username, password: 'wrong' })).rejects.toThrow(MpAuthError);
    await expect(c.check({ username: 'nobody-here', password: s.credentials.password })).rejects.toThrow(/Неправильний логін або пароль/);
    await expect(c.check({ username: '', password: 'x' })).rejects.toThrow(MpAuthError);
    const ok = await c.check({ username: 'Shop_Alpha', password: s.credentials.password });
    expect(ok).toEqual({ account: 'shop_alpha', display: 'Shop_Alpha · ••••' });
    expect(ok.display).not.toContain(s.credentials.password);
  });

  test('poll: a new order comes back with every field normalized', async () => {
    const s = await seller();
    const id = await newOrder(s.account);
    const before = Date.now();
    const page = await client().poll(s.credentials, null);
    const o = page.orders.find((x) => x.externalId === String(id))!;
    expect(o).toMatchObject<Partial<MpOrder>>({
      externalId: String(id),
      status: '1',
      isNew: true,
      isCancelled: false,
      lastName: 'Шевченко',
      firstName: 'Тарас',
      middleName: 'Григорович',
      phone: '380501234567',
      delivery: {
        carrier: 'nova_poshta',
        carrierName: 'Нова Пошта',
        method: 'Branch',
        cityRef: CITY_REF,
        warehouseRef: BRANCH_REF,
        cityName: 'Київ',
        branchNumber: '12',
        branchText: null,
        streetName: null,
        house: null,
        appt: null,
      },
      payment: 'cod',
      totalKop: 147_950,
      comment: 'Передзвоніть, будь ласка',
    });
    expect(o.lines).toEqual([
      { ref: expect.any(String), offerId: 'B2B-1001', sku: 'ART-1', name: 'Чохол для телефону', qty: 2, priceKop: 64_000 },
      { ref: expect.any(String), offerId: 'B2B-2002', sku: '', name: 'Захисне скло', qty: 1, priceKop: 19_950 },
    ]);
    expect(Math.abs(o.orderedAt!.getTime() - before)).toBeLessThan(5_000);
    // The order as Rozetka sent it: decimal strings, Kyiv dates, the expanded blocks.
    const raw = o.raw as Record<string, unknown>;
    expect(raw).toMatchObject({ amount: '1479.50', status_group: 1, ttn: '', delivery: { name_logo: 'nova-pochta', ref_id: BRANCH_REF } });
    expect(raw.created).toMatch(DATE_TIME);
    expect(page.cursor).toBe(raw.changed);
  });

  test('poll: courier, prepaid, another carrier, the deprecated recipient fields and a cancelled order', async () => {
    const s = await seller();
    const courier = await newOrder(s.account, {
      delivery: { city_ref: CITY_REF, city_name: 'Київ', street: 'вул. Хрещатик', house: '22', appt: '5' },
      payment: 'prepaid',
    });
    const ukrposhta = await newOrder(s.account, { delivery: { carrier: 'Укрпошта', city_name: 'Львів' } });
    // Only the deprecated top-level recipient (no delivery.recipient_*), then only the buyer.
    const delivery = { delivery_service_name: 'Новая Почта', name_logo: 'nova-pochta', delivery_method_id: 1, place_number: '7', city: { name: 'Одесса' } };
    const deprecated = await newOrder(s.account, {
      override: { delivery, recipient_title: { first_name: 'Леся', last_name: 'Українка', second_name: '' }, recipient_phone: '380671112233' },
    });
    const buyerOnly = await newOrder(s.account, { override: { delivery, recipient_title: null, recipient_phone: '' } });
    const cancelled = await newOrder(s.account, { override: { status: 45, status_group: 3 } });
    const { orders } = await client().poll(s.credentials, null);
    const by = (id: number) => orders.find((o) => o.externalId === String(id))!;
    expect(by(courier)).toMatchObject({
      payment: 'prepaid',
      delivery: { carrier: 'nova_poshta', method: 'Courier', warehouseRef: null, branchNumber: null, streetName: 'вул. Хрещатик', house: '22', appt: '5' },
    });
    expect(by(ukrposhta)).toMatchObject({ delivery: { carrier: 'other', carrierName: 'Укрпошта', cityRef: null, cityName: 'Львів' }, payment: 'cod' });
    expect(by(deprecated)).toMatchObject({
      lastName: 'Українка',
      firstName: 'Леся',
      middleName: null,
      phone: '380671112233',
      delivery: { carrier: 'nova_poshta', branchNumber: '7', cityName: 'Одесса', warehouseRef: null },
    });
    expect(by(buyerOnly)).toMatchObject({ lastName: 'Шевченко', firstName: 'Тарас', middleName: 'Григорович', phone: '380501234567' });
    expect(by(cancelled)).toMatchObject({ status: '45', isNew: false, isCancelled: true });
  });

  test('poll: 25 orders over two pages of 20', async () => {
    const s = await seller();
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push(await newOrder(s.account));
    const sp = spy();
    const page = await client({ fetch: sp.fetch }).poll(s.credentials, null);
    expect(page.orders.map((o) => Number(o.externalId)).sort()).toEqual(ids);
    expect(sp.calls).toEqual(['POST /sites', 'GET /orders/search', 'GET /orders/search']);
  });

  test('poll: a poll cut at its page bound goes on where it stopped', async () => {
    const s = await seller();
    const ids: number[] = [];
    for (let i = 0; i < 45; i++) ids.push(await newOrder(s.account));
    const c = client({ maxPages: 2 });
    const first = await c.poll(s.credentials, null);
    expect(first.orders).toHaveLength(40);
    expect(first.cursor).toMatch(/@3@/);
    const second = await c.poll(s.credentials, first.cursor);
    expect(second.orders).toHaveLength(5);
    expect(new Set([...first.orders, ...second.orders].map((o) => Number(o.externalId)))).toEqual(new Set(ids));
    expect(second.cursor).toMatch(DATE_TIME);
  });

  test('poll: the next poll from the cursor sees a new order and an order changed since', async () => {
    const s = await seller();
    const a = await newOrder(s.account);
    const c = client();
    const first = await c.poll(s.credentials, null);
    expect(first.orders.map((o) => o.externalId)).toEqual([String(a)]);
    const b = await newOrder(s.account);
    await c.push(s.credentials, String(a), { status: 'accepted', ttn: null }, null);
    const second = await c.poll(s.credentials, first.cursor);
    expect(second.orders.find((o) => o.externalId === String(a))).toMatchObject({ status: '26', isNew: true });
    expect(second.orders.find((o) => o.externalId === String(b))).toMatchObject({ status: '1' });
    expect(second.cursor! >= first.cursor!).toBe(true);
  });

  test('push: accepted, then shipped with the TTN; delivered after a TTN needs no call', async () => {
    const s = await seller();
    const id = await newOrder(s.account);
    const sp = spy();
    const c = client({ fetch: sp.fetch });
    await c.push(s.credentials, String(id), { status: 'accepted', ttn: null }, null);
    expect((await emuOrder(s.account, id)).order).toMatchObject({ status: 26, status_group: 1, ttn: '' });
    await c.push(s.credentials, String(id), { status: 'shipped', ttn: '20451234567890' }, { status: 'accepted', ttn: null });
    const shipped = await emuOrder(s.account, id);
    expect(shipped.order).toMatchObject({ status: 3, status_group: 1, ttn: '20451234567890' });
    expect(shipped.order.changed).toMatch(DATE_TIME);
    expect(shipped.log.map((l) => [l.call, l.body])).toEqual([
      [`PUT /orders/${id}`, { status: 26 }],
      [`PUT /orders/${id}`, { status: 3, ttn: '20451234567890' }],
    ]);
    // Rozetka tracks the parcel itself once it has the TTN; the same update twice sends nothing.
    const before = sp.calls.length;
    await c.push(s.credentials, String(id), { status: 'delivered', ttn: '20451234567890' }, { status: 'shipped', ttn: '20451234567890' });
    await c.push(s.credentials, String(id), { status: 'delivered', ttn: '20451234567890' }, { status: 'delivered', ttn: '20451234567890' });
    expect(sp.calls.slice(before)).toEqual([`GET /orders/${id}`]);
    expect((await emuOrder(s.account, id)).log).toHaveLength(2);
  });

  test('push: steps through 26 where the target is not yet available; cancel is 40; delivered without a TTN walks to 6', async () => {
    const s = await seller();
    const c = client();
    const shipped = await newOrder(s.account);
    await c.push(s.credentials, String(shipped), { status: 'shipped', ttn: '20450000000001' }, null);
    const o1 = await emuOrder(s.account, shipped);
    expect(o1.log.map((l) => (l.body as { status: number }).status)).toEqual([26, 3]);
    expect(o1.order).toMatchObject({ status: 3, ttn: '20450000000001' });

    const cancelled = await newOrder(s.account);
    await c.push(s.credentials, String(cancelled), { status: 'cancelled', ttn: null }, null);
    expect((await emuOrder(s.account, cancelled)).order).toMatchObject({ status: 40, status_group: 3 });
    // Already cancelled: nothing to do.
    await c.push(s.credentials, String(cancelled), { status: 'returned', ttn: null }, { status: 'cancelled', ttn: null });
    expect((await emuOrder(s.account, cancelled)).log).toHaveLength(2);

    const own = await newOrder(s.account);
    await c.push(s.credentials, String(own), { status: 'accepted', ttn: null }, null);
    await c.push(s.credentials, String(own), { status: 'delivered', ttn: null }, { status: 'accepted', ttn: null });
    const o3 = await emuOrder(s.account, own);
    expect(o3.log.map((l) => (l.body as { status: number }).status)).toEqual([26, 2, 4, 6]);
    expect(o3.order).toMatchObject({ status: 6, status_group: 2 });
  });

  test('push: a refusal is MpRefused and leaves the order as it was', async () => {
    const s = await seller();
    const id = await newOrder(s.account);
    const c = client();
    await arm(s.account, 'refuse');
    const err = await c.push(s.credentials, String(id), { status: 'accepted', ttn: null }, null).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MpRefused);
    expect((err as Error).message).toBe('Rozetka: На даний момент неможливо зберегти зміни');
    const after = await emuOrder(s.account, id);
    expect(after.order).toMatchObject({ status: 1, ttn: '' });
    expect(after.log).toEqual([expect.objectContaining({ call: `PUT /orders/${id}`, body: { status: 26 }, refused: expect.objectContaining({ code: 1031 }) })]);

    // A cancelled order takes no waybill; a shipped one cannot be cancelled by the seller: refused before any PUT.
    const gone = await newOrder(s.account, { override: { status: 45, status_group: 3 } });
    await expect(c.push(s.credentials, String(gone), { status: 'shipped', ttn: '20450000000002' }, null)).rejects.toThrow(MpRefused);
    await c.push(s.credentials, String(id), { status: 'shipped', ttn: '20450000000003' }, null);
    await expect(c.push(s.credentials, String(id), { status: 'cancelled', ttn: null }, null)).rejects.toThrow(/status 3, from which status 40 cannot be set/);
    expect((await emuOrder(s.account, id)).order).toMatchObject({ status: 3 });
    await expect(c.push(s.credentials, '999999999', { status: 'accepted', ttn: null }, null)).rejects.toThrow('Rozetka: Сутність не знайдено');
  });

  test('push: rate limit and unavailability', async () => {
    const s = await seller();
    const id = await newOrder(s.account);
    const c = client();
    await arm(s.account, 'rate_limit');
    const limited = await c.push(s.credentials, String(id), { status: 'accepted', ttn: null }, null).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(MpRateLimited);
    expect((limited as MpRateLimited).retryAfterSeconds).toBe(2);
    await arm(s.account, 'unavailable');
    await expect(c.push(s.credentials, String(id), { status: 'accepted', ttn: null }, null)).rejects.toThrow(MpUnavailable);
    expect((await emuOrder(s.account, id)).order).toMatchObject({ status: 1 });
    await c.push(s.credentials, String(id), { status: 'accepted', ttn: null }, null);
    expect((await emuOrder(s.account, id)).order).toMatchObject({ status: 26 });
  });

  test('an answer that is not the API: MpUnavailable', async () => {
    const s = await seller();
    const c = rozetkaClient({ baseUrl: () => base.replace('/emulators/rozetka', '/api/v1/nothing-here') });
    await expect(c.check(s.credentials)).rejects.toThrow(MpUnavailable);
    const closed = rozetkaClient({ baseUrl: () => 'http://127.0.0.1:9', timeoutMs: 2_000 });
    await expect(closed.poll(s.credentials, null)).rejects.toThrow(MpUnavailable);
  });

  test('token: an expired session (6001) is renewed by logging in once; a token 23 h old is renewed before use', async () => {
    const s = await seller();
    await newOrder(s.account);
    const store = emulatorStore(t.database.db, 'rozetka');
    const sp = spy();
    let clock = Date.now();
    const c = client({ fetch: sp.fetch, now: () => new Date(clock) });
    await c.check(s.credentials);
    const old = (await store.account(s.account))!;
    // Rozetka's side: the token is 25 hours old.
    await store.createAccount(s.account, { ...old, tokenAt: String(Date.now() - 25 * 3600_000) });
    const page = await c.poll(s.credentials, null);
    expect(page.orders).toHaveLength(1);
    expect(sp.calls).toEqual(['POST /sites', 'GET /orders/search', 'POST /sites', 'GET /orders/search']);
    const renewed = (await store.account(s.account))!;
    expect(renewed.token).not.toBe(old.token);
    expect((await api('GET', '/orders/search', old.token)).body).toEqual(rzError(6001, 'session_expired', 'Сесія закінчилася'));

    // The client's side: 23 hours later it logs in before the call.
    sp.calls.length = 0;
    clock += 23 * 3600_000 + 60_000;
    await c.poll(s.credentials, null);
    expect(sp.calls).toEqual(['POST /sites', 'GET /orders/search']);

    // A password changed meanwhile: the second login is refused, MpAuthError.
    await store.createAccount(s.account, { ...renewed, password: 'changed-password', tokenAt: '0' });
    await expect(c.poll(s.credentials, null)).rejects.toThrow(MpAuthError);
  });
});

describe('Rozetka emulator strictness', () => {
  test('POST /sites: Base64 password, required fields, the real refusal envelope', async () => {
    const s = await seller();
    expect((await api('POST', '/sites', undefined, { username: s.credentials.username, password: s.credentials.password })).body).toEqual({
      success: false,
      errors: { message: 'incorrect_username_password', code: 1004, description: 'Неправильний логін або пароль' },
    });
    expect((await api('POST', '/sites', undefined, { username: s.credentials.username })).body).toEqual(
      rzError(1001, 'required_parameter', "Не вказан обов'язковий параметр"),
    );
    const ok = await api('POST', '/sites', undefined, { username: s.credentials.username, password: Buffer.from(s.credentials.password).toString('base64') });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, content: { access_token: expect.any(String), market: { title: s.credentials.username } } });
    // A method the path does not take.
    const get = await api('GET', '/sites');
    expect(get.status).toBe(405);
    expect(get.body.errors.message).toBe('Method Not Allowed. This URL can only handle the following request methods: POST.');
  });

  test('authorization: none or an unknown token is 5401 (HTTP 401); logout ends the session', async () => {
    const s = await seller();
    for (const token of [undefined, 'not-a-token']) {
      const r = await api('GET', '/orders/search', token);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({
        success: false,
        errors: { message: 'invalid_credentials', code: 5401, description: 'Спроба неавторизованого доступу до методів, які вимагають авторизації' },
      });
    }
    const token = await login(s);
    expect((await api('POST', '/sites/logout', token)).body).toEqual({ success: true, content: { logout: true } });
    expect((await api('GET', '/orders/search', token)).status).toBe(401);
  });

  test('GET /orders/search: 20 a page with _meta, a page past the last is the last, expand, money and dates as Rozetka writes them', async () => {
    const s = await seller();
    for (let i = 0; i < 21; i++) await newOrder(s.account);
    const token = await login(s);
    const p1 = (await api('GET', '/orders/search', token)).body.content;
    expect(p1._meta).toEqual({ totalCount: 21, pageCount: 2, currentPage: 1, perPage: 20 });
    expect(p1.orders).toHaveLength(20);
    expect(p1.totalFields).toEqual({ amount: '31069.50', amount_with_discount: '31069.50', cost: '31069.50', cost_with_discount: '31069.50' });
    // Newest first unless sorted; no delivery, purchases or payment without expand.
    expect(p1.orders[0].id).toBeGreaterThan(p1.orders[1].id);
    expect(p1.orders[0]).not.toHaveProperty('delivery');
    expect(p1.orders[0]).not.toHaveProperty('purchases');
    expect(p1.orders[0]).not.toHaveProperty('payment');
    expect(p1.orders[0]).toMatchObject({ amount: '1479.50', cost_with_discount: '1479.50', created: expect.stringMatching(DATE_TIME) });
    const p9 = (await api('GET', '/orders/search?page=9&sort=id&expand=delivery,purchases,payment,status_available', token)).body.content;
    expect(p9._meta).toEqual({ totalCount: 21, pageCount: 2, currentPage: 2, perPage: 20 });
    expect(p9.orders).toHaveLength(1);
    expect(p9.orders[0]).toMatchObject({
      delivery: { delivery_service_name: 'Нова Пошта', place_number: '12', city: { uuid: CITY_REF, name_ua: 'Київ' } },
      purchases: [{ price: '640.00', cost: '1280.00', quantity: 2, item: { price_offer_id: 'B2B-1001', article: 'ART-1' } }, { price: '199.50' }],
      payment: { payment_type: 'cash' },
      status_available: [{ parent_id: 1, child_id: 26 }],
    });
    // Kyiv time, to the second, in the filter and in the order.
    const created = parseKyivDateTime(p9.orders[0].created)!;
    expect(Math.abs(created.getTime() - Date.now())).toBeLessThan(60_000);
    const later = kyivDateTime(new Date(Date.now() + 3600_000));
    expect((await api('GET', `/orders/search?changed_from=${encodeURIComponent(later)}`, token)).body.content._meta.totalCount).toBe(0);
  });

  test('GET /orders/search: a malformed filter finds nothing, or 1002 with Accept-Validate-Exception', async () => {
    const s = await seller();
    await newOrder(s.account);
    const token = await login(s);
    const quiet = (await api('GET', '/orders/search?changed_from=yesterday', token)).body;
    expect(quiet).toMatchObject({ success: true, content: { orders: [], _meta: { totalCount: 0 } } });
    const loud = (await api('GET', '/orders/search?changed_from=yesterday', token, undefined, { 'accept-validate-exception': '1' })).body;
    expect(loud).toEqual({
      success: false,
      errors: {
        message: 'incorrect_data_format',
        code: 1002,
        description: 'Неправильний формат даних',
        details: { changed_from: [expect.stringContaining('YYYY-MM-DD')] },
      },
    });
  });

  test('GET /orders/{id}: the order, 1019 for another seller’s, 5404 for a path that is no order', async () => {
    const s = await seller();
    const other = await seller();
    const id = await newOrder(s.account);
    const token = await login(s);
    const r = (await api('GET', `/orders/${id}?expand=purchases`, token)).body;
    expect(r).toMatchObject({ success: true, content: { id, purchases: expect.any(Array) } });
    expect(r.content).not.toHaveProperty('delivery');
    expect((await api('GET', `/orders/${id}`, await login(other))).body).toEqual(rzError(1019, 'entity_not_found', 'Сутність не знайдено'));
    const bad = await api('GET', '/orders/abc', token);
    expect(bad.status).toBe(404);
    expect(bad.body).toEqual(rzError(5404, 'not_found', 'Не знайдено'));
    expect((await api('GET', '/no/such/method', token)).status).toBe(404);
  });

  test('PUT /orders/{id}: status required, an integer, available from the current one; 3 needs a TTN; 2 with a TTN is 61', async () => {
    const s = await seller();
    const id = await newOrder(s.account);
    const token = await login(s);
    const put = (body: unknown) => api('PUT', `/orders/${id}`, token, body).then((r) => r.body);
    expect(await put({ ttn: '20450000000009' })).toEqual(rzError(1001, 'required_parameter', "Не вказан обов'язковий параметр"));
    expect(await put({ status: 'three' })).toEqual(rzError(1002, 'incorrect_data_format', 'Неправильний формат даних'));
    const unavailable = await put({ status: 6 });
    expect(unavailable).toEqual(rzError(1005, 'check_correctness_of_data', 'Перевірте правильність введених даних'));
    expect(unavailable.errors.details).toContain('Статус 6 недоступний');
    expect(await put({ status: 26 })).toMatchObject({ success: true, content: { id, status: 26, status_group: 1 } });
    const noTtn = await put({ status: 3 });
    expect(noTtn).toEqual(rzError(1001, 'required_parameter', "Не вказан обов'язковий параметр"));
    expect(noTtn.errors.details).toContain('ttn');
    expect((await emuOrder(s.account, id)).order).toMatchObject({ status: 26, ttn: '' });
    expect(await put({ status: 49 })).toMatchObject({ success: false, errors: { code: 1001, details: expect.stringContaining('duplicate_order_id') } });
    const to61 = await api('PUT', `/orders/${id}?expand=status_available`, token, { status: 2, ttn: '20450000000010', seller_comment: 'Відправлено' });
    expect(to61.body).toMatchObject({
      success: true,
      content: { status: 61, ttn: '20450000000010', current_seller_comment: 'Відправлено', status_available: [{ parent_id: 61, child_id: 3 }] },
    });
    const after = await emuOrder(s.account, id);
    expect(after.log.filter((l) => !l.refused).map((l) => l.body)).toEqual([
      { status: 26 },
      { status: 2, ttn: '20450000000010', seller_comment: 'Відправлено' },
    ]);
    expect(after.log.filter((l) => l.refused)).toHaveLength(5);
    expect((await api('PUT', '/orders/999999999', token, { status: 26 })).body).toEqual(rzError(1019, 'entity_not_found', 'Сутність не знайдено'));
    expect((await api('DELETE', `/orders/${id}`, token)).status).toBe(405);
  });
});
