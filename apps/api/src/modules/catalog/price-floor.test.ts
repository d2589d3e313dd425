/**
 * Issue 26 point 1: one price-floor rule. While the supplier enforces the recommended price, no
 * selling price the portal computes (lists, product page, header search, analogues, the cart's
 * default, feeds) is below the recommended one, across profile markups (on drop and on the
 * recommended price), stores (from drop and from the recommended price, with category markups)
 * and feeds; the cart accepts every such price and an order places with it. With the floor off,
 * the same markups give the unlifted prices.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { priceProduct, uahToKop, type PricingMarket, type PricingUser, type ProductDto } from '@drop/shared';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { FIXTURE_PRODUCTS, loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { parseFeed } from '../../test/feed-xml.ts';
import { branchOrder, orderTools } from '../../test/orders.ts';

let t: TestApp;
let op: string;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-floor-'));
  t = await buildTestApp({ dataDir, publicUrl: 'https://drop.example' });
  await loadCatalogFixture(t.database);
  op = await t.operator();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const byId = new Map(FIXTURE_PRODUCTS.map((p) => [p.id, p]));
const byOffer = new Map(FIXTURE_PRODUCTS.map((p) => [p.b2bCodeId, p]));
const categoryPath: Record<number, number[]> = { 3: [3, 2, 1], 4: [4, 2, 1], 7: [7, 6, 5] };

interface Profile {
  label: string;
  user: { discount: number; isVerified: boolean; markup: number; isDropMarkup: boolean };
  /** A store: [type, base markup, category markups]. */
  store?: [number, number, [number, number][]];
}
/** Profiles whose markups land below the recommended price for some products and above it for others. */
const PROFILES: Profile[] = [
  { label: 'profile +10 % on drop (verified)', user: { discount: 0, isVerified: true, markup: 10, isDropMarkup: true } },
  { label: 'profile +45 % on drop, VIP -10 %', user: { discount: 10, isVerified: true, markup: 45, isDropMarkup: true } },
  { label: 'profile +5 % on drop (unverified +12 %)', user: { discount: 0, isVerified: false, markup: 5, isDropMarkup: true } },
  { label: 'profile +0 % on the recommended price', user: { discount: 0, isVerified: true, markup: 0, isDropMarkup: false } },
  { label: 'store +20 % from drop', user: { discount: 0, isVerified: true, markup: 50, isDropMarkup: false }, store: [1, 20, []] },
  {
    label: 'store +10 % from drop, category markups',
    user: { discount: 5, isVerified: true, markup: 0, isDropMarkup: false },
    store: [
      1,
      10,
      [
        [1, 60],
        [3, 15],
        [5, 5],
      ],
    ],
  },
  {
    label: 'store +0 % from the recommended price, category markups',
    user: { discount: 0, isVerified: true, markup: 0, isDropMarkup: false },
    store: [2, 0, [[2, 3]]],
  },
];

interface Seller {
  p: Profile;
  token: string;
  marketId: number | null;
  pricing: PricingUser;
  market: PricingMarket | null;
}
const sellers: Seller[] = [];

async function setFloor(on: boolean) {
  const r = await t.request('PUT', '/api/v1/admin/supplier-settings', { token: op, body: { enforce_recommended_price: on } });
  expect(r.status).toBe(200);
  expect((await t.request('GET', '/api/v1/config')).body.data.enforce_recommended_price).toBe(on);
}

/** What the rule gives for a fixture product, computed here from the catalogue's own figures. */
function expected(s: Seller, id: number, floor: boolean) {
  const p = byId.get(id)!;
  const prices = priceProduct(
    { dropKop: p.dropKop, oldDropKop: p.oldDropKop ?? null, retailKop: p.retailKop, categoryPath: categoryPath[p.categoryId]! },
    { ...s.pricing, recommendedFloor: false },
    s.market,
  );
  const lifted = floor && prices.markupKop < prices.retailKop ? prices.retailKop : prices.markupKop;
  return { markupKop: lifted, unliftedKop: prices.markupKop, dropKop: prices.dropKop, retailKop: prices.retailKop };
}

/** Every product as each surface shows it to the seller: list, product page, header search, analogues. */
async function surfaces(s: Seller): Promise<{ where: string; p: ProductDto }[]> {
  const q = s.marketId ? `&market_id=${s.marketId}` : '';
  const out: { where: string; p: ProductDto }[] = [];
  const get = (url: string) => t.request('GET', url, { token: s.token });
  const list = await get(`/api/v1/products?per_page=100${q}`);
  expect(list.status).toBe(200);
  expect(list.body.data).toHaveLength(FIXTURE_PRODUCTS.length);
  for (const p of list.body.data) out.push({ where: 'list', p });
  for (const { id } of FIXTURE_PRODUCTS) {
    const page = await get(`/api/v1/products/${id}?${q.slice(1)}`);
    expect(page.status).toBe(200);
    out.push({ where: 'product page', p: page.body.data });
  }
  for (const word of ['Samsung', 'чохол', 'Дриль']) {
    const found = await get(`/api/v1/products?per_page=5&search=${encodeURIComponent(word)}${q}`);
    expect(found.status).toBe(200);
    for (const p of found.body.data) out.push({ where: `search ${word}`, p });
  }
  const analogues = await get(`/api/v1/products/analogues/1?${q.slice(1)}`);
  expect(analogues.status).toBe(200);
  expect(analogues.body.data.length).toBeGreaterThan(0);
  for (const p of analogues.body.data) out.push({ where: 'analogues', p });
  return out;
}

async function feedPrices(s: Seller, source: 'drop_markup' | 'recommended_markup' | 'market', markup: number): Promise<Map<number, number>> {
  const body = {
    name: `${source} ${markup}`,
    file_type: 'yml',
    shop: { short_name: 'Shop', company: 'ФОП', url: 'https://shop.example' },
    price_source: source,
    markup,
    ...(source === 'market' ? { market_id: s.marketId } : {}),
  };
  const r = await t.request('POST', '/api/v1/export-settings', { token: s.token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const id = r.body.data.id;
  const deadline = Date.now() + 25_000;
  for (;;) {
    const st = (await t.request('GET', `/api/v1/export-settings/${id}`, { token: s.token })).body.data;
    if (st.status === 'ready') {
      const file = await t.app.inject({ method: 'GET', url: new URL(st.url).pathname });
      expect(file.statusCode).toBe(200);
      const feed = parseFeed(file.body);
      await t.request('DELETE', `/api/v1/export-settings/${id}`, { token: s.token });
      return new Map(feed.offers.map((o) => [o.id, uahToKop(Number(o.fields.price![0]))]));
    }
    if (st.status === 'failed' || Date.now() > deadline) throw new Error(`feed ${id}: ${JSON.stringify(st)}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

describe('the recommended-price floor (issue 26 point 1)', () => {
  beforeAll(async () => {
    for (const p of PROFILES) {
      const u = await t.user(p.user);
      let marketId: number | null = null;
      let market: PricingMarket | null = null;
      if (p.store) {
        const [type, base, cats] = p.store;
        const m = await t.request('POST', '/api/v1/markets', {
          token: u.token,
          body: { name: p.label.slice(0, 40), base_markup: { type, markup: base }, catalog_markup: cats.map(([id, markup]) => ({ id, markup })) },
        });
        expect(m.status, JSON.stringify(m.body)).toBe(201);
        marketId = m.body.data.id;
        market = { baseType: type, baseMarkup: base, categoryMarkups: new Map(cats) };
      }
      sellers.push({ p, token: u.token, marketId, pricing: { ...p.user, recommendedFloor: true }, market });
    }
  });

  test('on (the default): every price on every surface is at least the recommended one, and exactly the rule', async () => {
    await setFloor(true);
    let lifted = 0;
    let checked = 0;
    for (const s of sellers) {
      for (const { where, p } of await surfaces(s)) {
        const e = expected(s, p.id, true);
        const at = `${s.p.label}, ${where}, product ${p.id}`;
        expect(uahToKop(p.markup_price), at).toBeGreaterThanOrEqual(uahToKop(p.retail_price));
        expect(uahToKop(p.markup_price), at).toBeGreaterThanOrEqual(uahToKop(p.drop_price));
        expect(uahToKop(p.markup_price), at).toBe(e.markupKop);
        expect(uahToKop(p.profit), at).toBe(e.markupKop - e.dropKop);
        if (e.unliftedKop < e.retailKop) lifted++;
        checked++;
      }
    }
    // The sample really exercises the floor: many prices were below the recommended one before lifting.
    expect(lifted).toBeGreaterThan(20);
    expect(checked).toBeGreaterThan(100);
  });

  test('on: feeds (drop + markup, recommended + markup, a store) publish no price below the recommended one', async () => {
    await setFloor(true);
    let lifted = 0;
    for (const s of sellers) {
      const runs: ['drop_markup' | 'recommended_markup' | 'market', number][] = [
        ['drop_markup', 7],
        ['recommended_markup', 0],
      ];
      if (s.marketId && s.p.user.isVerified) runs.push(['market', 0]);
      for (const [source, markup] of runs) {
        const prices = await feedPrices(s, source, markup);
        expect(prices.size).toBeGreaterThan(0);
        for (const [offer, priceKop] of prices) {
          const p = byOffer.get(offer)!;
          const at = `${s.p.label}, feed ${source} ${markup}, offer ${offer}`;
          expect(priceKop, at).toBeGreaterThanOrEqual(p.retailKop);
          if (source === 'drop_markup') {
            const unlifted = priceProduct(
              { dropKop: p.dropKop, oldDropKop: null, retailKop: p.retailKop, categoryPath: categoryPath[p.categoryId]! },
              { ...s.pricing, recommendedFloor: false },
              { baseType: 1, baseMarkup: 7, categoryMarkups: new Map() },
            ).markupKop;
            if (unlifted < p.retailKop) lifted++;
          }
        }
      }
    }
    expect(lifted).toBeGreaterThan(10);
  });

  test('on: the cart takes every default price the catalogue shows, and the order places with it', async () => {
    await setFloor(true);
    const { setStock } = orderTools(t);
    for (const { id } of FIXTURE_PRODUCTS) await setStock(id, 100);
    for (const s of sellers) {
      const q = s.marketId ? `&market_id=${s.marketId}` : '';
      const list = (await t.request('GET', `/api/v1/products?per_page=100${q}`, { token: s.token })).body.data as ProductDto[];
      for (const p of list) {
        const r = await t.request('POST', '/api/v1/carts', { token: s.token, body: { product_id: p.id, qty: 1, retail_price: p.markup_price } });
        expect(r.status, `${s.p.label}, product ${p.id}: ${JSON.stringify(r.body)}`).toBe(200);
      }
      const order = await t.request('POST', '/api/v1/orders', { token: s.token, body: branchOrder });
      expect(order.status, `${s.p.label}: ${JSON.stringify(order.body)}`).toBe(201);
    }
    // One below the recommended price is still refused while the floor is on.
    const s = sellers[0]!;
    const r = await t.request('POST', '/api/v1/carts', { token: s.token, body: { product_id: 1, qty: 1, retail_price: 149.99 } });
    expect(r.status).toBe(400);
    expect(r.body.code ?? r.body.error?.code ?? JSON.stringify(r.body)).toMatch(/PriceIsLessRecommended/);
  });

  test('off: the same markups give the unlifted prices everywhere, feeds included', async () => {
    await setFloor(false);
    try {
      let below = 0;
      for (const s of sellers) {
        for (const { where, p } of await surfaces(s)) {
          const e = expected(s, p.id, false);
          expect(uahToKop(p.markup_price), `${s.p.label}, ${where}, product ${p.id}`).toBe(e.unliftedKop);
          if (e.unliftedKop < e.retailKop) below++;
        }
        const feed = await feedPrices(s, 'drop_markup', 7);
        for (const [offer, priceKop] of feed) {
          const p = byOffer.get(offer)!;
          const unlifted = priceProduct(
            { dropKop: p.dropKop, oldDropKop: null, retailKop: p.retailKop, categoryPath: categoryPath[p.categoryId]! },
            { ...s.pricing, recommendedFloor: false },
            { baseType: 1, baseMarkup: 7, categoryMarkups: new Map() },
          ).markupKop;
          expect(priceKop, `${s.p.label}, feed offer ${offer}`).toBe(unlifted);
        }
      }
      expect(below).toBeGreaterThan(20);
    } finally {
      await setFloor(true);
    }
  });

  test('turning the floor on or off makes the feeds priced from the drop price due at once (not at their next hourly slot)', async () => {
    await setFloor(true);
    const s = sellers.find((x) => x.marketId && x.p.user.isVerified)!;
    const mk = async (source: string) => {
      const body = {
        name: `due ${source}`,
        file_type: 'yml',
        shop: { short_name: 'Shop', company: 'ФОП', url: 'https://shop.example' },
        price_source: source,
        markup: 5,
        ...(source === 'market' ? { market_id: s.marketId } : {}),
      };
      const r = await t.request('POST', '/api/v1/export-settings', { token: s.token, body });
      expect(r.status).toBe(201);
      return r.body.data.id as number;
    };
    const ids = { drop: await mk('drop_markup'), store: await mk('market'), recommended: await mk('recommended_markup') };
    const next = async (id: number) =>
      new Date((await t.request('GET', `/api/v1/export-settings/${id}`, { token: s.token })).body.data.next_build_at).getTime();
    for (const id of Object.values(ids)) expect(await next(id)).toBeGreaterThan(Date.now() + 30 * 60_000);
    await setFloor(false);
    try {
      expect(await next(ids.drop)).toBeLessThanOrEqual(Date.now());
      expect(await next(ids.store)).toBeLessThanOrEqual(Date.now());
      // A feed from the recommended price (+ markup) is never below it: its prices do not change.
      expect(await next(ids.recommended)).toBeGreaterThan(Date.now() + 30 * 60_000);
    } finally {
      await setFloor(true);
      for (const id of Object.values(ids)) await t.request('DELETE', `/api/v1/export-settings/${id}`, { token: s.token });
    }
  });
});
