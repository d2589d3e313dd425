import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { FIXTURE_PRODUCTS, loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { PNG } from '../../test/orders.ts';
import { refreshCatalogueStats } from './catalogue-stats.ts';
import { searchText } from './search-normalize.ts';
import { processRestocks } from '../notifications/notifications.service.ts';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await buildTestApp();
  await loadCatalogFixture(t.database);
  op = await t.operator();
});
afterAll(() => t.close());

/** A small PNG of one colour (each colour its own content, so its own stored picture). */
const pngOf = (r: number, g: number, b: number, width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
const PICTURE_URL = /^\/storage\/pictures\/([0-9a-f]{2})\/(\1[0-9a-f]{62})\.jpg$/;

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
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/catalog/products/${productId}/images`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
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

    const created = await t.request('POST', '/api/v1/admin/catalog/categories', {
      token: op,
      body: { name_uk: 'Шуруповерти', name_ru: 'Шуруповерты', parent_id: 6 },
    });
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
    const drills = await rows<{ id: number; parent_id: number; root_id: number }>(
      sql`SELECT id, parent_id, root_id FROM products WHERE category_id = 7 ORDER BY id`,
    );
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
      body: {
        name_uk: 'Чохол-книжка Xiaomi Redmi Note 13 синій',
        drop_price: 321.45,
        retail_price: 499,
        old_drop_price: 350,
        qty: 5,
        is_new: true,
        property_value_ids: [3, 5],
        category_id: 4,
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ drop_price: 321.45, retail_price: 499, old_drop_price: 350, qty: 5, is_new: true, category_id: 4 });
    expect(r.body.data.properties).toEqual([
      { property_type_id: 1, property_value_id: 3, value_uk: 'Синій', value_ru: 'Синий' },
      { property_type_id: 2, property_value_id: 5, value_uk: 'Силікон', value_ru: 'Силикон' },
    ]);
    const stored = (
      await rows<{ drop_kop: string; parent_id: number; root_id: number; search_text: string; property_value_ids: number[] }>(
        sql`SELECT drop_kop, parent_id, root_id, search_text, property_value_ids FROM products WHERE id = ${id}`,
      )
    )[0]!;
    expect(Number(stored.drop_kop)).toBe(32145);
    expect(stored).toMatchObject({ parent_id: 2, root_id: 1, property_value_ids: [3, 5] });
    expect(stored.search_text).toContain('13');
    await countsAgreeWithFullRefresh();

    // Back in stock: the subscriber is told.
    // (The API's own restock worker may take the event first; either way the subscriber is told.)
    await processRestocks(t.app.deps);
    const told = async () =>
      (await t.request('GET', '/api/v1/notifications', { token: u.token })).body.data.some((n: { kind: string }) => n.kind === 'back_in_stock');
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

  test('pictures: an image by content is stored as its variants and served; anything else is refused; delete removes it', async () => {
    const png = await pngOf(10, 200, 30);
    const up = await uploadImage(op, 6, { name: 'photo.png', content: png });
    expect(up.status).toBe(200);
    const image = up.body.data.images.at(-1);
    // The PNG became a JPEG original named by the hash of the bytes sent, and a 200 px WebP thumb.
    expect(image.original).toMatch(PICTURE_URL);
    expect(image.thumb).toBe(image.original.replace(/\.jpg$/, '-t.webp'));
    const [row] = await rows<{ original: string; medium_centered: string; thumb: string }>(
      sql`SELECT original, medium_centered, thumb FROM product_images WHERE id = ${image.id}`,
    );
    expect(`/storage/${row!.original}`).toBe(image.original);
    expect(row!.medium_centered).toBe(row!.original.replace(/\.jpg$/, '-m.webp'));
    const served = await t.app.inject({ method: 'GET', url: image.original });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const thumb = await t.app.inject({ method: 'GET', url: image.thumb });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 200, height: 200 });

    const fake = await uploadImage(op, 6, { name: 'evil.png', content: Buffer.from('<script>alert(1)</script>') });
    expect(fake.status).toBe(422);
    expect(fake.body.errors.file).toBeDefined();
    expect((await uploadImage(op, 999999, { name: 'a.png', content: PNG })).status).toBe(404);

    const del = await t.request('DELETE', `/api/v1/admin/catalog/products/6/images/${image.id}`, { token: op });
    expect(del.status).toBe(200);
    expect(del.body.data.images.some((i: { id: number }) => i.id === image.id)).toBe(false);
    // Nothing else had this photo: all three files are gone.
    for (const url of [image.original, image.thumb, image.original.replace(/\.jpg$/, '-m.webp')])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
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

async function uploadTo(token: string, url: string, file: { name: string; content: Buffer }) {
  const { payload, contentType } = multipart(file);
  const res = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}
const staff = async (role: 'manager' | 'accountant' | 'warehouse') =>
  (await t.user({ role, name: `Працівник ${role}`, email: `${role}-${Math.random().toString(16).slice(2)}@staff.test` })).token;

describe('creating products (issue 29)', () => {
  const body = {
    name_uk: 'Павербанк Baseus 20000 мА·год',
    name_ru: 'Повербанк Baseus 20000 мА·ч',
    description_uk: 'Швидка зарядка.',
    description_ru: 'Быстрая зарядка.',
    brand: 'Baseus',
    vendor_code: 'BS-PB20',
    category_id: 4,
    drop_price: 650.5,
    retail_price: 899,
    old_drop_price: 700,
    qty: 12,
    inet_pack: 2,
    in_pack: 24,
    is_new: true,
    property_value_ids: [1, 5],
  };

  test('a product made by hand: a fresh code above every code in use, search words, counts, first stock line, audit; the reseller sees it', async () => {
    // A code_id (etalon code) equal to the next b2b number must be skipped too.
    const { max } = (await rows<{ max: number }>(sql`SELECT max(b2b_code_id)::int AS max FROM products`))[0]!;
    await t.database.db.execute(sql`UPDATE products SET code_id = ${max + 1} WHERE id = 7`);
    const manager = await t.user({ role: 'manager', name: 'Менеджер каталогу', email: 'catalogue-manager@staff.test' });
    const r = await t.request('POST', '/api/v1/admin/catalog/products', { token: manager.token, body });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const p = r.body.data;
    expect(p).toMatchObject({
      name_uk: body.name_uk,
      vendor_code: 'BS-PB20',
      category_id: 4,
      drop_price: 650.5,
      retail_price: 899,
      old_drop_price: 700,
      qty: 12,
      reserved: 0,
      inet_pack: 2,
      in_pack: 24,
      is_new: true,
      archived_at: null,
      brand: 'Baseus',
    });
    expect(p.properties.map((x: { property_value_id: number }) => x.property_value_id)).toEqual([1, 5]);
    // Unique and past every code in use, either kind.
    const taken = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM products WHERE id <> ${p.id} AND (b2b_code_id = ${p.b2b_code_id} OR code_id = ${p.b2b_code_id})`,
    );
    expect(taken[0]!.n).toBe(0);
    expect(p.b2b_code_id).toBe(max + 2);
    expect(p.code_id).toBe(p.b2b_code_id);
    // The 1C import's sequence is past it: its next new good cannot take this number.
    const { n: next } = (await rows<{ n: number }>(sql`SELECT nextval('onec_product_code_seq')::int AS n`))[0]!;
    expect(next).toBeGreaterThan(p.b2b_code_id);
    const stored = (
      await rows<{ drop_kop: string; parent_id: number; root_id: number; search_text: string }>(
        sql`SELECT drop_kop, parent_id, root_id, search_text FROM products WHERE id = ${p.id}`,
      )
    )[0]!;
    expect(stored).toMatchObject({ parent_id: 2, root_id: 1 });
    expect(Number(stored.drop_kop)).toBe(65050);
    // The words the 1C import and the editor build for any product.
    expect(stored.search_text).toBe(searchText(body.name_uk, body.name_ru, body.brand));
    expect(stored.search_text.split(' ')).toEqual(expect.arrayContaining(['baseus', 'poverbank']));
    // The first line of its stock history, by the manager.
    const moves = await rows<{ source: string; qty_delta: number; qty_after: number; actor_id: number }>(
      sql`SELECT source, qty_delta, qty_after, actor_id FROM stock_movements WHERE product_id = ${p.id}`,
    );
    expect(moves).toEqual([{ source: 'operator', qty_delta: 12, qty_after: 12, actor_id: manager.id }]);
    const [audit] = await rows<{ actor_id: number; changes: Record<string, [unknown, unknown]> }>(
      sql`SELECT actor_id, changes FROM audit_log WHERE entity = 'product' AND entity_id = ${p.id} AND action = 'product.create'`,
    );
    expect(audit).toMatchObject({ actor_id: manager.id, changes: { name_uk: [null, body.name_uk], qty: [null, 12], b2b_code_id: [null, p.b2b_code_id] } });
    await countsAgreeWithFullRefresh();
    // Resellers find it by its words and vendor code, on its category's list, with its pack size.
    const reseller = await t.user({ isVerified: true });
    const found = await t.request('GET', `/api/v1/products?search=${encodeURIComponent('павербанк')}`, { token: reseller.token });
    expect(found.body.data.map((x: { id: number }) => x.id)).toContain(p.id);
    const inCategory = await t.request('GET', '/api/v1/products?category_id=4&per_page=100', { token: reseller.token });
    expect(inCategory.body.data.map((x: { id: number }) => x.id)).toContain(p.id);
    const card = await t.request('GET', `/api/v1/products/${p.id}`, { token: reseller.token });
    expect(card.status).toBe(200);
    expect(card.body.data.inet_pack).toBe(2);
    // The admin list shows it too.
    const list = await t.request('GET', '/api/v1/admin/catalog/products?search=BS-PB20', { token: op });
    expect(list.body.data.map((x: { id: number }) => x.id)).toEqual([p.id]);
  });

  test('bad input is 422 on the field; the archive category is not a place to create in; staff of other areas 403', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ ...body, name_uk: '' }, 'name_uk'],
      [{ ...body, retail_price: 100 }, 'retail_price'],
      [{ ...body, drop_price: 0 }, 'drop_price'],
      [{ ...body, category_id: 999 }, 'category_id'],
      [{ ...body, inet_pack: 0 }, 'inet_pack'],
      [{ ...body, in_pack: 1.5 }, 'in_pack'],
      [{ ...body, qty: -1 }, 'qty'],
      [{ ...body, property_value_ids: [999] }, 'property_value_ids'],
      [{ ...body, vendor_code: 'x'.repeat(201) }, 'vendor_code'],
      [{ ...body, extra: 1 }, ''],
    ];
    const before = (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM products`))[0]!.n;
    for (const [b, field] of bad) {
      const r = await t.request('POST', '/api/v1/admin/catalog/products', { token: op, body: b });
      expect(r.status, `${field} ${JSON.stringify(r.body)}`).toBe(422);
      if (field) expect(Object.keys(r.body.errors), field).toContain(field);
    }
    const { category_id: _c, ...noCategory } = body;
    expect((await t.request('POST', '/api/v1/admin/catalog/products', { token: op, body: noCategory })).body.errors.category_id).toBeDefined();
    for (const role of ['accountant', 'warehouse'] as const) {
      expect((await t.request('POST', '/api/v1/admin/catalog/products', { token: await staff(role), body })).status).toBe(403);
    }
    expect((await t.request('POST', '/api/v1/admin/catalog/products', { token: (await t.user()).token, body })).status).toBe(403);
    expect((await t.request('POST', '/api/v1/admin/catalog/products', { body })).status).toBe(401);
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM products`))[0]!.n).toBe(before);
  });

  test('vendor code and pack sizes are edited, audited as before/after; bad values 422', async () => {
    const r = await t.request('PUT', '/api/v1/admin/catalog/products/4', { token: op, body: { vendor_code: ' SM-S23-NEW ', inet_pack: 3, in_pack: 50 } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ vendor_code: 'SM-S23-NEW', inet_pack: 3, in_pack: 50 });
    const [audit] = await rows<{ changes: unknown }>(sql`SELECT changes FROM audit_log WHERE entity = 'product' AND entity_id = 4 ORDER BY id DESC LIMIT 1`);
    expect(audit!.changes).toEqual({ vendor_code: ['SM-S23-SL', 'SM-S23-NEW'], inet_pack: [1, 3], in_pack: [1, 50] });
    for (const b of [{ inet_pack: 0 }, { in_pack: 'a' }, { vendor_code: 5 }])
      expect((await t.request('PUT', '/api/v1/admin/catalog/products/4', { token: op, body: b })).status).toBe(422);
    // A stock change by hand is the operator's line in the history.
    await t.request('PUT', '/api/v1/admin/catalog/products/4', { token: op, body: { qty: 31 } });
    const [move] = await rows<{ source: string; qty_delta: number; actor_id: number | null }>(
      sql`SELECT source, qty_delta, actor_id FROM stock_movements WHERE product_id = 4 ORDER BY id DESC LIMIT 1`,
    );
    expect(move).toMatchObject({ source: 'operator', qty_delta: 1 });
    expect(move!.actor_id).not.toBeNull();
  });
});

describe('category delete, picture, icon and colour (issue 29)', () => {
  test('icon and colour: set on create and update from the fixed list, validated; the reseller catalogue returns them', async () => {
    const c = await t.request('POST', '/api/v1/admin/catalog/categories', {
      token: op,
      body: { name_uk: 'Зоотовари', name_ru: 'Зоотовары', icon: 'Pets', icon_color: '#1E88E5' },
    });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    expect(c.body.data).toMatchObject({ icon: 'Pets', icon_color: '#1E88E5', image_url: null, archive: false, children_count: 0 });
    for (const b of [{ icon: 'Rocket' }, { icon: '<svg>' }, { icon_color: 'red' }, { icon_color: '#12345' }, { icon_color: '#GGGGGG' }]) {
      const r = await t.request('PATCH', `/api/v1/admin/catalog/categories/${c.body.data.id}`, { token: op, body: b });
      expect(r.status, JSON.stringify(b)).toBe(422);
      expect(Object.keys(r.body.errors)).toEqual(Object.keys(b));
    }
    const u = await t.request('PATCH', `/api/v1/admin/catalog/categories/${c.body.data.id}`, { token: op, body: { icon: 'Toys', icon_color: '#43a047' } });
    expect(u.body.data).toMatchObject({ icon: 'Toys', icon_color: '#43a047' });
    const [audit] = await rows<{ changes: unknown }>(
      sql`SELECT changes FROM audit_log WHERE entity = 'category' AND entity_id = ${c.body.data.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit!.changes).toEqual({ icon: ['Pets', 'Toys'], icon_color: ['#1E88E5', '#43a047'] });
    const reseller = await t.user({ isVerified: true });
    const tree = await t.request('GET', '/api/v1/categories', { token: reseller.token });
    expect(tree.body.data.find((x: { id: number }) => x.id === c.body.data.id)).toMatchObject({ icon: 'Toys', icon_color: '#43a047' });
    // null removes them.
    const cleared = await t.request('PATCH', `/api/v1/admin/catalog/categories/${c.body.data.id}`, { token: op, body: { icon: null, icon_color: null } });
    expect(cleared.body.data).toMatchObject({ icon: null, icon_color: null });
  });

  test('picture: uploaded (checked by content), served, shown to resellers, replaced and removed', async () => {
    const c = (await t.request('POST', '/api/v1/admin/catalog/categories', { token: op, body: { name_uk: 'Картинки', name_ru: 'Картинки' } })).body.data;
    const first = await pngOf(200, 40, 40, 90, 60);
    const up = await uploadTo(op, `/api/v1/admin/catalog/categories/${c.id}/image`, { name: 'c.png', content: first });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    // The category keeps the 600 px square (medium_centered) of the picture.
    expect(up.body.data.image_url).toMatch(/^\/storage\/pictures\/([0-9a-f]{2})\/\1[0-9a-f]{62}-m\.webp$/);
    const shown = await t.app.inject({ method: 'GET', url: up.body.data.image_url });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/webp');
    expect(await sharp(shown.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 600, height: 600 });
    const reseller = await t.user({ isVerified: true });
    const tree = await t.request('GET', '/api/v1/categories', { token: reseller.token });
    // The reseller's DTO carries the storage path (its client prefixes /storage/).
    expect(`/storage/${tree.body.data.find((x: { id: number }) => x.id === c.id).image_url}`).toBe(up.body.data.image_url);
    const fake = await uploadTo(op, `/api/v1/admin/catalog/categories/${c.id}/image`, { name: 'x.png', content: Buffer.from('not an image') });
    expect(fake.status).toBe(422);
    expect(fake.body.errors.file).toBeDefined();
    expect((await uploadTo(op, '/api/v1/admin/catalog/categories/999999/image', { name: 'c.png', content: PNG })).status).toBe(404);
    expect((await uploadTo((await t.user()).token, `/api/v1/admin/catalog/categories/${c.id}/image`, { name: 'c.png', content: PNG })).status).toBe(403);
    // The same picture again: the same files, kept.
    const same = await uploadTo(op, `/api/v1/admin/catalog/categories/${c.id}/image`, { name: 'same.png', content: first });
    expect(same.body.data.image_url).toBe(up.body.data.image_url);
    expect((await t.app.inject({ method: 'GET', url: up.body.data.image_url })).statusCode).toBe(200);
    // Replaced by another: the old files go.
    const again = await uploadTo(op, `/api/v1/admin/catalog/categories/${c.id}/image`, { name: 'd.png', content: await pngOf(40, 40, 200, 90, 60) });
    expect(again.body.data.image_url).not.toBe(up.body.data.image_url);
    expect((await t.app.inject({ method: 'GET', url: up.body.data.image_url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: up.body.data.image_url.replace('-m.webp', '.jpg') })).statusCode).toBe(404);
    const del = await t.request('DELETE', `/api/v1/admin/catalog/categories/${c.id}/image`, { token: op });
    expect(del.status).toBe(200);
    expect(del.body.data.image_url).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: again.body.data.image_url })).statusCode).toBe(404);
    const audits = await rows<{ changes: { image: [string | null, string | null] } }>(
      sql`SELECT changes FROM audit_log WHERE entity = 'category' AND entity_id = ${c.id} AND action = 'category.update' ORDER BY id`,
    );
    expect(audits.map((a) => a.changes.image.map((x) => x !== null))).toEqual([
      [false, true],
      [true, true],
      [true, true],
      [true, false],
    ]);
  });

  test('delete: only an empty category (204, audited); one with products or subcategories 400 CategoryNotEmpty; the unsorted one 400 CategoryProtected', async () => {
    const parent = (await t.request('POST', '/api/v1/admin/catalog/categories', { token: op, body: { name_uk: 'Порожня', name_ru: 'Пустая' } })).body.data;
    const child = (
      await t.request('POST', '/api/v1/admin/catalog/categories', { token: op, body: { name_uk: 'Дочірня', name_ru: 'Дочерняя', parent_id: parent.id } })
    ).body.data;
    const list = (await t.request('GET', '/api/v1/admin/catalog/categories', { token: op })).body.data as { id: number; children_count: number }[];
    expect(list.find((x) => x.id === parent.id)!.children_count).toBe(1);
    const withChild = await t.request('DELETE', `/api/v1/admin/catalog/categories/${parent.id}`, { token: op });
    expect(withChild.status).toBe(400);
    expect(withChild.body.code).toBe('CategoryNotEmpty');
    // A category with products in it (3) and above them (2, 1).
    for (const id of [3, 2, 1]) expect((await t.request('DELETE', `/api/v1/admin/catalog/categories/${id}`, { token: op })).body.code).toBe('CategoryNotEmpty');
    // Russian text.
    const ru = await t.request('DELETE', '/api/v1/admin/catalog/categories/3', { token: op, headers: { 'x-localization': 'ru' } });
    expect(ru.body.message).toMatch(/^Удалить можно только пустую категорию/);
    await t.database.db.execute(
      sql`INSERT INTO categories (parent_id, depth, name_uk, name_ru, hidden, unsorted) VALUES (NULL, 0, 'Н', 'Н', true, true) ON CONFLICT DO NOTHING`,
    );
    const [unsorted] = await rows<{ id: number }>(sql`SELECT id FROM categories WHERE unsorted`);
    const prot = await t.request('DELETE', `/api/v1/admin/catalog/categories/${unsorted!.id}`, { token: op });
    expect(prot.status).toBe(400);
    expect(prot.body.code).toBe('CategoryProtected');
    expect((await t.request('DELETE', `/api/v1/admin/catalog/categories/${child.id}`, { token: await staff('accountant') })).status).toBe(403);
    expect((await t.request('DELETE', `/api/v1/admin/catalog/categories/${child.id}`, { token: (await t.user()).token })).status).toBe(403);

    const ok = await t.request('DELETE', `/api/v1/admin/catalog/categories/${child.id}`, { token: op });
    expect(ok.status).toBe(204);
    expect((await t.request('DELETE', `/api/v1/admin/catalog/categories/${parent.id}`, { token: op })).status).toBe(204);
    expect((await rows(sql`SELECT id FROM categories WHERE id IN (${parent.id}, ${child.id})`)).length).toBe(0);
    const [audit] = await rows<{ action: string; changes: { name_uk: unknown } }>(
      sql`SELECT action, changes FROM audit_log WHERE entity = 'category' AND entity_id = ${parent.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({ action: 'category.delete', changes: { name_uk: ['Порожня', null] } });
    expect((await t.request('DELETE', `/api/v1/admin/catalog/categories/${parent.id}`, { token: op })).status).toBe(404);
    await countsAgreeWithFullRefresh();
  });
});
