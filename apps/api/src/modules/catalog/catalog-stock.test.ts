import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { FIXTURE_PRODUCTS, loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { branchOrder, orderTools } from '../../test/orders.ts';
import { FIXTURES, exchangeCredentials, runExchange } from '../onec/test-kit.ts';

/**
 * The stock history (issue 29 point 4): every writer of qty or reserved names itself (1C,
 * operator, order, return) and the trigger of migration 0023 keeps one row per change; the
 * history route pages it newest first; the low-stock list. Checked against the products table
 * and the orders, not against figures copied from the code.
 */
let t: TestApp;
let op: string;
let tools: ReturnType<typeof orderTools>;
let operatorId: number;
beforeAll(async () => {
  t = await buildTestApp({ npEmulatorStepSeconds: 0, trackingIntervalSeconds: 3600 });
  // The NP client calls the emulator over HTTP on this server's port.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await loadCatalogFixture(t.database);
  op = await t.operator();
  tools = orderTools(t);
  operatorId = (await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = 'admin@test.local'`))[0]!.id;
});
afterAll(() => t.close());

const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
type Movement = {
  source: string;
  qty_delta: number;
  reserved_delta: number;
  qty_after: number;
  reserved_after: number;
  order_id: number | null;
  actor_id: number | null;
  note: string | null;
};
/** The product's movements after the given id, oldest first, straight from the table. */
const movementsSince = (productId: number, afterId: number) =>
  rows<Movement & { id: number }>(
    sql`SELECT id::int AS id, source, qty_delta, reserved_delta, qty_after, reserved_after, order_id, actor_id, note FROM stock_movements WHERE product_id = ${productId} AND id > ${afterId} ORDER BY id`,
  );
const lastMovementId = async () => (await rows<{ id: number }>(sql`SELECT coalesce(max(id), 0)::int AS id FROM stock_movements`))[0]!.id;
const history = (productId: number, query = '') => t.request('GET', `/api/v1/admin/catalog/products/${productId}/stock-history${query}`, { token: op });
const admin = (method: string, url: string, body?: unknown) => t.request(method, `/api/v1/admin/orders${url}`, { token: op, body });

describe('access', () => {
  test('resellers get 403, visitors 401, an unknown product 404, bad queries 422', async () => {
    const u = await t.user();
    for (const url of ['/api/v1/admin/catalog/products/1/stock-history', '/api/v1/admin/catalog/low-stock']) {
      expect((await t.request('GET', url, { token: u.token })).status, url).toBe(403);
      expect((await t.request('GET', url)).status, url).toBe(401);
    }
    expect((await history(999_999)).status).toBe(404);
    expect((await history(1, '?limit=0')).status).toBe(422);
    expect((await history(1, '?before=x')).status).toBe(422);
    expect((await t.request('GET', '/api/v1/admin/catalog/low-stock?threshold=-1', { token: op })).status).toBe(422);
    expect((await t.request('GET', '/api/v1/admin/catalog/low-stock?after=abc', { token: op })).status).toBe(422);
  });
});

describe('sources', () => {
  test('an operator edit of qty: source operator with the actor; other edits write nothing', async () => {
    const from = await lastMovementId();
    const before = (await rows<{ qty: number; reserved: number }>(sql`SELECT qty, reserved FROM products WHERE id = 5`))[0]!;
    expect((await t.request('PUT', '/api/v1/admin/catalog/products/5', { token: op, body: { qty: before.qty + 7 } })).status).toBe(200);
    expect((await t.request('PUT', '/api/v1/admin/catalog/products/5', { token: op, body: { name_uk: 'Інша назва' } })).status).toBe(200);
    expect(await movementsSince(5, from)).toEqual([
      expect.objectContaining({
        source: 'operator',
        qty_delta: 7,
        reserved_delta: 0,
        qty_after: before.qty + 7,
        reserved_after: before.reserved,
        actor_id: operatorId,
        order_id: null,
      }),
    ]);
    const h = await history(5);
    expect(h.status).toBe(200);
    expect(h.body.data[0]).toMatchObject({ source: 'operator', qty_delta: 7, actor_name: expect.any(String), order_number: null });
    expect(h.body.stock).toEqual({ free: before.qty + 7, reserved: before.reserved, on_hand: before.qty + 7 + before.reserved });
  });

  test('an order: placement reserves, an edit releases part, a cancel releases the rest; each row names the order', async () => {
    await tools.setStock(3, 40);
    const u = await t.user({ isVerified: true });
    const from = await lastMovementId();
    const o = await tools.place(u.token, [[3, 4, 150]]);
    const edited = await t.request('PUT', `/api/v1/orders/${o.id}`, {
      token: u.token,
      body: { ...branchOrder, products: [{ product_id: 3, qty: 1, retail_price: 150 }] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await t.request('DELETE', `/api/v1/orders/${o.id}`, { token: u.token })).status).toBe(200);
    const m = await movementsSince(3, from);
    expect(m.map((x) => [x.source, x.qty_delta, x.reserved_delta, x.qty_after, x.reserved_after, x.order_id])).toEqual([
      ['order', -4, 4, 36, 4, o.id],
      ['order', 3, -3, 39, 1, o.id],
      ['order', 1, -1, 40, 0, o.id],
    ]);
    expect(m.every((x) => x.actor_id === u.id)).toBe(true);
    const h = await history(3, '?limit=2');
    expect(h.body.data.map((r: { order_number: string }) => r.order_number)).toEqual([o.number, o.number]);
    // The next page continues where the first stopped.
    const next = await history(3, `?limit=2&before=${h.body.next_before}`);
    expect(next.body.data[0].id).toBeLessThan(h.body.data[1].id);
    expect(next.body.data[0]).toMatchObject({ source: 'order', qty_delta: -4, order_id: o.id });
  });

  test('a parcel refused and returned: reserved at placement, shipped at delivery, back on the shelf as a return', async () => {
    await tools.setStock(4, 10);
    const u = await t.user({ isVerified: true });
    const from = await lastMovementId();
    const o = await tools.placeConfirmed(u.token, [[4, 2, 80]], { payment_delivery: 'Balance' });
    await t.user(); // another reseller's activity in between changes nothing here
    const made = await admin('POST', `/${o.id}/ttn`, {});
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const ttn = made.body.data.ttn as string;
    await t.request('POST', '/emulators/novaposhta/control/scenario', { token: op, body: { number: ttn, scenario: 'refused' } });
    for (let i = 0; i < 20; i++) {
      const step = (await t.request('POST', '/emulators/novaposhta/control/advance', { token: op, body: { number: ttn, steps: 1 } })).body;
      await admin('POST', '/tracking/run');
      await admin('POST', '/tracking/run');
      if (step.final) break;
    }
    expect((await admin('GET', `/${o.id}`)).body.data).toMatchObject({ status: 'Return', delivery_status: 'ReturnReceived' });
    const m = await movementsSince(4, from);
    expect(m.map((x) => [x.source, x.qty_delta, x.reserved_delta, x.order_id])).toEqual([
      ['order', -2, 2, o.id],
      ['order', 0, -2, o.id],
      ['return', 2, 0, o.id],
    ]);
    expect(await tools.stock(4)).toEqual({ qty: 10, reserved: 0 });
  });

  test('the 1C offers import: source onec, named by the file', async () => {
    const from = await lastMovementId();
    const creds = await exchangeCredentials(t);
    const { imports } = await runExchange(t, creds.login, creds.secret, path.join(FIXTURES, 'full'));
    expect(imports.map((i) => i.res.lines[0])).toEqual(['success', 'success']);
    const m = await rows<Movement & { product_id: number; qty: number }>(
      sql`SELECT m.*, p.qty FROM stock_movements m JOIN products p ON p.id = m.product_id WHERE m.id > ${from} ORDER BY m.id`,
    );
    expect(m.length).toBeGreaterThan(0);
    expect(new Set(m.map((x) => x.source))).toEqual(new Set(['onec']));
    expect(new Set(m.map((x) => x.note))).toEqual(new Set(['offers.xml']));
    // Every imported product with stock got there through a recorded movement (new goods start at 0).
    const stocked = await rows<{ id: number; qty: number }>(sql`SELECT id, qty FROM products WHERE external_id IS NOT NULL AND qty > 0 ORDER BY id`);
    expect(stocked.length).toBeGreaterThan(0);
    for (const p of stocked) expect(m.filter((x) => x.product_id === p.id).at(-1)?.qty_after, `product ${p.id}`).toBe(p.qty);
  });
});

describe('low stock', () => {
  test('qty at or below the threshold, fewest first, archived ones left out, keyset pages equal to one page', async () => {
    await t.database.db.execute(sql`UPDATE products SET qty = 2, reserved = 1 WHERE id = 6`);
    const all = await t.request('GET', '/api/v1/admin/catalog/low-stock?threshold=3&limit=100', { token: op });
    expect(all.status).toBe(200);
    const expected = await rows<{ id: number; qty: number }>(sql`SELECT id, qty FROM products WHERE archived_at IS NULL AND qty <= 3 ORDER BY qty, id`);
    expect(all.body.data.map((r: { id: number }) => r.id)).toEqual(expected.map((r) => r.id));
    expect(all.body.data.find((r: { id: number }) => r.id === 6)).toMatchObject({ free: 2, reserved: 1, on_hand: 3 });
    expect(all.body.next_after).toBeNull();
    // Two rows a page, followed to the end: the same rows in the same order.
    const paged: number[] = [];
    let after: string | null = null;
    do {
      const r: { body: { data: { id: number }[]; next_after: string | null } } = await t.request(
        'GET',
        `/api/v1/admin/catalog/low-stock?threshold=3&limit=2${after ? `&after=${after}` : ''}`,
        { token: op },
      );
      paged.push(...r.body.data.map((x) => x.id));
      after = r.body.next_after;
    } while (after);
    expect(paged).toEqual(expected.map((r) => r.id));
    // An archived product is no longer listed; a category takes its subtree; in_stock_only leaves out zeros.
    await t.database.db.execute(sql`UPDATE products SET archived_at = now() WHERE id = 6`);
    const live = await t.request('GET', '/api/v1/admin/catalog/low-stock?threshold=3&limit=100', { token: op });
    expect(live.body.data.map((r: { id: number }) => r.id)).not.toContain(6);
    await t.database.db.execute(sql`UPDATE products SET archived_at = NULL WHERE id = 6`);
    const tools6 = await t.request('GET', '/api/v1/admin/catalog/low-stock?threshold=3&category_id=6', { token: op });
    const inTools = await rows<{ id: number }>(sql`SELECT id FROM products WHERE category_id IN (6, 7) AND archived_at IS NULL AND qty <= 3 ORDER BY qty, id`);
    expect(tools6.body.data.map((r: { id: number }) => r.id)).toEqual(inTools.map((r) => r.id));
    const nonZero = await t.request('GET', '/api/v1/admin/catalog/low-stock?threshold=3&in_stock_only=true', { token: op });
    expect(nonZero.body.data.every((r: { free: number }) => r.free > 0)).toBe(true);
    // The default threshold is 3.
    const def = await t.request('GET', '/api/v1/admin/catalog/low-stock?limit=100', { token: op });
    expect(def.body.data).toEqual(all.body.data);
    expect(FIXTURE_PRODUCTS.length).toBeGreaterThan(0);
  });
});
