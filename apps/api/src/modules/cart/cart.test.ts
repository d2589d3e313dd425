import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_CART_LINES } from '@drop/shared';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { setSupplierSetting } from '../settings/supplier-settings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await loadCatalogFixture(t.database);
});
afterAll(() => t.close());

// Fixture: product 1 drop 100.00, recommended 150.00, stock 5; product 4 drop 50.00, recommended 80.00, stock 30.
describe('cart', () => {
  test("add, edit and remove lines; sums and profit at today's prices; products show in_cart", async () => {
    const u = await t.user({ isVerified: true });
    const empty = await t.request('GET', '/api/v1/carts', { token: u.token });
    expect(empty.body).toEqual({ data: { items: [], count: 0, drop_sum: 0, retail_sum: 0, profit: 0 } });

    const add = await t.request('POST', '/api/v1/carts', { token: u.token, body: { product_id: 1, qty: 2, retail_price: 199.99 } });
    expect(add.status).toBe(200);
    expect(add.body.data.items[0]).toMatchObject({
      product_id: 1,
      qty: 2,
      retail_price: 199.99,
      drop_price: 100,
      recommended_price: 150,
      profit: 199.98,
      product: { vendor_code: 'SM-A54-BK', quantity: '5', qty: 5 },
    });
    expect(add.body.data.items[0].product.name).toBe('Чохол-книжка Samsung Galaxy A54 чорний');
    const second = await t.request('POST', '/api/v1/carts/', { token: u.token, body: { product_id: 4, qty: 3, retail_price: 80 } });
    expect(second.body.data).toMatchObject({ count: 2, drop_sum: 350, retail_sum: 639.98, profit: 289.98 });

    // Adding a product again replaces its line.
    const again = await t.request('POST', '/api/v1/carts', { token: u.token, body: { product_id: 1, qty: 1, retail_price: 150 } });
    expect(again.body.data.count).toBe(2);
    expect(again.body.data.items.find((i: any) => i.product_id === 1)).toMatchObject({ qty: 1, profit: 50 });

    const list = await t.request('GET', '/api/v1/products?category_id=2&per_page=10', { token: u.token });
    const inCart = Object.fromEntries(list.body.data.map((p: any) => [p.id, p.in_cart]));
    expect(inCart).toMatchObject({ 1: true, 2: false, 3: false, 4: true, 5: false });
    expect((await t.request('GET', '/api/v1/products/4', { token: u.token })).body.data.in_cart).toBe(true);

    const lineId = again.body.data.items.find((i: any) => i.product_id === 4).id;
    const edit = await t.request('PUT', `/api/v1/carts/${lineId}`, { token: u.token, body: { id: lineId, qty: 30, retail_price: 99.5 } });
    expect(edit.status).toBe(200);
    expect(edit.body.data.items.find((i: any) => i.id === lineId)).toMatchObject({ qty: 30, retail_price: 99.5, profit: 1485 });
    const removed = await t.request('DELETE', `/api/v1/carts/${lineId}`, { token: u.token });
    expect(removed.body.data.items.map((i: any) => i.product_id)).toEqual([1]);
    expect((await t.request('GET', '/api/v1/products/4', { token: u.token })).body.data.in_cart).toBe(false);
  });

  test('drop price follows the user: an unverified reseller pays +12 %, a discount lowers it', async () => {
    const newbie = await t.user();
    const vip = await t.user({ isVerified: true, discount: 10 });
    const a = await t.request('POST', '/api/v1/carts', { token: newbie.token, body: { product_id: 1, qty: 1, retail_price: 150 } });
    expect(a.body.data.items[0]).toMatchObject({ drop_price: 112, profit: 38 });
    const b = await t.request('POST', '/api/v1/carts', { token: vip.token, body: { product_id: 1, qty: 1, retail_price: 150 } });
    expect(b.body.data.items[0]).toMatchObject({ drop_price: 90, profit: 60 });
  });

  test('refusals: below drop, below recommended while enforced, above stock; the cart stays as it was', async () => {
    const u = await t.user({ isVerified: true });
    await t.request('POST', '/api/v1/carts', { token: u.token, body: { product_id: 4, qty: 1, retail_price: 80 } });
    const before = (await t.request('GET', '/api/v1/carts', { token: u.token })).body;

    const belowDrop = await t.request('POST', '/api/v1/carts', { token: u.token, body: { product_id: 1, qty: 1, retail_price: 99.99 } });
    expect(belowDrop.status).toBe(400);
    expect(belowDrop.body).toEqual({ code: 'PriceIsLessDrop', message: 'Ціна продажу не може бути нижчою за дроп-ціну' });
    const belowRec = await t.request('POST', '/api/v1/carts', {
      token: u.token,
      body: { product_id: 1, qty: 1, retail_price: 149.99 },
      headers: { 'x-localization': 'ru' },
    });
    expect(belowRec.status).toBe(400);
    expect(belowRec.body).toEqual({ code: 'PriceIsLessRecommended', message: 'Цена продажи не может быть ниже рекомендованной розничной цены' });
    const aboveStock = await t.request('POST', '/api/v1/carts', { token: u.token, body: { product_id: 1, qty: 6, retail_price: 150 } });
    expect(aboveStock.body.code).toBe('QuantityIsLessRemains');
    const outOfStock = await t.request('POST', '/api/v1/carts', { token: u.token, body: { product_id: 2, qty: 1, retail_price: 200 } });
    expect(outOfStock.body.code).toBe('QuantityIsLessRemains');
    const lineId = before.data.items[0].id;
    const editDown = await t.request('PUT', `/api/v1/carts/${lineId}`, { token: u.token, body: { qty: 1, retail_price: 49 } });
    expect(editDown.body.code).toBe('PriceIsLessDrop');
    expect((await t.request('GET', '/api/v1/carts', { token: u.token })).body).toEqual(before);

    // When the supplier stops enforcing the recommended price, selling between drop and recommended is allowed.
    await setSupplierSetting(t.database.db, 'enforce_recommended_price', false, null);
    try {
      const ok = await t.request('POST', '/api/v1/carts', { token: u.token, body: { product_id: 1, qty: 1, retail_price: 120 } });
      expect(ok.status).toBe(200);
    } finally {
      await setSupplierSetting(t.database.db, 'enforce_recommended_price', true, null);
    }
  });

  test('a full cart refuses a new product (CartFull) but still takes a new quantity for a product it holds', async () => {
    const u = await t.user({ isVerified: true });
    const made = await t.database.db.execute(sql`
      INSERT INTO products (b2b_code_id, code_id, vendor_code, name_uk, name_ru, category_id, parent_id, root_id, drop_kop, retail_kop, qty)
      SELECT 90000 + g, 90000 + g, 'FULL-' || g, 'Товар ' || g, 'Товар ' || g, 4, 2, 1, 5000, 8000, 10 FROM generate_series(1, ${MAX_CART_LINES}) g
      RETURNING id`);
    const ids = (made as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    await t.database.db.execute(sql`
      INSERT INTO cart_lines (user_id, product_id, qty, retail_kop)
      SELECT ${u.id}, id, 1, 8000 FROM unnest(${`{${ids.slice(0, MAX_CART_LINES - 1).join(',')}}`}::int[]) AS id`);
    const last = await t.request('POST', '/api/v1/carts', { token: u.token, body: { product_id: 4, qty: 1, retail_price: 80 } });
    expect(last.status).toBe(200);
    expect(last.body.data.count).toBe(MAX_CART_LINES);
    const full = await t.request('POST', '/api/v1/carts', { token: u.token, body: { product_id: ids[MAX_CART_LINES - 1], qty: 1, retail_price: 80 } });
    expect(full.status).toBe(400);
    expect(full.body.code).toBe('CartFull');
    const again = await t.request('POST', '/api/v1/carts', { token: u.token, body: { product_id: 4, qty: 2, retail_price: 85 } });
    expect(again.status).toBe(200);
    expect(again.body.data.count).toBe(MAX_CART_LINES);
    expect(again.body.data.items.find((i: { product_id: number }) => i.product_id === 4)).toMatchObject({ qty: 2, retail_price: 85 });
    await t.database.db.execute(sql`DELETE FROM products WHERE b2b_code_id > 90000`);
  });

  test("bad input is a 422 per field; unknown products and other resellers' lines are 404", async () => {
    const me = await t.user({ isVerified: true });
    const other = await t.user({ isVerified: true });
    const bad = await t.request('POST', '/api/v1/carts', { token: me.token, body: { product_id: 0, qty: 0, retail_price: -1 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['product_id', 'qty', 'retail_price']);
    expect((await t.request('POST', '/api/v1/carts', { token: me.token, body: { product_id: 1, qty: 1.5, retail_price: 150 } })).body.errors.qty).toBeDefined();
    expect(
      (await t.request('POST', '/api/v1/carts', { token: me.token, body: { product_id: 1, qty: 1, retail_price: 150.001 } })).body.errors.retail_price,
    ).toBeDefined();
    const missing = await t.request('POST', '/api/v1/carts', { token: me.token, body: { product_id: 999999, qty: 1, retail_price: 150 } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.product_id[0]).toBe('Товар не знайдено');

    const theirs = await t.request('POST', '/api/v1/carts', { token: other.token, body: { product_id: 1, qty: 1, retail_price: 150 } });
    const id = theirs.body.data.items[0].id;
    expect((await t.request('PUT', `/api/v1/carts/${id}`, { token: me.token, body: { qty: 2, retail_price: 150 } })).status).toBe(404);
    expect((await t.request('DELETE', `/api/v1/carts/${id}`, { token: me.token })).status).toBe(404);
    expect((await t.request('GET', '/api/v1/carts', { token: other.token })).body.data.items[0]).toMatchObject({ id, qty: 1 });
    expect((await t.request('PUT', `/api/v1/carts/${id}`, { token: other.token, body: { id: id + 1, qty: 2, retail_price: 150 } })).status).toBe(422);
    expect((await t.request('DELETE', '/api/v1/carts/abc', { token: me.token })).status).toBe(404);
    expect((await t.request('GET', '/api/v1/carts')).status).toBe(401);
  });
});
