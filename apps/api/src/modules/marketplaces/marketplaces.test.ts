/**
 * Issue 33 against the strict Prom.ua emulator (over HTTP, as the real API is called): connecting
 * a store (checked, sealed, masked, revocable, one per marketplace per store), orders coming in as
 * drafts (lines by the feed's offer id, the Nova Poshta branch resolved, unmatched lines shown, one
 * draft per marketplace order even with two pollers at once), placing them one by one, in bulk and
 * automatically, and the status and waybill going back (a refusal retried until accepted, every
 * exchange in the order's history).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../test/app.ts';
import { marketplaceTestApp, waitFor } from '../../test/marketplaces.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { BRANCH, KYIV, KYIV_STREET, orderTools } from '../../test/orders.ts';
import { EMULATOR_DATA } from '../../integrations/novaposhta/emulator-data.ts';
import { marketplaceConnections, marketplaceOrders } from '../../db/schema/index.ts';
import { MpUnavailable } from '../../integrations/marketplaces/types.ts';
import { pollConnection, pollDue } from './marketplace-poller.ts';
import { desiredUpdate } from './marketplace-sync.ts';
import { marketplacesRepo } from './marketplaces.repository.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  // The poller's own timer stays out of the way (tests poll on demand); jobs run.
  ({ t, admin } = await marketplaceTestApp({ marketplacePollSeconds: 3600, trackingIntervalSeconds: 3600, npEmulatorStepSeconds: 0 }));
  await loadCatalogFixture(t.database);
});
afterAll(() => t.close());

const PROM = '/emulators/prom';
const kyivBranch2 = EMULATOR_DATA.warehouses.find((w) => w.cityRef === KYIV && w.number === 2)!;

async function promSeller(): Promise<{ account: string; token: string }> {
  const r = await t.request('POST', `${PROM}/_control/accounts`, { token: admin, body: {} });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { account: r.body.account, token: r.body.credentials.token };
}

type Line = { offer_id: string; name: string; price: number; qty: number };
async function promOrder(account: string, lines: Line[], over: Record<string, unknown> = {}): Promise<number> {
  const r = await t.request('POST', `${PROM}/_control/orders`, {
    token: admin,
    body: {
      account,
      order: {
        lines,
        client: { last_name: 'Шевчук', first_name: 'Ірина', middle_name: 'Олегівна', phone: '+380962990613' },
        delivery: { city_ref: KYIV, city_name: 'м. Київ', warehouse_ref: BRANCH, branch_number: '1' },
        payment: 'cod',
        comment: 'Подзвоніть заздалегідь',
        ...over,
      },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id;
}
const emuOrder = async (account: string, id: number) => (await t.request('GET', `${PROM}/_control/orders/${id}?account=${account}`, { token: admin })).body;

/** A verified reseller with a store. */
async function reseller(over: Record<string, unknown> = {}) {
  const u = await t.user({ isVerified: true, ...over });
  const m = await t.request('POST', '/api/v1/markets', { token: u.token, body: { name: 'Мій Prom', base_markup: { type: 1, markup: 20 } } });
  expect(m.status).toBe(201);
  return { ...u, marketId: m.body.data.id as number };
}

async function connect(u: { token: string; marketId: number }, token: string) {
  const r = await t.request('POST', '/api/v1/marketplace-connections', { token: u.token, body: { marketplace: 'prom', market_id: u.marketId, token } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { id: number; display: string; status: string };
}

async function drafts(token: string, status = 'draft') {
  const r = await t.request('GET', `/api/v1/marketplace-orders?status=${status}`, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as any[];
}

const connectionRow = async (id: number) => (await t.database.db.select().from(marketplaceConnections).where(eq(marketplaceConnections.id, id)))[0]!;

describe('the Prom.ua emulator is as strict as Prom', () => {
  test('no token or an unknown one is 401; a limit above 100 and a bad date are 400', async () => {
    const s = await promSeller();
    expect((await t.request('GET', `${PROM}/api/v1/orders/list`)).status).toBe(401);
    const bad = await t.request('GET', `${PROM}/api/v1/orders/list`, { headers: { authorization: 'Bearer nope' } });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ error: expect.any(String) });
    const auth = { authorization: `Bearer ${s.token}` };
    expect((await t.request('GET', `${PROM}/api/v1/orders/list?limit=101`, { headers: auth })).status).toBe(400);
    expect((await t.request('GET', `${PROM}/api/v1/orders/list?last_modified_from=yesterday`, { headers: auth })).status).toBe(400);
    const ok = await t.request('GET', `${PROM}/api/v1/orders/list?limit=100`, { headers: auth });
    expect(ok.body).toEqual({ orders: [] });
  });

  test('an order in Prom’s shape: money as text with the currency, ids as numbers, NP refs in delivery_provider_data', async () => {
    const s = await promSeller();
    const id = await promOrder(s.account, [{ offer_id: '1001', name: 'Чохол', price: 1234.5, qty: 1 }]);
    const r = await t.request('GET', `${PROM}/api/v1/orders/${id}`, { headers: { authorization: `Bearer ${s.token}` } });
    expect(r.body.order).toMatchObject({
      id,
      status: 'pending',
      price: '1 234,50 грн',
      products: [{ external_id: '1001', price: '1 234,50 грн', quantity: 1 }],
      delivery_provider_data: { provider: 'nova_poshta', recipient_warehouse_id: BRANCH, recipient_address: { city_id: KYIV } },
    });
    expect(r.body.order.date_created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/);
    expect((await t.request('GET', `${PROM}/api/v1/orders/999`, { headers: { authorization: `Bearer ${s.token}` } })).status).toBe(404);
  });

  test('set_status refuses what Prom refuses: a cancellation without a reason, "another" without its text, an unknown status', async () => {
    const s = await promSeller();
    const id = await promOrder(s.account, [{ offer_id: '1001', name: 'Чохол', price: 160, qty: 1 }]);
    const auth = { authorization: `Bearer ${s.token}` };
    const post = (body: unknown) => t.request('POST', `${PROM}/api/v1/orders/set_status`, { headers: auth, body });
    expect((await post({ status: 'canceled', ids: [id] })).status).toBe(400);
    expect((await post({ status: 'canceled', ids: [id], cancellation_reason: 'another' })).status).toBe(400);
    expect((await post({ status: 'shipped', ids: [id] })).status).toBe(400);
    expect((await post({ status: 'received', ids: [] })).status).toBe(400);
    expect((await post({ status: 'received', ids: [id, 1] })).body).toEqual({ processed_ids: [id], errors: { '1': 'Order not found' } });
    const decl = await t.request('POST', `${PROM}/api/v1/delivery/save_declaration_id`, {
      headers: auth,
      body: { order_id: id, declaration_id: 'abc', delivery_type: 'pigeon' },
    });
    expect(decl.body).toMatchObject({ status: 'error', errors: { declaration_id: expect.any(String), delivery_type: expect.any(String) } });
  });
});

describe('connecting a store', () => {
  test('checked at once: a token Prom refuses is a 422 on the token, in the reseller’s language, and nothing is stored', async () => {
    const u = await reseller();
    const r = await t.request('POST', '/api/v1/marketplace-connections', {
      token: u.token,
      body: { marketplace: 'prom', market_id: u.marketId, token: 'not-a-real-token-123' },
      headers: { 'x-localization': 'ru' },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.token).toEqual(['Маркетплейс не принял эти данные для входа']);
    expect((await t.request('GET', '/api/v1/marketplace-connections', { token: u.token })).body.data).toEqual([]);
  });

  test('stored sealed, shown masked, one per marketplace per store, another reseller’s store or connection is not theirs', async () => {
    const s = await promSeller();
    const u = await reseller();
    const c = await connect(u, s.token);
    expect(c.display).toBe(`••••${s.token.slice(-4)}`);
    expect(JSON.stringify(c)).not.toContain(s.token);
    const row = await connectionRow(c.id);
    expect(row.secret).toMatch(/^v1:/);
    expect(row.secret).not.toContain(s.token);
    // The sealed value opens only for its own row's owner and marketplace.
    expect(t.app.deps.secrets.open(row.secret!, `marketplace:${u.id}:prom`)).toContain(s.token);
    expect(() => t.app.deps.secrets.open(row.secret!, `marketplace:${u.id + 1}:prom`)).toThrow();

    const again = await t.request('POST', '/api/v1/marketplace-connections', {
      token: u.token,
      body: { marketplace: 'prom', market_id: u.marketId, token: s.token },
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.market_id).toBeDefined();

    const other = await reseller();
    const foreign = await t.request('POST', '/api/v1/marketplace-connections', {
      token: other.token,
      body: { marketplace: 'prom', market_id: u.marketId, token: s.token },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.market_id).toBeDefined();
    expect((await t.request('GET', '/api/v1/marketplace-connections', { token: other.token })).body.data).toEqual([]);
    expect((await t.request('DELETE', `/api/v1/marketplace-connections/${c.id}`, { token: other.token })).status).toBe(404);
    expect((await t.request('POST', `/api/v1/marketplace-connections/${c.id}/poll`, { token: other.token })).status).toBe(404);

    // Revoked: gone from the list, the credentials wiped; the store may be connected again.
    expect((await t.request('DELETE', `/api/v1/marketplace-connections/${c.id}`, { token: u.token })).status).toBe(204);
    expect((await connectionRow(c.id)).secret).toBeNull();
    expect((await t.request('GET', '/api/v1/marketplace-connections', { token: u.token })).body.data).toEqual([]);
    await connect(u, s.token);
  });

  test('an unverified reseller has no stores to connect (403 NotVerified); bad input is 422 per field', async () => {
    const u = await t.user({ isVerified: false });
    expect((await t.request('GET', '/api/v1/marketplace-connections', { token: u.token })).status).toBe(403);
    const v = await reseller();
    const r = await t.request('POST', '/api/v1/marketplace-connections', {
      token: v.token,
      body: { marketplace: 'horoshop', market_id: v.marketId, domain: 'not a domain' },
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors).sort()).toEqual(['domain', 'login', 'password']);
    const unknown = await t.request('POST', '/api/v1/marketplace-connections', { token: v.token, body: { marketplace: 'ebay', market_id: v.marketId } });
    expect(unknown.status).toBe(422);
  });

  test('deleting the store ends its connections', async () => {
    const s = await promSeller();
    const u = await reseller();
    const c = await connect(u, s.token);
    expect((await t.request('DELETE', `/api/v1/markets/${u.marketId}`, { token: u.token })).status).toBe(204);
    const row = await connectionRow(c.id);
    expect(row.revokedAt).not.toBeNull();
    expect(row.secret).toBeNull();
  });
});

describe('orders come in as drafts', () => {
  test('lines by the feed’s offer id, the branch resolved to NP refs, unmatched lines shown, the price the reseller’s', async () => {
    await orderTools(t).setStock(1, 50);
    const s = await promSeller();
    const u = await reseller();
    const c = await connect(u, s.token);
    const id = await promOrder(s.account, [
      { offer_id: '1001', name: 'Чохол Samsung A54 (Prom)', price: 160, qty: 2 },
      { offer_id: 'NOT-OURS-7', name: 'Чужий товар', price: 99, qty: 1 },
    ]);
    const polled = await t.request('POST', `/api/v1/marketplace-connections/${c.id}/poll`, { token: u.token });
    expect(polled.status, JSON.stringify(polled.body)).toBe(200);
    expect(polled.body.data).toMatchObject({ status: 'active', drafts: 1, last_error: null });
    const [d] = await drafts(u.token);
    expect(d).toMatchObject({
      marketplace: 'prom',
      external_id: String(id),
      market_name: 'Мій Prom',
      client: { last_name: 'Шевчук', first_name: 'Ірина', middle_name: 'Олегівна', phone: '+380962990613' },
      delivery: { service: 'NovaPoshta', method: 'Branch', city_name: 'Київ' },
      payment: 'cod',
      total: 419,
      comment: 'Подзвоніть заздалегідь',
      problems: ['unmatched_line'],
    });
    expect(d.delivery.branch_name).toMatch(/№1\b/);
    expect(d.lines).toEqual([
      expect.objectContaining({ offer_id: '1001', qty: 2, price: 160, product_id: 1, drop_price: 100, problems: [] }),
      expect.objectContaining({ offer_id: 'NOT-OURS-7', qty: 1, price: 99, product_id: null, problems: ['unmatched_line'] }),
    ]);
    const stored = (await t.database.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.id, d.id)))[0]!;
    expect(stored.delivery).toMatchObject({ cityRef: KYIV, branchRef: BRANCH });
    // Not placeable while a line matches nothing.
    const place = await t.request('POST', `/api/v1/marketplace-orders/${d.id}/place`, { token: u.token });
    expect(place.status).toBe(400);
    expect(place.body.code).toBe('DraftNotReady');
  });

  test('a branch given only as a city name and a number is found; an unknown one is flagged; another carrier is flagged', async () => {
    const s = await promSeller();
    const u = await reseller();
    const c = await connect(u, s.token);
    const line = [{ offer_id: '1001', name: 'Чохол', price: 160, qty: 1 }];
    const byNumber = await promOrder(s.account, line, { delivery: { city_name: 'м. Київ', branch_number: '2' } });
    const unknown = await promOrder(s.account, line, { delivery: { city_name: 'м. Київ', branch_number: '99999' } });
    const other = await promOrder(s.account, line, { delivery: { carrier: 'Укрпошта', city_name: 'Київ' } });
    const foreign = await promOrder(s.account, [{ offer_id: '987654', name: 'Чужий', price: 10, qty: 1 }]);
    await pollConnection(t.app.deps, t.app.log, await connectionRow(c.id));
    const list = await drafts(u.token);
    const of = (id: number) => list.find((d) => d.external_id === String(id));
    const stored = (
      await t.database.db
        .select()
        .from(marketplaceOrders)
        .where(eq(marketplaceOrders.externalId, String(byNumber)))
    )[0]!;
    expect(stored.delivery).toMatchObject({ cityRef: KYIV, branchRef: kyivBranch2.ref, problem: null });
    expect(of(byNumber).problems).toEqual([]);
    expect(of(unknown).problems).toEqual(['unknown_branch']);
    expect(of(other).problems).toEqual(['not_nova_poshta']);
    // An order with nothing of ours is someone else's sale: no draft.
    expect(of(foreign)).toBeUndefined();
  });

  test('the same marketplace order never becomes two drafts: two pollers at once, and the next polls', async () => {
    const s = await promSeller();
    const u = await reseller();
    const c = await connect(u, s.token);
    await promOrder(s.account, [{ offer_id: '1001', name: 'Чохол', price: 160, qty: 1 }]);
    const row = await connectionRow(c.id);
    await Promise.all([pollConnection(t.app.deps, t.app.log, row), pollConnection(t.app.deps, t.app.log, row)]);
    await pollConnection(t.app.deps, t.app.log, await connectionRow(c.id));
    const n = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(marketplaceOrders)
      .where(eq(marketplaceOrders.connectionId, c.id));
    expect(n[0]!.n).toBe(1);
    // A reconnection of the same account reads the same orders and adds none.
    await t.request('DELETE', `/api/v1/marketplace-connections/${c.id}`, { token: u.token });
    const c2 = await connect(u, s.token);
    await pollConnection(t.app.deps, t.app.log, await connectionRow(c2.id));
    expect(await drafts(u.token)).toHaveLength(1);
  });

  test('the poller takes due connections once (a lease), backs off on errors and stops on refused credentials', async () => {
    const s = await promSeller();
    const u = await reseller();
    const c = await connect(u, s.token);
    await t.database.db.update(marketplaceConnections).set({ nextPollAt: new Date(Date.now() - 1000) });
    const first = await marketplacesRepo.claimDue(t.database.db, 1000, 300);
    expect(first.map((x) => x.id)).toContain(c.id);
    expect((await marketplacesRepo.claimDue(t.database.db, 1000, 300)).map((x) => x.id)).not.toContain(c.id);

    const prom = t.app.deps.marketplaces.prom;
    t.app.deps.marketplaces.prom = {
      ...prom,
      poll: async () => {
        throw new MpUnavailable('Prom.ua GET /orders/list: HTTP 502');
      },
    };
    try {
      await pollConnection(t.app.deps, t.app.log, await connectionRow(c.id));
      await pollConnection(t.app.deps, t.app.log, await connectionRow(c.id));
    } finally {
      t.app.deps.marketplaces.prom = prom;
    }
    let row = await connectionRow(c.id);
    expect(row).toMatchObject({ status: 'failing', failures: 2, lastError: 'Prom.ua GET /orders/list: HTTP 502' });
    // 3600 s × 2² capped at an hour.
    expect(row.nextPollAt.getTime() - Date.now()).toBeGreaterThan(3000 * 1000);

    // The token deleted in Prom's cabinet: the connection stops until the reseller connects again.
    await t.request('POST', `${PROM}/_control/accounts`, { token: admin, body: { account: s.account } });
    await pollConnection(t.app.deps, t.app.log, await connectionRow(c.id));
    row = await connectionRow(c.id);
    expect(row.status).toBe('unauthorized');
    const listed = (await t.request('GET', '/api/v1/marketplace-connections', { token: u.token })).body.data;
    expect(listed[0]).toMatchObject({ status: 'unauthorized', last_error: expect.stringContaining('Prom.ua') });
    await t.database.db
      .update(marketplaceConnections)
      .set({ nextPollAt: new Date(Date.now() - 1000) })
      .where(eq(marketplaceConnections.id, c.id));
    await pollDue(t.app.deps, t.app.log);
    expect((await connectionRow(c.id)).failures).toBe(row.failures);
  });
});

describe('what the marketplace is told', () => {
  test('accepted, shipped with the waybill, delivered, cancelled, returned; nothing while New', () => {
    const o = (status: string, deliveryStatus = 'New', ttn: string | null = null) => ({ status, deliveryStatus, ttn });
    expect(desiredUpdate(o('New'))).toBeNull();
    expect(desiredUpdate(o('Confirmed'))).toEqual({ status: 'accepted', ttn: null });
    expect(desiredUpdate(o('Complected', 'CreatedTTN', '20450000000001'))).toEqual({ status: 'shipped', ttn: '20450000000001' });
    expect(desiredUpdate(o('Delivered', 'OnMyWay', '20450000000001'))).toEqual({ status: 'shipped', ttn: '20450000000001' });
    expect(desiredUpdate(o('Delivered', 'Received', '20450000000001'))).toEqual({ status: 'delivered', ttn: '20450000000001' });
    expect(desiredUpdate(o('Done', 'Received', '20450000000001'))).toEqual({ status: 'delivered', ttn: '20450000000001' });
    expect(desiredUpdate(o('Delivered', 'Refusal', '20450000000001'))).toEqual({ status: 'returned', ttn: '20450000000001' });
    expect(desiredUpdate(o('Return', 'ReturnReceived', '20450000000001'))).toEqual({ status: 'returned', ttn: '20450000000001' });
    expect(desiredUpdate(o('Canceled', 'New', null))).toEqual({ status: 'cancelled', ttn: null });
    // A deleted waybill is no shipment.
    expect(desiredUpdate(o('Confirmed', 'Deleted', '20450000000001'))).toEqual({ status: 'accepted', ttn: null });
  });
});

describe('placing drafts and the way back', () => {
  test('a courier address is resolved to the street’s ref; paid on Prom, the order is a prepayment of the whole sum', async () => {
    await orderTools(t).setStock(1, 50);
    const s = await promSeller();
    const u = await reseller();
    const c = await connect(u, s.token);
    const street = EMULATOR_DATA.streets.find((x) => x.ref === KYIV_STREET)!;
    await promOrder(s.account, [{ offer_id: '1001', name: 'Чохол', price: 175.5, qty: 2 }], {
      delivery: { city_ref: KYIV, city_name: 'м. Київ', street: `вул. ${street.description}`, house: '7а', appt: '12' },
      payment: 'prepaid',
    });
    await pollConnection(t.app.deps, t.app.log, await connectionRow(c.id));
    const [d] = await drafts(u.token);
    expect(d).toMatchObject({ payment: 'prepaid', problems: [], delivery: { method: 'Courier', street_name: street.description, house: '7а', appt: '12' } });
    const placed = await t.request('POST', `/api/v1/marketplace-orders/${d.id}/place`, { token: u.token });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.data).toMatchObject({ payment_method: 'Prepayment', prepayment_sum: 351, delivery_method: 'Courier' });
    expect(placed.body.data.delivery).toMatchObject({ city_ref: KYIV, street_ref: KYIV_STREET, house: '7а', appt: '12' });
  });

  test('placed once (a double click answers the same order), at the marketplace’s price, and the status and waybill go back', async () => {
    await orderTools(t).setStock(1, 50);
    const s = await promSeller();
    const u = await reseller();
    const c = await connect(u, s.token);
    const pid = await promOrder(s.account, [{ offer_id: '1001', name: 'Чохол', price: 160, qty: 2 }]);
    await pollConnection(t.app.deps, t.app.log, await connectionRow(c.id));
    const [d] = await drafts(u.token);
    const other = await reseller();
    expect((await t.request('POST', `/api/v1/marketplace-orders/${d.id}/place`, { token: other.token })).status).toBe(404);
    expect((await t.request('GET', `/api/v1/marketplace-orders/${d.id}`, { token: other.token })).status).toBe(404);
    expect((await t.request('DELETE', `/api/v1/marketplace-orders/${d.id}`, { token: other.token })).status).toBe(404);

    const [a, b] = await Promise.all([
      t.request('POST', `/api/v1/marketplace-orders/${d.id}/place`, { token: u.token }),
      t.request('POST', `/api/v1/marketplace-orders/${d.id}/place`, { token: u.token }),
    ]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(a.body.data.id).toBe(b.body.data.id);
    const order = a.body.data;
    expect(order).toMatchObject({ status: 'New', payment_method: 'COD', last_name: 'Шевчук', phone: '+380962990613' });
    expect(order.delivery).toMatchObject({ city_ref: KYIV, branch_ref: BRANCH });
    expect(order.products).toEqual([expect.objectContaining({ product_id: 1, qty: 2, retail_price: 160, drop_price: 100 })]);
    expect(order.comment).toBe(`Prom.ua №${pid}. Подзвоніть заздалегідь`);
    const orders = (await t.request('GET', '/api/v1/orders', { token: u.token })).body.data;
    expect(orders).toHaveLength(1);
    expect(await drafts(u.token)).toEqual([]);
    expect((await drafts(u.token, 'placed'))[0]).toMatchObject({ id: d.id, order_id: order.id, order_number: order.number, problems: [] });

    // Confirmed: Prom's order is accepted.
    expect((await t.request('POST', `/api/v1/orders/${order.id}/confirm`, { token: u.token })).status).toBe(200);
    await waitFor('received on Prom', async () => (await emuOrder(s.account, pid)).order.status === 'received');
    // A waybill: its number goes to Prom.
    const ttn = await t.request('POST', `/api/v1/admin/orders/${order.id}/ttn`, { token: admin, body: { weight: 1, seats: 1 } });
    expect(ttn.status, JSON.stringify(ttn.body)).toBe(200);
    const number = ttn.body.data.ttn as string;
    const emu = await waitFor('the waybill on Prom', async () => {
      const e = await emuOrder(s.account, pid);
      return e.order.delivery_provider_data.declaration_number === number ? e : null;
    });
    expect(emu.log.map((l: { call: string }) => l.call)).toEqual(['POST /orders/set_status', 'POST /delivery/save_declaration_id']);
    const history = await waitFor('the exchanges in the history', async () => {
      const h = (await t.request('GET', `/api/v1/orders/${order.id}`, { token: u.token })).body.data.history as any[];
      return h.filter((x) => x.kind === 'marketplace').length === 2 ? h : null;
    });
    expect(history.filter((x) => x.kind === 'marketplace').map((x) => [x.from, x.to, x.note])).toEqual([
      ['prom', 'accepted', null],
      ['prom', 'shipped', number],
    ]);
    expect(history.find((x) => x.kind === 'marketplace_source')).toMatchObject({ from: 'prom', to: String(pid) });
  });

  test('a refused status update is retried until Prom accepts it; the refusal is in the history', async () => {
    await orderTools(t).setStock(1, 50);
    const s = await promSeller();
    const u = await reseller();
    const c = await connect(u, s.token);
    const pid = await promOrder(s.account, [{ offer_id: '1001', name: 'Чохол', price: 160, qty: 1 }]);
    await pollConnection(t.app.deps, t.app.log, await connectionRow(c.id));
    const [d] = await drafts(u.token);
    const order = (await t.request('POST', `/api/v1/marketplace-orders/${d.id}/place`, { token: u.token })).body.data;
    await t.request('POST', `${PROM}/_control/faults`, { token: admin, body: { account: s.account, kind: 'refuse', count: 2 } });
    const cancel = await t.request('DELETE', `/api/v1/orders/${order.id}`, { token: u.token });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const emu = await waitFor('canceled on Prom', async () => {
      const e = await emuOrder(s.account, pid);
      return e.order.status === 'canceled' ? e : null;
    });
    expect(emu.order.cancellation).toMatchObject({ reason: 'another', text: expect.any(String) });
    expect(emu.log.filter((l: { refused?: string }) => l.refused)).toHaveLength(2);
    // The portal writes the exchange once Prom has answered.
    const h = await waitFor('the exchange in the history', async () => {
      const list = (await t.request('GET', `/api/v1/orders/${order.id}`, { token: u.token })).body.data.history as any[];
      return list.some((x) => x.kind === 'marketplace') ? list : null;
    });
    const refused = h.find((x) => x.kind === 'marketplace_error');
    expect(refused).toMatchObject({ to: 'cancelled', note: 'Prom.ua: Order status cannot be changed now', repeat_count: 2 });
    expect(h.filter((x) => x.kind === 'marketplace').map((x) => x.to)).toEqual(['cancelled']);
  });

  test('bulk placement places what it can and says why the rest was refused; a dismissed draft stays dismissed', async () => {
    await orderTools(t).setStock(1, 3);
    const s = await promSeller();
    const u = await reseller();
    const c = await connect(u, s.token);
    await promOrder(s.account, [{ offer_id: '1001', name: 'Чохол', price: 160, qty: 2 }]);
    await promOrder(s.account, [{ offer_id: '1001', name: 'Чохол', price: 160, qty: 2 }]);
    await promOrder(s.account, [{ offer_id: '1001', name: 'Чохол', price: 120, qty: 1 }]);
    await pollConnection(t.app.deps, t.app.log, await connectionRow(c.id));
    const list = await drafts(u.token);
    expect(list).toHaveLength(3);
    const cheap = list.find((d) => d.lines[0].price === 120);
    expect(cheap.problems).toEqual(['price_below_recommended']);
    const r = await t.request('POST', '/api/v1/marketplace-orders/place', { token: u.token, body: { ids: list.map((d) => d.id) } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.placed).toHaveLength(1);
    expect(r.body.data.failed.map((f: { code: string }) => f.code).sort()).toEqual(['PriceIsLessRecommended', 'QuantityIsLessRemains']);
    const left = await drafts(u.token);
    expect(left.map((d) => d.place_error).sort()).toEqual(['PriceIsLessRecommended', 'QuantityIsLessRemains']);
    expect(left.find((d) => d.id !== cheap.id).problems).toEqual(['out_of_stock']);
    expect((await t.request('DELETE', `/api/v1/marketplace-orders/${cheap.id}`, { token: u.token })).status).toBe(204);
    expect((await t.request('POST', `/api/v1/marketplace-orders/${cheap.id}/place`, { token: u.token })).body.code).toBe('DraftClosed');
    expect((await t.request('POST', '/api/v1/marketplace-orders/place', { token: u.token, body: { ids: [] } })).status).toBe(422);
  });

  test('with auto_confirm_orders, a clean draft is placed and confirmed by the poller, and Prom hears of it', async () => {
    await orderTools(t).setStock(1, 50);
    const s = await promSeller();
    const u = await reseller({ autoConfirmOrders: true });
    const c = await connect(u, s.token);
    const pid = await promOrder(s.account, [{ offer_id: '1001', name: 'Чохол', price: 160, qty: 1 }]);
    const dirty = await promOrder(s.account, [{ offer_id: '1001', name: 'Чохол', price: 160, qty: 1 }], {
      delivery: { city_name: 'Київ', branch_number: '99999' },
    });
    await pollConnection(t.app.deps, t.app.log, await connectionRow(c.id));
    const placed = await drafts(u.token, 'placed');
    expect(placed.map((d) => d.external_id)).toEqual([String(pid)]);
    const order = (await t.request('GET', `/api/v1/orders/${placed[0].order_id}`, { token: u.token })).body.data;
    expect(order.status).toBe('Confirmed');
    await waitFor('received on Prom', async () => (await emuOrder(s.account, pid)).order.status === 'received');
    expect((await drafts(u.token)).map((d) => [d.external_id, d.problems])).toEqual([[String(dirty), ['unknown_branch']]]);
  });

  test('an order cancelled on Prom while a draft is dismissed', async () => {
    const s = await promSeller();
    const u = await reseller();
    const c = await connect(u, s.token);
    const pid = await promOrder(s.account, [{ offer_id: '1001', name: 'Чохол', price: 160, qty: 1 }]);
    await pollConnection(t.app.deps, t.app.log, await connectionRow(c.id));
    await t.request('POST', `${PROM}/api/v1/orders/set_status`, {
      headers: { authorization: `Bearer ${s.token}` },
      body: { status: 'canceled', ids: [pid], cancellation_reason: 'buyers_request' },
    });
    await pollConnection(t.app.deps, t.app.log, await connectionRow(c.id));
    expect(await drafts(u.token)).toEqual([]);
    expect((await drafts(u.token, 'dismissed'))[0]).toMatchObject({ external_id: String(pid), place_error: 'cancelled_on_marketplace' });
  });
});
