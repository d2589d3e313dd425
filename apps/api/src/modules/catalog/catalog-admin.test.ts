import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { FIXTURE_PRODUCTS, loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { PNG } from '../../test/orders.ts';
import { refreshCatalogueStats } from './catalogue-stats.ts';
import { processRestocks } from '../notifications/notifications.service.ts';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await buildTestApp();
  await loadCatalogFixture(t.database);
  op = await t.operator();
});
afterAll(() => t.close());

const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

/** The precomputed counts as they are now, and as a full recomputation makes them: they must agree. */
async function countsAgreeWithFullRefresh() {
  const snapshot = async () => ({
    categories: await rows(sql`SELECT id, products_count FROM categories ORDER BY id`),
    facets: await rows(sql`SELECT category_id, property_value_id, products_count FROM category_facets WHERE products_count > 0 ORDER BY 1, 2`),
  });
  const incremental = await snapshot();
  await refreshCatalogueStats(t.database.db);
  expect(incremental).toEqual(await snapshot());
}

function multipart(file: { name: string; content: Buffer }) {
  const boundary = `----drop${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
async function uploadImage(token: string, productId: number, file: { name: string; content: Buffer }) {
  const { payload, contentType } = multipart(file);
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/admin/catalog/products/${productId}/images`, headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe('access', () => {
  test('resellers get 403 on every catalogue route, visitors 401', async () => {
    const u = await t.user();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/v1/admin/catalog/categories'],
      ['POST', '/api/v1/admin/catalog/categories', { name_uk: 'X', name_ru: 'X' }],
      ['PUT', '/api/v1/admin/catalog/categories/1', { name_uk: 'X' }],
      ['GET', '/api/v1/admin/catalog/products'],
      ['GET', '/api/v1/admin/catalog/products/1'],
      ['PUT', '/api/v1/admin/catalog/products/1', { qty: 1 }],
      ['DELETE', '/api/v1/admin/catalog/products/1/images/1'],
      ['GET', '/api/v1/admin/catalog/properties'],
      ['GET', '/api/v1/admin/catalog/properties/1/values'],
    ];
    for (const [method, url, body] of calls) {
      expect((await t.request(method, url, { token: u.token, body })).status, `${method} ${url}`).toBe(403);
      expect((await t.request(method, url, { body })).status, `${method} ${url}`).toBe(401);
    }
    expect((await uploadImage(u.token, 1, { name: 'a.png', content: PNG })).status).toBe(403);
    // Nothing changed.
    expect((await rows<{ qty: number }>(sql`SELECT qty FROM products WHERE id = 1`))[0]!.qty).toBe(FIXTURE_PRODUCTS[0]!.qty);
  });
});

describe('categories', () => {
  test('the tree comes flat with parents first; a child is added, renamed, moved (no cycles) and the products below follow', async () => {
    const list = await t.request('GET', '/api/v1/admin/catalog/categories', { token: op });
    expect(list.status).toBe(200);
    const ids = list.body.data.map((c: { id: number }) => c.id);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(list.body.data[2]).toMatchObject({ id: 3, parent_id: 2, depth: 2, name_uk: 'Чохли-книжки' });

    const created = await t.request('POST', '/api/v1/admin/catalog/categories', { token: op, body: { name_uk: 'Шуруповерти', name_ru: 'Шуруповерты', parent_id: 6 } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ parent_id: 6, depth: 2, products_count: 0 });
    const bad = await t.request('POST', '/api/v1/admin/catalog/categories', { token: op, body: { name_uk: '', name_ru: 'x', parent_id: 999 } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.name_uk).toBeDefined();
    const missingParent = await t.request('POST', '/api/v1/admin/catalog/categories', { token: op, body: { name_uk: 'a', name_ru: 'a', parent_id: 999 } });
    expect(missingParent.status).toBe(422);
    expect(missingParent.body.errors.parent_id).toEqual(['Категорію не знайдено']);

    const renamed = await t.request('PUT', `/api/v1/admin/catalog/categories/${created.body.data.id}`, { token: op, body: { name_ru: 'Шуруповёрты' } });
    expect(renamed.body.data.name_ru).toBe('Шуруповёрты');

    // A category below itself is refused, nothing changes.
    const cycle = await t.request('PUT', '/api/v1/admin/catalog/categories/5', { token: op, body: { parent_id: 7 } });
    expect(cycle.status).toBe(422);
    expect(cycle.body.errors.parent_id).toBeDefined();
    expect((await rows<{ parent_id: number | null }>(sql`SELECT parent_id FROM categories WHERE id = 5`))[0]!.parent_id).toBeNull();

    // "Електроінструмент" (6, with Дрилі 7 and its products) moves under "Аксесуари" (1).
    const moved = await t.request('PUT', '/api/v1/admin/catalog/categories/6', { token: op, body: { parent_id: 1 } });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ parent_id: 1, depth: 1 });
    const drills = await rows<{ id: number; parent_id: number; root_id: number }>(sql`SELECT id, parent_id, root_id FROM products WHERE category_id = 7 ORDER BY id`);
    expect(drills.length).toBeGreaterThan(0);
    for (const p of drills) expect(p).toMatchObject({ parent_id: 6, root_id: 1 });
    expect((await rows<{ depth: number }>(sql`SELECT depth FROM categories WHERE id = 7`))[0]!.depth).toBe(2);
    const after = await t.request('GET', '/api/v1/admin/catalog/categories', { token: op });
    expect(after.body.data.find((c: { id: number }) => c.id === 5).products_count).toBe(0);
    await countsAgreeWithFullRefresh();
    // The reseller's catalogue sees the tree at once.
    const u = await t.user();
    const cat = await t.request('GET', '/api/v1/categories/1', { token: u.token });
    expect(cat.status).toBe(200);
    // Back where it was.
    expect((await t.request('PUT', '/api/v1/admin/catalog/categories/6', { token: op, body: { parent_id: 5 } })).status).toBe(200);
    expect((await t.request('PUT', '/api/v1/admin/catalog/categories/999', { token: op, body: { name_uk: 'x' } })).status).toBe(404);
  });
});

describe('products', () => {
  test('list: by code, by words in either language, by vendor code prefix, by category subtree and flags; bounded pages', async () => {
    const get = async (q: string) => (await t.request('GET', `/api/v1/admin/catalog/products?${q}`, { token: op })).body;
    const p1 = FIXTURE_PRODUCTS[0]!;
    expect((await get(`search=${p1.b2bCodeId}`)).data.map((p: { id: number }) => p.id)).toEqual([p1.id]);
    expect((await get(`search=${encodeURIComponent('чехол книжка')}`)).data.map((p: { id: number }) => p.id).sort()).toEqual([1, 2, 3]);
    expect((await get('search=DT-03')).data.map((p: { id: number }) => p.id)).toEqual([7]);
    expect((await get('category_id=2')).data.map((p: { id: number }) => p.id).sort()).toEqual([1, 2, 3, 4, 5]);
    const page = await get('per_page=2&page=2');
    expect(page.data).toHaveLength(2);
    expect(page.meta.total).toBe(FIXTURE_PRODUCTS.length);
    expect(page.data[0]).toMatchObject({ thumb: expect.stringMatching(/^\/storage\/demo\/p\//) });
    expect((await t.request('GET', '/api/v1/admin/catalog/products?in_stock=maybe', { token: op })).status).toBe(422);
  });

  test('edit: prices, stock (0 → 5 alerts subscribers), is_new, specials, properties and category; audited before/after; the reseller sees it', async () => {
    const id = 3;
    const u = await t.user({ isVerified: true });
    await t.database.db.execute(sql`UPDATE products SET qty = 0 WHERE id = ${id}`);
    const codeId = (await rows<{ code_id: number }>(sql`SELECT code_id FROM products WHERE id = ${id}`))[0]!.code_id;
    expect((await t.request('POST', '/api/v1/product-notifications', { token: u.token, body: { code_id: codeId } })).status).toBeLessThan(300);
    await processRestocks(t.app.deps);

    const bad = await t.request('PUT', `/api/v1/admin/catalog/products/${id}`, { token: op, body: { drop_price: 10.001, qty: -1, name_uk: '' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['drop_price', 'name_uk', 'qty']);
    const belowDrop = await t.request('PUT', `/api/v1/admin/catalog/products/${id}`, { token: op, body: { drop_price: 500, retail_price: 400 } });
    expect(belowDrop.status).toBe(422);
    expect(belowDrop.body.errors.retail_price).toBeDefined();
    const unknownValue = await t.request('PUT', `/api/v1/admin/catalog/products/${id}`, { token: op, body: { property_value_ids: [1, 99999] } });
    expect(unknownValue.status).toBe(422);

    const r = await t.request('PUT', `/api/v1/admin/catalog/products/${id}`, {
      token: op,
      body: { name_uk: 'Чохол-книжка Xiaomi Redmi Note 13 синій', drop_price: 321.45, retail_price: 499, old_drop_price: 350, qty: 5, is_new: true, property_value_ids: [3, 5], category_id: 4 },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ drop_price: 321.45, retail_price: 499, old_drop_price: 350, qty: 5, is_new: true, category_id: 4 });
    expect(r.body.data.properties).toEqual([
      { property_type_id: 1, property_value_id: 3, value_uk: 'Синій', value_ru: 'Синий' },
      { property_type_id: 2, property_value_id: 5, value_uk: 'Силікон', value_ru: 'Силикон' },
    ]);
    const stored = (await rows<{ drop_kop: string; parent_id: number; root_id: number; search_text: string; property_value_ids: number[] }>(sql`SELECT drop_kop, parent_id, root_id, search_text, property_value_ids FROM products WHERE id = ${id}`))[0]!;
    expect(Number(stored.drop_kop)).toBe(32145);
    expect(stored).toMatchObject({ parent_id: 2, root_id: 1, property_value_ids: [3, 5] });
    expect(stored.search_text).toContain('13');
    await countsAgreeWithFullRefresh();

    // Back in stock: the subscriber is told.
    // (The API's own restock worker may take the event first; either way the subscriber is told.)
    await processRestocks(t.app.deps);
    const told = async () => (await t.request('GET', '/api/v1/notifications', { token: u.token })).body.data.some((n: { kind: string }) => n.kind === 'back_in_stock');
    for (let i = 0; i < 100 && !(await told()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await told()).toBe(true);

    // The reseller's catalogue: new price, in specials and news.
    const seen = await t.request('GET', `/api/v1/products/${id}`, { token: u.token });
    expect(seen.body.data).toMatchObject({ drop_price: 321.45, old_drop_price: 350 });
    const specials = await t.request('GET', '/api/v1/products?specials=1', { token: u.token });
    if (specials.status === 200) expect(specials.body.data.some((p: { id: number }) => p.id === id)).toBe(true);

    // The audit log holds who changed what, before and after.
    const audit = await t.request('GET', `/api/v1/admin/audit?entity=product&entity_id=${id}`, { token: op });
    expect(audit.status).toBe(200);
    expect(audit.body.data[0]).toMatchObject({ action: 'product.update', actor: { email: expect.any(String) } });
    expect(audit.body.data[0].changes).toMatchObject({ drop_kop: [expect.any(Number), 32145], qty: [0, 5], category_id: [3, 4] });

    // The same values again change nothing and write nothing.
    const before = audit.body.meta.total;
    const again = await t.request('PUT', `/api/v1/admin/catalog/products/${id}`, { token: op, body: { drop_price: 321.45, qty: 5 } });
    expect(again.status).toBe(200);
    expect((await t.request('GET', `/api/v1/admin/audit?entity=product&entity_id=${id}`, { token: op })).body.meta.total).toBe(before);
    expect((await t.request('PUT', '/api/v1/admin/catalog/products/999999', { token: op, body: { qty: 1 } })).status).toBe(404);
    expect((await t.request('GET', '/api/v1/admin/catalog/products/999999', { token: op })).status).toBe(404);
  });

  test('pictures: an image by content is stored and served; anything else is refused; delete removes it', async () => {
    const up = await uploadImage(op, 6, { name: 'photo.png', content: PNG });
    expect(up.status).toBe(200);
    const image = up.body.data.images.at(-1);
    expect(image.original).toMatch(/^\/storage\/products\/.+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: image.original });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['cache-control']).toContain('immutable');

    const fake = await uploadImage(op, 6, { name: 'evil.png', content: Buffer.from('<script>alert(1)</script>') });
    expect(fake.status).toBe(422);
    expect(fake.body.errors.file).toBeDefined();
    expect((await uploadImage(op, 999999, { name: 'a.png', content: PNG })).status).toBe(404);

    const del = await t.request('DELETE', `/api/v1/admin/catalog/products/6/images/${image.id}`, { token: op });
    expect(del.status).toBe(200);
    expect(del.body.data.images.some((i: { id: number }) => i.id === image.id)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: image.original })).statusCode).toBe(404);
    // Another product's picture id through this product: 404, nothing removed.
    const other = (await rows<{ id: number }>(sql`SELECT id FROM product_images WHERE product_id = 1 LIMIT 1`))[0]!.id;
    expect((await t.request('DELETE', `/api/v1/admin/catalog/products/6/images/${other}`, { token: op })).status).toBe(404);
    expect((await rows(sql`SELECT id FROM product_images WHERE id = ${other}`)).length).toBe(1);
    // Paths outside the stored pictures are not served.
    const escape = await t.app.inject({ method: 'GET', url: '/storage/products/..%2F..%2F..%2F..%2Fetc%2Fpasswd' });
    expect(escape.statusCode).toBe(404);
    expect(escape.body).not.toContain('root:');
  });

  test('property types and their values for the editor', async () => {
    const types = await t.request('GET', '/api/v1/admin/catalog/properties', { token: op });
    expect(types.body.data[0]).toEqual({ id: 1, name_uk: 'Колір', name_ru: 'Цвет', values_count: 3 });
    const values = await t.request('GET', `/api/v1/admin/catalog/properties/1/values?search=${encodeURIComponent('ч')}`, { token: op });
    expect(values.body.data.map((v: { value_uk: string }) => v.value_uk)).toEqual(['Чорний', 'Червоний']);
    expect((await t.request('GET', '/api/v1/admin/catalog/properties/999/values', { token: op })).status).toBe(404);
  });
});
