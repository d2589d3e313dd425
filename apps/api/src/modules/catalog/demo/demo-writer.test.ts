import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { loadCatalogFixture } from '../../../test/catalog-fixture.ts';
import { orderTools } from '../../../test/orders.ts';
import { catalogueSize, clearCatalogue, loadDemoCatalogue } from './demo-writer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await loadCatalogFixture(t.database);
});
afterAll(() => t.close());

test('replacing the catalogue (seed --force) keeps orders with their lines, empties carts, and leaves the product link constraint in place', async () => {
  const tools = orderTools(t);
  const u = await t.user({ isVerified: true });
  const o = await tools.place(u.token, [[4, 1, 80]]);
  await tools.fill(u.token, [[1, 1, 160]]);
  await clearCatalogue(t.database);
  expect(await catalogueSize(t.database)).toBe(0);
  const line = (await t.database.db.execute(sql`SELECT product_id, name, drop_kop FROM order_lines WHERE order_id = ${o.id}`)) as unknown as {
    rows: { product_id: number | null; name: string; drop_kop: string }[];
  };
  expect(line.rows).toEqual([{ product_id: null, name: o.products[0].name, drop_kop: expect.anything() }]);
  expect((await t.request('GET', `/api/v1/orders/${o.id}`, { token: u.token })).body.data.products[0]).toMatchObject({
    product_id: null,
    qty: 1,
    drop_price: 50,
  });
  const carts = (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM cart_lines`)) as unknown as { rows: { n: number }[] };
  expect(carts.rows[0]!.n).toBe(0);
  const fk = (await t.database.db.execute(
    sql`SELECT count(*)::int AS n FROM pg_constraint WHERE conname = 'order_lines_product_id_products_id_fk'`,
  )) as unknown as { rows: { n: number }[] };
  expect(fk.rows[0]!.n).toBe(1);
  await loadDemoCatalogue(t.database, 50);
  expect(await catalogueSize(t.database)).toBe(50);
});
