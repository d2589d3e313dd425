import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { refreshCatalogueStats } from './catalogue-stats.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  await loadCatalogFixture(t.database);
  token = (await t.user({ isVerified: true })).token;
});
afterAll(() => t.close());

const get = (url: string) => t.request('GET', url, { token });
const ids = (body: { data: { id: number }[] }) => body.data.map((p) => p.id);
const facetCount = (groups: { properties: { property_value_id: number; count: number }[] }[], valueId: number) =>
  groups.flatMap((g) => g.properties).find((p) => p.property_value_id === valueId)?.count;

test('filtered totals and facet counts are shared from the cache until the catalogue changes; pages stay live', async () => {
  const list = '/api/v1/products?category_id=3&price_from=90&price_to=100';
  const facets = '/api/v1/filters?category_id=2&selected_filters[]=2_5';
  const before = await get(list);
  expect(ids(before.body)).toEqual([3, 1]);
  expect(before.body.meta.total).toBe(2);
  const facetsBefore = (await get(facets)).body.data;

  // Another writer moves product 1 out of the price range and gives product 3 no properties,
  // without telling this process.
  await t.database.db.execute(sql`UPDATE products SET drop_kop = 99900 WHERE id = 1`);
  await t.database.db.execute(sql`UPDATE products SET property_value_ids = '{}' WHERE id = 3`);

  const stale = await get(list);
  expect(ids(stale.body)).toEqual([3]); // the page itself is read live
  expect(stale.body.meta.total).toBe(2); // the shared total is the cached one
  expect((await get(facets)).body.data).toEqual(facetsBefore);

  // A catalogue writer refreshes the statistics: every cached aggregate is dropped with them.
  await refreshCatalogueStats(t.database.db);
  const fresh = await get(list);
  expect(fresh.body.meta.total).toBe(1);
  const facetsAfter = (await get(facets)).body.data;
  expect(facetsAfter).not.toEqual(facetsBefore);
  // Product 3 was blue leather: the leather count (its own type, counted without the silicone
  // selection) lost it.
  expect(facetCount(facetsAfter, 4)).toBe((facetCount(facetsBefore, 4) ?? 0) - 1);
});
