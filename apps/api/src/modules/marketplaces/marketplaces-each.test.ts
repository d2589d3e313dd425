/**
 * Issue 33's proof for each marketplace, through the portal's API against that marketplace's
 * strict emulator over HTTP: a new marketplace order becomes exactly one draft (also with two
 * pollers at once), its lines and Nova Poshta branch resolved; placed, confirmed and shipped, the
 * marketplace order shows the status and the waybill; a refused update is retried until accepted.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Marketplace } from '@drop/shared';
import type { TestApp } from '../../test/app.ts';
import { marketplaceTestApp, waitFor } from '../../test/marketplaces.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { BRANCH, KYIV, orderTools } from '../../test/orders.ts';
import { marketplaceConnections, marketplaceOrders } from '../../db/schema/index.ts';
import { pollConnection } from './marketplace-poller.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  // The poller's own timer stays out of the way (tests poll on demand); jobs run.
  ({ t, admin } = await marketplaceTestApp({ marketplacePollSeconds: 3600, trackingIntervalSeconds: 3600, npEmulatorStepSeconds: 0 }));
  await loadCatalogFixture(t.database);
});
afterAll(() => t.close());

/** How each emulator's order shows its status and waybill (the marketplace's own fields). */
const SHAPES: Record<Marketplace, { status: (o: any) => unknown; ttn: (o: any) => unknown; accepted: unknown; shipped: unknown; cancelled: unknown }> = {
  prom: {
    status: (o) => o.status,
    ttn: (o) => o.delivery_provider_data?.declaration_number ?? null,
    accepted: 'received',
    shipped: 'received',
    cancelled: 'canceled',
  },
  rozetka: { status: (o) => o.status, ttn: (o) => o.ttn || null, accepted: 26, shipped: 3, cancelled: 40 },
  horoshop: { status: (o) => o.stat_status, ttn: (o) => o.tracking_code ?? null, accepted: 2, shipped: 6, cancelled: 4 },
};

describe.each(['prom', 'rozetka', 'horoshop'] as const)('%s end to end', (mp) => {
  const base = `/emulators/${mp}`;
  const shape = SHAPES[mp];
  let seller: { account: string; credentials: Record<string, string> };
  let u: { id: number; token: string };
  let connectionId: number;

  const emuOrder = async (id: number) =>
    (await t.request('GET', `${base}/_control/orders/${id}?account=${encodeURIComponent(seller.account)}`, { token: admin })).body;
  const newOrder = async (qty = 1) => {
    const r = await t.request('POST', `${base}/_control/orders`, {
      token: admin,
      body: {
        account: seller.account,
        order: {
          lines: [
            { offer_id: '1001', name: 'Чохол-книжка A54', price: 160, qty },
            { offer_id: '77777', name: 'Не наш товар', price: 50, qty: 1 },
          ],
          client: { last_name: 'Бондар', first_name: 'Олег', middle_name: 'Іванович', phone: '+380501234567' },
          delivery: { city_ref: KYIV, city_name: 'Київ', warehouse_ref: BRANCH, branch_number: '1' },
          payment: 'cod',
        },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.id as number;
  };
  const draftsOf = async (status = 'draft') => (await t.request('GET', `/api/v1/marketplace-orders?status=${status}`, { token: u.token })).body.data as any[];
  const historyWith = (orderId: number, exchanges: number) =>
    waitFor('the exchanges in the history', async () => {
      const h = (await t.request('GET', `/api/v1/orders/${orderId}`, { token: u.token })).body.data.history as any[];
      return h.filter((x) => x.kind === 'marketplace').length >= exchanges ? h : null;
    });
  /** The draft without the line that is not ours (as if the buyer had ordered ours only). */
  const keepOurLines = (d: any) =>
    t.database.db
      .update(marketplaceOrders)
      .set({
        lines: d.lines
          .filter((l: any) => l.product_id !== null)
          .map((l: any) => ({ ref: l.ref, offerId: l.offer_id, sku: l.sku, name: l.name, qty: l.qty, priceKop: l.price * 100, productId: l.product_id })),
      })
      .where(eq(marketplaceOrders.id, d.id));
  const connection = async () => (await t.database.db.select().from(marketplaceConnections).where(eq(marketplaceConnections.id, connectionId)))[0]!;

  beforeAll(async () => {
    await orderTools(t).setStock(1, 100);
    const s = await t.request('POST', `${base}/_control/accounts`, { token: admin, body: {} });
    seller = s.body;
    u = await t.user({ isVerified: true });
    const m = await t.request('POST', '/api/v1/markets', { token: u.token, body: { name: `Магазин ${mp}`, base_markup: { type: 1, markup: 10 } } });
    const c = await t.request('POST', '/api/v1/marketplace-connections', {
      token: u.token,
      body: { marketplace: mp, market_id: m.body.data.id, ...seller.credentials },
    });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    expect(JSON.stringify(c.body)).not.toContain(seller.credentials.token ?? seller.credentials.password);
    connectionId = c.body.data.id;
  });

  test('wrong credentials are refused at once (422 on the secret field)', async () => {
    const m = await t.request('POST', '/api/v1/markets', { token: u.token, body: { name: `Другий ${mp}`, base_markup: { type: 1, markup: 10 } } });
    const wrong = mp === 'prom' ? { token: 'wrong-token-0000' } : { ...seller.credentials, password: 'wrong-password' };
    const r = await t.request('POST', '/api/v1/marketplace-connections', { token: u.token, body: { marketplace: mp, market_id: m.body.data.id, ...wrong } });
    expect(r.status).toBe(422);
    expect(r.body.errors[mp === 'prom' ? 'token' : 'password']).toEqual(['Маркетплейс не прийняв ці дані для входу']);
  });

  test('a new order becomes exactly one draft, with two pollers at once; lines and the branch resolved', async () => {
    const id = await newOrder(2);
    const row = await connection();
    await Promise.all([pollConnection(t.app.deps, t.app.log, row), pollConnection(t.app.deps, t.app.log, row)]);
    await pollConnection(t.app.deps, t.app.log, await connection());
    const n = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(marketplaceOrders)
      .where(eq(marketplaceOrders.externalId, String(id)));
    expect(n[0]!.n).toBe(1);
    const d = (await draftsOf()).find((x) => x.external_id === String(id));
    expect(d).toMatchObject({
      marketplace: mp,
      client: { last_name: 'Бондар', first_name: 'Олег', phone: '+380501234567' },
      delivery: { service: 'NovaPoshta', method: 'Branch', city_name: 'Київ' },
      payment: 'cod',
      problems: ['unmatched_line'],
    });
    expect(d.lines.map((l: any) => [l.offer_id, l.product_id, l.qty, l.price])).toEqual([
      ['1001', 1, 2, 160],
      ['77777', null, 1, 50],
    ]);
    const stored = (await t.database.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.id, d.id)))[0]!;
    expect(stored.delivery).toMatchObject({ cityRef: KYIV, branchRef: BRANCH, problem: null });
  });

  test('placed, confirmed and shipped: the marketplace order shows the status and the waybill', async () => {
    const id = await newOrder();
    await pollConnection(t.app.deps, t.app.log, await connection());
    const d = (await draftsOf()).find((x) => x.external_id === String(id));
    // The unmatched line stops the placement; dismissed, the reseller places a clean one instead.
    expect((await t.request('POST', `/api/v1/marketplace-orders/${d.id}/place`, { token: u.token })).body.code).toBe('DraftNotReady');
    await keepOurLines(d);
    const placed = await t.request('POST', `/api/v1/marketplace-orders/${d.id}/place`, { token: u.token });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.data.id as number;
    expect((await t.request('POST', `/api/v1/orders/${orderId}/confirm`, { token: u.token })).status).toBe(200);
    await waitFor('accepted', async () => shape.status((await emuOrder(id)).order) === shape.accepted);
    const ttn = await t.request('POST', `/api/v1/admin/orders/${orderId}/ttn`, { token: admin, body: { weight: 1, seats: 1 } });
    expect(ttn.status, JSON.stringify(ttn.body)).toBe(200);
    await waitFor('the waybill', async () => {
      const o = (await emuOrder(id)).order;
      return shape.ttn(o) === ttn.body.data.ttn && shape.status(o) === shape.shipped;
    });
    const history = await historyWith(orderId, 2);
    expect(history.filter((h) => h.kind === 'marketplace').map((h) => [h.from, h.to])).toEqual([
      [mp, 'accepted'],
      [mp, 'shipped'],
    ]);
  });

  test('a refused update is retried until the marketplace accepts it', async () => {
    const id = await newOrder();
    await pollConnection(t.app.deps, t.app.log, await connection());
    const d = (await draftsOf()).find((x) => x.external_id === String(id));
    await keepOurLines(d);
    const orderId = (await t.request('POST', `/api/v1/marketplace-orders/${d.id}/place`, { token: u.token })).body.data.id as number;
    const armed = await t.request('POST', `${base}/_control/faults`, { token: admin, body: { account: seller.account, kind: 'refuse', count: 1 } });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    expect((await t.request('POST', `/api/v1/orders/${orderId}/confirm`, { token: u.token })).status).toBe(200);
    await waitFor('accepted after a refusal', async () => shape.status((await emuOrder(id)).order) === shape.accepted);
    // The portal writes the exchange once the marketplace has answered.
    const history = await historyWith(orderId, 1);
    expect(history.filter((h) => h.kind === 'marketplace_error').map((h) => h.to)).toEqual(['accepted']);
    expect(history.filter((h) => h.kind === 'marketplace').map((h) => h.to)).toEqual(['accepted']);
  });
});
