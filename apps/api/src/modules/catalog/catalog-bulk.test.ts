import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { BULK_CHANGE_MAX } from '@drop/shared';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';

/**
 * Bulk price and stock changes (issue 29 point 4): the preview and the apply agree, the rounding
 * rule, skipped rows and their reasons, one audit entry, stock movements for qty, the bound,
 * idempotency, access and validation. Expected values come from the products table and hand
 * arithmetic, not from the code under test.
 */
let t: TestApp;
let op: string;
let operatorId: number;
beforeAll(async () => {
  t = await buildTestApp();
  await loadCatalogFixture(t.database);
  op = await t.operator();
  operatorId = (await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = 'admin@test.local'`))[0]!.id;
});
afterAll(() => t.close());

const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
type P = { id: number; drop_kop: number; retail_kop: number; old_drop_kop: number | null; qty: number };
const productsById = async (ids: number[]) =>
  new Map(
    (
      await rows<P>(
        sql`SELECT id, drop_kop::float8 AS drop_kop, retail_kop::float8 AS retail_kop, old_drop_kop::float8 AS old_drop_kop, qty FROM products WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`,
      )
    ).map((p) => [p.id, p]),
  );
const preview = (body: unknown, token = op) => t.request('POST', '/api/v1/admin/catalog/products/bulk-change/preview', { token, body });
const apply = (body: unknown, key?: string, token = op) =>
  t.request('POST', '/api/v1/admin/catalog/products/bulk-change', { token, body, headers: key ? { 'idempotency-key': key } : {} });
const setPrices = (id: number, drop: number, retail: number, old: number | null = null) =>
  t.database.db.execute(sql`UPDATE products SET drop_kop = ${drop}, retail_kop = ${retail}, old_drop_kop = ${old} WHERE id = ${id}`);

describe('access and input', () => {
  test('a reseller gets 403, a visitor 401; nothing changes', async () => {
    const u = await t.user();
    const body = { product_ids: [1], field: 'retail_price', mode: 'percent', amount: 10 };
    const before = await productsById([1]);
    expect((await preview(body, u.token)).status).toBe(403);
    expect((await apply(body, undefined, u.token)).status).toBe(403);
    expect((await t.request('POST', '/api/v1/admin/catalog/products/bulk-change', { body })).status).toBe(401);
    expect((await t.request('POST', '/api/v1/admin/catalog/products/bulk-change/preview', { body })).status).toBe(401);
    expect(await productsById([1])).toEqual(before);
  });

  test('bad input is a 422 on the field', async () => {
    const ok = { field: 'retail_price', mode: 'percent', amount: 10 };
    const cases: [unknown, string][] = [
      [{ ...ok }, 'product_ids'], // neither ids nor filter
      [{ ...ok, product_ids: [1], filter: {} }, 'product_ids'], // both
      [{ ...ok, product_ids: [] }, 'product_ids'],
      [{ ...ok, filter: {}, field: 'name' }, 'field'],
      [{ ...ok, filter: {}, mode: 'multiply' }, 'mode'],
      [{ ...ok, filter: {}, amount: 1001 }, 'amount'],
      [{ ...ok, filter: {}, amount: -101 }, 'amount'],
      [{ ...ok, filter: {}, amount: 'ten' }, 'amount'],
      [{ ...ok, filter: {}, mode: 'value', amount: 1.005 }, 'amount'],
      [{ ...ok, filter: {}, field: 'qty', mode: 'value', amount: 1.5 }, 'amount'],
      [{ ...ok, filter: {}, mode: 'set', amount: -1 }, 'amount'],
      [{ ...ok, filter: {}, mode: 'value', amount: 0 }, 'amount'],
      [{ ...ok, filter: { category_id: 0 } }, 'filter.category_id'],
      [{ ...ok, filter: { unknown: 1 } }, 'filter'],
      [{ ...ok, filter: {}, rounding: 'cents' }, 'rounding'],
      [{ ...ok, product_ids: Array.from({ length: BULK_CHANGE_MAX + 1 }, (_, i) => i + 1) }, 'product_ids'],
    ];
    for (const [body, field] of cases) {
      const r = await preview(body);
      expect(r.status, JSON.stringify(body).slice(0, 200)).toBe(422);
      expect(
        Object.keys(r.body.errors ?? {}).some((k) => k === field || k.startsWith(`${field}.`)),
        `${JSON.stringify(r.body).slice(0, 300)} for ${field}`,
      ).toBe(true);
    }
  });
});

describe('preview and apply', () => {
  test('+10 % on the retail price of a category (with its subtree): the preview is what the apply writes; one audit entry', async () => {
    // Category 2 holds 3 and 4 below it (the fixture's phone cases).
    const matched = await rows<{ id: number }>(
      sql`SELECT id FROM products WHERE category_id IN (WITH RECURSIVE s(id) AS (SELECT 2 UNION ALL SELECT c.id FROM categories c JOIN s ON c.parent_id = s.id) SELECT id FROM s) AND archived_at IS NULL ORDER BY id DESC`,
    );
    expect(matched.length).toBeGreaterThan(2);
    const ids = matched.map((r) => r.id);
    const before = await productsById(ids);
    const body = { filter: { category_id: 2 }, field: 'retail_price', mode: 'percent', amount: 10 };
    const p = await preview(body);
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.data).toMatchObject({ matched: ids.length, changed: ids.length, skipped: 0 });
    // Newest first, before -> after by hand: retail * 1.1, whole kopecks.
    expect(p.body.data.sample.map((r: { id: number }) => r.id)).toEqual(ids);
    for (const r of p.body.data.sample) {
      const b = before.get(r.id)!;
      expect(r.before).toBe(b.retail_kop / 100);
      expect(r.after).toBe(Math.round(b.retail_kop * 1.1) / 100);
    }
    const sumBefore = ids.reduce((s, id) => s + before.get(id)!.retail_kop, 0);
    expect(p.body.data.sum_before).toBe(sumBefore / 100);
    // Nothing written by the preview.
    expect(await productsById(ids)).toEqual(before);

    const auditsBefore = (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'product.bulk_change'`))[0]!.n;
    const a = await apply(body, 'bulk-retail-10');
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.data.changed).toBe(p.body.data.changed);
    expect(a.body.data.sum_after).toBe(p.body.data.sum_after);
    const after = await productsById(ids);
    for (const r of p.body.data.sample) expect(after.get(r.id)!.retail_kop).toBe(Math.round(r.after * 100));
    for (const id of ids) expect(after.get(id)!.drop_kop).toBe(before.get(id)!.drop_kop);
    // The same key again: the first answer, nothing applied twice.
    const again = await apply(body, 'bulk-retail-10');
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await productsById(ids)).toEqual(after);
    const audits = await rows<{ actor_id: number; entity: string; changes: { matched: number; changed: number; change: unknown; target: unknown } }>(
      sql`SELECT actor_id, entity, changes FROM audit_log WHERE action = 'product.bulk_change' ORDER BY id`,
    );
    expect(audits.length).toBe(auditsBefore + 1);
    expect(audits.at(-1)).toMatchObject({
      actor_id: operatorId,
      entity: 'product',
      changes: {
        matched: ids.length,
        changed: ids.length,
        change: { field: 'retail_price', mode: 'percent', amount: 10, rounding: 'kop' },
        target: { filter: { category_id: 2 } },
      },
    });
    // The admin list shows the new prices.
    const list = await t.request('GET', '/api/v1/admin/catalog/products?category_id=2&per_page=100', { token: op });
    for (const r of list.body.data) expect(r.retail_price).toBe(after.get(r.id)!.retail_kop / 100);
  });

  test('rounding: half away from zero to kopecks, or to whole hryvnia', async () => {
    await setPrices(1, 5_000, 9_999);
    // 99.99 * 1.125 = 112.48875 UAH -> 112.49 (kopecks) or 112.00 (whole hryvnia).
    const kop = await preview({ product_ids: [1], field: 'retail_price', mode: 'percent', amount: 12.5 });
    expect(kop.body.data.sample[0]).toMatchObject({ before: 99.99, after: 112.49 });
    const uah = await preview({ product_ids: [1], field: 'retail_price', mode: 'percent', amount: 12.5, rounding: 'uah' });
    expect(uah.body.data.sample[0]).toMatchObject({ after: 112 });
    // 100.50 -> 101 (half up), and -15 % of 33.33 = 28.3305 -> 28.33.
    await setPrices(1, 2_000, 10_050);
    expect((await preview({ product_ids: [1], field: 'retail_price', mode: 'set', amount: 100.5, rounding: 'uah' })).body.data.sample[0]).toMatchObject({
      after: 101,
    });
    await setPrices(1, 2_000, 3_333);
    expect((await preview({ product_ids: [1], field: 'retail_price', mode: 'percent', amount: -15 })).body.data.sample[0]).toMatchObject({ after: 28.33 });
    const a = await apply({ product_ids: [1], field: 'retail_price', mode: 'value', amount: -3.33 });
    expect(a.body.data.changed).toBe(1);
    expect((await productsById([1])).get(1)!.retail_kop).toBe(3_000);
  });

  test('guards: such rows are skipped with their reasons and left as they are', async () => {
    await setPrices(1, 10_000, 15_000); // drop +60 % = 160.00 > retail 150.00
    await setPrices(2, 10_000, 20_000, 15_000); // drop +60 % = 160.00 fine; old drop 150.00
    await setPrices(3, 10_000, 20_000); // no old drop price
    const up = await preview({ product_ids: [1, 2, 3], field: 'drop_price', mode: 'percent', amount: 60 });
    expect(up.body.data).toMatchObject({ matched: 3, changed: 2, skipped: 1, skipped_by_reason: { retail_below_drop: 1 } });
    expect(up.body.data.skipped_sample).toEqual([expect.objectContaining({ id: 1, before: 100, after: 160, reason: 'retail_below_drop' })]);
    const old = await preview({ product_ids: [1, 2, 3], field: 'old_drop_price', mode: 'value', amount: -60 });
    // 2: 150 - 60 = 90 <= drop 100: not a special any more -> skipped; 1 and 3 have none.
    expect(old.body.data.skipped_by_reason).toEqual({ no_old_price: 2, old_not_above_drop: 1 });
    const retail = await preview({ product_ids: [1, 2], field: 'retail_price', mode: 'percent', amount: -40 });
    expect(retail.body.data.skipped_by_reason).toEqual({ retail_below_drop: 1 }); // 150 * 0.6 = 90 < 100; 200 * 0.6 = 120 fine
    const low = await preview({ product_ids: [1], field: 'drop_price', mode: 'percent', amount: -100 });
    expect(low.body.data.skipped_by_reason).toEqual({ price_too_low: 1 });
    const same = await preview({ product_ids: [1], field: 'drop_price', mode: 'set', amount: 100 });
    expect(same.body.data.skipped_by_reason).toEqual({ unchanged: 1 });
    const before = await productsById([1, 2, 3]);
    const a = await apply({ product_ids: [1, 2, 3], field: 'drop_price', mode: 'percent', amount: 60 });
    expect(a.body.data).toMatchObject({ changed: 2, skipped: 1 });
    const after = await productsById([1, 2, 3]);
    expect(after.get(1)).toEqual(before.get(1));
    expect([after.get(2)!.drop_kop, after.get(3)!.drop_kop]).toEqual([16_000, 16_000]);
  });

  test('qty: a stock movement per product (operator, note bulk, the actor); never below 0', async () => {
    await t.database.db.execute(sql`UPDATE products SET qty = 5, reserved = 1 WHERE id = 4`);
    await t.database.db.execute(sql`UPDATE products SET qty = 2 WHERE id = 5`);
    const from = (await rows<{ id: number }>(sql`SELECT coalesce(max(id), 0)::int AS id FROM stock_movements`))[0]!.id;
    const body = { product_ids: [4, 5], field: 'qty', mode: 'value', amount: -3 };
    const p = await preview(body);
    expect(p.body.data).toMatchObject({ changed: 1, skipped_by_reason: { qty_negative: 1 }, sum_before: 5, sum_after: 2 });
    const a = await apply(body);
    expect(a.body.data.changed).toBe(1);
    const m = await rows<{
      product_id: number;
      source: string;
      qty_delta: number;
      reserved_delta: number;
      qty_after: number;
      reserved_after: number;
      actor_id: number;
      note: string;
    }>(
      sql`SELECT product_id, source, qty_delta, reserved_delta, qty_after, reserved_after, actor_id, note FROM stock_movements WHERE id > ${from} ORDER BY id`,
    );
    expect(m).toEqual([
      { product_id: 4, source: 'operator', qty_delta: -3, reserved_delta: 0, qty_after: 2, reserved_after: 1, actor_id: operatorId, note: 'bulk' },
    ]);
    // Percent of stock rounds to whole pieces: 7 * 1.5 = 10.5 -> 11.
    await t.database.db.execute(sql`UPDATE products SET qty = 7 WHERE id = 5`);
    expect((await preview({ product_ids: [5], field: 'qty', mode: 'percent', amount: 50 })).body.data.sample[0]).toMatchObject({ before: 7, after: 11 });
  });

  test('apply recomputes from the data as it is then: a price changed after the preview is what the change applies to', async () => {
    await setPrices(6, 100_000, 200_000);
    const body = { product_ids: [6], field: 'drop_price', mode: 'percent', amount: 10 };
    expect((await preview(body)).body.data.sample[0]).toMatchObject({ before: 1000, after: 1100 });
    await setPrices(6, 120_000, 200_000);
    const a = await apply(body);
    expect(a.body.data).toMatchObject({ changed: 1, sum_before: 1200, sum_after: 1320 });
    expect((await productsById([6])).get(6)!.drop_kop).toBe(132_000);
  });

  test('filters as the list: search, in stock, new, specials; archived products are never changed', async () => {
    const list = async (q: string) =>
      (await t.request('GET', `/api/v1/admin/catalog/products?per_page=100&${q}`, { token: op })).body.data.map((r: { id: number }) => r.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ search: 'Samsung' }, 'search=Samsung'],
      [{ in_stock: true }, 'in_stock=true'],
      [{ in_stock: false }, 'in_stock=false'],
      [{ is_new: true }, 'is_new=true'],
      [{ specials: true }, 'specials=true'],
      [{}, ''],
    ];
    for (const [filter, q] of cases) {
      const p = await preview({ filter, field: 'qty', mode: 'set', amount: 1_000_000 });
      expect(p.status).toBe(200);
      expect(
        p.body.data.sample.map((r: { id: number }) => r.id),
        q,
      ).toEqual(await list(q));
    }
    await t.database.db.execute(sql`UPDATE products SET archived_at = now() WHERE id = 7`);
    const p = await preview({ product_ids: [7], field: 'qty', mode: 'set', amount: 9 });
    expect(p.body.data.matched).toBe(0);
    await t.database.db.execute(sql`UPDATE products SET archived_at = NULL WHERE id = 7`);
  });
});

describe('bound', () => {
  test(`more than ${BULK_CHANGE_MAX} products: 422 BulkChangeTooMany, nothing changed`, async () => {
    const [cat] = await rows<{ id: number }>(sql`INSERT INTO categories (parent_id, depth, name_uk, name_ru) VALUES (NULL, 0, 'Багато', 'Много') RETURNING id`);
    await t.database.db.execute(sql`
      INSERT INTO products (b2b_code_id, code_id, vendor_code, name_uk, name_ru, category_id, root_id, drop_kop, retail_kop, qty)
      SELECT 5000000 + g, 5000000 + g, 'MANY-' || g, 'Товар ' || g, 'Товар ' || g, ${cat!.id}, ${cat!.id}, 1000, 2000, 1 FROM generate_series(1, ${BULK_CHANGE_MAX + 1}) g`);
    const body = { filter: { category_id: cat!.id }, field: 'retail_price', mode: 'percent', amount: 5 };
    for (const call of [() => preview(body), () => apply(body)]) {
      const r = await call();
      expect(r.status).toBe(422);
      expect(r.body.errors.filter[0]).toContain(String(BULK_CHANGE_MAX).slice(0, 2));
    }
    expect(await rows(sql`SELECT count(*)::int AS n FROM products WHERE category_id = ${cat!.id} AND retail_kop <> 2000`)).toEqual([{ n: 0 }]);
    // One fewer fits.
    await t.database.db.execute(sql`UPDATE products SET archived_at = now() WHERE id = (SELECT max(id) FROM products WHERE category_id = ${cat!.id})`);
    const ok = await preview(body);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ matched: BULK_CHANGE_MAX, changed: BULK_CHANGE_MAX });
    expect(ok.body.data.sample.length).toBe(50);
  }, 120_000);
});
