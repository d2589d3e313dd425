import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  feedOfferPrices,
  feedPricingMarket,
  MAX_FEEDS,
  type ExportBuildDto,
  type ExportSettingDto,
  type FeedPriceSource,
  type PricingMarket,
  type PricingUser,
} from '@drop/shared';
import { exportBuilds, exportSettings } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { FIXTURE, FIXTURE_PRODUCTS } from '../../test/catalog-fixture.ts';
import { parseFeed, type ParsedFeed } from '../../test/feed-xml.ts';
import { writeCatalogue } from '../catalog/demo/demo-writer.ts';
import type { DemoProductRow } from '../catalog/demo/demo-types.ts';
import { kopText } from './feed-writer.ts';
import { scheduleDueFeeds } from './exports.service.ts';

const PUBLIC_URL = 'https://drop.example';
const HOSTILE_NAME = `Tom & Jerry <b>"Кіт"</b> 'миша' \u0001\u0008\u000B\u001F😀\uFFFE end`;
const HOSTILE_CLEAN = `Tom & Jerry <b>"Кіт"</b> 'миша' 😀 end`;

/** The fixture plus offers a marketplace would reject or that try to break the XML. */
const PRODUCTS: DemoProductRow[] = [
  ...FIXTURE_PRODUCTS,
  {
    ...FIXTURE_PRODUCTS[3]!,
    id: 8,
    b2bCodeId: 1008,
    codeId: 5008,
    nameUk: HOSTILE_NAME,
    nameRu: `${HOSTILE_NAME} ru`,
    descriptionUk: 'Опис ]]> </description_ua> & <script>alert(1)</script>\u0002',
    descriptionRu: '',
    brand: 'A&B <Co>',
    vendorCode: 'V&C<8>',
    images: [{ original: 'demo/p/8 фото&1.svg', mediumCentered: 'demo/p/8-m.svg', thumb: 'demo/p/8-t.svg' }],
  },
  {
    ...FIXTURE_PRODUCTS[4]!,
    id: 9,
    b2bCodeId: 1009,
    codeId: 5009,
    nameUk: `Дуже довга назва ${'товару '.repeat(40)}`.trim(),
    nameRu: 'Короткое имя',
    descriptionUk: '',
    descriptionRu: '',
    brand: null,
    dropKop: 0,
    oldDropKop: null,
    retailKop: 0,
    images: [],
  },
];
const byOffer = new Map(PRODUCTS.map((p) => [p.b2bCodeId, p]));

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-feeds-'));
  t = await buildTestApp({ dataDir, publicUrl: PUBLIC_URL });
  await writeCatalogue(t.database, { ...FIXTURE, analogueGroups: 1, products: () => PRODUCTS }, PRODUCTS.length);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const baseInput = (over: Record<string, unknown> = {}) => ({
  name: 'Prom.ua',
  file_type: 'yml',
  shop: { short_name: 'Мій магазин', company: 'ФОП Коваль', url: 'https://shop.example' },
  ...over,
});
const create = (token: string, body: unknown, headers: Record<string, string> = {}) => t.request('POST', '/api/v1/export-settings', { token, body, headers });
const get = (token: string, id: number) => t.request<{ data: ExportSettingDto }>('GET', `/api/v1/export-settings/${id}`, { token });
const history = (token: string, id: number) =>
  t.request<{ data: ExportBuildDto[]; meta: { total: number } }>('GET', `/api/v1/export-settings/${id}/history?per_page=100`, { token });

/** Waits until the feed has `builds` finished builds and nothing running; answers the setting. */
async function built(token: string, id: number, builds = 1): Promise<ExportSettingDto> {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const h = (await history(token, id)).body;
    const s = (await get(token, id)).body.data;
    const finished = h.data.filter((b) => b.status !== 'running').length;
    if (finished >= builds && h.data.every((b) => b.status !== 'running') && s.status !== 'queued' && s.status !== 'building') return s;
    if (Date.now() > deadline) throw new Error(`feed ${id} not built: ${JSON.stringify({ s, h: h.data })}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const fileOf = (url: string) => new URL(url).pathname;
async function download(url: string): Promise<string> {
  const r = await t.app.inject({ method: 'GET', url: fileOf(url) });
  expect(r.statusCode).toBe(200);
  return r.body;
}
async function feedOf(token: string, body: Record<string, unknown>, user?: { token: string }): Promise<{ s: ExportSettingDto; feed: ParsedFeed; xml: string }> {
  const r = await create(user?.token ?? token, baseInput(body));
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const s = await built(user?.token ?? token, r.body.data.id);
  expect(s.status, JSON.stringify(s)).toBe('ready');
  const xml = await download(s.url);
  return { s, feed: parseFeed(xml), xml };
}

const pricingUser = (u: { discount: number; isVerified: boolean }): PricingUser => ({ ...u, markup: 0, isDropMarkup: false, recommendedFloor: true });
/** Every offer's price and old price equal the shared rule's for its product. */
function expectPrices(feed: ParsedFeed, user: PricingUser, pricing: PricingMarket, oldTag = 'oldprice') {
  expect(feed.offers.length).toBeGreaterThan(0);
  for (const o of feed.offers) {
    const p = byOffer.get(o.id)!;
    const expected = feedOfferPrices(
      { dropKop: p.dropKop, oldDropKop: p.oldDropKop, retailKop: p.retailKop, categoryPath: [p.categoryId, p.parentId, p.rootId] },
      user,
      pricing,
    );
    expect(o.fields.price, `offer ${o.id}`).toEqual([kopText(expected.priceKop)]);
    expect(o.fields[oldTag], `offer ${o.id} ${oldTag}`).toEqual(expected.oldPriceKop === null ? undefined : [kopText(expected.oldPriceKop)]);
  }
}

describe('export settings CRUD', () => {
  test('create queues a build; the list, one setting, update, rebuild and delete', async () => {
    const u = await t.user();
    expect((await t.request('GET', '/api/v1/export-settings', { token: u.token })).body).toEqual({ data: [] });
    const r = await create(
      u.token,
      baseInput({ price_source: 'drop_markup', markup: 12.5, extra_fields: [{ type: 'param', param: 'Країна', value: 'Україна' }] }),
    );
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      name: 'Prom.ua',
      file_type: 'yml',
      shop: { short_name: 'Мій магазин', company: 'ФОП Коваль', url: 'https://shop.example' },
      market_id: null,
      price_from: null,
      price_to: null,
      categories: [],
      name_format: 'name',
      price_source: 'drop_markup',
      markup: 12.5,
      interval_hours: 1,
      status: 'queued',
      products_count: 0,
      last_generated_at: null,
    });
    expect(r.body.data.url).toMatch(new RegExp(`^${PUBLIC_URL}/feeds/[A-Za-z0-9_-]{43}\\.xml$`));
    const id = r.body.data.id as number;

    const s = await built(u.token, id);
    expect(s).toMatchObject({ status: 'ready', products_count: PRODUCTS.length, last_error: null, build: null });
    expect(s.file_size).toBeGreaterThan(1000);
    expect(Date.parse(s.last_generated_at!)).not.toBeNaN();
    const list = await t.request('GET', '/api/v1/export-settings/', { token: u.token });
    expect(list.body.data).toEqual([s]);

    // A change rebuilds with the new settings (the next scheduled build moves with it).
    const up = await t.request('PUT', `/api/v1/export-settings/${id}`, {
      token: u.token,
      body: baseInput({ name: 'Rozetka', file_type: 'rozetka', categories: [6, 6], interval_hours: 6 }),
    });
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({
      name: 'Rozetka',
      file_type: 'rozetka',
      categories: [6],
      price_source: 'recommended',
      markup: 0,
      interval_hours: 6,
      status: 'queued',
    });
    expect(Date.parse(up.body.data.next_build_at) - Date.now()).toBeGreaterThan(5.5 * 3600_000);
    const s2 = await built(u.token, id, 2);
    expect(s2.products_count).toBe(2); // the two drills below category 6
    expect(s2.url).toBe(s.url); // the address never changes

    const gen = await t.request('POST', `/api/v1/export-settings/${id}/generate`, { token: u.token });
    expect(gen.status).toBe(202);
    expect(gen.body.data.status).toBe('queued');
    await built(u.token, id, 3);
    const h = (await history(u.token, id)).body;
    expect(h.data.map((b) => b.trigger)).toEqual(['manual', 'update', 'create']);
    expect(h.meta.total).toBe(3);
    expect(h.data[2]).toMatchObject({ status: 'done', offers: PRODUCTS.length, total: PRODUCTS.length, error: null });
    expect(h.data[2]!.bytes).toBe(s.file_size);

    const del = await t.request('DELETE', `/api/v1/export-settings/${id}`, { token: u.token });
    expect(del.status).toBe(204);
    expect((await get(u.token, id)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: fileOf(s.url) })).statusCode).toBe(404);
    // The last build's gzip copy may still be finishing: it sees the setting gone and removes itself.
    await expect
      .poll(() => fs.readdirSync(path.join(dataDir, 'feeds')).filter((f) => f.startsWith(new URL(s.url).pathname.slice(7, 50))), { timeout: 10_000 })
      .toEqual([]);
    expect(await t.database.db.select().from(exportBuilds).where(eq(exportBuilds.exportSettingId, id))).toEqual([]);
  });

  test("another reseller's feed is 404 on every {id} route; no token is 401", async () => {
    const owner = await t.user();
    const other = await t.user();
    const r = await create(owner.token, baseInput());
    const id = r.body.data.id as number;
    for (const [method, url, body] of [
      ['GET', `/api/v1/export-settings/${id}`],
      ['PUT', `/api/v1/export-settings/${id}`, baseInput({ name: 'Чуже' })],
      ['DELETE', `/api/v1/export-settings/${id}`],
      ['GET', `/api/v1/export-settings/${id}/history`],
      ['POST', `/api/v1/export-settings/${id}/generate`],
    ] as const) {
      expect((await t.request(method, url, { token: other.token, body })).status, `${method} ${url}`).toBe(404);
      expect((await t.request(method, url, { body })).status, `${method} ${url} without a token`).toBe(401);
    }
    expect((await t.request('GET', '/api/v1/export-settings', { token: other.token })).body.data).toEqual([]);
    expect((await t.request('GET', '/api/v1/providers')).status).toBe(401);
    // Unchanged for the owner.
    expect((await get(owner.token, id)).body.data.name).toBe('Prom.ua');
    expect((await t.request('GET', '/api/v1/export-settings/abc', { token: owner.token })).status).toBe(404);
    expect((await t.request('GET', '/api/v1/export-settings/99999999', { token: owner.token })).status).toBe(404);
  });

  test('providers: the formats on offer, in the request language', async () => {
    const u = await t.user();
    const uk = await t.request('GET', '/api/v1/providers', { token: u.token });
    expect(uk.body.data.map((p: { id: string }) => p.id)).toEqual(['yml', 'rozetka']);
    expect(uk.body.data[0]).toMatchObject({ name: 'YML для Prom.ua та Horoshop', marketplaces: ['Prom.ua', 'Horoshop'], name_max: 255 });
    const ru = await t.request('GET', '/api/v1/providers', { token: u.token, headers: { 'x-localization': 'ru' } });
    expect(ru.body.data[0].name).toBe('YML для Prom.ua и Horoshop');
    expect(ru.body.data[1].checks).toContain('no_description');
  });
});

describe('validation', () => {
  test('bad input is 422 with the field and a message in the request language; nothing is created', async () => {
    const u = await t.user();
    const bad = async (body: unknown, lang = 'uk') => {
      const r = await create(u.token, body, { 'x-localization': lang });
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      return r.body.errors as Record<string, string[]>;
    };
    const missing = await bad({});
    expect(missing.name).toEqual(["Поле обов'язкове для заповнення"]);
    expect(missing.file_type).toBeDefined();
    expect(missing.shop).toBeDefined();
    expect((await bad({}, 'ru')).name).toEqual(['Поле обязательно для заполнения']);
    expect(Object.keys(await bad(baseInput({ shop: { short_name: ' ', url: 'ftp://x' } })))).toEqual(expect.arrayContaining(['shop.short_name', 'shop.url']));
    expect(Object.keys(await bad(baseInput({ file_type: 'csv' })))).toEqual(['file_type']);
    expect((await bad(baseInput({ price_from: 200, price_to: 100 })))['price_to']).toEqual(['Ціна «до» має бути не менше ціни «від»']);
    expect(Object.keys(await bad(baseInput({ markup: -1 })))).toEqual(['markup']);
    expect(Object.keys(await bad(baseInput({ markup: 10.555 })))).toEqual(['markup']);
    expect(Object.keys(await bad(baseInput({ interval_hours: 2 })))).toEqual(['interval_hours']);
    expect(await bad(baseInput({ extra_fields: [{ type: 'field', param: 'price', value: '1' }] }))).toEqual({
      'extra_fields.0.param': ['Це поле файл заповнює сам: оберіть іншу назву'],
    });
    expect(Object.keys(await bad(baseInput({ extra_fields: [{ type: 'field', param: 'bad name<', value: '1' }] })))).toEqual(['extra_fields.0.param']);
    expect(Object.keys(await bad(baseInput({ categories: [7, 3, 9999] })))).toEqual(['categories.2']); // the index as sent
    expect(Object.keys(await bad(baseInput({ price_source: 'market' })))).toEqual(['market_id']);
    expect(Object.keys(await bad(baseInput({ unknown: 1 })))).toContain('unknown');
    // The market source needs a verified user's own store.
    const m = await t.user({ isVerified: true });
    const market = await t.request('POST', '/api/v1/markets', { token: m.token, body: { name: 'M', base_markup: { type: 1, markup: 10 } } });
    expect(await bad(baseInput({ price_source: 'market', market_id: market.body.data.id }))).toEqual({
      price_source: ['Ціни магазину доступні лише верифікованим користувачам'],
    });
    const v = await t.user({ isVerified: true });
    expect(
      (await t.request('POST', '/api/v1/export-settings', { token: v.token, body: baseInput({ price_source: 'market', market_id: market.body.data.id }) })).body
        .errors,
    ).toEqual({
      market_id: ['Магазин не знайдено'],
    });
    expect((await t.request('GET', '/api/v1/export-settings', { token: u.token })).body.data).toEqual([]);
  });

  test(`at most ${MAX_FEEDS} feeds per reseller: the next is 400 FeedsLimit`, async () => {
    const u = await t.user();
    await t.database.db.insert(exportSettings).values(
      Array.from({ length: MAX_FEEDS }, (_, i) => ({
        userId: u.id,
        token: `limit-${u.id}-${i}`,
        name: `F${i}`,
        fileType: 'yml',
        shopShortName: 'S',
        nextBuildAt: sql`now() + interval '1 day'`,
      })),
    );
    const r = await create(u.token, baseInput());
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 'FeedsLimit', message: 'Можна створити не більше 20 файлів експорту' });
  });
});

describe('feed content', () => {
  test('YML: every offer priced by the shared rule (drop + markup, unverified with a discount), old price for specials, all fields', async () => {
    const u = await t.user({ discount: 7.5, isVerified: false });
    const { feed, s } = await feedOf(u.token, {
      price_source: 'drop_markup',
      markup: 25,
      extra_fields: [
        { type: 'param', param: 'Країна', value: 'Україна & Co' },
        { type: 'field', param: 'sales_notes', value: 'Передоплата <50%>' },
      ],
    });
    expect(s.products_count).toBe(PRODUCTS.length);
    expect(feed.offers.map((o) => o.id).sort()).toEqual(PRODUCTS.map((p) => p.b2bCodeId).sort());
    expectPrices(feed, pricingUser({ discount: 7.5, isVerified: false }), feedPricingMarket('drop_markup', 25, null));
    expect(feed.offers.find((o) => o.id === 1002)!.fields.oldprice).toBeDefined(); // the special
    expect(feed.shop).toEqual({ name: 'Мій магазин', company: 'ФОП Коваль', url: 'https://shop.example' });
    expect(feed.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const o = feed.offers.find((x) => x.id === 1001)!;
    expect(o.available).toBe('true');
    expect(o.fields).toMatchObject({
      currencyId: ['UAH'],
      categoryId: ['3'],
      picture: [`${PUBLIC_URL}/storage/demo/p/1-1-o.svg`],
      name: ['Чехол-книжка Samsung Galaxy A54 черный'],
      name_ua: ['Чохол-книжка Samsung Galaxy A54 чорний'],
      vendor: ['Samsung'],
      vendorCode: ['SM-A54-BK'],
      description: ['Описание товара Чехол-книжка Samsung Galaxy A54 черный.'],
      description_ua: ['Опис товару Чохол-книжка Samsung Galaxy A54 чорний.'],
      quantity_in_stock: ['5'],
      sales_notes: ['Передоплата <50%>'],
    });
    expect(o.params).toEqual([
      { name: 'Колір', value: 'Чорний' },
      { name: 'Матеріал', value: 'Шкіра' },
      { name: 'Країна', value: 'Україна & Co' },
    ]);
    expect(feed.offers.find((x) => x.id === 1002)!.available).toBe('false');
    // Categories: the whole tree, parents first.
    expect(feed.categories).toEqual(
      FIXTURE.categories.map((c) => ({ id: c.id, parentId: c.parentId, name: c.nameUk })).sort((a, b) => order(a.id) - order(b.id)),
    );
  });

  test('recommended, recommended + markup and a store with category markups (the most specific wins)', async () => {
    const u = await t.user({ isVerified: true });
    const user = pricingUser({ discount: 0, isVerified: true });
    for (const [source, markup] of [
      ['recommended', 0],
      ['recommended_markup', 10],
    ] as [FeedPriceSource, number][]) {
      const { feed } = await feedOf(u.token, { price_source: source, markup });
      expectPrices(feed, user, feedPricingMarket(source, markup, null));
      expect(feed.offers.some((o) => o.fields.oldprice)).toBe(false); // no old price from the recommended price
    }
    const market = await t.request('POST', '/api/v1/markets', {
      token: u.token,
      body: {
        name: 'Store',
        base_markup: { type: 1, markup: 20 },
        catalog_markup: [
          { id: 1, markup: 30 },
          { id: 2, markup: 40 },
          { id: 7, markup: 5 },
        ],
      },
    });
    const { feed } = await feedOf(u.token, { price_source: 'market', market_id: market.body.data.id });
    const pricing: PricingMarket = {
      baseType: 1,
      baseMarkup: 20,
      categoryMarkups: new Map([
        [1, 30],
        [2, 40],
        [7, 5],
      ]),
    };
    expectPrices(feed, user, pricing);
    // Spot checks against the hand-computed rule: product 1 (category 3 < 2 < 1) takes 40 % (140.00), lifted to its
    // recommended 150.00 by the supplier's floor; product 6 (7 < 6 < 5) takes 5 % (1575.00), lifted to 2100.00.
    expect(feed.offers.find((o) => o.id === 1001)!.fields.price).toEqual(['150.00']);
    expect(feed.offers.find((o) => o.id === 1006)!.fields.price).toEqual(['2100.00']);
  });

  test('Rozetka: stock_quantity, price_old, name_ua; what Rozetka would reject is reported as warnings', async () => {
    const u = await t.user({ isVerified: true });
    const { feed, s } = await feedOf(u.token, { file_type: 'rozetka', price_source: 'drop_markup', markup: 50 });
    const o = feed.offers.find((x) => x.id === 1002)!;
    expect(o.fields.stock_quantity).toEqual(['0']);
    expect(o.fields.quantity_in_stock).toBeUndefined();
    expect(o.fields.price_old).toBeDefined();
    expect(o.fields.oldprice).toBeUndefined();
    expect(o.fields.name_ua).toEqual(['Чохол-книжка Samsung Galaxy A54 червоний']);
    expectPrices(feed, pricingUser({ discount: 0, isVerified: true }), feedPricingMarket('drop_markup', 50, null), 'price_old');
    const h = (await history(u.token, s.id)).body.data[0]!;
    expect(h.warnings).toEqual({ no_picture: 2, no_vendor: 1, no_description: 1, name_too_long: 1, zero_price: 1 });
    expect(h.warnings_count).toBe(6);
    expect(h.warning_samples).toEqual(
      expect.arrayContaining([
        { kind: 'no_picture', offer_id: 1006, product_id: 6, name: 'Дриль ударна Bosch PSB 500 RE' },
        { kind: 'zero_price', offer_id: 1009, product_id: 9, name: PRODUCTS[8]!.nameUk },
        { kind: 'no_description', offer_id: 1009, product_id: 9, name: PRODUCTS[8]!.nameUk },
      ]),
    );
  });

  test('hostile names: escaped, control characters removed, emoji kept; the file parses strictly', async () => {
    const u = await t.user();
    const { feed, xml } = await feedOf(u.token, { name_format: 'name_vendor_code' });
    const o = feed.offers.find((x) => x.id === 1008)!;
    expect(o.fields.name_ua).toEqual([`${HOSTILE_CLEAN} (V&C<8>)`]);
    expect(o.fields.name).toEqual([`${HOSTILE_CLEAN} ru (V&C<8>)`]);
    expect(o.fields.vendor).toEqual(['A&B <Co>']);
    expect(o.fields.description_ua).toEqual(['Опис ]]> </description_ua> & <script>alert(1)</script>']);
    expect(o.fields.description).toEqual(o.fields.description_ua); // the empty language falls back to the other
    expect(o.fields.picture).toEqual([`${PUBLIC_URL}/storage/demo/p/8%20%D1%84%D0%BE%D1%82%D0%BE&1.svg`]);
    // eslint-disable-next-line no-control-regex
    expect(xml).not.toMatch(/[\u0001-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/);
    expect(xml).toContain('Tom &amp; Jerry &lt;b&gt;&quot;Кіт&quot;&lt;/b&gt; &apos;миша&apos;');
    expect(Buffer.from(xml, 'utf8').toString('utf8')).toBe(xml);
    expect(feed.offers.find((x) => x.id === 1001)!.fields.name_ua).toEqual(['Чохол-книжка Samsung Galaxy A54 чорний (SM-A54-BK)']);
  });

  test('offer and category ids never change between builds', async () => {
    const u = await t.user();
    const r = await create(u.token, baseInput());
    const id = r.body.data.id as number;
    const first = parseFeed(await download((await built(u.token, id)).url));
    await t.request('POST', `/api/v1/export-settings/${id}/generate`, { token: u.token });
    const second = parseFeed(await download((await built(u.token, id, 2)).url));
    expect(second.offers.map((o) => o.id)).toEqual(first.offers.map((o) => o.id));
    expect(second.categories).toEqual(first.categories);
    // Offer ids are the products' 1C codes, not row ids.
    expect(first.offers.map((o) => o.id)).toEqual(PRODUCTS.map((p) => p.b2bCodeId));
  });

  test('categories (with everything below them, and their ancestors in the tree) and a price range on the drop price', async () => {
    const u = await t.user({ isVerified: true });
    const { feed } = await feedOf(u.token, { categories: [2] });
    expect(feed.offers.map((o) => o.id).sort()).toEqual([1001, 1002, 1003, 1004, 1005, 1008, 1009]);
    expect(feed.categories.map((c) => c.id)).toEqual([1, 2, 3, 4]);
    const priced = await feedOf(u.token, { price_from: 60, price_to: 120 });
    expect(priced.feed.offers.map((o) => o.id).sort()).toEqual(
      PRODUCTS.filter((p) => p.dropKop >= 6000 && p.dropKop <= 12000)
        .map((p) => p.b2bCodeId)
        .sort(),
    );
    const none = await feedOf(u.token, { price_from: 100000 });
    expect(none.feed.offers).toEqual([]);
    expect(none.s.products_count).toBe(0);
  });
});

describe('the public file', () => {
  test('no sign-in; ETag and Last-Modified with 304s; a gzip copy; HEAD; unknown addresses 404; last requested time', async () => {
    const u = await t.user();
    const r = await create(u.token, baseInput());
    const s = await built(u.token, r.body.data.id);
    const file = fileOf(s.url);
    const plain = await t.app.inject({ method: 'GET', url: file });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(s.file_size);
    const etag = plain.headers.etag as string;
    const lastModified = plain.headers['last-modified'] as string;
    expect(etag).toMatch(/^"[a-z0-9-]+"$/);
    expect((await t.app.inject({ method: 'GET', url: file, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: file, headers: { 'if-modified-since': lastModified } })).statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: file, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);

    // The gzip copy is made after the build; until then gzip clients get the plain file.
    const deadline = Date.now() + 10_000;
    let gz = await t.app.inject({ method: 'GET', url: file, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    while (gz.headers['content-encoding'] !== 'gzip' && Date.now() < deadline) {
      await new Promise((res) => setTimeout(res, 100));
      gz = await t.app.inject({ method: 'GET', url: file, headers: { 'accept-encoding': 'gzip' } });
    }
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('Accept-Encoding');
    expect(gz.headers.etag).not.toBe(etag);
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(Number(gz.headers['content-length'])).toBeLessThan(s.file_size);

    const head = await t.app.inject({ method: 'HEAD', url: file });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(s.file_size);
    expect(head.body).toBe('');

    for (const bad of ['/feeds/' + 'A'.repeat(43) + '.xml', '/feeds/x.xml', '/feeds/..%2F..%2Fetc%2Fpasswd.xml', `${file}.gz`]) {
      expect((await t.app.inject({ method: 'GET', url: bad })).statusCode, bad).toBe(404);
    }
    expect((await get(u.token, s.id)).body.data.last_requested_at).not.toBeNull();
  });

  test('a feed not built yet answers 503 with Retry-After', async () => {
    const u = await t.user();
    const [row] = await t.database.db
      .insert(exportSettings)
      .values({ userId: u.id, token: 'P'.repeat(43), name: 'Pending', fileType: 'yml', shopShortName: 'S', nextBuildAt: sql`now() + interval '1 day'` })
      .returning();
    const r = await t.app.inject({ method: 'GET', url: `/feeds/${row!.token}.xml` });
    expect(r.statusCode).toBe(503);
    expect(r.headers['retry-after']).toBe('60');
    expect(JSON.parse(r.body)).toEqual({ code: 'FeedPending', message: 'Файл ще формується. Спробуйте за хвилину' });
  });
});

describe('builds', () => {
  test('a deleted store fails the build with a reason in the user language; the last good file stays published', async () => {
    const u = await t.user({ isVerified: true });
    const market = await t.request('POST', '/api/v1/markets', { token: u.token, body: { name: 'M', base_markup: { type: 1, markup: 10 } } });
    const { s } = await feedOf(u.token, { price_source: 'market', market_id: market.body.data.id });
    const before = await download(s.url);
    await t.request('DELETE', `/api/v1/markets/${market.body.data.id}`, { token: u.token });
    await t.request('POST', `/api/v1/export-settings/${s.id}/generate`, { token: u.token });
    const failed = await built(u.token, s.id, 2);
    expect(failed.status).toBe('error');
    expect(failed.market_id).toBeNull();
    expect(failed.last_error).toBe('Магазин, з якого бралися ціни, видалено: оберіть інший магазин або джерело цін');
    const ru = await t.request('GET', `/api/v1/export-settings/${s.id}/history`, { token: u.token, headers: { 'x-localization': 'ru' } });
    expect(ru.body.data[0]).toMatchObject({ status: 'failed', error: 'Магазин, из которого брались цены, удалён: выберите другой магазин или источник цен' });
    expect(await download(s.url)).toBe(before);
    expect(failed.products_count).toBe(s.products_count);
  });

  test('the schedule queues due feeds once (trigger schedule) and moves them to their next slot', async () => {
    const u = await t.user();
    const r = await create(u.token, baseInput({ interval_hours: 3 }));
    const id = r.body.data.id as number;
    await built(u.token, id);
    await t.database.db
      .update(exportSettings)
      .set({ nextBuildAt: sql`now() - interval '1 minute'` })
      .where(eq(exportSettings.id, id));
    const queued = await scheduleDueFeeds(t.app.deps);
    expect(queued).toBeGreaterThanOrEqual(1);
    await built(u.token, id, 2);
    expect((await history(u.token, id)).body.data[0]!.trigger).toBe('schedule');
    const next = (await get(u.token, id)).body.data.next_build_at!;
    expect(Date.parse(next) - Date.now()).toBeGreaterThan(2.9 * 3600_000);
    // Not due again: nothing more is queued for it.
    const [row] = await t.database.db.select({ n: exportSettings.nextBuildAt }).from(exportSettings).where(eq(exportSettings.id, id));
    expect(row!.n.getTime()).toBeGreaterThan(Date.now());
  });

  test('a build that died with its process is marked failed when the next one starts', async () => {
    const u = await t.user();
    const r = await create(u.token, baseInput());
    const id = r.body.data.id as number;
    await built(u.token, id);
    await t.database.db.insert(exportBuilds).values({ exportSettingId: id, trigger: 'schedule', status: 'running', offers: 3, total: 9 });
    // A running build is on the setting, for the progress bar.
    expect((await get(u.token, id)).body.data.build).toMatchObject({ trigger: 'schedule', status: 'running', offers: 3, total: 9, finished_at: null });
    await t.request('POST', `/api/v1/export-settings/${id}/generate`, { token: u.token });
    const h = async () => (await history(u.token, id)).body.data;
    const deadline = Date.now() + 20_000;
    while ((await h()).filter((b) => b.status === 'done').length < 2 && Date.now() < deadline) await new Promise((res) => setTimeout(res, 100));
    const rows = await h();
    expect(rows.map((b) => [b.trigger, b.status])).toEqual([
      ['manual', 'done'],
      ['schedule', 'failed'],
      ['create', 'done'],
    ]);
    expect(rows[1]!.error).toBe('Не вдалося сформувати файл. Спробуємо ще раз під час наступного оновлення');
  });
});

/** The fixture tree in depth-first order (parents before children). */
function order(id: number): number {
  return [1, 2, 3, 4, 5, 6, 7].indexOf(id);
}
