import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';

let t: TestApp;
let verified: string;
let unverified: string;
let vip: string;

const ids = (body: { data: { id: number }[] }) => body.data.map((p) => p.id);

beforeAll(async () => {
  t = await buildTestApp();
  await loadCatalogFixture(t.database);
  verified = (await t.user({ isVerified: true })).token;
  unverified = (await t.user({ isVerified: false, markup: 10 })).token;
  vip = (await t.user({ isVerified: true, discount: 10, markup: 20, isDropMarkup: true })).token;
});
afterAll(() => t.close());

const get = (url: string, token = verified, headers: Record<string, string> = {}) => t.request('GET', url, { token, headers });

describe('categories', () => {
  it('the whole tree with child at every level, in the request language', async () => {
    const uk = await get('/api/v1/categories');
    expect(uk.status).toBe(200);
    expect(uk.body.data.map((c: { name: string }) => c.name)).toEqual(['Аксесуари для телефонів', 'Інструменти']);
    const phones = uk.body.data[0];
    expect(phones.products_count).toBe(5);
    expect(phones.child[0].name).toBe('Чохли');
    expect(phones.child[0].child.map((c: { id: number; products_count: number }) => [c.id, c.products_count])).toEqual([
      [3, 3],
      [4, 2],
    ]);
    expect(phones.child[0].child[0].child).toEqual([]);
    expect(phones).toMatchObject({ icon: 'PhoneIphone', icon_color: '#fd9207', image_url: 'demo/c/1.svg', parent_id: null });
    const ru = await get('/api/v1/categories', verified, { 'x-localization': 'ru' });
    expect(ru.body.data[0].name).toBe('Аксессуары для телефонов');
    expect(ru.body.data[0].name_uk).toBe('Аксесуари для телефонів');
  });

  it('one category with its children; unknown or malformed ids are 404; no token is 401', async () => {
    const r = await get('/api/v1/categories/2');
    expect(r.body.data).toMatchObject({ id: 2, name: 'Чохли', parent_id: 1 });
    expect(r.body.data.child).toHaveLength(2);
    expect((await get('/api/v1/categories/999')).status).toBe(404);
    expect((await get('/api/v1/categories/abc')).status).toBe(404);
    expect((await t.request('GET', '/api/v1/categories')).status).toBe(401);
    expect((await t.request('GET', '/api/v1/products')).status).toBe(401);
  });
});

describe('product lists', () => {
  it('a list item carries what cards and rows show: one name, no description, the first picture; the product has the rest', async () => {
    // Product 4 gets a second picture (the fixture gives every product one).
    await t.database.db.execute(
      sql`INSERT INTO product_images (product_id, sort, original, medium_centered, thumb) VALUES (4, 1, 'demo/p/4-2-o.svg', 'demo/p/4-2-m.svg', 'demo/p/4-2-t.svg')`,
    );
    await vi.waitFor(async () => expect((await get('/api/v1/products/4')).body.data.images).toHaveLength(6), { timeout: 3000, interval: 20 });
    const detail = (await get('/api/v1/products/4', verified, { 'X-Localization': 'ru' })).body.data;
    expect(detail).toMatchObject({ name_uk: expect.any(String), name_ru: expect.any(String), description: expect.stringContaining('Описание') });
    for (const url of ['/api/v1/products?per_page=20', '/api/v1/products?category_id=7', '/api/v1/products?search=Bosch', '/api/v1/products/analogues/1']) {
      const items = (await get(url, verified, { 'X-Localization': 'ru' })).body.data as Record<string, unknown>[];
      expect(items.length, url).toBeGreaterThan(0);
      for (const item of items) {
        expect(Object.keys(item), url).not.toEqual(expect.arrayContaining(['name_uk']));
        expect(item, url).not.toHaveProperty('name_ru');
        expect(item, url).not.toHaveProperty('description');
        // Every field the screens show is still there.
        for (const key of [
          'name',
          'images',
          'has_images',
          'vendor_code',
          'b2b_code_id',
          'code_id',
          'drop_price',
          'retail_price',
          'qty',
          'quantity',
          'in_cart',
          'is_favorite',
          'is_subscribed',
          'analogues_count',
          'is_new',
        ]) {
          expect(item, `${url} ${key}`).toHaveProperty(key);
        }
      }
    }
    const listed = (
      (await get('/api/v1/products?per_page=20', verified, { 'X-Localization': 'ru' })).body.data as {
        id: number;
        name: string;
        images: { type: string; path: string }[];
        has_images: boolean;
      }[]
    ).find((p) => p.id === 4)!;
    expect(listed.name).toBe(detail.name);
    expect(listed.images).toEqual(detail.images.slice(0, 3));
    expect(listed.images.map((i) => i.path)).toEqual(['demo/p/4-1-m.svg', 'demo/p/4-1-o.svg', 'demo/p/4-1-t.svg']);
    expect(listed.has_images).toBe(true);
    await t.database.db.execute(sql`DELETE FROM product_images WHERE product_id = 4 AND sort = 1`);
  });

  it('a list item gives its picture by the thumb alone when the medium and the original follow from that path', async () => {
    const listedImages = async () =>
      ((await get('/api/v1/products?per_page=20')).body.data as { id: number; images: { type: string; path: string }[] }[]).find((p) => p.id === 4)!.images;
    const before = (
      (await t.database.db.execute(sql`SELECT original, medium_centered, thumb FROM product_images WHERE product_id = 4 AND sort = 0`)) as unknown as {
        rows: Record<string, string>[];
      }
    ).rows[0]!;
    const set = async (original: string, medium: string, thumb: string) => {
      await t.database.db.execute(
        sql`UPDATE product_images SET original = ${original}, medium_centered = ${medium}, thumb = ${thumb} WHERE product_id = 4 AND sort = 0`,
      );
      await vi.waitFor(async () => expect((await get('/api/v1/products/4')).body.data.images).toContainEqual({ type: 'original', path: original }), {
        timeout: 3000,
        interval: 20,
      });
    };
    try {
      // A picture of the store: its variants are named after the thumb's hash.
      const base = `pictures/ab/ab${'0123456789abcdef'.repeat(4).slice(2)}`;
      await set(`${base}.jpg`, `${base}-m.webp`, `${base}-t.webp`);
      expect(await listedImages()).toEqual([{ type: 'thumb', path: `${base}-t.webp` }]);
      // A picture stored before issue 30: one path for all three.
      await set('products/4/old.jpg', 'products/4/old.jpg', 'products/4/old.jpg');
      expect(await listedImages()).toEqual([{ type: 'thumb', path: 'products/4/old.jpg' }]);
      // Variants that do not follow from one path keep all three.
      await set(`${base}.jpg`, 'elsewhere/m.webp', `${base}-t.webp`);
      expect((await listedImages()).map((i) => i.path)).toEqual(['elsewhere/m.webp', `${base}.jpg`, `${base}-t.webp`]);
    } finally {
      await set(before.original!, before.medium_centered!, before.thumb!);
    }
  });

  it('all products: in stock first, then newest; meta and pagination', async () => {
    const r = await get('/api/v1/products?per_page=5');
    expect(r.status).toBe(200);
    expect(ids(r.body)).toEqual([6, 5, 4, 3, 1]);
    expect(r.body.meta).toEqual({ current_page: 1, per_page: 5, total: 7, last_page: 2 });
    expect(r.body.pagination).toEqual({ last_page: 2 });
    expect(r.body.current_category).toBeNull();
    const p2 = await get('/api/v1/products?per_page=5&page=2');
    expect(ids(p2.body)).toEqual([7, 2]);
    const past = await get('/api/v1/products?per_page=5&page=40');
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
  });

  it('a category at any level lists everything below it, with breadcrumbs', async () => {
    expect(ids((await get('/api/v1/products?category_id=1&per_page=10')).body)).toEqual([5, 4, 3, 1, 2]);
    expect(ids((await get('/api/v1/products?category_id=2')).body)).toEqual([5, 4, 3, 1, 2]);
    const leaf = await get('/api/v1/products?category_id=3');
    expect(ids(leaf.body)).toEqual([3, 1, 2]);
    expect(leaf.body.meta.total).toBe(3);
    expect(leaf.body.current_category).toMatchObject({ id: 3, name: 'Чохли-книжки' });
    expect(leaf.body.breadcrumbs).toEqual([
      { title: 'Каталог', href: '/dashboard/catalog', disabled: false },
      { title: 'Аксесуари для телефонів', href: '/dashboard/catalog/1', disabled: false },
      { title: 'Чохли', href: '/dashboard/catalog/2', disabled: false },
      { title: 'Чохли-книжки', href: '/dashboard/catalog/3/products', disabled: true },
    ]);
  });

  it('specials, news and favourites', async () => {
    expect(ids((await get('/api/v1/products?specials=1')).body)).toEqual([2]);
    expect(ids((await get('/api/v1/products?news=1')).body)).toEqual([5, 3]);
    expect((await get('/api/v1/products?news=1')).body.meta.total).toBe(2);
    expect(ids((await get('/api/v1/products?is_favorites=1')).body)).toEqual([]);
    expect((await t.request('POST', '/api/v1/favorite-products', { token: verified, body: { product_id: 4 } })).status).toBe(201);
    const fav = await get('/api/v1/products?is_favorites=1');
    expect(ids(fav.body)).toEqual([4]);
    expect(fav.body.data[0].is_favorite).toBe(true);
    expect(fav.body.breadcrumbs.at(-1)).toMatchObject({ title: 'Обрані товари', disabled: true });
    // Someone else's favourites are not mine.
    expect(ids((await get('/api/v1/products?is_favorites=1', unverified)).body)).toEqual([]);
  });

  it('filters: OR inside a property type, AND across types; both query spellings', async () => {
    expect(ids((await get('/api/v1/products?filters[]=1_1')).body)).toEqual([4, 1]);
    expect(ids((await get('/api/v1/products?filters[]=1_1&filters[]=1_2')).body)).toEqual([5, 4, 1, 2]);
    expect(ids((await get('/api/v1/products?filters=1_1&filters=1_2')).body)).toEqual([5, 4, 1, 2]);
    expect(ids((await get('/api/v1/products?filters[]=1_1&filters[]=1_2&filters[]=2_4')).body)).toEqual([1, 2]);
    const r = await get('/api/v1/products?category_id=4&filters[]=1_1&filters[]=2_5');
    expect(ids(r.body)).toEqual([4]);
    expect(r.body.meta.total).toBe(1);
    // A value nobody has: an empty page, not an error.
    expect((await get('/api/v1/products?filters[]=9_99')).body.data).toEqual([]);
  });

  it('price range filters on the user’s own drop price', async () => {
    // verified: drops are 90 (p3), 100 (p1), 120 (p2)
    expect(ids((await get('/api/v1/products?category_id=3&price_from=90&price_to=100')).body)).toEqual([3, 1]);
    // unverified (+12 %): 100.80, 112.00, 134.40
    expect(ids((await get('/api/v1/products?category_id=3&price_from=100&price_to=112', unverified)).body)).toEqual([3, 1]);
    expect(ids((await get('/api/v1/products?category_id=3&price_from=100.81&price_to=111.99', unverified)).body)).toEqual([]);
    expect(ids((await get('/api/v1/products?category_id=3&price_from=134.4', unverified)).body)).toEqual([2]);
  });

  it('bad input is a 422 in the user’s language, never a 500', async () => {
    const cases = [
      ['category_id=999', 'category_id'],
      ['category_id=abc', 'category_id'],
      ['per_page=7', 'per_page'],
      ['per_page=1000', 'per_page'],
      ['page=0', 'page'],
      ['price_from=-1', 'price_from'],
      ['price_from=50&price_to=10', 'price_to'],
      ['filters[]=abc', 'filters'],
      ['filters[]=1_1;drop', 'filters'],
      ['specials=maybe', 'specials'],
    ] as const;
    for (const [qs, field] of cases) {
      const r = await get(`/api/v1/products?${qs}`);
      expect(r.status, qs).toBe(422);
      expect(Object.keys(r.body.errors).join(','), qs).toContain(field);
    }
    const ru = await get('/api/v1/products?price_from=50&price_to=10', verified, { 'x-localization': 'ru' });
    expect(ru.body.errors.price_to[0]).toBe('Цена «до» должна быть не меньше цены «от»');
    const uk = await get('/api/v1/products?category_id=999');
    expect(uk.body.errors.category_id[0]).toBe('Категорію не знайдено');
  });

  it('per_page accepts 5 (header search), 10, 20, 30, 50, 100', async () => {
    for (const n of [5, 10, 20, 30, 50, 100]) expect((await get(`/api/v1/products?per_page=${n}`)).status).toBe(200);
  });
});

describe('prices for the current user', () => {
  const product1 = async (token: string) => (await get('/api/v1/products?category_id=3', token)).body.data.find((p: { id: number }) => p.id === 1);

  it('verified, no discount: drop as in the catalogue, selling price = recommended', async () => {
    expect(await product1(verified)).toMatchObject({ drop_price: 100, old_drop_price: null, retail_price: 150, markup_price: 150, profit: 50 });
  });

  it('unverified: +12 % on drop; markup 10 % on the recommended price', async () => {
    expect(await product1(unverified)).toMatchObject({ drop_price: 112, retail_price: 150, markup_price: 165, profit: 53 });
  });

  it('VIP: discount 10 %, markup 20 % on drop', async () => {
    // drop 90 + 20 % = 108, lifted to the recommended 150 by the supplier's floor (on by default).
    expect(await product1(vip)).toMatchObject({ drop_price: 90, retail_price: 150, markup_price: 150, profit: 60 });
  });

  it('old drop price follows the rule too; quantity text and flags', async () => {
    const p2 = (await get('/api/v1/products?specials=1', unverified)).body.data[0];
    expect(p2).toMatchObject({ id: 2, drop_price: 134.4, old_drop_price: 168, qty: 0, quantity: '-', in_cart: false });
    const p3 = (await get('/api/v1/products/3')).body.data;
    expect(p3).toMatchObject({ quantity: '> 100', is_new: true, inet_pack: 2, analogues_count: 2, has_images: true });
    expect(p3.images.map((i: { type: string }) => i.type).sort()).toEqual(['medium_centered', 'original', 'thumb']);
  });
});

describe('search', () => {
  const search = (q: string, extra = '', token = verified) => get(`/api/v1/products?search=${encodeURIComponent(q)}${extra}`, token);

  it('Cyrillic spelling of a Latin brand, and typos', async () => {
    expect(ids((await search('самсунг')).body).sort()).toEqual([1, 2, 4]);
    expect(ids((await search('Samsung')).body).sort()).toEqual([1, 2, 4]);
    expect(ids((await search('самсунк')).body).sort()).toEqual([1, 2, 4]);
    expect(ids((await search('samsng')).body).sort()).toEqual([1, 2, 4]);
    expect(ids((await search('сяоми')).body)).toEqual([3]);
    expect(ids((await search('бош')).body)).toEqual([6]);
  });

  it('Ukrainian and Russian words, several words AND together', async () => {
    expect(ids((await search('чохол')).body).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(ids((await search('чехол')).body).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(ids((await search('чехол самсунг черный')).body).sort()).toEqual([1, 4]);
    expect(ids((await search('дрель')).body).sort()).toEqual([6, 7]);
    expect(ids((await search('силиконовый чехол')).body).sort()).toEqual([4, 5]);
  });

  it('exact code and vendor code come first', async () => {
    const byVendor = await search('sm-s23-sl');
    expect(ids(byVendor.body)[0]).toBe(4);
    const byCode = await search('1006');
    expect(ids(byCode.body)).toEqual([6]);
    expect(ids((await search('0603127020')).body)).toEqual([6]);
    // The start of a vendor code finds its products.
    expect(ids((await search('sm-a54')).body)).toEqual([1, 2]);
    expect((await search('sm-a54')).body.meta.total).toBe(2);
  });

  it('the header search asks for 5; nonsense finds nothing; the search keeps the other filters', async () => {
    const r = await search('чохол', '&per_page=5');
    expect(r.body.data).toHaveLength(5);
    expect((await search('qwzxvjk')).body.data).toEqual([]);
    expect(ids((await search('чохол', '&category_id=4')).body)).toEqual([5, 4]);
    expect(ids((await search('чохол', '&filters[]=1_1')).body)).toEqual([4, 1]);
    expect((await search('чохол', '&category_id=4')).body.meta.total).toBe(2);
    expect((await search('x'.repeat(201))).status).toBe(422);
    expect((await search('  ')).status).toBe(200);
  });
});

describe('product page and analogues', () => {
  it('a product with its properties and breadcrumbs', async () => {
    const r = await get('/api/v1/products/1');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id: 1, name: 'Чохол-книжка Samsung Galaxy A54 чорний', vendor_code: 'SM-A54-BK', b2b_code_id: 1001, code_id: 5001 });
    expect(r.body.data.properties).toEqual([
      { name: 'Колір', value: 'Чорний' },
      { name: 'Матеріал', value: 'Шкіра' },
    ]);
    expect(r.body.data.relation_properties[0]).toEqual({ id: 1, property_type: { id: 1, name: 'Колір' }, property_value: { id: 1, value: 'Чорний' } });
    expect(r.body.breadcrumbs.map((b: { title: string }) => b.title)).toEqual([
      'Каталог',
      'Аксесуари для телефонів',
      'Чохли',
      'Чохли-книжки',
      'Чохол-книжка Samsung Galaxy A54 чорний',
    ]);
    const ru = await get('/api/v1/products/1', verified, { 'accept-language': 'ru' });
    expect(ru.body.data.properties[0]).toEqual({ name: 'Цвет', value: 'Черный' });
    expect(ru.body.data.name).toBe('Чехол-книжка Samsung Galaxy A54 черный');
    expect((await get('/api/v1/products/999')).status).toBe(404);
    expect((await get('/api/v1/products/0')).status).toBe(404);
  });

  it('analogues: the rest of the group, in stock first', async () => {
    expect(ids((await get('/api/v1/products/analogues/1')).body)).toEqual([3, 2]);
    expect((await get('/api/v1/products/analogues/4')).body.data).toEqual([]);
    expect((await get('/api/v1/products/analogues/999')).status).toBe(404);
  });
});

describe('filters', () => {
  type Group = { id: number; name: string; properties: { property_value_id: number; value: string; count: number }[] };
  const counts = (groups: Group[]) => Object.fromEntries(groups.flatMap((g) => g.properties.map((p) => [p.property_value_id, p.count])));

  it('groups of a category with counts (precomputed without a selection)', async () => {
    const r = await get('/api/v1/filters?category_id=3');
    expect(r.status).toBe(200);
    expect(r.body.data.map((g: Group) => g.name)).toEqual(['Колір', 'Матеріал']);
    expect(counts(r.body.data)).toEqual({ 1: 1, 2: 1, 3: 1, 4: 3 });
    const all = await get('/api/v1/filters');
    expect(counts(all.body.data)).toEqual({ 1: 2, 2: 2, 3: 1, 4: 3, 5: 2, 6: 1, 7: 1 });
    expect((await get('/api/v1/filters?category_id=null')).status).toBe(200);
  });

  it('counts reflect the other groups’ selection, not their own', async () => {
    const r = await get('/api/v1/filters?category_id=2&selected_filters[]=2_5');
    // Colour counts among silicone cases; material counts ignore the material selection.
    expect(counts(r.body.data)).toEqual({ 1: 1, 2: 1, 3: 0, 4: 3, 5: 2 });
    const two = await get('/api/v1/filters?category_id=2&selected_filters[]=2_5&selected_filters[]=1_1');
    expect(counts(two.body.data)).toEqual({ 1: 1, 2: 1, 3: 0, 4: 1, 5: 1 });
  });

  it('facets of a search', async () => {
    const r = await get('/api/v1/filters?search=самсунг');
    expect(counts(r.body.data)).toEqual({ 1: 2, 2: 1, 4: 2, 5: 1 });
  });

  it('bad input', async () => {
    expect((await get('/api/v1/filters?category_id=999')).status).toBe(422);
    expect((await get('/api/v1/filters?selected_filters[]=x_y')).status).toBe(422);
  });
});

describe('favourites and back-in-stock subscriptions', () => {
  it('add (idempotent), list, flags on products, remove; another reseller gets 404', async () => {
    const me = await t.user();
    const other = await t.user();
    const a = await t.request('POST', '/api/v1/favorite-products', { token: me.token, body: { product_id: 1 } });
    expect(a.status).toBe(201);
    const again = await t.request('POST', '/api/v1/favorite-products', { token: me.token, body: { product_id: 1 } });
    expect(again.body.data.id).toBe(a.body.data.id);
    const list = await get('/api/v1/favorite-products', me.token);
    expect(list.body.data.map((f: { product_id: number }) => f.product_id)).toEqual([1]);
    expect(list.body.meta.total).toBe(1);
    expect((await get('/api/v1/products/1', me.token)).body.data.is_favorite).toBe(true);
    expect((await get('/api/v1/products/1', other.token)).body.data.is_favorite).toBe(false);

    expect((await t.request('DELETE', '/api/v1/favorite-products/1', { token: other.token })).status).toBe(404);
    expect((await get('/api/v1/favorite-products', me.token)).body.data).toHaveLength(1);
    expect((await t.request('POST', '/api/v1/favorite-products', { token: me.token, body: { product_id: 999 } })).status).toBe(422);
    expect((await t.request('POST', '/api/v1/favorite-products', { token: me.token, body: { product_id: 'x' } })).status).toBe(422);
    expect((await t.request('DELETE', '/api/v1/favorite-products/1', { token: me.token })).status).toBe(204);
    expect((await t.request('DELETE', '/api/v1/favorite-products/1', { token: me.token })).status).toBe(404);
    expect((await t.request('GET', '/api/v1/favorite-products')).status).toBe(401);
  });

  it('subscribe by code_id; products carry is_subscribed; another reseller gets 404', async () => {
    const me = await t.user();
    const other = await t.user();
    const s = await t.request('POST', '/api/v1/product-notifications', { token: me.token, body: { code_id: 5002 } });
    expect(s.status).toBe(201);
    expect(s.body.data.code_id).toBe(5002);
    expect((await get('/api/v1/products/2', me.token)).body.data.is_subscribed).toBe(true);
    expect((await get('/api/v1/products/2', other.token)).body.data.is_subscribed).toBe(false);
    expect((await get('/api/v1/product-notifications', me.token)).body.data.map((x: { code_id: number }) => x.code_id)).toEqual([5002]);
    expect((await get('/api/v1/product-notifications', other.token)).body.data).toEqual([]);
    expect((await t.request('DELETE', '/api/v1/product-notifications/5002', { token: other.token })).status).toBe(404);
    expect((await t.request('POST', '/api/v1/product-notifications', { token: me.token, body: { code_id: 1 } })).status).toBe(422);
    expect((await t.request('DELETE', '/api/v1/product-notifications/5002', { token: me.token })).status).toBe(204);
    expect((await get('/api/v1/products/2', me.token)).body.data.is_subscribed).toBe(false);
  });
});

describe('public promo and pictures', () => {
  it('promo needs no token: new, in-stock products with pictures and their profit', async () => {
    const r = await t.request('GET', '/api/products/promo');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      { id: 5, name: 'Силіконовий чохол iPhone 15 червоний', image: 'demo/p/5-1-m.svg', drop_price: 60, retail_price: 90, profit: 30 },
      { id: 3, name: 'Чохол-книжка Xiaomi Redmi Note 12 синій', image: 'demo/p/3-1-m.svg', drop_price: 90, retail_price: 130, profit: 40 },
    ]);
  });

  it('demo pictures are served as SVG; anything else under /storage is 404', async () => {
    const r = await t.request('GET', '/storage/demo/p/1-1-t.svg');
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toContain('image/svg+xml');
    expect(String(r.body)).toContain('<svg');
    expect((await t.request('GET', '/storage/demo/p/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
    expect((await t.request('GET', '/storage/other.svg')).status).toBe(404);
  });
});
