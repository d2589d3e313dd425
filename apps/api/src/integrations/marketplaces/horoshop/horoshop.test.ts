import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Res, TestApp } from '../../../test/app.ts';
import { MP_BRANCH_REF, emulatorControl, marketplaceTestApp } from '../../../test/marketplaces.ts';
import { marketplaceEmulatorOrders } from '../../../db/schema/index.ts';
import { emulatorStore, type EmuOrderInput } from '../emulator-kit.ts';
import { MpAuthError, MpRateLimited, MpRefused, MpUnavailable, type MpOrder } from '../types.ts';
import { kyivDateTime, parseKyivDateTime } from '../rozetka/client.ts';
import { horoshopClient, type HoroshopClientOptions } from './client.ts';

const BRANCH_REF = MP_BRANCH_REF;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

let t: TestApp;
let admin: string;
let origin: string;

beforeAll(async () => {
  ({ t, admin, origin } = await marketplaceTestApp());
});
afterAll(() => t.close());

const request: TestApp['request'] = (method, url, o) => t.request(method, url, o);

type Site = { account: string; credentials: { domain: string; login: string; password: string } };
const emu = () => emulatorControl(t, () => admin, 'horoshop');
const site = (account?: string) => emu().seller<Site['credentials']>(account) as Promise<Site>;
const newOrder = (account: string, over: Partial<EmuOrderInput> = {}) => emu().newOrder(account, over);
const emuOrder = (account: string, id: number | string) => emu().order(account, id);
const arm = (account: string, kind: 'refuse' | 'unavailable' | 'rate_limit', count = 1) => emu().arm(account, kind, count);

/** The functions a client called, in order. */
function spy() {
  const calls: string[] = [];
  const f: typeof fetch = (input, init) => {
    calls.push(/\/api\/(.+?)\/?$/.exec(new URL(String(input)).pathname)?.[1] ?? '?');
    return fetch(input, init);
  };
  return { calls, fetch: f };
}
const client = (o: Partial<HoroshopClientOptions> = {}) => horoshopClient({ baseUrl: (domain) => `${origin}/emulators/horoshop/${domain}/api`, ...o });

const api = (domain: string, fn: string, body?: unknown, method = 'POST') => request(method, `/emulators/horoshop/${domain}/api/${fn}/`, { body });
async function token(s: Site): Promise<string> {
  const r = await api(s.account, 'auth', { login: s.credentials.login, password: s.credentials.password });
  expect(r.body.status).toBe('OK');
  return r.body.response.token as string;
}
/** Makes the site's sessions `seconds` older (Horoshop's side of a token's age). */
async function ageSessions(s: Site, seconds: number, also: Record<string, string> = {}) {
  const store = emulatorStore(t.database.db, 'horoshop');
  const secret = (await store.account(s.account))!;
  const sessions = (JSON.parse(secret.tokens ?? '[]') as { t: string; at: number }[]).map((x) => ({ ...x, at: x.at - seconds * 1000 }));
  await store.createAccount(s.account, { ...secret, tokens: JSON.stringify(sessions), ...also });
}

describe('Horoshop client against the emulator', () => {
  test('check: wrong credentials are MpAuthError, a site that is not Horoshop MpUnavailable; the account is the domain', async () => {
    const s = await site();
    const c = client();
    const wrong = await c.check({ ...s.credentials, password: 'wrong' }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(MpAuthError);
    expect((wrong as Error).message).toBe('Horoshop: No user with that login and password');
    await expect(c.check({ ...s.credentials, login: 'admin' })).rejects.toThrow(MpAuthError);
    await expect(c.check({ ...s.credentials, domain: 'not-a-shop.example.com' })).rejects.toThrow(MpUnavailable);
    await expect(c.check({ ...s.credentials, domain: 'no dots' })).rejects.toThrow(MpAuthError);
    const ok = await c.check({ ...s.credentials, domain: `https://${s.account.toUpperCase()}/admin/` });
    expect(ok).toEqual({ account: s.account, display: `${s.account} · ${s.credentials.login}` });
    expect(ok.display).not.toContain(s.credentials.password);
    expect(s.account).toMatch(/^shop-[0-9a-f]+\.example\.com\.ua$/);
  });

  test('poll: a new order comes back with every field normalized', async () => {
    const s = await site();
    const id = await newOrder(s.account);
    const before = Date.now();
    const page = await client().poll(s.credentials, null);
    expect(page.orders).toHaveLength(1);
    const o = page.orders[0]!;
    expect(o).toMatchObject<Partial<MpOrder>>({
      externalId: String(id),
      status: '1',
      isNew: true,
      isCancelled: false,
      lastName: 'Шевченко',
      firstName: 'Тарас',
      middleName: 'Григорович',
      phone: '+380501234567',
      delivery: {
        carrier: 'nova_poshta',
        carrierName: 'Новою Поштою у відділення',
        method: 'Branch',
        cityRef: null,
        warehouseRef: BRANCH_REF,
        cityName: 'Київ',
        branchNumber: '12',
        branchText: 'Відділення №12',
        streetName: null,
        house: null,
        appt: null,
      },
      payment: 'cod',
      totalKop: 147_950,
      comment: 'Передзвоніть, будь ласка',
    });
    expect(o.lines).toEqual([
      { ref: 'B2B-1001', offerId: 'B2B-1001', sku: 'B2B-1001', name: 'Чохол для телефону', qty: 2, priceKop: 64_000 },
      { ref: 'B2B-2002', offerId: 'B2B-2002', sku: 'B2B-2002', name: 'Захисне скло', qty: 1, priceKop: 19_950 },
    ]);
    expect(Math.abs(o.orderedAt!.getTime() - before)).toBeLessThan(5_000);
    const raw = o.raw as Record<string, unknown>;
    // Money as numbers, the branch ref only because the client asks with additionalData.
    expect(raw).toMatchObject({ order_id: id, total_sum: 1479.5, payed: 0, additional_data: { recipient_warehouse_ref: BRANCH_REF } });
    expect(raw.stat_created).toMatch(DATE_TIME);
    expect(page.cursor).toBe(raw.stat_created);
    expect(id).toBe(1);
  });

  test('poll: courier, prepaid by flag or by payment type, another carrier, a cancelled order, the unconfirmed fields missing', async () => {
    const s = await site();
    const courier = await newOrder(s.account, {
      delivery: { city_name: 'Київ', street: 'вул. Хрещатик', house: '22', appt: '5' },
      payment: 'prepaid',
    });
    const invoice = await newOrder(s.account, { override: { payment_type: { id: 20, title: { ua: 'Безготівковий розрахунок' } }, payed: 0 } });
    const cash = await newOrder(s.account, { override: { payment_type: { id: 21, title: 'Оплата карткою при отриманні' }, payed: 0 } });
    const other = await newOrder(s.account, { delivery: { carrier: 'Укрпошта', city_name: 'Львів' } });
    const cancelled = await newOrder(s.account, { override: { stat_status: 4 } });
    const bare = await newOrder(s.account, {
      override: { delivery_name: null, delivery_phone: null, delivery_city: null, delivery_address: null, comment: null, additional_data: {} },
    });
    const { orders } = await client().poll(s.credentials, null);
    const by = (id: number) => orders.find((o) => o.externalId === String(id))!;
    expect(by(courier)).toMatchObject({
      payment: 'prepaid',
      delivery: {
        carrier: 'nova_poshta',
        carrierName: "Новою Поштою кур'єром",
        method: 'Courier',
        warehouseRef: null,
        branchNumber: null,
        streetName: 'вул. Хрещатик',
        house: '22',
        appt: '5',
      },
    });
    expect(by(invoice).payment).toBe('prepaid');
    expect(by(cash).payment).toBe('cod');
    expect(by(other)).toMatchObject({ delivery: { carrier: 'other', carrierName: 'Укрпошта', cityName: 'Львів', warehouseRef: null } });
    expect(by(cancelled)).toMatchObject({ status: '4', isNew: false, isCancelled: true });
    expect(by(bare)).toMatchObject({
      lastName: '',
      firstName: '',
      middleName: null,
      phone: '',
      comment: null,
      delivery: { carrier: 'nova_poshta', cityName: null, warehouseRef: null, branchNumber: null, branchText: null },
    });
  });

  test('poll: pages by limit and offset, stops on a short page or EMPTY', async () => {
    const s = await site();
    for (let i = 0; i < 25; i++) await newOrder(s.account);
    const sp = spy();
    const page = await client({ fetch: sp.fetch, pageSize: 10 }).poll(s.credentials, null);
    expect(page.orders.map((o) => Number(o.externalId))).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    // Three pages (10, 10, 5), then one of the recent cancellations (none).
    expect(sp.calls).toEqual(['auth', 'orders/get', 'orders/get', 'orders/get', 'orders/get']);

    const s2 = await site();
    for (let i = 0; i < 20; i++) await newOrder(s2.account);
    sp.calls.length = 0;
    const page2 = await client({ fetch: sp.fetch, pageSize: 10 }).poll(s2.credentials, null);
    expect(page2.orders).toHaveLength(20);
    // 10, 10, EMPTY; then the cancellations.
    expect(sp.calls).toEqual(['auth', 'orders/get', 'orders/get', 'orders/get', 'orders/get']);
  });

  test('poll: a poll cut at its page bound goes on where it stopped', async () => {
    const s = await site();
    for (let i = 0; i < 25; i++) await newOrder(s.account);
    const c = client({ pageSize: 10, maxPages: 2 });
    const first = await c.poll(s.credentials, null);
    expect(first.orders).toHaveLength(20);
    expect(first.cursor).toMatch(/@20@/);
    const second = await c.poll(s.credentials, first.cursor);
    expect(second.orders.map((o) => Number(o.externalId))).toEqual([21, 22, 23, 24, 25]);
    expect(second.cursor).toMatch(DATE_TIME);
  });

  test('poll: the next poll from the cursor sees a new order and a cancellation of an older one', async () => {
    const s = await site();
    const old = await newOrder(s.account);
    // The older order was made two hours ago (before the next poll's window).
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    const T = marketplaceEmulatorOrders;
    const [row] = await t.database.db
      .select()
      .from(T)
      .where(and(eq(T.marketplace, 'horoshop'), eq(T.account, s.account), eq(T.id, old)));
    await t.database.db
      .update(T)
      .set({ createdAt: twoHoursAgo, body: { ...row!.body, stat_created: kyivDateTime(twoHoursAgo) } })
      .where(and(eq(T.marketplace, 'horoshop'), eq(T.account, s.account), eq(T.id, old)));
    const recent = await newOrder(s.account);
    const c = client();
    const first = await c.poll(s.credentials, null);
    expect(first.orders.map((o) => Number(o.externalId))).toEqual([old, recent]);
    const made = await newOrder(s.account);
    await c.push(s.credentials, String(old), { status: 'cancelled', ttn: null }, null);
    const second = await c.poll(s.credentials, first.cursor);
    expect(second.orders.find((o) => o.externalId === String(made))).toMatchObject({ status: '1', isNew: true });
    expect(second.orders.find((o) => o.externalId === String(old))).toMatchObject({ status: '4', isCancelled: true });
    expect(parseKyivDateTime(second.cursor)!.getTime()).toBeGreaterThanOrEqual(parseKyivDateTime(first.cursor)!.getTime());
  });

  test('push: accepted, shipped with the TTN, delivered, cancelled; only what changed is sent', async () => {
    const s = await site();
    const id = await newOrder(s.account);
    const sp = spy();
    const c = client({ fetch: sp.fetch });
    await c.push(s.credentials, String(id), { status: 'accepted', ttn: null }, null);
    expect((await emuOrder(s.account, id)).order).toMatchObject({ stat_status: 2 });
    await c.push(s.credentials, String(id), { status: 'shipped', ttn: '20451234567890' }, { status: 'accepted', ttn: null });
    expect((await emuOrder(s.account, id)).order).toMatchObject({ stat_status: 6, tracking_code: '20451234567890' });
    await c.push(s.credentials, String(id), { status: 'delivered', ttn: '20451234567890' }, { status: 'shipped', ttn: '20451234567890' });
    // The same again, and a return after a cancellation (both 4 on Horoshop): nothing to send.
    await c.push(s.credentials, String(id), { status: 'delivered', ttn: '20451234567890' }, { status: 'delivered', ttn: '20451234567890' });
    const after = await emuOrder(s.account, id);
    expect(after.order).toMatchObject({ stat_status: 3, tracking_code: '20451234567890' });
    expect(after.log.map((l) => [l.call, l.body])).toEqual([
      ['orders/update', { order_id: id, status: 2 }],
      ['orders/update', { order_id: id, status: 6, tracking_code: '20451234567890' }],
      ['orders/update', { order_id: id, status: 3 }],
    ]);
    const other = await newOrder(s.account);
    await c.push(s.credentials, String(other), { status: 'cancelled', ttn: null }, null);
    const before = sp.calls.length;
    await c.push(s.credentials, String(other), { status: 'returned', ttn: null }, { status: 'cancelled', ttn: null });
    expect(sp.calls.length).toBe(before);
    expect((await emuOrder(s.account, other)).order).toMatchObject({ stat_status: 4 });
  });

  test('push: a refusal (WARNING with an ERROR entry) is MpRefused and leaves the order as it was', async () => {
    const s = await site();
    const id = await newOrder(s.account);
    const c = client();
    await arm(s.account, 'refuse');
    const err = await c.push(s.credentials, String(id), { status: 'shipped', ttn: '20450000000001' }, null).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MpRefused);
    expect((err as Error).message).toBe('Horoshop: order cannot be updated at the moment');
    const after = await emuOrder(s.account, id);
    expect(after.order).toMatchObject({ stat_status: 1 });
    expect(after.order).not.toHaveProperty('tracking_code');
    expect(after.log).toEqual([
      expect.objectContaining({
        call: 'orders/update',
        body: { order_id: id, status: 6, tracking_code: '20450000000001' },
        refused: 'order cannot be updated at the moment',
      }),
    ]);
    await expect(c.push(s.credentials, '4242', { status: 'accepted', ttn: null }, null)).rejects.toThrow('Horoshop: order is not found');
  });

  test('push: rate limit and unavailability', async () => {
    const s = await site();
    const id = await newOrder(s.account);
    const c = client();
    await arm(s.account, 'rate_limit');
    const limited = await c.push(s.credentials, String(id), { status: 'accepted', ttn: null }, null).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(MpRateLimited);
    expect((limited as MpRateLimited).retryAfterSeconds).toBe(2);
    await arm(s.account, 'unavailable');
    await expect(c.push(s.credentials, String(id), { status: 'accepted', ttn: null }, null)).rejects.toThrow(MpUnavailable);
    expect((await emuOrder(s.account, id)).order).toMatchObject({ stat_status: 1 });
    await c.push(s.credentials, String(id), { status: 'accepted', ttn: null }, null);
    expect((await emuOrder(s.account, id)).order).toMatchObject({ stat_status: 2 });
  });

  test('token: an expired one (UNAUTHORIZED) is renewed once; at 540 s the client renews it first; a refused login is MpAuthError', async () => {
    const s = await site();
    await newOrder(s.account);
    const sp = spy();
    let clock = Date.now();
    const c = client({ fetch: sp.fetch, now: () => new Date(clock) });
    await c.check(s.credentials);
    await ageSessions(s, 601);
    const page = await c.poll(s.credentials, null);
    expect(page.orders).toHaveLength(1);
    // auth (check), orders/get answered UNAUTHORIZED, auth, orders/get, the cancellations.
    expect(sp.calls).toEqual(['auth', 'orders/get', 'auth', 'orders/get', 'orders/get']);

    sp.calls.length = 0;
    clock += 541_000;
    await c.poll(s.credentials, null);
    expect(sp.calls).toEqual(['auth', 'orders/get', 'orders/get']);

    await ageSessions(s, 601, { password: 'changed-password' });
    await expect(c.poll(s.credentials, null)).rejects.toThrow(MpAuthError);
  });
});

describe('Horoshop emulator strictness', () => {
  test('auth: the admin login, a 32-character token; errors in the envelope with HTTP 200', async () => {
    const s = await site();
    const bad = await api(s.account, 'auth', { login: s.credentials.login, password: 'nope' });
    expect(bad.status).toBe(200);
    expect(bad.body).toEqual({ status: 'ERROR', response: { message: 'No user with that login and password' } });
    expect((await api(s.account, 'auth', {})).body.status).toBe('ERROR');
    expect(await token(s)).toMatch(/^[0-9a-f]{32}$/);
    // Not a Horoshop site: a page, not the API.
    const none = await api('unknown.example.com', 'auth', s.credentials);
    expect(none.status).toBe(404);
    expect(none.headers['content-type']).toMatch(/text\/html/);
    expect((await api(s.account, 'catalog/export', { token: await token(s) })).body).toEqual({
      status: 'UNDEFINED_FUNCTION',
      response: { message: 'Function catalog/export is not defined' },
    });
  });

  test('the token: none or unknown is AUTHORIZATION_ERROR, after 600 s UNAUTHORIZED, and it belongs to its site', async () => {
    const s = await site();
    const other = await site();
    expect((await api(s.account, 'orders/get', {})).body).toEqual({ status: 'AUTHORIZATION_ERROR', response: { message: 'Token is not specified' } });
    expect((await api(s.account, 'orders/get', { token: 'f'.repeat(32) })).body).toEqual({
      status: 'AUTHORIZATION_ERROR',
      response: { message: 'Invalid token' },
    });
    expect((await api(other.account, 'orders/get', { token: await token(s) })).body.status).toBe('AUTHORIZATION_ERROR');
    const tk = await token(s);
    expect((await api(s.account, 'orders/get', { token: tk })).body.status).toBe('EMPTY');
    await ageSessions(s, 600);
    expect((await api(s.account, 'orders/get', { token: tk })).body).toEqual({ status: 'UNAUTHORIZED', response: { message: 'Token expired' } });
  });

  test('orders/get: dates in both formats, ids, status, offset only with limit, additionalData, EMPTY', async () => {
    const s = await site();
    for (let i = 0; i < 3; i++) await newOrder(s.account);
    await newOrder(s.account, { override: { stat_status: 4 } });
    const tk = await token(s);
    const get = async (p: Record<string, unknown>) => (await api(s.account, 'orders/get', { token: tk, ...p })).body;
    const ids = (b: { response: { orders: { order_id: number }[] } }) => b.response.orders.map((o) => o.order_id);
    const all = await get({});
    expect(ids(all)).toEqual([1, 2, 3, 4]);
    expect(all.response.orders[0]).not.toHaveProperty('additional_data');
    expect(all.response.orders[0]).toMatchObject({
      stat_status: 1,
      total_sum: 1479.5,
      products: [{ article: 'B2B-1001', price: 640, quantity: 2, total_price: 1280 }, {}],
    });
    expect((await get({ additionalData: true })).response.orders[0].additional_data).toEqual({ recipient_warehouse_ref: BRANCH_REF });
    expect(ids(await get({ ids: [2, 4] }))).toEqual([2, 4]);
    expect(ids(await get({ status: 4 }))).toEqual([4]);
    expect(ids(await get({ status: [1, 4], limit: 2, offset: 1 }))).toEqual([2, 3]);
    expect(ids(await get({ offset: 3 }))).toEqual([1, 2, 3, 4]);
    expect(await get({ limit: 2, offset: 4 })).toEqual({ status: 'EMPTY', response: {} });
    const today = kyivDateTime(new Date()).slice(0, 10);
    const [y, m, d] = today.split('-');
    expect(ids(await get({ from: today, to: `${d}.${m}.${y}` }))).toEqual([1, 2, 3, 4]);
    expect(ids(await get({ from: `${d}.${m}.${y} 00:00:00` }))).toEqual([1, 2, 3, 4]);
    expect((await get({ from: kyivDateTime(new Date(Date.now() + 3600_000)) })).status).toBe('EMPTY');
    expect(await get({ from: '2026/01/01' })).toEqual({ status: 'ERROR', response: { message: 'from is defined incorrectly' } });
    expect((await get({ limit: 0 })).status).toBe('ERROR');
    // The legacy GET with a query string still works.
    const legacy = await request('GET', `/emulators/horoshop/${s.account}/api/orders/get/?token=${tk}&limit=1`);
    expect(ids(legacy.body)).toEqual([1]);
  });

  test('orders/update: OK when all are updated, WARNING with a log entry per order otherwise; PUT works too', async () => {
    const s = await site();
    await newOrder(s.account);
    await newOrder(s.account);
    const tk = await token(s);
    const update = (orders: unknown, method = 'POST') => api(s.account, 'orders/update', { token: tk, orders }, method).then((r: Res) => r.body);
    expect(await update([{ order_id: 1, status: 2 }])).toEqual({ status: 'OK', response: { log: [{ status: 'OK', messages: 'UPDATED' }] } });
    expect(
      await update(
        [
          { order_id: 1, status: 6, tracking_code: '20450000000001' },
          { order_id: 2, status: 3123 },
          { order_id: 99, status: 2 },
          { status: 2 },
          { order_id: 2 },
        ],
        'PUT',
      ),
    ).toEqual({
      status: 'WARNING',
      response: {
        log: [
          { status: 'OK', messages: 'UPDATED' },
          { status: 'ERROR', messages: 'status is not defined or defined incorrectly' },
          { status: 'ERROR', messages: 'order is not found' },
          { status: 'ERROR', messages: 'order_id is not defined or defined incorrectly' },
          { status: 'ERROR', messages: 'nothing to update' },
        ],
      },
    });
    expect(await update(undefined)).toEqual({ status: 'ERROR', response: { message: 'orders is not defined or defined incorrectly' } });
    expect((await update([{ order_id: 2, payed: 1 }])).status).toBe('OK');
    expect((await emuOrder(s.account, 1)).order).toMatchObject({ stat_status: 6, tracking_code: '20450000000001' });
    const two = await emuOrder(s.account, 2);
    expect(two.order).toMatchObject({ stat_status: 1, payed: 1 });
    expect(two.log.filter((l) => l.refused).map((l) => l.refused)).toEqual(['status is not defined or defined incorrectly', 'nothing to update']);
    // A body that is not JSON: refused in the envelope.
    const garbled = await request('POST', `/emulators/horoshop/${s.account}/api/orders/update/`, { raw: '{"token":' });
    expect(garbled.status).toBe(200);
    expect(garbled.body.status).toBe('ERROR');
  });

  test('orders/get_available_statuses: keyed by id', async () => {
    const s = await site();
    const r = await api(s.account, 'orders/get_available_statuses', { token: await token(s) });
    expect(Object.keys(r.body.response.statuses)).toEqual(['1', '2', '3', '4', '6']);
    expect(r.body.response.statuses['4']).toEqual({ id: 4, title: { ua: 'Не доставлене', en: 'Canceled' }, is_successful: 0 });
  });
});
