import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { EpochCache } from '../../lib/epoch-cache.ts';
import { catalogRepo } from './catalog.repository.ts';
import { readModelOf } from './read-model.ts';

describe('EpochCache', () => {
  test('a computation that straddles an invalidation answers its caller but is not stored', async () => {
    const c = new EpochCache<string, number>({ max: 10, ttlMs: 60_000 });
    let release!: () => void;
    const slow = c.fetch('k', () => new Promise<number>((r) => (release = () => r(1))));
    c.forget('k');
    release();
    expect(await slow).toBe(1);
    expect(c.get('k')).toBeUndefined();
    expect(await c.fetch('k', async () => 2)).toBe(2);
    expect(c.get('k')).toBe(2);

    const started = c.begin();
    c.clear();
    expect(c.set('k', 3, started)).toBe(false);
    expect(c.set('k', 4, c.begin())).toBe(true);
    expect(c.get('k')).toBe(4);
  });

  test('concurrent misses share one computation; a failure is not stored', async () => {
    const c = new EpochCache<string, number>({ max: 10, ttlMs: 60_000 });
    let calls = 0;
    const compute = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
      return 7;
    };
    expect(await Promise.all([c.fetch('a', compute), c.fetch('a', compute), c.fetch('a', compute)])).toEqual([7, 7, 7]);
    expect(calls).toBe(1);
    await expect(c.fetch('b', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await c.fetch('b', async () => 8)).toBe(8);
  });

  test('counts hits and misses of get() and fetch()', async () => {
    const c = new EpochCache<string, number>({ max: 10, ttlMs: 60_000 });
    expect(c.get('a')).toBeUndefined();
    expect(await c.fetch('a', async () => 1)).toBe(1);
    expect(await c.fetch('a', async () => 2)).toBe(1);
    expect(c.get('a')).toBe(1);
    expect(c.stats()).toEqual({ hits: 2, misses: 2, size: 1 });
  });

  test('forgetting another key leaves an entry alone', async () => {
    const c = new EpochCache<number, string>({ max: 10, ttlMs: 60_000 });
    const started = c.begin();
    c.forget(2);
    expect(c.set(1, 'one', started)).toBe(true);
    expect(c.set(2, 'two', started)).toBe(false);
  });
});

describe('the catalogue read model against the database', () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    await loadCatalogFixture(t.database);
    const u = await t.user({ isVerified: true });
    token = u.token;
    userId = u.id;
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const get = (url: string) => t.request('GET', url, { token });
  const ids = (body: { data: { id: number }[] }) => body.data.map((p) => p.id);
  const model = () => readModelOf(t.database.db);
  const spies = () => ({
    pageIds: vi.spyOn(catalogRepo, 'pageIds'),
    baseByIds: vi.spyOn(catalogRepo, 'baseByIds'),
    userSets: vi.spyOn(catalogRepo, 'userSets'),
    searchPageIds: vi.spyOn(catalogRepo, 'searchPageIds'),
  });
  const list = '/api/v1/products?category_id=3';

  test('GET /admin/catalog/read-model: the hits and misses of each cache, for the catalogue staff', async () => {
    type Stats = { hits: number; misses: number; size: number };
    const stats = async () => {
      const r = await t.request('GET', '/api/v1/admin/catalog/read-model', { token: await t.operator() });
      expect(r.status).toBe(200);
      return r.body.data as { listening: boolean; pages: Stats; rows: Stats; slices: Stats & { bytes: number } };
    };
    // A plain page: the pages cache. A filtered one: the category's slice.
    const plain = '/api/v1/products?category_id=4&per_page=10';
    const ranged = (from: number) => `/api/v1/products?category_id=4&price_from=${from}&price_to=99999`;
    const before = await stats();
    expect(before.listening).toBe(true);
    await get(plain);
    await get(ranged(1));
    const once = await stats();
    expect(once.pages.misses).toBeGreaterThan(before.pages.misses);
    expect(once.slices.misses).toBe(before.slices.misses + 1);
    expect(once.slices.bytes).toBeGreaterThan(0);
    await get(plain);
    await get(ranged(2));
    const twice = await stats();
    expect(twice.pages.hits).toBeGreaterThan(once.pages.hits);
    expect(twice.pages.misses).toBe(once.pages.misses);
    expect(twice.slices.hits).toBe(once.slices.hits + 1);
    expect(twice.slices.misses).toBe(once.slices.misses);
    expect(twice.rows.hits).toBeGreaterThanOrEqual(once.rows.hits + 2);
    expect((await t.request('GET', '/api/v1/admin/catalog/read-model', { token })).status).toBe(403);
  });

  test('a page seen before is answered from memory: no query at all', async () => {
    expect(model().listening).toBe(true);
    const first = await get(list);
    expect(ids(first.body)).toEqual([3, 1, 2]);
    const s = spies();
    const again = await get(list);
    expect(again.body).toEqual(first.body);
    expect(s.pageIds).not.toHaveBeenCalled();
    expect(s.baseByIds).not.toHaveBeenCalled();
    expect(s.userSets).not.toHaveBeenCalled();
  });

  test('a stock change committed by anyone reaches the page; only the changed row is read again', async () => {
    await get(list);
    // Another writer (another process, 1C) changes the stock straight in the database.
    await t.database.db.execute(sql`UPDATE products SET qty = 4 WHERE id = 1`);
    await vi.waitFor(() => expect(model().rows.get(1)).toBeUndefined(), { timeout: 3000, interval: 10 });
    const s = spies();
    const res = await get(list);
    expect(res.body.data.find((p: { id: number }) => p.id === 1).qty).toBe(4);
    expect(s.pageIds).not.toHaveBeenCalled(); // still in stock: the order of the page holds
    expect(s.baseByIds).toHaveBeenCalledTimes(1);
    expect(s.baseByIds.mock.calls[0]![1]).toEqual([1]);
  });

  test('a product running out of stock, a price change and a new product reorder and recount at once', async () => {
    await get(list);
    await t.database.db.execute(sql`UPDATE products SET qty = 0 WHERE id = 3`);
    await vi.waitFor(async () => expect(ids((await get(list)).body)).toEqual([1, 3, 2]), { timeout: 3000, interval: 20 });

    const ranged = '/api/v1/products?category_id=3&price_from=90&price_to=100';
    expect((await get(ranged)).body.meta.total).toBe(2);
    await t.database.db.execute(sql`UPDATE products SET drop_kop = 99900 WHERE id = 1`);
    await vi.waitFor(
      async () => {
        const r = (await get(ranged)).body;
        expect(ids(r)).toEqual([3]);
        expect(r.meta.total).toBe(1);
      },
      { timeout: 3000, interval: 20 },
    );
    await t.database.db.execute(sql`UPDATE products SET qty = 150, drop_kop = 10000 WHERE id IN (1, 3)`);
    await vi.waitFor(async () => expect(ids((await get(list)).body)).toEqual([3, 1, 2]), { timeout: 3000, interval: 20 });
  });

  test("a reseller's favourite, subscription and cart line show in the very next list, whoever wrote them", async () => {
    const before = (await get(list)).body.data.find((p: { id: number }) => p.id === 2);
    expect(before).toMatchObject({ is_favorite: false, is_subscribed: false });
    // Through the API: forgotten before the answer, so the next request sees it.
    expect((await t.request('POST', '/api/v1/favorite-products', { token, body: { product_id: 2 } })).status).toBe(201);
    expect((await get(list)).body.data.find((p: { id: number }) => p.id === 2).is_favorite).toBe(true);
    // Straight in the database (another process): heard at commit.
    await t.database.db.execute(sql`INSERT INTO product_notifications (user_id, code_id) VALUES (${userId}, 5002)`);
    await vi.waitFor(async () => expect((await get(list)).body.data.find((p: { id: number }) => p.id === 2).is_subscribed).toBe(true), {
      timeout: 3000,
      interval: 20,
    });
    await t.database.db.execute(sql`INSERT INTO cart_lines (user_id, product_id, qty, retail_kop) VALUES (${userId}, 1, 1, 20000)`);
    await vi.waitFor(async () => expect((await get(list)).body.data.find((p: { id: number }) => p.id === 1).in_cart).toBe(true), {
      timeout: 3000,
      interval: 20,
    });
    // Another reseller's marks are their own.
    const other = await t.user({ isVerified: true });
    const theirs = (await t.request('GET', list, { token: other.token })).body.data;
    expect(theirs.every((p: { is_favorite: boolean; in_cart: boolean }) => !p.is_favorite && !p.in_cart)).toBe(true);
  });

  test('lists read no descriptions; the product page reads its own, and a description changed by anyone shows at once', async () => {
    const before = model().descriptions.stats();
    await get(list);
    expect(model().descriptions.stats()).toEqual(before);
    expect(model().rows.get(1)).toBeDefined();
    expect(model().rows.get(1)).not.toHaveProperty('description_uk');
    const page = await get('/api/v1/products/1');
    expect(page.status).toBe(200);
    const first = page.body.data.description as string;
    expect(first.length).toBeGreaterThan(0);
    // Straight in the database (another process, the 1C import): heard at commit.
    await t.database.db.execute(sql`UPDATE products SET description_uk = 'Новий опис', description_ru = 'Новое описание' WHERE id = 1`);
    await vi.waitFor(async () => expect((await get('/api/v1/products/1')).body.data.description).toBe('Новий опис'), { timeout: 3000, interval: 20 });
    const ru = await t.request('GET', '/api/v1/products/1', { token, headers: { 'X-Localization': 'ru' } });
    expect(ru.body.data.description).toBe('Новое описание');
    expect((await get('/api/v1/products/999999')).status).toBe(404);
  });

  test('rows missed by requests at the same time are read together, each request getting its own in its order', async () => {
    const m = model();
    m.rows.clear();
    const s = spies();
    const asks = [[3, 1], [2], [1, 2, 3], [999_999, 2], [4, 5]];
    const answers = await Promise.all(asks.map((a) => m.products(userId, a)));
    expect(answers.map((rows) => rows.map((r) => r.id))).toEqual([[3, 1], [2], [1, 2, 3], [2], [4, 5]]);
    // One query for all of them (a read runs at once only when none is running).
    expect(s.baseByIds).toHaveBeenCalledTimes(1);
    expect([...s.baseByIds.mock.calls[0]![1]].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 999_999]);
    expect(m.rows.get(5)?.id).toBe(5);

    // A failed read fails the requests that waited for it, and is not kept: the next one reads again.
    m.rows.clear();
    s.baseByIds.mockRejectedValueOnce(new Error('connection lost'));
    const failed = await Promise.allSettled([m.products(userId, [1]), m.products(userId, [2])]);
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    expect((await m.products(userId, [1, 2])).map((r) => r.id)).toEqual([1, 2]);
  });

  test('the header search is served from memory the second time', async () => {
    const url = '/api/v1/products?search=самсунк&per_page=5';
    const first = await get(url);
    expect(first.body.data.length).toBeGreaterThan(0);
    const s = spies();
    // Its plan too (with the dictionary lookups' own cache emptied): no lookup, no exact-code query.
    model().aggregates.clear();
    const terms = vi.spyOn(catalogRepo, 'termCandidates');
    const exact = vi.spyOn(catalogRepo, 'exactCodeIds');
    expect((await get(url)).body).toEqual(first.body);
    expect(s.searchPageIds).not.toHaveBeenCalled();
    expect(s.baseByIds).not.toHaveBeenCalled();
    expect(terms).not.toHaveBeenCalled();
    expect(exact).not.toHaveBeenCalled();
  });
});
