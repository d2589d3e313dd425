import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { loadCatalogFixture } from '../test/catalog-fixture.ts';
import { PNG, orderTools } from '../test/orders.ts';
import { marketplacesRepo } from '../modules/marketplaces/marketplaces.repository.ts';

/**
 * The access matrix, generated from the route table (the OpenAPI document Fastify builds from
 * every route's schema): every route that declares bearer security answers 401 without a token or
 * with a forged one; every back-office route answers 403 to a reseller; every reseller route with
 * an `{id}` answers 404 to another reseller and changes nothing. A route without security must be
 * one of the public routes listed here, so a new route cannot become public by omission.
 */

interface Operation {
  method: string;
  path: string;
  secured: boolean;
}

const PUBLIC = new Set([
  'POST /api/v1/auth/register',
  'POST /api/v1/auth/confirm',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/confirm-login',
  'POST /api/v1/password/forgot',
  'POST /api/v1/password/restore',
  'GET /api/v1/config',
  'GET /api/v1/health',
  'GET /api/v1/settings/{key}',
  'GET /api/products/promo',
  'POST /emulators/novaposhta/v2.0/json/',
  'POST /emulators/novaposhta/v2.0/json/{model}/{method}',
  // The emulated NP print service: the sender's key is in the path, as on my.novaposhta.ua.
  'GET /emulators/novaposhta/orders/{*}',
]);

/** The marketplace emulators' own APIs: Prom's, Rozetka's and Horoshop's paths with their own tokens, checked as they check them. Their control endpoints are secured. */
const isMarketplaceApi = (path: string) => /^\/emulators\/(prom|rozetka|horoshop)\//.test(path) && !path.includes('/_control/');

/** Catalogue routes whose `{id}` names shared or own-list data, not another reseller's row. */
const NOT_OWNED = new Set([
  'GET /api/v1/categories/{id}',
  'GET /api/v1/products/{id}',
  'GET /api/v1/products/analogues/{id}',
  // {id} is a product (code) id; the delete is scoped to the caller's own list.
  'DELETE /api/v1/favorite-products/{id}',
  'DELETE /api/v1/product-notifications/{id}',
]);

let t: TestApp;
let ops: Operation[];
const url = (path: string, id: number | string = 1) => path.replace(/\{[^}]+\}/g, String(id));

beforeAll(async () => {
  t = await buildTestApp();
  await loadCatalogFixture(t.database);
  await t.app.ready();
  const spec = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
  ops = Object.entries(spec.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({ method: method.toUpperCase(), path, secured: Array.isArray(op.security) && op.security.length > 0 })),
  );
});
afterAll(() => t.close());

describe('generated from the route table', () => {
  test('the table is the whole API (a sanity floor) and every unsecured route is a declared public one', () => {
    expect(ops.length).toBeGreaterThan(100);
    const undeclared = ops.filter((o) => !o.secured && !PUBLIC.has(`${o.method} ${o.path}`) && !isMarketplaceApi(o.path)).map((o) => `${o.method} ${o.path}`);
    expect(undeclared).toEqual([]);
  });

  test('every secured route answers 401 without a token and with a forged one', async () => {
    const wrong: string[] = [];
    for (const o of ops.filter((x) => x.secured)) {
      for (const authorization of [undefined, 'Bearer forged-token-0123456789']) {
        const r = await t.app.inject({ method: o.method as 'GET', url: url(o.path), headers: authorization ? { authorization } : {} });
        if (r.statusCode !== 401) wrong.push(`${o.method} ${o.path} (${authorization ? 'forged' : 'none'}): ${r.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test('every back-office route answers 403 to a reseller', async () => {
    const u = await t.user({ isVerified: true });
    // The back office, and the emulators' control endpoints (an admin's, as Nova Poshta's emulator's).
    const admin = ops.filter((o) => o.path.startsWith('/api/v1/admin') || o.path.includes('/_control/'));
    expect(admin.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const o of admin) {
      const r = await t.app.inject({ method: o.method as 'GET', url: url(o.path), headers: { authorization: `Bearer ${u.token}` } });
      if (r.statusCode !== 403) wrong.push(`${o.method} ${o.path}: ${r.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  test("every reseller route with an {id} answers 404 to another reseller, and the owner's data stays as it was", async () => {
    const tools = orderTools(t);
    await tools.setStock(4, 50);
    const owner = await t.user({ isVerified: true });
    const other = await t.user({ isVerified: true });
    const op = await t.operator();
    const as = (token: string) => ({ authorization: `Bearer ${token}` });

    // One of each of the owner's rows that an {id} names.
    await t.login(owner.email, owner.password, 'owner-second-device');
    const devices = await t.request('GET', '/api/v1/user-devices', { token: owner.token });
    const order = await tools.placeConfirmed(owner.token, [[4, 1, 80]], {
      delivery_type: 'SelfTTN',
      self_ttn: '20450000111222',
      self_ttn_type: 'NovaPoshta',
      city_ref: undefined,
      branch_ref: undefined,
      city_name: undefined,
      branch_name: undefined,
    });
    const media = await tools.upload(owner.token, { order_id: String(order.id), type: 'waybill' }, { name: 'ttn.png', content: PNG });
    expect(media.status).toBeLessThan(300);
    await tools.fill(owner.token, [[4, 1, 80]]);
    const cart = await t.request('GET', '/api/v1/carts', { token: owner.token });
    const boundary = '----matrix';
    const doc = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment-documents',
      headers: { ...as(owner.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.png"\r\nContent-Type: image/png\r\n\r\n`),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(doc.statusCode).toBe(201);
    const market = await t.request('POST', '/api/v1/markets', {
      token: owner.token,
      body: { name: 'Мій', base_markup: { type: 1, markup: 10 }, catalog_markup: [] },
    });
    expect(market.status).toBeLessThan(300);
    const feed = await t.request('POST', '/api/v1/export-settings', {
      token: owner.token,
      body: { name: 'Prom.ua', file_type: 'yml', shop: { short_name: 'Мій', company: 'ФОП', url: 'https://shop.example' } },
    });
    expect(feed.status).toBeLessThan(300);
    await t.request('POST', '/api/v1/admin/notifications/broadcast', {
      token: op,
      body: { title_uk: 'a', title_ru: 'a', message_uk: 'b', message_ru: 'b', user_ids: [owner.id] },
    });
    const notes = await t.request('GET', '/api/v1/notifications', { token: owner.token });
    // A marketplace connection and a draft it brought (written directly: the check would call the marketplace).
    const connection = await marketplacesRepo.insertConnection(t.database.db, {
      userId: owner.id,
      marketId: market.body.data.id,
      marketplace: 'prom',
      secret: t.app.deps.secrets.seal(JSON.stringify({ token: 'owner-token-0001' }), `marketplace:${owner.id}:prom`),
      display: '••••0001',
    });
    const draft = await marketplacesRepo.insertDraft(t.database.db, {
      userId: owner.id,
      connectionId: connection.id,
      marketplace: 'prom',
      externalId: '330000001',
      lastName: 'Шевчук',
      firstName: 'Ірина',
      phone: '+380962990613',
      delivery: {
        service: 'other',
        method: 'Branch',
        carrierName: 'Укрпошта',
        cityRef: null,
        cityName: 'Київ',
        branchRef: null,
        branchName: null,
        streetRef: null,
        streetName: null,
        house: null,
        appt: null,
        problem: 'not_nova_poshta',
      },
      payment: 'cod',
      totalKop: 16000,
      lines: [{ ref: '1', offerId: '1004', sku: '', name: 'Товар', qty: 1, priceKop: 16000, productId: 4 }],
      raw: {},
    });

    const ownedId: Record<string, number> = {
      '/api/v1/user-devices/': devices.body.data.find((d: { is_current: boolean }) => !d.is_current).id,
      '/api/v1/notifications/': notes.body.data[0].id,
      '/api/v1/payment-documents/': JSON.parse(doc.body).data.id,
      '/api/v1/carts/': cart.body.data.items[0].id,
      '/api/v1/orders/': order.id,
      '/api/v1/media-files/': media.body.data.id,
      '/api/v1/markets/': market.body.data.id,
      '/api/v1/export-settings/': feed.body.data.id,
      '/api/v1/marketplace-connections/': connection.id,
      '/api/v1/marketplace-orders/': draft!.id,
    };
    const snapshot = async () =>
      Promise.all([
        t.request('GET', '/api/v1/user-devices', { token: owner.token }).then((r) => r.body.data.length),
        t
          .request('GET', '/api/v1/notifications', { token: owner.token })
          .then((r) => r.body.data.map((n: { id: number; read_at: string | null }) => [n.id, n.read_at])),
        t.request('GET', '/api/v1/carts', { token: owner.token }).then((r) => r.body.data.items.map((i: { id: number; qty: number }) => [i.id, i.qty])),
        t
          .request('GET', `/api/v1/orders/${order.id}`, { token: owner.token })
          .then((r) => [r.body.data.status, r.body.data.total, r.body.data.documents?.length]),
        t.request('GET', `/api/v1/markets/${market.body.data.id}`, { token: owner.token }).then((r) => r.body.data),
        t.request('GET', `/api/v1/export-settings/${feed.body.data.id}`, { token: owner.token }).then((r) => [r.body.data.name, r.body.data.updated_at]),
        t
          .request('GET', '/api/v1/marketplace-connections', { token: owner.token })
          .then((r) => r.body.data.map((c: { id: number; status: string }) => [c.id, c.status])),
        t.request('GET', `/api/v1/marketplace-orders/${draft!.id}`, { token: owner.token }).then((r) => [r.body.data.status, r.body.data.order_id]),
      ]);
    const before = await snapshot();

    const idRoutes = ops.filter(
      (o) =>
        o.secured &&
        o.path.includes('{id}') &&
        !o.path.startsWith('/api/v1/admin') &&
        !o.path.includes('/_control/') &&
        !NOT_OWNED.has(`${o.method} ${o.path}`),
    );
    expect(idRoutes.length).toBeGreaterThanOrEqual(20);
    const wrong: string[] = [];
    for (const o of idRoutes) {
      const prefix = Object.keys(ownedId).find((p) => o.path.startsWith(p));
      if (!prefix) {
        wrong.push(`${o.method} ${o.path}: no owned row to try (add one to this test)`);
        continue;
      }
      const body = o.method === 'GET' || o.method === 'DELETE' ? undefined : {};
      const r = await t.request(o.method, url(o.path, ownedId[prefix]!), { token: other.token, ...(body ? { body } : {}) });
      // A body the route cannot accept may be refused first (422) — that reveals nothing either — but never 2xx or 403.
      if (r.status !== 404 && r.status !== 422) wrong.push(`${o.method} ${o.path}: ${r.status}`);
      if (r.status === 422) {
        const retried = await t.request(o.method, url(o.path, ownedId[prefix]!), { token: other.token, body: validBodyFor(o.path) });
        if (retried.status !== 404) wrong.push(`${o.method} ${o.path} with a valid body: ${retried.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

/** A body each {id} route accepts, so the ownership check is what answers. */
function validBodyFor(path: string): unknown {
  if (path.startsWith('/api/v1/carts/')) return { qty: 2, retail_price: 90 };
  if (path.startsWith('/api/v1/markets/')) return { name: 'Чужий', base_markup: { type: 1, markup: 5 }, catalog_markup: [] };
  if (path.startsWith('/api/v1/export-settings/'))
    return { name: 'Чужий', file_type: 'yml', shop: { short_name: 'x', company: 'x', url: 'https://x.example' } };
  if (path.startsWith('/api/v1/orders/'))
    return {
      last_name: 'X',
      first_name: 'Y',
      phone: '+380671234567',
      delivery_service: 'NovaPoshta',
      delivery_method: 'Branch',
      delivery_type: 'SelfTTN',
      payment_delivery: 'Recipient',
      payment_method: 'COD',
      self_ttn: '20450000111223',
      self_ttn_type: 'NovaPoshta',
      products: [{ product_id: 4, qty: 1, retail_price: 80 }],
    };
  return {};
}
