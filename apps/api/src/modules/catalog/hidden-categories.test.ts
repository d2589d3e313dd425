import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { parseFeed } from '../../test/feed-xml.ts';
import { refreshCatalogueStats } from './catalogue-stats.ts';
import { buildCategoryTree } from './category-tree.ts';
import { whereSql } from './catalog.repository.ts';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * Hidden categories (DESIGN.md section 8: the 1C import's unsorted category is created hidden):
 * resellers see neither the category nor anything in it or below it, anywhere; staff see all,
 * publish it and move its goods out.
 */
const UNSORTED = 100;
import { branchOrder } from '../../test/orders.ts';

const PUBLIC_URL = 'https://drop.example';

let t: TestApp;
let dataDir: string;
let op: string;
let reseller: { id: number; token: string };

const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const get = (url: string, token = reseller.token, headers: Record<string, string> = {}) => t.request('GET', url, { token, headers });
const ids = (body: { data: { id: number }[] }) => body.data.map((p) => p.id);
const admin = (method: string, url: string, body?: unknown) => t.request(method, `/api/v1/admin/catalog${url}`, { token: op, body });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-hidden-'));
  t = await buildTestApp({ dataDir, publicUrl: PUBLIC_URL });
  await loadCatalogFixture(t.database);
  op = await t.operator();
  reseller = await t.user({ isVerified: true });
  // Favourites taken while the products were on sale.
  for (const product_id of [1, 3])
    expect((await t.request('POST', '/api/v1/favorite-products', { token: reseller.token, body: { product_id } })).status).toBe(201);
  // The 1C import's unsorted category, as it creates it, with two goods in it:
  // 2 (a special, out of stock, analogue of 1 and 3) and 3 (new, in stock, pictures: on the promo grid).
  await t.database.db.execute(sql`INSERT INTO categories (id, parent_id, depth, name_uk, name_ru, sort, hidden, unsorted)
    VALUES (${UNSORTED}, NULL, 0, 'Нерозсортовані товари з 1С', 'Неразобранные товары из 1С', 99, true, true)`);
  await t.database.db.execute(sql`UPDATE products SET category_id = ${UNSORTED}, parent_id = NULL, root_id = ${UNSORTED} WHERE id IN (2, 3)`);
  await refreshCatalogueStats(t.database.db);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every reseller read that could show product 3 (and 2): true where it does. */
async function resellerSees() {
  const cats = (await get('/api/v1/categories')).body.data as { id: number; products_count: number }[];
  const promo = (await t.request('GET', '/api/products/promo')).body.data as { id: number }[];
  const filters = (await get('/api/v1/filters')).body.data as { id: number; properties: { property_value_id: number; count: number }[] }[];
  const value = (v: number) => filters.flatMap((g) => g.properties).find((p) => p.property_value_id === v)?.count ?? 0;
  const selFilters = (await get('/api/v1/filters?filters[]=2_4')).body.data as typeof filters;
  const selValue = (v: number) => selFilters.flatMap((g) => g.properties).find((p) => p.property_value_id === v)?.count ?? 0;
  const searchFilters = (await get('/api/v1/filters?search=Xiaomi')).body.data as typeof filters;
  return {
    tree: cats.some((c) => c.id === UNSORTED),
    category: (await get(`/api/v1/categories/${UNSORTED}`)).status,
    categoryList: (await get(`/api/v1/products?category_id=${UNSORTED}`)).status,
    all: ids((await get('/api/v1/products?per_page=100')).body),
    total: (await get('/api/v1/products?per_page=100')).body.meta.total,
    page2: ids((await get('/api/v1/products?per_page=5&page=2')).body),
    specials: ids((await get('/api/v1/products?specials=1')).body),
    specialsTotal: (await get('/api/v1/products?specials=1')).body.meta.total,
    news: ids((await get('/api/v1/products?news=1')).body),
    newsTotal: (await get('/api/v1/products?news=1')).body.meta.total,
    filtered: ids((await get('/api/v1/products?filters[]=2_4')).body),
    exactCode: ids((await get('/api/v1/products?search=XM-RN12-BL')).body),
    b2bCode: ids((await get('/api/v1/products?search=1003')).body),
    fuzzy: ids((await get(`/api/v1/products?search=${encodeURIComponent('ксіаомі')}`)).body),
    samsung: ids((await get(`/api/v1/products?search=${encodeURIComponent('Samsung A54')}`)).body),
    header: ids((await get('/api/v1/products?search=Xiaomi&per_page=5')).body),
    favorites: ids((await get('/api/v1/products?is_favorites=1')).body),
    product: (await get('/api/v1/products/3')).status,
    analoguesOf1: ids(await get('/api/v1/products/analogues/1').then((r) => r.body)),
    analoguesOf3: (await get('/api/v1/products/analogues/3')).status,
    // Product 1's analogues (2 and 3) as its page and its card count them.
    analoguesCount: [
      (await get('/api/v1/products/1')).body.data.analogues_count,
      (await get('/api/v1/products?search=SM-A54-BK')).body.data[0]?.analogues_count,
    ],
    promo: promo.some((p) => p.id === 3),
    blue: value(3),
    leather: value(4),
    selectedBlue: selValue(3),
    searchBlue: searchFilters.flatMap((g) => g.properties).find((p) => p.property_value_id === 3)?.count ?? 0,
    phonesCount: cats.find((c) => c.id === 1)?.products_count,
  };
}

const HIDDEN = {
  tree: false,
  category: 404,
  categoryList: 422,
  all: [6, 5, 4, 1, 7],
  total: 5,
  page2: [],
  specials: [],
  specialsTotal: 0,
  news: [5],
  newsTotal: 1,
  filtered: [1],
  exactCode: [],
  b2bCode: [],
  fuzzy: [],
  samsung: [1],
  header: [],
  favorites: [1],
  product: 404,
  analoguesOf1: [],
  analoguesOf3: 404,
  analoguesCount: [0, 0],
  promo: false,
  blue: 0,
  leather: 1,
  selectedBlue: 0,
  searchBlue: 0,
  phonesCount: 3,
};

describe('a hidden category', () => {
  test('resellers see neither it nor its goods: tree, lists, search, filters, specials, news, product, analogues, favourites, promo', async () => {
    expect(await resellerSees()).toEqual(HIDDEN);
    // The same again from the caches.
    expect(await resellerSees()).toEqual(HIDDEN);
    // In Russian too (the tree's names and counts do not depend on the language).
    const ru = await get('/api/v1/categories', reseller.token, { 'x-localization': 'ru' });
    expect(ru.body.data.map((c: { name: string }) => c.name)).toEqual(['Аксессуары для телефонов', 'Инструменты']);
  });

  test('adding one of its goods to the cart is refused (422 on product_id); a visible one is added', async () => {
    const refused = await t.request('POST', '/api/v1/carts', { token: reseller.token, body: { product_id: 3, qty: 1, retail_price: 200 } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.product_id).toBeDefined();
    const ok = await t.request('POST', '/api/v1/carts', { token: reseller.token, body: { product_id: 1, qty: 1, retail_price: 200 } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await t.request('DELETE', `/api/v1/carts/${ok.body.data.items[0].id}`, { token: reseller.token });
  });

  test("a reseller's feed carries neither the category nor its goods", async () => {
    const r = await t.request('POST', '/api/v1/export-settings', {
      token: reseller.token,
      body: { name: 'Prom.ua', file_type: 'yml', shop: { short_name: 'Мій магазин', company: 'ФОП Коваль', url: 'https://shop.example' } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const deadline = Date.now() + 25_000;
    let s: { status: string; url: string };
    for (;;) {
      s = (await get(`/api/v1/export-settings/${r.body.data.id}`)).body.data;
      if (s.status === 'ready' || s.status === 'failed') break;
      if (Date.now() > deadline) throw new Error(`feed not built: ${JSON.stringify(s)}`);
      await new Promise((res) => setTimeout(res, 100));
    }
    expect(s.status).toBe('ready');
    const xml = (await t.app.inject({ method: 'GET', url: new URL(s.url).pathname })).body;
    const feed = parseFeed(xml);
    expect(feed.offers.map((o) => o.id).sort()).toEqual([1001, 1004, 1005, 1006, 1007]);
    expect(feed.categories.map((c) => c.id)).not.toContain(UNSORTED);
    expect(feed.categories).toHaveLength(7);
    await t.request('DELETE', `/api/v1/export-settings/${r.body.data.id}`, { token: reseller.token });
  });

  test('staff see it marked, with its goods, in the back office', async () => {
    const list = await admin('GET', '/categories');
    expect(list.status).toBe(200);
    expect(list.body.data.find((c: { id: number }) => c.id === UNSORTED)).toEqual({
      id: UNSORTED,
      parent_id: null,
      depth: 0,
      name_uk: 'Нерозсортовані товари з 1С',
      name_ru: 'Неразобранные товары из 1С',
      sort: 99,
      products_count: 2,
      hidden: true,
      unsorted: true,
      archive: false,
      image_url: null,
      icon: null,
      icon_color: null,
      children_count: 0,
    });
    expect(list.body.data.find((c: { id: number }) => c.id === 1)).toMatchObject({ hidden: false, unsorted: false });
    expect(ids((await admin('GET', `/products?category_id=${UNSORTED}`)).body)).toEqual([3, 2]);
    expect((await admin('GET', '/products/3')).body.data).toMatchObject({ id: 3, category_id: UNSORTED });
  });

  test('publishing (PATCH hidden: false) shows everything to resellers at once, audited; hiding again hides it', async () => {
    const published = await admin('PATCH', `/categories/${UNSORTED}`, { hidden: false });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.data).toMatchObject({ id: UNSORTED, hidden: false, unsorted: true });
    const [audit] = await rows<{ action: string; changes: unknown }>(
      sql`SELECT action, changes FROM audit_log WHERE entity = 'category' AND entity_id = ${UNSORTED} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({ action: 'category.update', changes: { hidden: [true, false] } });

    const seen = await resellerSees();
    expect(seen).toMatchObject({
      tree: true,
      category: 200,
      categoryList: 200,
      all: [6, 5, 4, 3, 1, 7, 2],
      total: 7,
      specials: [2],
      specialsTotal: 1,
      news: [5, 3],
      newsTotal: 2,
      exactCode: [3],
      b2bCode: [3],
      product: 200,
      analoguesOf1: [3, 2],
      analoguesOf3: 200,
      analoguesCount: [2, 2],
      favorites: [3, 1],
      promo: true,
      blue: 1,
      leather: 3,
      phonesCount: 3,
    });
    expect(seen.fuzzy).toContain(3);
    expect(seen.samsung).toEqual([1, 2]);
    expect((await t.request('POST', '/api/v1/carts', { token: reseller.token, body: { product_id: 3, qty: 1, retail_price: 200 } })).status).toBe(200);

    expect((await admin('PUT', `/categories/${UNSORTED}`, { hidden: true })).body.data.hidden).toBe(true);
    expect(await resellerSees()).toEqual(HIDDEN);

    // Put in the cart while on sale, hidden since: the order is refused and nothing is reserved.
    const before = await rows<{ qty: number; reserved: number }>(sql`SELECT qty, reserved FROM products WHERE id = 3`);
    const placed = await t.request('POST', '/api/v1/orders', { token: reseller.token, body: branchOrder });
    expect(placed.status, JSON.stringify(placed.body)).toBe(400);
    expect(placed.body.code).toBe('ProductUnavailable');
    expect(await rows(sql`SELECT qty, reserved FROM products WHERE id = 3`)).toEqual(before);
    expect((await get('/api/v1/carts')).body.data.items.map((i: { product_id: number }) => i.product_id)).toContain(3);
    expect(await rows(sql`SELECT id FROM orders WHERE user_id = ${reseller.id}`)).toEqual([]);
  });

  test('a hidden category deeper in the tree hides its subtree and takes its goods off its ancestors', async () => {
    // 4 Силіконові чохли (depth 2: goods 4, 5), then 6 Електроінструмент (depth 1: 7 Дрилі, goods 6, 7).
    expect((await admin('PATCH', '/categories/4', { hidden: true })).status).toBe(200);
    let cats = (await get('/api/v1/categories')).body.data;
    expect(cats[0]).toMatchObject({ id: 1, products_count: 1 });
    expect(cats[0].child[0].child.map((c: { id: number }) => c.id)).toEqual([3]);
    expect(ids((await get('/api/v1/products?category_id=1')).body)).toEqual([1]);
    expect((await get('/api/v1/products?category_id=1')).body.meta.total).toBe(1);
    expect(ids((await get('/api/v1/products?category_id=2')).body)).toEqual([1]);
    expect((await get('/api/v1/products?category_id=4')).status).toBe(422);
    expect((await get('/api/v1/products/5')).status).toBe(404);
    const filters = (await get('/api/v1/filters?category_id=1')).body.data;
    expect(
      filters.flatMap((g: { properties: { property_value_id: number; count: number }[] }) => g.properties.map((p) => [p.property_value_id, p.count])),
    ).toEqual([
      [1, 1],
      [4, 1],
    ]);

    expect((await admin('PATCH', '/categories/6', { hidden: true })).status).toBe(200);
    cats = (await get('/api/v1/categories')).body.data;
    expect(cats.map((c: { id: number; products_count: number; child: unknown[] }) => [c.id, c.products_count, c.child.length])).toEqual([
      [1, 1, 1],
      [5, 0, 0],
    ]);
    expect(ids((await get('/api/v1/products?per_page=100')).body)).toEqual([1]);
    expect((await get('/api/v1/products?per_page=100')).body.meta.total).toBe(1);
    expect(ids((await get('/api/v1/products?category_id=5')).body)).toEqual([]);
    expect(ids((await get('/api/v1/products?search=Bosch')).body)).toEqual([]);

    for (const id of [4, 6]) expect((await admin('PATCH', `/categories/${id}`, { hidden: false })).status).toBe(200);
    expect(ids((await get('/api/v1/products?per_page=100')).body)).toEqual([6, 5, 4, 1, 7]);
  });

  test('the unsorted goods are moved to their category in one go: visible to resellers, counts kept true, audited', async () => {
    const moved = await admin('POST', '/products/move', { product_ids: [3, 2, 3], category_id: 3 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toEqual({ moved: 2 });
    expect(ids((await admin('GET', `/products?category_id=${UNSORTED}`)).body)).toEqual([]);
    expect(await rows(sql`SELECT id, category_id, parent_id, root_id FROM products WHERE id IN (2, 3) ORDER BY id`)).toEqual([
      { id: 2, category_id: 3, parent_id: 2, root_id: 1 },
      { id: 3, category_id: 3, parent_id: 2, root_id: 1 },
    ]);
    const audits = await rows<{ entity_id: number; changes: unknown }>(
      sql`SELECT entity_id, changes FROM audit_log WHERE action = 'product.update' AND entity_id IN (2, 3) ORDER BY entity_id`,
    );
    expect(audits).toEqual([
      { entity_id: 2, changes: { category_id: [UNSORTED, 3] } },
      { entity_id: 3, changes: { category_id: [UNSORTED, 3] } },
    ]);
    // The unsorted category stays hidden (empty), its goods are on sale where they now belong.
    const seen = await resellerSees();
    expect(seen).toMatchObject({ tree: false, total: 7, product: 200, exactCode: [3], specials: [2], phonesCount: 5, blue: 1, leather: 3 });
    // The counts moved one by one agree with a full recount.
    const snapshot = async () => ({
      categories: await rows(sql`SELECT id, products_count FROM categories ORDER BY id`),
      facets: await rows(sql`SELECT category_id, property_value_id, products_count FROM category_facets WHERE products_count > 0 ORDER BY 1, 2`),
    });
    const incremental = await snapshot();
    await refreshCatalogueStats(t.database.db);
    expect(incremental).toEqual(await snapshot());
  });

  test('bad input: 422 with field errors, unknown category 404, resellers 403', async () => {
    const bad = async (method: string, url: string, body: unknown, field: string) => {
      const r = await admin(method, url, body);
      expect(r.status, `${url} ${JSON.stringify(body)}: ${JSON.stringify(r.body)}`).toBe(422);
      expect(r.body.errors[field], JSON.stringify(r.body)).toBeDefined();
    };
    await bad('PATCH', '/categories/1', { hidden: 'yes' }, 'hidden');
    await bad('PATCH', '/categories/1', { hidden: true, unsorted: false }, 'unsorted');
    await bad('POST', '/products/move', { product_ids: [], category_id: 3 }, 'product_ids');
    await bad('POST', '/products/move', { product_ids: [1], category_id: 999 }, 'category_id');
    await bad('POST', '/products/move', { product_ids: [1, 999], category_id: 3 }, 'product_ids');
    await bad('POST', '/products/move', { product_ids: ['x'], category_id: 3 }, 'product_ids.0');
    await bad('POST', '/products/move', { product_ids: Array.from({ length: 201 }, (_, i) => i + 1), category_id: 3 }, 'product_ids');
    await bad('POST', '/products/move', { product_ids: [1] }, 'category_id');
    expect((await admin('PATCH', '/categories/999', { hidden: false })).status).toBe(404);
    expect((await admin('PATCH', '/categories/abc', { hidden: false })).status).toBe(404);
    // Nothing moved by the refused batch.
    expect((await rows<{ category_id: number }>(sql`SELECT category_id FROM products WHERE id = 1`))[0]!.category_id).toBe(3);
    for (const [method, url, body] of [
      ['PATCH', `/api/v1/admin/catalog/categories/${UNSORTED}`, { hidden: false }],
      ['POST', '/api/v1/admin/catalog/products/move', { product_ids: [1], category_id: 4 }],
    ] as const) {
      expect((await t.request(method, url, { token: reseller.token, body })).status).toBe(403);
      expect((await t.request(method, url, { body })).status).toBe(401);
    }
    expect((await admin('GET', '/categories')).body.data.find((c: { id: number }) => c.id === UNSORTED).hidden).toBe(true);
  });
});

describe('the product condition', () => {
  const dialect = new PgDialect();
  const text = (w: Parameters<typeof whereSql>[0]) => dialect.sqlToQuery(whereSql(w)).sql;
  const row = (id: number, parentId: number | null, hidden = false) => ({
    id,
    parentId,
    depth: 0,
    nameUk: `c${id}`,
    nameRu: `c${id}`,
    image: null,
    icon: null,
    iconColor: null,
    sort: 0,
    productsCount: 10,
    externalId: null,
    hidden,
    unsorted: false,
    archive: false,
    createdAt: new Date(),
    updatedAt: new Date(),
  });

  test('nothing hidden: the tree and every read are as before (no extra condition)', () => {
    const tree = buildCategoryTree([row(1, null), row(2, 1), row(3, 2)]);
    expect(tree.hidden).toBeUndefined();
    expect(tree.hiddenIds.size).toBe(0);
    expect(tree.byId.get(1)!.hiddenBelow).toBeUndefined();
    expect(text({ hidden: tree.hidden })).toBe('true');
    expect(text({ category: { id: 1, depth: 0 }, hidden: tree.byId.get(1)!.hiddenBelow })).toBe('p.root_id = $1');
  });

  test('hidden categories become one condition per level, named by their topmost hidden category; a visible category with none below keeps its plain read', () => {
    // 1 → 2 (hidden) → 3; 1 → 4 → 5 (hidden) → 6; 7 (hidden root); 8 visible root.
    const tree = buildCategoryTree([row(1, null), row(2, 1, true), row(3, 2, true), row(4, 1), row(5, 4, true), row(6, 5), row(7, null, true), row(8, null)]);
    expect(tree.hidden).toEqual({ tops: [2, 5, 7], roots: [7], parents: [2], categories: [5, 6] });
    expect([...tree.hiddenIds].sort()).toEqual([2, 3, 5, 6, 7]);
    expect(tree.roots.map((r) => r.id)).toEqual([1, 8]);
    expect(tree.byId.get(1)!.productsCount).toBe(0);
    expect(tree.byId.get(4)!.hiddenBelow).toEqual({ tops: [5], roots: [], parents: [], categories: [5, 6] });
    expect(tree.byId.get(8)!.hiddenBelow).toBeUndefined();
    expect(text({ hidden: tree.hidden })).toBe(
      'NOT (p.root_id = ANY($1::int[])) AND (p.parent_id = ANY($2::int[])) IS NOT TRUE AND NOT (p.category_id = ANY($3::int[]))',
    );
    expect(text({ category: { id: 8, depth: 0 }, hidden: tree.byId.get(8)!.hiddenBelow })).toBe('p.root_id = $1');
  });
});
