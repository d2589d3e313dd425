import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { ORDER_STATUSES } from '@drop/shared';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { orderTools } from '../../test/orders.ts';

/**
 * The staff's order list (issue 29 point 3): filters by reseller, payment method, delivery and
 * city; sorts with a stable tie-break; each answer compared with independent SQL over the same rows.
 */
let t: TestApp;
let op: string;
const ids: number[] = [];
let alice: { id: number; token: string };
let bob: { id: number; token: string };

beforeAll(async () => {
  t = await buildTestApp();
  await loadCatalogFixture(t.database);
  op = await t.operator();
  const tools = orderTools(t);
  alice = await t.user({ isVerified: true, name: 'Аліса Продавчиня' });
  bob = await t.user({ isVerified: true, name: 'Богдан Перекупник' });
  // Twelve orders: two resellers, COD / Prepayment / Card, two days, different totals.
  for (let i = 0; i < 12; i++) {
    const who = i % 2 ? bob : alice;
    const method = ['COD', 'Prepayment', 'Card'][i % 3]!;
    const over: Record<string, unknown> = { payment_method: method };
    if (method === 'Prepayment') over.prepayment_sum = 10;
    const o = await tools.place(who.token, [[4, 1 + (i % 4), 80 + i]], over);
    ids.push(o.id);
  }
  // Half placed on 2026-03-01 (Kyiv), half on 2026-03-02; two courier orders in Lviv by UkrPoshta.
  await t.database.db.execute(sql`UPDATE orders SET created_at = '2026-03-01 12:00:00+02' WHERE id = ANY(${sql.raw(`ARRAY[${ids.slice(0, 6).join(',')}]`)})`);
  await t.database.db.execute(sql`UPDATE orders SET created_at = '2026-03-02 12:00:00+02' WHERE id = ANY(${sql.raw(`ARRAY[${ids.slice(6).join(',')}]`)})`);
  await t.database.db.execute(
    sql`UPDATE orders SET delivery_service = 'UkrPoshta', delivery_method = 'Courier', city_name = 'Львів' WHERE id IN (${ids[2]!}, ${ids[9]!})`,
  );
  await t.database.db.execute(sql`UPDATE orders SET status = 'Canceled' WHERE id = ${ids[5]!}`);
  // The millionth order has seven digits: by number it comes after every six-digit one, not among them.
  await t.database.db.execute(sql`UPDATE orders SET number = '1000000' WHERE id = ${ids[0]!}`);
});
afterAll(() => t.close());

const list = async (q: string) => {
  const r = await t.request('GET', `/api/v1/admin/orders?per_page=100&${q}`, { token: op });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { data: { id: number; number: string; total: number; profit: number; user_name: string; status: string }[]; meta: { total: number } };
};
const idsOf = async (where: string, order = 'id DESC') => {
  const r = (await t.database.db.execute(
    sql.raw(`SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE ${where} ORDER BY ${order}`),
  )) as unknown as { rows: { id: number }[] };
  return r.rows.map((x) => Number(x.id));
};

describe('filters', () => {
  test('payment method, reseller, delivery, city and dates each narrow the list as SQL does', async () => {
    const cases: [string, string][] = [
      ['payment_method=COD', "o.payment_method = 'COD'"],
      [`user_id=${alice.id}&payment_method=Card`, `o.user_id = ${alice.id} AND o.payment_method = 'Card'`],
      ['delivery_service=UkrPoshta', "o.delivery_service = 'UkrPoshta'"],
      ['delivery_method=Courier&delivery_type=NovaPoshta', "o.delivery_method = 'Courier' AND o.delivery_type = 'NovaPoshta'"],
      ['city=%D0%BB%D1%8C%D0%B2', "o.city_name ILIKE '%льв%'"],
      [
        'payment_method=COD&date_from=2026-03-02&date_to=2026-03-02',
        "o.payment_method = 'COD' AND o.created_at >= '2026-03-02 00:00+02' AND o.created_at < '2026-03-03 00:00+02'",
      ],
    ];
    for (const [q, where] of cases) {
      const expected = await idsOf(where, 'o.created_at DESC, o.id DESC');
      expect(expected.length, q).toBeGreaterThan(0);
      const got = await list(q);
      expect(
        got.data.map((o) => o.id),
        q,
      ).toEqual(expected);
      expect(got.meta.total, q).toBe(expected.length);
    }
  });

  test('bad values are 422 on their field, never 500', async () => {
    for (const [q, field] of [
      ['payment_method=Cash', 'payment_method'],
      ['delivery_service=DHL', 'delivery_service'],
      ['delivery_type=x', 'delivery_type'],
      ['delivery_method=Drone', 'delivery_method'],
      ['sort=price', 'sort'],
      ['sort=--total', 'sort'],
      [`city=${'x'.repeat(101)}`, 'city'],
    ]) {
      const r = await t.request('GET', `/api/v1/admin/orders?${q}`, { token: op });
      expect(r.status, q).toBe(422);
      expect(Object.keys(r.body.errors), q).toContain(field);
    }
  });

  test('the bulk action takes the same filters (all matching COD orders of a day)', async () => {
    const expected = await idsOf("o.payment_method = 'COD' AND o.created_at >= '2026-03-01 00:00+02' AND o.created_at < '2026-03-02 00:00+02'");
    const r = await t.request('POST', '/api/v1/admin/orders/bulk', {
      token: op,
      body: { action: 'print', kind: 'packing', filter: { payment_method: 'COD', date_from: '2026-03-01', date_to: '2026-03-01' } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.map((x: { id: number }) => x.id).sort()).toEqual([...expected].sort());
  });
});

describe('sorts', () => {
  const statusOrder = `array_position(ARRAY[${ORDER_STATUSES.map((s) => `'${s}'`).join(',')}]::text[], o.status)`;
  test.each([
    ['created_at', 'o.created_at ASC, o.id ASC'],
    ['-created_at', 'o.created_at DESC, o.id DESC'],
    ['number', 'o.number::bigint ASC, o.id ASC'],
    ['-number', 'o.number::bigint DESC, o.id DESC'],
    ['total', 'o.retail_kop ASC, o.id ASC'],
    ['-total', 'o.retail_kop DESC, o.id DESC'],
    ['-profit', 'o.profit_kop DESC, o.id DESC'],
    ['user_name', 'u.name ASC, o.id ASC'],
    ['-user_name', 'u.name DESC, o.id DESC'],
    ['status', `${statusOrder} ASC, o.id ASC`],
    ['-status', `${statusOrder} DESC, o.id DESC`],
  ])('sort=%s orders as SQL does, ties by id, and pages never repeat a row', async (sort, order) => {
    const expected = await idsOf('true', order);
    const all = await list(`sort=${sort}`);
    expect(all.data.map((o) => o.id)).toEqual(expected);
    // Page by page (5 a page) gives the same sequence: a stable order.
    const paged: number[] = [];
    for (let p = 1; p <= Math.ceil(expected.length / 5); p++) {
      const r = await t.request('GET', `/api/v1/admin/orders?per_page=5&page=${p}&sort=${sort}`, { token: op });
      paged.push(...r.body.data.map((o: { id: number }) => o.id));
    }
    expect(paged).toEqual(expected);
  });

  test('a sort keeps the filters and the worklists working', async () => {
    const expected = await idsOf(`o.user_id = ${bob.id} AND o.payment_method <> 'Balance' AND o.status = 'New'`, 'o.retail_kop DESC, o.id DESC');
    const r = await list(`worklist=to_confirm&user_id=${bob.id}&sort=-total`);
    expect(r.data.map((o) => o.id)).toEqual(expected);
    expect(r.data.every((o) => o.user_name === 'Богдан Перекупник')).toBe(true);
  });

  test('a reseller may not list staff orders (403)', async () => {
    expect((await t.request('GET', '/api/v1/admin/orders?payment_method=COD', { token: alice.token })).status).toBe(403);
  });
});
