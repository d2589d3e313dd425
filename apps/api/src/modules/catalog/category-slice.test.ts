import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { PRODUCT_RESULT_WINDOW } from '@drop/shared';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { catalogRepo, type ProductWhere } from './catalog.repository.ts';
import { buildSlice, parseSliceText, scanSlice, SUBSET_BYTES_FACTOR, type SliceRow } from './category-slice.ts';
import { loadDemoCatalogue } from './demo/demo-writer.ts';
import { readModelOf } from './read-model.ts';

/** A seeded generator (mulberry32): the same cases on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('scanSlice against the SQL rule, in memory', () => {
  test('property groups (any inside, all across), price bounds, page and capped count as a straight filter gives them', () => {
    const rnd = random(31);
    const rows: SliceRow[] = Array.from({ length: 3000 }, (_, i) => ({
      id: 10_000 - i,
      drop_kop: Math.floor(rnd() * 100_000),
      property_value_ids: [...new Set(Array.from({ length: Math.floor(rnd() * 5) }, () => 1 + Math.floor(rnd() * 40)))].sort((a, b) => a - b),
    }));
    const slice = buildSlice(rows)!;
    for (let k = 0; k < 600; k++) {
      const groups = Array.from({ length: Math.floor(rnd() * 4) }, () => Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => 1 + Math.floor(rnd() * 45)));
      const min = rnd() < 0.7 ? Math.floor(rnd() * 60_000) : undefined;
      const max = rnd() < 0.7 ? Math.floor(rnd() * 100_000) : undefined;
      const limit = 1 + Math.floor(rnd() * 30);
      const offset = Math.floor(rnd() * 200);
      const cap = rnd() < 0.3 ? 50 : 10_000;
      const matching = rows.filter(
        (r) =>
          (min === undefined || Number(r.drop_kop) >= min) &&
          (max === undefined || Number(r.drop_kop) <= max) &&
          groups.every((g) => g.some((v) => r.property_value_ids.includes(v))),
      );
      const expected = { ids: matching.slice(offset, offset + limit).map((r) => r.id), total: Math.min(matching.length, cap) };
      expect(scanSlice(slice, { valueGroups: groups, dropMinKop: min, dropMaxKop: max }, limit, offset, cap)).toEqual(expected);
    }
  });

  test('an empty group filters nothing; a value the category lacks matches nothing; 31 groups are left to SQL', () => {
    const slice = buildSlice([
      { id: 3, drop_kop: '100', property_value_ids: [1, 2] },
      { id: 2, drop_kop: '200', property_value_ids: [2] },
      { id: 1, drop_kop: '300', property_value_ids: [] },
    ])!;
    expect(scanSlice(slice, { valueGroups: [[]] }, 20, 0, 100)).toEqual({ ids: [3, 2, 1], total: 3 });
    expect(scanSlice(slice, { valueGroups: [[99]] }, 20, 0, 100)).toEqual({ ids: [], total: 0 });
    expect(scanSlice(slice, { valueGroups: [[99, 2]], dropMaxKop: 150 }, 20, 0, 100)).toEqual({ ids: [3], total: 1 });
    expect(scanSlice(slice, { valueGroups: Array.from({ length: 31 }, (_, i) => [i + 1]) }, 20, 0, 100)).toBeNull();
  });

  test("the database's text of a slice reads back as its rows, a product without values included", () => {
    expect(parseSliceText('')).toEqual([]);
    expect(parseSliceText('9 12345 3 7,8 100,7 250 1')).toEqual([
      { id: 9, drop_kop: 12345, property_value_ids: [3, 7] },
      { id: 8, drop_kop: 100, property_value_ids: [] },
      { id: 7, drop_kop: 250, property_value_ids: [1] },
    ]);
  });

  test('a set of groups is worked out once, in any order; the subsets kept stay within their bound', () => {
    const rnd = random(3);
    const rows: SliceRow[] = Array.from({ length: 2000 }, (_, i) => ({
      id: 5000 - i,
      drop_kop: i * 10,
      property_value_ids: [1 + (i % 7), 10 + (i % 5), 20 + (i % 11)],
    }));
    const slice = buildSlice(rows)!;
    const a = scanSlice(slice, { valueGroups: [[2, 1], [11]] }, 10, 0, 10_000);
    expect(slice.subsets.size).toBe(1);
    expect(scanSlice(slice, { valueGroups: [[11], [1, 2]], dropMinKop: 0 }, 10, 0, 10_000)).toEqual(a);
    expect(slice.subsets.size).toBe(1);
    for (let k = 0; k < 300; k++) {
      scanSlice(slice, { valueGroups: [[1 + Math.floor(rnd() * 7)], [10 + Math.floor(rnd() * 5), 20 + Math.floor(rnd() * 11)]] }, 10, 0, 10_000);
      scanSlice(slice, { valueGroups: [[20 + Math.floor(rnd() * 11)]] }, 10, 0, 10_000);
    }
    expect(slice.subsetBytes).toBeLessThanOrEqual(SUBSET_BYTES_FACTOR * slice.bytes);
    expect(slice.subsets.size).toBeGreaterThan(10);
  });
});

describe('category slices in the API', () => {
  let t: TestApp;
  let token: string;
  /** Leaf categories with their property values by type. */
  const leaves: { id: number; types: { type: number; values: number[] }[] }[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    await loadDemoCatalogue(t.database, 1500, { seed: 5, pictures: false });
    token = (await t.user({ isVerified: true })).token;
    const r = (await t.database.db.execute(
      sql`SELECT cf.category_id AS c, v.property_type_id AS t, array_agg(cf.property_value_id ORDER BY cf.property_value_id) AS v
          FROM category_facets cf JOIN property_values v ON v.id = cf.property_value_id
          WHERE cf.category_id > 0 GROUP BY 1, 2 ORDER BY 1, 2`,
    )) as unknown as { rows: { c: number; t: number; v: number[] | string }[] };
    const byCategory = new Map<number, { type: number; values: number[] }[]>();
    for (const row of r.rows) {
      const values = typeof row.v === 'string' ? row.v.slice(1, -1).split(',').map(Number) : row.v.map(Number);
      byCategory.set(Number(row.c), [...(byCategory.get(Number(row.c)) ?? []), { type: Number(row.t), values }]);
    }
    for (const [id, types] of byCategory) leaves.push({ id, types });
  }, 120_000);
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const get = (url: string) => t.request('GET', url, { token });

  test('every filtered list equals the SQL list: ids in order and the capped count, any price range and page', async () => {
    const model = readModelOf(t.database.db);
    expect(model.listening).toBe(true);
    expect(leaves.length).toBeGreaterThan(3);
    const slicePage = vi.spyOn(model, 'slicePage');
    const rnd = random(8);
    let nonEmpty = 0;
    for (let k = 0; k < 60; k++) {
      const leaf = leaves[Math.floor(rnd() * leaves.length)]!;
      const filters = leaf.types
        .filter(() => rnd() < 0.5)
        .flatMap((g) =>
          g.values
            .filter(() => rnd() < 0.3)
            .slice(0, 2)
            .map((v) => `filters[]=${g.type}_${v}`),
        );
      const from = rnd() < 0.8 ? Math.floor(rnd() * 800) + Math.floor(rnd() * 100) / 100 : undefined;
      const to = rnd() < 0.6 ? (from ?? 0) + Math.floor(rnd() * 2000) : undefined;
      if (filters.length === 0 && from === undefined && to === undefined) continue;
      const page = 1 + Math.floor(rnd() * 2);
      const params = [
        `category_id=${leaf.id}`,
        ...filters,
        ...(from !== undefined ? [`price_from=${from.toFixed(2)}`] : []),
        ...(to !== undefined ? [`price_to=${to}`] : []),
        `per_page=10&page=${page}`,
      ];
      const calls = slicePage.mock.calls.length;
      const res = await get(`/api/v1/products?${params.join('&')}`);
      expect(res.status).toBe(200);
      // Answered from the slice, for the restriction the API built; SQL gives the same for it.
      expect(slicePage.mock.calls.length).toBe(calls + 1);
      expect(await slicePage.mock.results.at(-1)!.value).not.toBeNull();
      const where = slicePage.mock.calls.at(-1)![0] as ProductWhere;
      const expectedIds = await catalogRepo.pageIds(t.database.db, where, 10, (page - 1) * 10);
      const expectedTotal = await catalogRepo.countCapped(t.database.db, where, PRODUCT_RESULT_WINDOW);
      expect(res.body.data.map((p: { id: number }) => p.id)).toEqual(expectedIds);
      expect(res.body.meta.total).toBe(expectedTotal);
      if (expectedIds.length > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(15);
  });

  test('a price range nobody asked before reads nothing from the database once the category is held', async () => {
    const leaf = leaves[0]!;
    await get(`/api/v1/products?category_id=${leaf.id}&price_from=1`);
    const sliceText = vi.spyOn(catalogRepo, 'sliceText');
    const pageIds = vi.spyOn(catalogRepo, 'pageIds');
    const countCapped = vi.spyOn(catalogRepo, 'countCapped');
    for (const from of [2.5, 3.75, 10, 99.99]) {
      const res = await get(
        `/api/v1/products?category_id=${leaf.id}&price_from=${from}&filters[]=${leaf.types[0]!.type}_${leaf.types[0]!.values[0]}&page=2&per_page=10`,
      );
      expect(res.status, `${leaf.id} ${JSON.stringify(res.body)}`).toBe(200);
    }
    expect(sliceText).not.toHaveBeenCalled();
    expect(pageIds).not.toHaveBeenCalled();
    expect(countCapped).not.toHaveBeenCalled();
  });

  test("a category above a hidden one lists none of the hidden one's products, as SQL does", async () => {
    const { categoryTree } = await import('./category-tree.ts');
    const parent = [...(await categoryTree(t.database.db)).byId.values()].find((c) => c.ancestors.length === 1 && c.children.length >= 2)!;
    const hidden = parent.children[0]!;
    const url = `/api/v1/products?category_id=${parent.id}&price_from=0.01&price_to=100000&per_page=100`;
    const shown = (await get(url)).body.data as { category_id: number }[];
    expect(shown.some((p) => p.category_id === hidden.id)).toBe(true);
    const op = await t.operator();
    expect((await t.request('PATCH', `/api/v1/admin/catalog/categories/${hidden.id}`, { token: op, body: { hidden: true } })).status).toBe(200);
    const model = readModelOf(t.database.db);
    const slicePage = vi.spyOn(model, 'slicePage');
    await vi.waitFor(
      async () => {
        const r = await get(url);
        expect((r.body.data as { category_id: number }[]).some((p) => p.category_id === hidden.id)).toBe(false);
        const where = slicePage.mock.calls.at(-1)![0] as ProductWhere;
        expect(where.hidden).toBeDefined();
        expect(r.body.meta.total).toBe(await catalogRepo.countCapped(t.database.db, where, PRODUCT_RESULT_WINDOW));
        expect(r.body.data.map((p: { id: number }) => p.id)).toEqual(await catalogRepo.pageIds(t.database.db, where, 100, 0));
      },
      { timeout: 3000, interval: 20 },
    );
    expect((await t.request('PATCH', `/api/v1/admin/catalog/categories/${hidden.id}`, { token: op, body: { hidden: false } })).status).toBe(200);
  });

  test('a price change committed by anyone moves the product in or out of the filtered list at once', async () => {
    const leaf = leaves[1]!;
    const url = `/api/v1/products?category_id=${leaf.id}&price_from=0&price_to=100000&per_page=100`;
    const before = (await get(url)).body;
    expect(before.data.length).toBeGreaterThan(0);
    const moved = before.data[0].id as number;
    await t.database.db.execute(sql`UPDATE products SET drop_kop = 100000000 WHERE id = ${moved}`);
    await vi.waitFor(
      async () => {
        const after = (await get(url)).body;
        expect(after.data.map((p: { id: number }) => p.id)).not.toContain(moved);
        expect(after.meta.total).toBe(before.meta.total - 1);
      },
      { timeout: 3000, interval: 20 },
    );
  });
});
