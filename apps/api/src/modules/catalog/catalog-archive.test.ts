import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { parseFeed } from '../../test/feed-xml.ts';
import { orderTools } from '../../test/orders.ts';
import { multipartBody } from '../onec/test-kit.ts';
import { refreshCatalogueStats } from './catalogue-stats.ts';

/**
 * Archived products (issue 29): never deleted (orders name them), moved into THE archive
 * category, which is hidden, so every reseller read that leaves hidden categories out leaves them
 * out: catalogue, search, cart, order placement, feeds. Their orders keep them; the 1C import
 * does not pull them back out.
 */

const PUBLIC_URL = 'https://drop.example';
let t: TestApp;
let dataDir: string;
let op: string;
let reseller: { id: number; token: string };
let orderId: number;

const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const get = (url: string, token = reseller.token) => t.request('GET', url, { token });
const ids = (body: { data: { id: number }[] }) => body.data.map((p) => p.id);
const admin = (method: string, url: string, body?: unknown, token = op) => t.request(method, `/api/v1/admin/catalog${url}`, { token, body });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-archive-'));
  t = await buildTestApp({ dataDir, publicUrl: PUBLIC_URL });
  await loadCatalogFixture(t.database);
  op = await t.operator();
  reseller = await t.user({ isVerified: true });
  const tools = orderTools(t);
  // An order naming product 4, placed while it was on sale; product 5 waits in the cart.
  orderId = (await tools.place(reseller.token, [[4, 2, 100]])).id;
  await tools.fill(reseller.token, [[5, 1, 120]]);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The precomputed counts agree with a full recomputation. */
async function countsTrue() {
  const snap = () => rows(sql`SELECT id, products_count FROM categories ORDER BY id`);
  const before = await snap();
  await refreshCatalogueStats(t.database.db);
  expect(before).toEqual(await snap());
}

async function resellerSees(id: number, vendorCode: string) {
  const all = await get('/api/v1/products?per_page=100');
  return {
    product: (await get(`/api/v1/products/${id}`)).status,
    inList: ids(all.body).includes(id),
    inCategory: ids((await get('/api/v1/products?category_id=4&per_page=100')).body).includes(id),
    bySearch: ids((await get(`/api/v1/products?search=${encodeURIComponent(vendorCode)}`)).body).includes(id),
    archiveInTree: ((await get('/api/v1/categories')).body.data as { name: string }[]).some((c) => c.name === 'Архів'),
  };
}

describe('archiving a product', () => {
  test('it moves into the hidden archive category (created on demand), remembering its category; counts follow; audited', async () => {
    expect(await resellerSees(4, 'SM-S23-SL')).toEqual({ product: 200, inList: true, inCategory: true, bySearch: true, archiveInTree: false });
    expect(await rows(sql`SELECT id FROM categories WHERE archive`)).toEqual([]);
    const r = await admin('POST', '/products/4/archive');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [archive] = await rows<{ id: number; name_uk: string; name_ru: string; hidden: boolean; parent_id: number | null }>(
      sql`SELECT id, name_uk, name_ru, hidden, parent_id FROM categories WHERE archive`,
    );
    expect(archive).toMatchObject({ name_uk: 'Архів', name_ru: 'Архив', hidden: true, parent_id: null });
    expect(r.body.data).toMatchObject({ id: 4, category_id: archive!.id, archived_from_category_id: 4 });
    expect(Date.now() - Date.parse(r.body.data.archived_at)).toBeLessThan(60_000);
    const [audit] = await rows<{ action: string; changes: unknown }>(
      sql`SELECT action, changes FROM audit_log WHERE entity = 'product' AND entity_id = 4 ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toEqual({ action: 'product.archive', changes: { category_id: [4, archive!.id], archived: [false, true] } });
    // Again: nothing changes, the same one archive category.
    expect((await admin('POST', '/products/4/archive')).body.data.archived_at).toBe(r.body.data.archived_at);
    expect((await admin('POST', '/products/5/archive')).status).toBe(200);
    expect((await rows(sql`SELECT id FROM categories WHERE archive`)).length).toBe(1);
    await countsTrue();
    const cats = (await admin('GET', '/categories')).body.data as { id: number; archive: boolean; hidden: boolean; products_count: number }[];
    expect(cats.find((c) => c.id === archive!.id)).toMatchObject({ archive: true, hidden: true, products_count: 2 });
  });

  test('resellers no longer see it anywhere: product, lists, category, search, tree; the favourites and promo leave it out', async () => {
    expect(await resellerSees(4, 'SM-S23-SL')).toEqual({ product: 404, inList: false, inCategory: false, bySearch: false, archiveInTree: false });
    expect(await resellerSees(5, 'AP-IP15-RD')).toMatchObject({ product: 404, inList: false, bySearch: false });
    // The category tree's count no longer counts them (4 had two products, 4 and 5).
    const tree = (await get('/api/v1/categories')).body.data as { id: number; products_count: number }[];
    const { n } = (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM products WHERE root_id = 1`))[0]!;
    expect(tree.find((c) => c.id === 1)!.products_count).toBe(n);
  });

  test('it cannot be added to a cart, nor ordered from a cart it was already in', async () => {
    const add = await t.request('POST', '/api/v1/carts', { token: reseller.token, body: { product_id: 4, qty: 1, retail_price: 100 } });
    expect(add.status).toBe(422);
    expect(add.body.errors.product_id).toBeDefined();
    const place = await t.request('POST', '/api/v1/orders', { token: reseller.token, body: (await import('../../test/orders.ts')).branchOrder });
    expect(place.status).toBe(400);
    expect(place.body.code).toBe('ProductUnavailable');
  });

  test('its existing order still shows it, for the reseller and for staff', async () => {
    const mine = await get(`/api/v1/orders/${orderId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.products.map((l: { product_id: number }) => l.product_id)).toEqual([4]);
    const staffView = await t.request('GET', `/api/v1/admin/orders/${orderId}`, { token: op });
    expect(staffView.status).toBe(200);
    expect(JSON.stringify(staffView.body.data)).toContain('Силіконовий чохол Samsung Galaxy S23');
  });

  test("a reseller's feed omits it", async () => {
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
    const feed = parseFeed((await t.app.inject({ method: 'GET', url: new URL(s.url).pathname })).body);
    const live = await rows<{ code: number }>(sql`SELECT b2b_code_id AS code FROM products WHERE archived_at IS NULL ORDER BY 1`);
    expect(feed.offers.map((o) => Number(o.id)).sort((a, b) => a - b)).toEqual(live.map((x) => Number(x.code)));
    expect(feed.offers.map((o) => Number(o.id))).not.toContain(1004);
  });

  test('the back-office list shows live products by default, archived ones on request', async () => {
    const live = ids((await admin('GET', '/products?per_page=100')).body);
    expect(live).not.toContain(4);
    expect(live.length).toBe((await rows(sql`SELECT id FROM products WHERE archived_at IS NULL`)).length);
    expect(ids((await admin('GET', '/products?archived=true')).body)).toEqual([5, 4]);
    expect(ids((await admin('GET', '/products?archived=all&per_page=100')).body)).toEqual(expect.arrayContaining([4, 5, ...live]));
    expect((await admin('GET', '/products?archived=maybe')).status).toBe(422);
  });

  test('the archive is kept whole: no edits move a product in or out, it is never published, moved, deleted or given children', async () => {
    const { id: archiveId } = (await rows<{ id: number }>(sql`SELECT id FROM categories WHERE archive`))[0]!;
    expect((await admin('PUT', '/products/4', { category_id: 3 })).body.errors.category_id).toBeDefined();
    expect((await admin('POST', '/products/move', { product_ids: [4], category_id: 3 })).status).toBe(422);
    expect((await admin('PUT', '/products/1', { category_id: archiveId })).body.errors.category_id).toBeDefined();
    expect((await admin('POST', '/products/move', { product_ids: [1], category_id: archiveId })).body.errors.category_id).toBeDefined();
    expect((await admin('PATCH', `/categories/${archiveId}`, { hidden: false })).body.code).toBe('CategoryProtected');
    expect((await admin('PATCH', `/categories/${archiveId}`, { parent_id: 1 })).body.code).toBe('CategoryProtected');
    expect((await admin('DELETE', `/categories/${archiveId}`)).body.code).toBe('CategoryProtected');
    expect((await admin('POST', '/categories', { name_uk: 'A', name_ru: 'A', parent_id: archiveId })).body.errors.parent_id).toBeDefined();
    expect(
      (await admin('POST', '/products', { name_uk: 'A', name_ru: 'A', category_id: archiveId, drop_price: 1, retail_price: 2 })).body.errors.category_id,
    ).toBeDefined();
    // Price or text edits of an archived product are fine (it stays archived).
    const edit = await admin('PUT', '/products/4', { drop_price: 51 });
    expect(edit.body.data).toMatchObject({ drop_price: 51, category_id: archiveId });
    expect(edit.body.data.archived_at).not.toBeNull();
    expect((await rows(sql`SELECT id FROM products WHERE id = 4`)).length).toBe(1);
  });

  test('other roles and resellers cannot archive or unarchive: 403 (401 without a token); an unknown product 404', async () => {
    for (const role of ['accountant', 'warehouse'] as const) {
      const token = (await t.user({ role, name: `Працівник ${role}`, email: `${role}@archive.test` })).token;
      expect((await admin('POST', '/products/1/archive', undefined, token)).status).toBe(403);
      expect((await admin('POST', '/products/4/unarchive', {}, token)).status).toBe(403);
    }
    expect((await admin('POST', '/products/1/archive', undefined, reseller.token)).status).toBe(403);
    expect((await t.request('POST', '/api/v1/admin/catalog/products/1/archive')).status).toBe(401);
    expect((await admin('POST', '/products/999999/archive')).status).toBe(404);
    expect((await admin('POST', '/products/999999/unarchive', {})).status).toBe(404);
    expect((await rows<{ a: string | null }>(sql`SELECT archived_at AS a FROM products WHERE id = 1`))[0]!.a).toBeNull();
  });

  test('unarchive restores its category and the reseller sees it again; a deleted category asks for one (422)', async () => {
    const back = await admin('POST', '/products/5/unarchive', {});
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data).toMatchObject({ id: 5, category_id: 4, archived_at: null, archived_from_category_id: null });
    const stored = (await rows<{ parent_id: number; root_id: number }>(sql`SELECT parent_id, root_id FROM products WHERE id = 5`))[0];
    expect(stored).toEqual({ parent_id: 2, root_id: 1 });
    expect(await resellerSees(5, 'AP-IP15-RD')).toMatchObject({ product: 200, inList: true, inCategory: true, bySearch: true });
    await countsTrue();

    // A product archived from a category that is deleted afterwards.
    const cat = (await admin('POST', '/categories', { name_uk: 'Тимчасова', name_ru: 'Временная', parent_id: 1 })).body.data;
    const p = (await admin('POST', '/products', { name_uk: 'Тимчасовий', name_ru: 'Временный', category_id: cat.id, drop_price: 1, retail_price: 2 })).body
      .data;
    expect((await admin('DELETE', `/categories/${cat.id}`)).body.code).toBe('CategoryNotEmpty');
    await admin('POST', `/products/${p.id}/archive`);
    expect((await admin('DELETE', `/categories/${cat.id}`)).status).toBe(204);
    const gone = await admin('POST', `/products/${p.id}/unarchive`, {});
    expect(gone.status).toBe(422);
    expect(gone.body.errors.category_id).toBeDefined();
    expect((await admin('POST', `/products/${p.id}/unarchive`, { category_id: 999999 })).status).toBe(422);
    const { id: archiveId } = (await rows<{ id: number }>(sql`SELECT id FROM categories WHERE archive`))[0]!;
    expect((await admin('POST', `/products/${p.id}/unarchive`, { category_id: archiveId })).status).toBe(422);
    const chosen = await admin('POST', `/products/${p.id}/unarchive`, { category_id: 7 });
    expect(chosen.body.data).toMatchObject({ category_id: 7, archived_at: null });
    const audit = await rows<{ action: string }>(sql`SELECT action FROM audit_log WHERE entity = 'product' AND entity_id = ${p.id} ORDER BY id`);
    expect(audit.map((a) => a.action)).toEqual(['product.create', 'product.archive', 'product.unarchive']);
    await countsTrue();
  });
});

describe('the 1C import and archived goods', () => {
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.05" ДатаФормирования="2026-11-20T10:00:00">';
  const GOOD = '00000000-0000-4000-8000-00000000a001';
  function pkg(group: string, name: string, qty: number) {
    const importXml =
      `${head}<Классификатор><Ид>arc</Ид><Наименование>Arc</Наименование><Группы><Группа><Ид>arc-a</Ид><Наименование>Група А</Наименование></Группа>` +
      `<Группа><Ид>arc-b</Ид><Наименование>Група Б</Наименование></Группа></Группы></Классификатор>` +
      `<Каталог СодержитТолькоИзменения="true"><Ид>arc</Ид><Наименование>Arc</Наименование><Товары>` +
      `<Товар><Ид>${GOOD}</Ид><Артикул>ARC-1</Артикул><Наименование>${name}</Наименование><Группы><Ид>${group}</Ид></Группы></Товар>` +
      `</Товары></Каталог></КоммерческаяИнформация>`;
    const offersXml =
      `${head}<ПакетПредложений СодержитТолькоИзменения="true"><Ид>arc#</Ид><Наименование>Arc</Наименование><ТипыЦен>` +
      `<ТипЦены><Ид>arc-drop</Ид><Наименование>Оптова</Наименование><Валюта>UAH</Валюта></ТипЦены>` +
      `<ТипЦены><Ид>arc-rrc</Ид><Наименование>Роздрібна</Наименование><Валюта>UAH</Валюта></ТипЦены></ТипыЦен><Предложения>` +
      `<Предложение><Ид>${GOOD}</Ид><Цены><Цена><ИдТипаЦены>arc-drop</ИдТипаЦены><ЦенаЗаЕдиницу>100</ЦенаЗаЕдиницу><Валюта>UAH</Валюта></Цена>` +
      `<Цена><ИдТипаЦены>arc-rrc</ИдТипаЦены><ЦенаЗаЕдиницу>150</ЦенаЗаЕдиницу><Валюта>UAH</Валюта></Цена></Цены><Количество>${qty}</Количество></Предложение>` +
      `</Предложения></ПакетПредложений></КоммерческаяИнформация>`;
    return [
      { field: 'import', filename: 'import.xml', data: Buffer.from(importXml) },
      { field: 'offers', filename: 'offers.xml', data: Buffer.from(offersXml) },
    ];
  }
  async function runImport(parts: ReturnType<typeof pkg>) {
    const { body, contentType } = multipartBody(parts);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/onec/imports',
      headers: { authorization: `Bearer ${op}`, 'content-type': contentType },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = JSON.parse(res.body).data.id;
    for (let i = 0; i < 600; i++) {
      const r = await t.request('GET', `/api/v1/admin/onec/imports/${id}`, { token: op });
      if (r.body.data.status === 'done' || r.body.data.status === 'failed') return r.body.data;
      await new Promise((res) => setTimeout(res, 50));
    }
    throw new Error('import did not finish');
  }
  const product = async () =>
    (
      await rows<{ id: number; category_id: number; archived_at: string | null; name_uk: string; qty: number; group: string | null }>(
        sql`SELECT p.id, p.category_id, p.archived_at, p.name_uk, p.qty, c.external_id AS group FROM products p JOIN categories c ON c.id = p.category_id WHERE p.external_id = ${GOOD}`,
      )
    )[0]!;

  test('an archived good stays in the archive when 1C sends it again, even in another group; its other fields still follow 1C', async () => {
    expect((await runImport(pkg('arc-a', 'Товар з 1С', 5))).status).toBe('done');
    const before = await product();
    expect(before).toMatchObject({ group: 'arc-a', archived_at: null, qty: 5 });
    expect((await admin('POST', `/products/${before.id}/archive`)).status).toBe(200);
    const { id: archiveId } = (await rows<{ id: number }>(sql`SELECT id FROM categories WHERE archive`))[0]!;

    const run = await runImport(pkg('arc-b', 'Товар з 1С (новий)', 9));
    expect(run.status).toBe('done');
    const after = await product();
    expect(after).toMatchObject({ category_id: archiveId, name_uk: 'Товар з 1С (новий)', qty: 9 });
    expect(after.archived_at).not.toBeNull();
    expect((await get(`/api/v1/products/${after.id}`)).status).toBe(404);
    // Unarchived, the next import puts it where 1C says.
    await admin('POST', `/products/${after.id}/unarchive`, {});
    await runImport(pkg('arc-b', 'Товар з 1С (новий)', 9));
    expect(await product()).toMatchObject({ group: 'arc-b', archived_at: null });
    await countsTrue();
  });
});
