import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { marketCategoryMarkups, markets } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { setSupplierSetting } from '../settings/supplier-settings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await loadCatalogFixture(t.database);
});
afterAll(() => t.close());

const store = (name: string, type: 1 | 2, markup: number, catalog: [number, number][] = []) => ({
  name,
  base_markup: { type, markup },
  catalog_markup: catalog.map(([id, m]) => ({ id, markup: m })),
});
const create = (token: string, body: unknown, headers: Record<string, string> = {}) => t.request('POST', '/api/v1/markets', { token, body, headers });
const seller = () => t.user({ isVerified: true });
const countMarkets = (userId: number) =>
  t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(markets)
    .where(eq(markets.userId, userId))
    .then((r) => Number(r[0]?.n));

describe('stores CRUD', () => {
  test('create, list (oldest first), read, update, delete', async () => {
    const u = await seller();
    const empty = await t.request('GET', '/api/v1/markets/', { token: u.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ data: [] });

    const a = await create(u.token, {
      ...store('  Rozetka ', 1, 12.5, [
        [3, 40],
        [1, 20],
      ]),
    });
    expect(a.status).toBe(201);
    expect(a.body.data).toMatchObject({
      name: 'Rozetka',
      base_markup: { type: 1, markup: 12.5 },
      // By category id.
      catalog_markup: [
        { id: 1, markup: 20 },
        { id: 3, markup: 40 },
      ],
    });
    expect(typeof a.body.data.id).toBe('number');
    expect(Date.parse(a.body.data.created_at)).not.toBeNaN();
    const b = await create(u.token, { name: 'Prom', base_markup: { type: 2, markup: 0 } });
    expect(b.status).toBe(201);
    expect(b.body.data.catalog_markup).toEqual([]);

    const list = await t.request('GET', '/api/v1/markets', { token: u.token });
    expect(list.body.data.map((m: { name: string }) => m.name)).toEqual(['Rozetka', 'Prom']);
    expect(list.body.data[0]).toEqual(a.body.data);

    const one = await t.request('GET', `/api/v1/markets/${a.body.data.id}`, { token: u.token });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(a.body.data);

    // PUT without catalog_markup keeps the category markups.
    const renamed = await t.request('PUT', `/api/v1/markets/${a.body.data.id}`, {
      token: u.token,
      body: { name: 'Rozetka 2', base_markup: { type: 2, markup: 1000 } },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      id: a.body.data.id,
      name: 'Rozetka 2',
      base_markup: { type: 2, markup: 1000 },
      catalog_markup: a.body.data.catalog_markup,
    });
    expect(renamed.body.data.created_at).toBe(a.body.data.created_at);
    expect(Date.parse(renamed.body.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(a.body.data.updated_at));

    // With catalog_markup it replaces them; [] clears them.
    const replaced = await t.request('PUT', `/api/v1/markets/${a.body.data.id}/`, { token: u.token, body: store('Rozetka 2', 2, 5, [[7, 3.25]]) });
    expect(replaced.body.data.catalog_markup).toEqual([{ id: 7, markup: 3.25 }]);
    const cleared = await t.request('PUT', `/api/v1/markets/${a.body.data.id}`, { token: u.token, body: store('Rozetka 2', 2, 5, []) });
    expect(cleared.body.data.catalog_markup).toEqual([]);
    expect((await t.request('GET', `/api/v1/markets/${a.body.data.id}`, { token: u.token })).body.data.catalog_markup).toEqual([]);

    const del = await t.request('DELETE', `/api/v1/markets/${a.body.data.id}`, { token: u.token });
    expect(del.status).toBe(204);
    expect(del.body).toBeNull();
    expect((await t.request('GET', `/api/v1/markets/${a.body.data.id}`, { token: u.token })).status).toBe(404);
    expect((await t.request('DELETE', `/api/v1/markets/${a.body.data.id}`, { token: u.token })).status).toBe(404);
    expect((await t.request('GET', '/api/v1/markets', { token: u.token })).body.data.map((m: { id: number }) => m.id)).toEqual([b.body.data.id]);
    // Category markups went with the store.
    const left = await t.database.db.select().from(marketCategoryMarkups).where(eq(marketCategoryMarkups.marketId, a.body.data.id));
    expect(left).toEqual([]);
  });

  test('no token is 401; malformed or unknown ids are 404', async () => {
    const u = await seller();
    expect((await t.request('GET', '/api/v1/markets')).status).toBe(401);
    expect((await t.request('POST', '/api/v1/markets', { body: store('A', 1, 1) })).status).toBe(401);
    expect((await t.request('GET', '/api/v1/markets/abc', { token: u.token })).status).toBe(404);
    expect((await t.request('GET', '/api/v1/markets/99999999', { token: u.token })).status).toBe(404);
    expect((await t.request('PUT', '/api/v1/markets/99999999', { token: u.token, body: store('A', 1, 1) })).status).toBe(404);
    expect((await t.request('DELETE', '/api/v1/markets/0', { token: u.token })).status).toBe(404);
  });
});

describe('validation', () => {
  test('field errors are 422 with the field and a message in the request language', async () => {
    const u = await seller();
    const bad = async (body: unknown, lang = 'uk') => {
      const r = await create(u.token, body, { 'x-localization': lang });
      expect(r.status).toBe(422);
      return r.body as { message: string; errors: Record<string, string[]> };
    };
    const missing = await bad({});
    expect(missing.errors.name).toEqual(["Поле обов'язкове для заповнення"]);
    expect(missing.errors.base_markup).toBeDefined();
    expect((await bad({}, 'ru')).errors.name).toEqual(['Поле обязательно для заполнения']);
    expect((await bad(store('   ', 1, 1))).errors.name).toBeDefined();
    expect((await bad(store('x'.repeat(101), 1, 1))).errors.name).toEqual(['Максимальна довжина: 100 символів']);
    expect((await bad(store('A', 3 as 1, 1))).errors['base_markup.type']).toEqual(['Недопустиме значення']);
    expect((await bad({ name: 'A', base_markup: { markup: 1 } })).errors['base_markup.type']).toBeDefined();
    expect((await bad(store('A', 1, -0.01))).errors['base_markup.markup']).toEqual(['Значення має бути не менше 0']);
    expect((await bad(store('A', 1, 1000.01))).errors['base_markup.markup']).toEqual(['Значення має бути не більше 1000']);
    expect((await bad(store('A', 1, 10.123))).errors['base_markup.markup']).toBeDefined();
    expect((await bad({ ...store('A', 1, 1), base_markup: { type: 1, markup: '5' } })).errors['base_markup.markup']).toBeDefined();
    expect((await bad({ ...store('A', 1, 1), shop: 1 })).errors.shop).toEqual(['Невідоме поле']);
    expect(
      (
        await bad(
          store('A', 1, 1, [
            [3, 1],
            [3, 2],
          ]),
        )
      ).errors['catalog_markup.1.id'],
    ).toEqual(['Цю категорію вже вказано']);
    expect((await bad(store('A', 1, 1, [[3, 1001]]))).errors['catalog_markup.0.markup']).toBeDefined();
    const tooMany = Array.from({ length: 501 }, (_, i) => [i + 1, 1] as [number, number]);
    expect((await bad(store('A', 1, 1, tooMany))).errors.catalog_markup).toBeDefined();
    // A category that does not exist.
    const unknown = await bad(
      store('A', 1, 1, [
        [3, 1],
        [999, 1],
      ]),
    );
    expect(unknown.errors).toEqual({ 'catalog_markup.1.id': ['Категорію не знайдено'] });
    // The same rules on PUT; nothing was created by any of the above.
    const ok = await create(u.token, store('A', 1, 1));
    const put = await t.request('PUT', `/api/v1/markets/${ok.body.data.id}`, { token: u.token, body: store('B', 1, 1, [[999, 1]]) });
    expect(put.status).toBe(422);
    expect(put.body.errors['catalog_markup.0.id']).toBeDefined();
    expect((await t.request('GET', '/api/v1/markets', { token: u.token })).body.data).toEqual([ok.body.data]);
  });
});

describe('verified users only', () => {
  test('a non-verified user gets 403 NotVerified on every route, in both languages', async () => {
    const u = await t.user({ isVerified: false });
    const list = await t.request('GET', '/api/v1/markets', { token: u.token });
    expect(list.status).toBe(403);
    expect(list.body).toEqual({ code: 'NotVerified', message: 'Магазини доступні лише верифікованим користувачам' });
    const ru = await t.request('GET', '/api/v1/markets', { token: u.token, headers: { 'x-localization': 'ru' } });
    expect(ru.body).toEqual({ code: 'NotVerified', message: 'Магазины доступны только верифицированным пользователям' });
    // Even with a bad body: the refusal comes first.
    for (const body of [store('A', 1, 1), {}]) {
      const r = await create(u.token, body);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('NotVerified');
    }
    expect(await countMarkets(u.id)).toBe(0);
    expect((await t.request('GET', '/api/v1/markets/1', { token: u.token })).body.code).toBe('NotVerified');
    expect((await t.request('PUT', '/api/v1/markets/1', { token: u.token, body: store('A', 1, 1) })).body.code).toBe('NotVerified');
    expect((await t.request('DELETE', '/api/v1/markets/1', { token: u.token })).body.code).toBe('NotVerified');
  });
});

describe('at most 5 stores', () => {
  test('a sixth is 400 MarketsLimit; deleting one makes room again', async () => {
    const u = await seller();
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const r = await create(u.token, store(`Store ${i}`, 1, i));
      expect(r.status).toBe(201);
      ids.push(r.body.data.id);
    }
    const sixth = await create(u.token, store('Store 6', 1, 6));
    expect(sixth.status).toBe(400);
    expect(sixth.body).toEqual({ code: 'MarketsLimit', message: 'Можна створити не більше 5 магазинів' });
    const ru = await create(u.token, store('Store 6', 1, 6), { 'x-localization': 'ru' });
    expect(ru.body).toEqual({ code: 'MarketsLimit', message: 'Можно создать не более 5 магазинов' });
    expect(await countMarkets(u.id)).toBe(5);
    // Another user's stores do not count.
    expect((await create((await seller()).token, store('Mine', 1, 1))).status).toBe(201);

    expect((await t.request('DELETE', `/api/v1/markets/${ids[2]}`, { token: u.token })).status).toBe(204);
    expect((await create(u.token, store('Store 6', 1, 6))).status).toBe(201);
    expect((await t.request('GET', '/api/v1/markets', { token: u.token })).body.data.map((m: { name: string }) => m.name)).toEqual([
      'Store 1',
      'Store 2',
      'Store 4',
      'Store 5',
      'Store 6',
    ]);
  });

  describe.runIf(process.env.TEST_DB_KIND === 'postgres')('under concurrency (PostgreSQL)', () => {
    test('5 concurrent creates on a user with 4 stores end with exactly 5', async () => {
      for (let round = 0; round < 3; round++) {
        const u = await seller();
        for (let i = 1; i <= 4; i++) expect((await create(u.token, store(`S${i}`, 1, i))).status).toBe(201);
        const results = await Promise.all(Array.from({ length: 5 }, (_, i) => create(u.token, store(`C${i}`, 2, i, [[1, 5]]))));
        const statuses = results.map((r) => r.status).sort();
        expect(statuses).toEqual([201, 400, 400, 400, 400]);
        expect(results.filter((r) => r.status === 400).every((r) => r.body.code === 'MarketsLimit')).toBe(true);
        expect(await countMarkets(u.id)).toBe(5);
      }
    });
  });
});

describe("another user's store", () => {
  test('every {id} route answers 404 and changes nothing', async () => {
    const owner = await seller();
    const intruder = await seller();
    const mine = await create(owner.token, store('Owner', 1, 10, [[2, 30]]));
    const id = mine.body.data.id;
    const get = await t.request('GET', `/api/v1/markets/${id}`, { token: intruder.token });
    expect(get.status).toBe(404);
    expect(get.body).toEqual({ code: 'NotFound', message: 'Не знайдено' });
    const put = await t.request('PUT', `/api/v1/markets/${id}`, { token: intruder.token, body: store('Hacked', 2, 999, []) });
    expect(put.status).toBe(404);
    expect((await t.request('DELETE', `/api/v1/markets/${id}`, { token: intruder.token })).status).toBe(404);
    expect((await t.request('GET', '/api/v1/markets', { token: intruder.token })).body.data).toEqual([]);
    expect((await t.request('GET', `/api/v1/markets/${id}`, { token: owner.token })).body.data).toEqual(mine.body.data);
  });
});

/**
 * Prices under a store. Fixture (drop / recommended, UAH): category 3 (parent 2, root 1):
 * p1 100/150, p2 120/180, p3 90/130; category 4 (parent 2, root 1): p4 50/80, p5 60/90;
 * category 7 (parent 6, root 5): p6 1500/2100, p7 900/1200. The seller is verified with no
 * discount and a profile markup of 50 % on the recommended price (p1: 225.00, profit 125.00).
 */
describe('catalogue prices follow the store (market_id)', () => {
  let u: { id: number; token: string };
  let fromDrop: number; // type 1, +10 %
  let fromRecommended: number; // type 2, +10 %
  let byCategory: number; // type 1, +10 %; root 1: 20 %, parent 2: 30 %, leaf 3: 40 %, root 5: 5 %
  let rootOnly: number; // type 2, +0 %; root 1: 20 %
  const prices = (body: { data: { id: number; markup_price: number; profit: number }[] }) =>
    Object.fromEntries(body.data.map((p) => [p.id, [p.markup_price, p.profit]]));
  const get = (url: string, token = u.token) => t.request('GET', url, { token });

  beforeAll(async () => {
    // The markup arithmetic itself, with the supplier's recommended-price floor off (price-floor.test.ts covers it on).
    await setSupplierSetting(t.database.db, 'enforce_recommended_price', false, null);
    u = await t.user({ isVerified: true, markup: 50, isDropMarkup: false });
    fromDrop = (await create(u.token, store('Drop +10', 1, 10))).body.data.id;
    fromRecommended = (await create(u.token, store('Retail +10', 2, 10))).body.data.id;
    byCategory = (
      await create(
        u.token,
        store('By category', 1, 10, [
          [1, 20],
          [2, 30],
          [3, 40],
          [5, 5],
        ]),
      )
    ).body.data.id;
    rootOnly = (await create(u.token, store('Root only', 2, 0, [[1, 20]]))).body.data.id;
  });

  afterAll(() => setSupplierSetting(t.database.db, 'enforce_recommended_price', true, null));

  test('without a store: the markup profile', async () => {
    const r = await get('/api/v1/products/1');
    expect(r.body.data).toMatchObject({ drop_price: 100, retail_price: 150, markup_price: 225, profit: 125 });
  });

  test('type 1 starts from the drop price, type 2 from the recommended price (lists)', async () => {
    const drop = await get(`/api/v1/products?category_id=1&market_id=${fromDrop}`);
    expect(drop.status).toBe(200);
    // drop + 10 %: 110, 132, 99, 55, 66
    expect(prices(drop.body)).toEqual({ 1: [110, 10], 2: [132, 12], 3: [99, 9], 4: [55, 5], 5: [66, 6] });
    const retail = await get(`/api/v1/products?category_id=1&market_id=${fromRecommended}`);
    // recommended + 10 %: 165, 198, 143, 88, 99
    expect(prices(retail.body)).toEqual({ 1: [165, 65], 2: [198, 78], 3: [143, 53], 4: [88, 38], 5: [99, 39] });
    // drop_price and retail_price do not depend on the store.
    expect(retail.body.data.find((p: { id: number }) => p.id === 1)).toMatchObject({ drop_price: 100, retail_price: 150 });
  });

  test('the most specific category wins: leaf, then parent, then root, else base', async () => {
    const phones = await get(`/api/v1/products?category_id=1&market_id=${byCategory}`);
    // Category 3 has its own 40 %: 140, 168, 126. Category 4 has none: its parent 2 gives 30 %: 65, 78.
    expect(prices(phones.body)).toEqual({ 1: [140, 40], 2: [168, 48], 3: [126, 36], 4: [65, 15], 5: [78, 18] });
    const tools = await get(`/api/v1/products?category_id=5&market_id=${byCategory}`);
    // Categories 7 and 6 have none: the root 5 gives 5 %: 1575, 945.
    expect(prices(tools.body)).toEqual({ 6: [1575, 75], 7: [945, 45] });
    const root = await get(`/api/v1/products?per_page=10&market_id=${rootOnly}`);
    // Phones: root 1 gives 20 % on the recommended price; tools: the base 0 %, the recommended price itself.
    expect(prices(root.body)).toEqual({ 1: [180, 80], 2: [216, 96], 3: [156, 66], 4: [96, 46], 5: [108, 48], 6: [2100, 600], 7: [1200, 300] });
  });

  test('product page, header search and analogues', async () => {
    const page = await get(`/api/v1/products/1?market_id=${byCategory}`);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ id: 1, markup_price: 140, profit: 40 });
    expect((await get(`/api/v1/products/4?market_id=${fromRecommended}`)).body.data).toMatchObject({ markup_price: 88, profit: 38 });
    expect((await get(`/api/v1/products/6?market_id=${byCategory}`)).body.data).toMatchObject({ markup_price: 1575, profit: 75 });

    const search = await get(`/api/v1/products?search=Samsung&per_page=5&market_id=${byCategory}`);
    expect(search.status).toBe(200);
    expect(prices(search.body)).toEqual({ 1: [140, 40], 2: [168, 48], 4: [65, 15] });
    const searchRetail = await get(`/api/v1/products?search=Samsung&per_page=5&market_id=${fromRecommended}`);
    expect(prices(searchRetail.body)).toEqual({ 1: [165, 65], 2: [198, 78], 4: [88, 38] });

    const analogues = await get(`/api/v1/products/analogues/1?market_id=${byCategory}`);
    expect(analogues.status).toBe(200);
    expect(prices({ data: analogues.body.data })).toMatchObject({ 2: [168, 48], 3: [126, 36] });
    const analoguesDrop = await get(`/api/v1/products/analogues/1?market_id=${fromDrop}`);
    expect(prices({ data: analoguesDrop.body.data })).toMatchObject({ 2: [132, 12], 3: [99, 9] });
  });

  test('an edit or a deletion shows in the very next product call', async () => {
    const id = (await create(u.token, store('Editable', 1, 10))).body.data.id;
    expect((await get(`/api/v1/products/1?market_id=${id}`)).body.data.markup_price).toBe(110);
    await t.request('PUT', `/api/v1/markets/${id}`, { token: u.token, body: store('Editable', 1, 10, [[2, 50]]) });
    expect((await get(`/api/v1/products/1?market_id=${id}`)).body.data.markup_price).toBe(150); // parent 2: +50 % on 100
    await t.request('DELETE', `/api/v1/markets/${id}`, { token: u.token });
    expect((await get(`/api/v1/products/1?market_id=${id}`)).body.data).toMatchObject({ markup_price: 225, profit: 125 }); // the profile
  });

  test("a stale, unknown or another user's market_id falls back to the profile prices", async () => {
    const other = await seller();
    const theirs = (await create(other.token, store('Theirs', 1, 300))).body.data.id;
    for (const marketId of [theirs, 2147483647]) {
      const list = await get(`/api/v1/products?category_id=3&market_id=${marketId}`);
      expect(list.status).toBe(200);
      // recommended + 50 %: 225, 270, 195
      expect(prices(list.body)).toEqual({ 1: [225, 125], 2: [270, 150], 3: [195, 105] });
      expect((await get(`/api/v1/products/1?market_id=${marketId}`)).body.data).toMatchObject({ markup_price: 225, profit: 125 });
      expect(prices({ data: (await get(`/api/v1/products/analogues/1?market_id=${marketId}`)).body.data })).toMatchObject({ 2: [270, 150] });
    }
    // The owner still gets their store's prices (drop + 300 %).
    expect((await get(`/api/v1/products/1?market_id=${theirs}`, other.token)).body.data).toMatchObject({ markup_price: 400, profit: 300 });
    // A malformed id is still a validation error.
    expect((await get('/api/v1/products/1?market_id=abc')).status).toBe(422);
  });

  test('a user who lost verification prices with the profile, whatever market_id says', async () => {
    const v = await t.user({ isVerified: true, markup: 0 });
    const id = (await create(v.token, store('Soon gone', 1, 10))).body.data.id;
    expect((await get(`/api/v1/products/1?market_id=${id}`, v.token)).body.data).toMatchObject({ markup_price: 110 });
    const op = await t.operator();
    expect((await t.request('PUT', `/api/v1/admin/users/${v.id}`, { token: op, body: { is_verified: false } })).status).toBe(200);
    // Unverified: drop 100 + 12 % = 112; no profile markup, so the recommended price 150.
    expect((await get(`/api/v1/products/1?market_id=${id}`, v.token)).body.data).toMatchObject({ drop_price: 112, markup_price: 150, profit: 38 });
    expect((await get('/api/v1/markets', v.token)).status).toBe(403);
  });

  test('a cart line added before switching keeps its own retail price', async () => {
    const add = await t.request('POST', '/api/v1/carts', { token: u.token, body: { product_id: 1, qty: 2, retail_price: 225 } });
    expect(add.status).toBe(200);
    // Switching to the store changes the catalogue's prices...
    const product = (await get(`/api/v1/products/1?market_id=${byCategory}`)).body.data;
    expect(product).toMatchObject({ markup_price: 140, in_cart: true });
    // ...and editing the store does too, but the cart line stays as it was.
    await t.request('PUT', `/api/v1/markets/${byCategory}`, { token: u.token, body: store('By category', 2, 0, []) });
    expect((await get(`/api/v1/products/1?market_id=${byCategory}`)).body.data.markup_price).toBe(150);
    const cart = await get('/api/v1/carts');
    expect(cart.body.data.items).toHaveLength(1);
    expect(cart.body.data.items[0]).toMatchObject({ product_id: 1, qty: 2, retail_price: 225, drop_price: 100, profit: 250 });
  });
});
