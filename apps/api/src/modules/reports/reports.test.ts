/**
 * Issue 29 point 2: the reports. A month (March 2026, with the switch to summer time on the 29th)
 * of orders across resellers, statuses, payment methods, refusals and returns, with lines of
 * several products, is seeded straight into the tables; each report's figures are compared with
 * sums the test computes itself in SQL written here (from the order LINES for money, from
 * `cod_kop` for cash on delivery; never through the reports' repository). Also: buckets sum to the
 * totals, Kyiv day boundaries, exports read back equal to the JSON, access and bad ranges.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { orderLines, orders } from '../../db/schema/index.ts';

let t: TestApp;
let admin: string;
const tok = {} as Record<'manager' | 'accountant' | 'warehouse' | 'reseller', string>;
const R = {} as Record<'a' | 'b' | 'c' | 'edge', number>;

type Product = { id: number; code: number; vendor: string; name: string; drop: number; retail: number };
let products: Product[] = [];

// A small deterministic generator: the same month on every run.
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** What became of an order: statuses as the lifecycle leaves them. */
const FATES = {
  fresh: { status: 'New', delivery: 'New', paid: false },
  canceled: { status: 'Canceled', delivery: 'New', paid: false },
  confirmed: { status: 'Confirmed', delivery: 'New', paid: false },
  onTheWay: { status: 'Delivered', delivery: 'OnMyWay', paid: false },
  atBranch: { status: 'Delivered', delivery: 'Received', paid: false },
  done: { status: 'Done', delivery: 'Received', paid: true },
  refused: { status: 'Delivered', delivery: 'Refusal', paid: false },
  refusedBack: { status: 'Return', delivery: 'ReturnReceived', paid: false },
  returned: { status: 'Return', delivery: 'Received', paid: true },
  partReturn: { status: 'PartReturn', delivery: 'Received', paid: true },
  exchange: { status: 'Exchange', delivery: 'Exchange', paid: true },
} as const;
type Fate = keyof typeof FATES;
const SHIPPED = ['Delivered', 'Done', 'Return', 'PartReturn', 'Exchange'];

/** Inserts one order placed at Kyiv wall time `at` ('2026-03-05 14:20'), its sums from its lines. */
async function seedOrder(userId: number, at: string, fate: Fate, method: string, lines: [Product, number, number][]) {
  const f = FATES[fate];
  const wholesale = lines.reduce((s, [p, q]) => s + p.drop * q, 0);
  const retail = lines.reduce((s, [, q, r]) => s + r * q, 0);
  const prepayment = method === 'Prepayment' ? 5000 : 0;
  const cash = method === 'COD' || method === 'Prepayment';
  const shipped = SHIPPED.includes(f.status);
  const paymentStatus = !f.paid
    ? method === 'Card' && f.status !== 'New' && f.status !== 'Canceled'
      ? 'WaitPaid'
      : 'NotPaid'
    : method === 'Balance'
      ? 'PaidFromBalance'
      : 'Paid';
  const [o] = await t.database.db
    .insert(orders)
    .values({
      userId,
      status: f.status,
      paymentStatus: method === 'Balance' && f.status !== 'New' && f.status !== 'Canceled' ? 'PaidFromBalance' : paymentStatus,
      deliveryStatus: f.delivery,
      paymentMethod: method,
      paymentDelivery: 'Recipient',
      deliveryService: 'NovaPoshta',
      deliveryMethod: 'Branch',
      deliveryType: 'NovaPoshta',
      lastName: 'Звіт',
      firstName: 'Тест',
      phone: '+380671234567',
      prepaymentKop: prepayment,
      wholesaleKop: wholesale,
      retailKop: retail,
      profitKop: retail - wholesale,
      expectedAccrualKop: retail - prepayment - wholesale,
      // The waybill's cash on delivery, as the NP waybill sets it for a cash order.
      codKop: cash && shipped ? retail - prepayment : 0,
      ttn: shipped ? `2045${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}` : null,
      createdAt: sql`${at}::timestamp AT TIME ZONE 'Europe/Kyiv'`,
    })
    .returning({ id: orders.id });
  await t.database.db.insert(orderLines).values(
    lines.map(([p, qty, r]) => ({
      orderId: o!.id,
      productId: p.id,
      b2bCodeId: p.code,
      name: p.name,
      vendorCode: p.vendor,
      qty,
      dropKop: p.drop,
      retailKop: r,
    })),
  );
  return o!.id;
}

const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const num = (v: unknown) => Number(v ?? 0);
const uah = (kop: unknown) => num(kop) / 100;
/** Money compared in kopecks (the DTO's UAH numbers have 2 decimals). */
const kop = (v: number) => Math.round(v * 100);
const report = async (kind: string, qs: string, token = admin) => {
  const r = await t.request('GET', `/api/v1/admin/reports/${kind}?${qs}`, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

const MARCH = 'date_from=2026-03-01&date_to=2026-03-31';
const KYIV_DAY = sql`(o.created_at AT TIME ZONE 'Europe/Kyiv')::date`;
const IN_MARCH = sql`${KYIV_DAY} BETWEEN DATE '2026-03-01' AND DATE '2026-03-31'`;
const marchDays = Array.from({ length: 31 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`);
const monday = (d: string) => {
  const x = new Date(`${d}T00:00:00Z`);
  x.setUTCDate(x.getUTCDate() - ((x.getUTCDay() + 6) % 7));
  return x.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await buildTestApp();
  await loadCatalogFixture(t.database);
  admin = await t.operator();
  for (const role of ['manager', 'accountant', 'warehouse'] as const)
    tok[role] = (await t.user({ role, name: `Працівник ${role}`, email: `${role}@reports.test` })).token;
  const a = await t.user({ name: 'Реселер Альфа', email: 'alpha@reports.test' });
  tok.reseller = a.token;
  R.a = a.id;
  R.b = (await t.user({ name: 'Реселер Бета', email: 'beta@reports.test' })).id;
  R.c = (await t.user({ name: 'Реселер Гамма', email: 'gamma@reports.test' })).id;
  R.edge = (await t.user({ name: 'Реселер Межа', email: 'edge@reports.test' })).id;
  products = (
    await rows<{ id: number; b2b_code_id: number; vendor_code: string; name_uk: string; drop_kop: string; retail_kop: string }>(
      sql`SELECT id, b2b_code_id, vendor_code, name_uk, drop_kop, retail_kop FROM products ORDER BY id LIMIT 6`,
    )
  ).map((p) => ({ id: p.id, code: p.b2b_code_id, vendor: p.vendor_code, name: p.name_uk, drop: num(p.drop_kop), retail: num(p.retail_kop) }));
  expect(products.length).toBeGreaterThanOrEqual(4);

  const rnd = prng(29);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const fates = Object.keys(FATES) as Fate[];
  const methods = ['COD', 'COD', 'COD', 'Prepayment', 'Card', 'Balance'];
  const resellers = [R.a, R.a, R.a, R.b, R.b, R.c];
  for (let i = 0; i < 120; i++) {
    // Days 1..31 of March at any hour, and a few in February and April that no March report counts.
    const month = i < 110 ? '03' : i < 115 ? '02' : '04';
    const day = String(1 + Math.floor(rnd() * (month === '02' ? 28 : month === '03' ? 31 : 30))).padStart(2, '0');
    const at = `2026-${month}-${day} ${String(Math.floor(rnd() * 24)).padStart(2, '0')}:${String(Math.floor(rnd() * 60)).padStart(2, '0')}`;
    const n = 1 + Math.floor(rnd() * 3);
    const lines: [Product, number, number][] = [];
    for (const p of [...products].sort(() => rnd() - 0.5).slice(0, n)) lines.push([p, 1 + Math.floor(rnd() * 4), p.retail + Math.floor(rnd() * 5) * 1000 + 50]);
    await seedOrder(pick(resellers), at, pick(fates), pick(methods), lines);
  }
  // Kyiv day boundaries, for the reseller 'Межа' alone: 1 March 00:05 and 31 March 23:30 count;
  // 28 February 23:50 and 1 April 00:10 do not (UTC+2 before the 29th, UTC+3 after).
  const p = products[0]!;
  await seedOrder(R.edge, '2026-02-28 23:50', 'done', 'COD', [[p, 1, p.retail]]);
  await seedOrder(R.edge, '2026-03-01 00:05', 'done', 'COD', [[p, 1, p.retail]]);
  await seedOrder(R.edge, '2026-03-31 23:30', 'refused', 'COD', [[p, 2, p.retail]]);
  await seedOrder(R.edge, '2026-04-01 00:10', 'done', 'COD', [[p, 3, p.retail]]);
}, 120_000);
afterAll(() => t?.close());

// ---------- the independent sums ----------

/** Sales per Kyiv day: money from the lines of the orders neither cancelled nor returned. */
async function salesByDay(where = sql`TRUE`) {
  const r = await rows<Record<string, unknown>>(sql`
    SELECT ${KYIV_DAY}::text AS day,
      count(*) FILTER (WHERE o.status NOT IN ('Canceled', 'Return')) AS orders,
      coalesce(sum(l.sales) FILTER (WHERE o.status NOT IN ('Canceled', 'Return')), 0) AS sales,
      coalesce(sum(l.wholesale) FILTER (WHERE o.status NOT IN ('Canceled', 'Return')), 0) AS wholesale,
      count(*) FILTER (WHERE o.status = 'Canceled') AS canceled,
      count(*) FILTER (WHERE o.status = 'Return') AS returned
    FROM orders o
    JOIN (SELECT order_id, sum(retail_kop * qty) AS sales, sum(drop_kop * qty) AS wholesale FROM order_lines GROUP BY order_id) l ON l.order_id = o.id
    WHERE ${IN_MARCH} AND ${where}
    GROUP BY 1`);
  return new Map(
    r.map((x) => [
      x.day as string,
      {
        orders: num(x.orders),
        sales: num(x.sales),
        wholesale: num(x.wholesale),
        profit: num(x.sales) - num(x.wholesale),
        canceled: num(x.canceled),
        returned: num(x.returned),
      },
    ]),
  );
}

type Figures = Record<string, number>;
const sumInto = (acc: Figures, f: Figures) => {
  for (const [k, v] of Object.entries(f)) acc[k] = (acc[k] ?? 0) + v;
  return acc;
};
const asUah = (f: Figures, money: string[]) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, money.includes(k) ? kop(uah(v)) : v]));
const dtoKop = (f: Figures, money: string[]) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, money.includes(k) ? kop(v) : v]));

const SALES_MONEY = ['sales', 'wholesale', 'profit'];
const COD_MONEY = ['expected', 'received', 'refused', 'outstanding'];
const pickKeys = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k] as number]));
const SALES_KEYS = ['orders', 'sales', 'wholesale', 'profit', 'canceled', 'returned'];
const COD_KEYS = ['orders', 'expected', 'received', 'refused', 'outstanding'];
const RETURNS_KEYS = ['shipped', 'refused', 'returned', 'part_returned'];

describe('sales', () => {
  test('each day of the month equals the SQL sums of its orders lines; totals are the sum of the days', async () => {
    const data = await report('sales', `${MARCH}&group=day`);
    const expected = await salesByDay();
    expect(data.range).toEqual({ date_from: '2026-03-01', date_to: '2026-03-31', group: 'day' });
    expect(data.rows.map((r: { period: string }) => r.period)).toEqual(marchDays);
    let orders = 0;
    for (const row of data.rows) {
      const e = expected.get(row.period) ?? { orders: 0, sales: 0, wholesale: 0, profit: 0, canceled: 0, returned: 0 };
      expect(dtoKop(pickKeys(row, SALES_KEYS), SALES_MONEY), row.period).toEqual(asUah(e, SALES_MONEY));
      orders += row.orders;
    }
    expect(orders).toBeGreaterThan(40);
    const total = [...expected.values()].reduce(sumInto, {});
    expect(dtoKop(data.totals, SALES_MONEY)).toEqual(asUah(total, SALES_MONEY));
    const bucketSum = data.rows.map((r: Figures) => dtoKop(pickKeys(r, SALES_KEYS), SALES_MONEY)).reduce(sumInto, {});
    expect(bucketSum).toEqual(dtoKop(data.totals, SALES_MONEY));
  });

  test('weeks (from Monday) and the month sum the same days', async () => {
    const expected = await salesByDay();
    const week = await report('sales', `${MARCH}&group=week`);
    // 1 March 2026 is a Sunday: the first week starts on 23 February, clipped to the range.
    expect(week.rows[0]).toMatchObject({ period: '2026-02-23', date_from: '2026-03-01', date_to: '2026-03-01' });
    expect(week.rows.map((r: { period: string }) => r.period)).toEqual(['2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30']);
    const byWeek = new Map<string, Figures>();
    for (const [day, f] of expected) byWeek.set(monday(day), sumInto({ ...(byWeek.get(monday(day)) ?? {}) }, f));
    for (const row of week.rows) {
      const e = byWeek.get(row.period) ?? Object.fromEntries(SALES_KEYS.map((k) => [k, 0]));
      expect(dtoKop(pickKeys(row, SALES_KEYS), SALES_MONEY), row.period).toEqual(asUah(e, SALES_MONEY));
    }
    const month = await report('sales', `${MARCH}&group=month`);
    expect(month.rows).toHaveLength(1);
    expect(pickKeys(month.rows[0], SALES_KEYS)).toEqual(month.totals);
    expect(dtoKop(month.totals, SALES_MONEY)).toEqual(asUah([...expected.values()].reduce(sumInto, {}), SALES_MONEY));
  });

  test('by reseller: each reseller equals its SQL sums, the top N by sales, totals over all', async () => {
    const data = await report('sales-by-reseller', MARCH);
    const per = await rows<Record<string, unknown>>(sql`
      SELECT o.user_id,
        count(*) FILTER (WHERE o.status NOT IN ('Canceled', 'Return')) AS orders,
        coalesce(sum(l.sales) FILTER (WHERE o.status NOT IN ('Canceled', 'Return')), 0) AS sales,
        coalesce(sum(l.wholesale) FILTER (WHERE o.status NOT IN ('Canceled', 'Return')), 0) AS wholesale,
        count(*) FILTER (WHERE o.status = 'Canceled') AS canceled,
        count(*) FILTER (WHERE o.status = 'Return') AS returned
      FROM orders o
      JOIN (SELECT order_id, sum(retail_kop * qty) AS sales, sum(drop_kop * qty) AS wholesale FROM order_lines GROUP BY order_id) l ON l.order_id = o.id
      WHERE ${IN_MARCH} GROUP BY o.user_id`);
    expect(data.resellers).toBe(per.length);
    expect(data.rows).toHaveLength(per.length);
    const bySales = [...per].sort((x, y) => num(y.sales) - num(x.sales));
    expect(data.rows.map((r: { user_id: number }) => r.user_id)).toEqual(bySales.map((x) => x.user_id));
    for (const row of data.rows) {
      const e = per.find((x) => x.user_id === row.user_id)!;
      const f = {
        orders: num(e.orders),
        sales: num(e.sales),
        wholesale: num(e.wholesale),
        profit: num(e.sales) - num(e.wholesale),
        canceled: num(e.canceled),
        returned: num(e.returned),
      };
      expect(dtoKop(pickKeys(row, SALES_KEYS), SALES_MONEY)).toEqual(asUah(f, SALES_MONEY));
    }
    expect(data.rows.find((r: { user_id: number }) => r.user_id === R.a)).toMatchObject({ name: 'Реселер Альфа', email: 'alpha@reports.test' });
    const sales = await report('sales', MARCH);
    expect(data.totals).toEqual(sales.totals);
    // The top 2 only; the totals still cover everyone.
    const top = await report('sales-by-reseller', `${MARCH}&limit=2`);
    expect(top.rows.map((r: { user_id: number }) => r.user_id)).toEqual(bySales.slice(0, 2).map((x) => x.user_id));
    expect(top.totals).toEqual(data.totals);
    // One reseller.
    const one = await report('sales', `${MARCH}&user_id=${R.b}`);
    expect(one.totals).toEqual(
      pickKeys(
        data.rows.find((r: { user_id: number }) => r.user_id === R.b),
        SALES_KEYS,
      ),
    );
  });
});

describe('cash on delivery', () => {
  test("expected (the waybills' cod_kop of shipped cash orders), received, refused and outstanding per day equal SQL", async () => {
    const data = await report('cod', MARCH);
    const e = await rows<Record<string, unknown>>(sql`
      SELECT ${KYIV_DAY}::text AS day, count(*) AS orders, sum(o.cod_kop) AS expected,
        coalesce(sum(o.cod_kop) FILTER (WHERE o.payment_status = 'Paid'), 0) AS received,
        coalesce(sum(o.cod_kop) FILTER (WHERE o.payment_status <> 'Paid' AND (o.status = 'Return' OR o.delivery_status IN ('Refusal', 'ReturnReceived'))), 0) AS refused
      FROM orders o
      WHERE ${IN_MARCH} AND o.payment_method IN ('COD', 'Prepayment') AND o.ttn IS NOT NULL
      GROUP BY 1`);
    const byDay = new Map(
      e.map((x) => [
        x.day as string,
        {
          orders: num(x.orders),
          expected: num(x.expected),
          received: num(x.received),
          refused: num(x.refused),
          outstanding: num(x.expected) - num(x.received) - num(x.refused),
        },
      ]),
    );
    expect(data.rows).toHaveLength(31);
    for (const row of data.rows) {
      const f = byDay.get(row.period) ?? { orders: 0, expected: 0, received: 0, refused: 0, outstanding: 0 };
      expect(dtoKop(pickKeys(row, COD_KEYS), COD_MONEY), row.period).toEqual(asUah(f, COD_MONEY));
    }
    const total = [...byDay.values()].reduce(sumInto, {});
    expect(dtoKop(data.totals, COD_MONEY)).toEqual(asUah(total, COD_MONEY));
    expect(total.received).toBeGreaterThan(0);
    expect(total.refused).toBeGreaterThan(0);
    expect(total.outstanding).toBeGreaterThan(0);
    expect(kop(data.totals.expected)).toBe(kop(data.totals.received) + kop(data.totals.refused) + kop(data.totals.outstanding));
    const weeks = await report('cod', `${MARCH}&group=week`);
    expect(dtoKop(weeks.rows.map((r: Figures) => pickKeys(r, COD_KEYS)).reduce(sumInto, {}), COD_MONEY)).toEqual(dtoKop(data.totals, COD_MONEY));
  });
});

describe('refusals and returns', () => {
  const returnsSql = (group: ReturnType<typeof sql>) =>
    rows<Record<string, unknown>>(sql`
    SELECT ${group} AS k, count(*) AS shipped,
      count(*) FILTER (WHERE o.delivery_status IN ('Refusal', 'ReturnReceived')) AS refused,
      count(*) FILTER (WHERE o.status = 'Return' AND o.delivery_status NOT IN ('Refusal', 'ReturnReceived')) AS returned,
      count(*) FILTER (WHERE o.status = 'PartReturn' AND o.delivery_status NOT IN ('Refusal', 'ReturnReceived')) AS part_returned
    FROM orders o
    WHERE ${IN_MARCH} AND o.ttn IS NOT NULL
    GROUP BY 1`);
  const rate = (n: number, of: number) => (of ? Math.round((1000 * n) / of) / 10 : 0);
  const check = (row: Figures, e: Record<string, unknown> | undefined) => {
    const f = { shipped: num(e?.shipped), refused: num(e?.refused), returned: num(e?.returned), part_returned: num(e?.part_returned) };
    expect(pickKeys(row, RETURNS_KEYS)).toEqual(f);
    expect(row.refusal_rate).toBe(rate(f.refused, f.shipped));
    expect(row.return_rate).toBe(rate(f.returned + f.part_returned, f.shipped));
  };

  test('per day: shipped, refused, returned and the rates equal SQL counts; totals sum the days', async () => {
    const data = await report('returns', MARCH);
    const e = await returnsSql(sql`${KYIV_DAY}::text`);
    for (const row of data.rows)
      check(
        row,
        e.find((x) => x.k === row.period),
      );
    const sum = data.rows.map((r: Figures) => pickKeys(r, RETURNS_KEYS)).reduce(sumInto, {});
    expect(sum).toEqual(pickKeys(data.totals, RETURNS_KEYS));
    expect(data.totals.refused).toBeGreaterThan(0);
    expect(data.totals.returned).toBeGreaterThan(0);
    check(data.totals, { shipped: sum.shipped, refused: sum.refused, returned: sum.returned, part_returned: sum.part_returned });
  });

  test('per reseller equal SQL counts, ordered by shipped orders', async () => {
    const data = await report('returns-by-reseller', MARCH);
    const e = await returnsSql(sql`o.user_id`);
    expect(data.rows).toHaveLength(e.length);
    expect(data.rows.map((r: Figures) => r.shipped)).toEqual(e.map((x) => num(x.shipped)).sort((a, b) => b - a));
    for (const row of data.rows)
      check(
        row,
        e.find((x) => x.k === row.user_id),
      );
    expect(data.totals).toEqual((await report('returns', MARCH)).totals);
  });
});

describe('top products', () => {
  const perProduct = () =>
    rows<Record<string, unknown>>(sql`
      SELECT l.b2b_code_id AS code, sum(l.qty) AS qty, count(DISTINCT l.order_id) AS orders, sum(l.retail_kop * l.qty) AS sales, sum(l.drop_kop * l.qty) AS wholesale
      FROM order_lines l JOIN orders o ON o.id = l.order_id
      WHERE ${IN_MARCH} AND o.status NOT IN ('Canceled', 'Return')
      GROUP BY l.b2b_code_id`);

  test('by quantity and by sales: each product equals its lines in SQL, with code, vendor code and name', async () => {
    const e = await perProduct();
    for (const sort of ['qty', 'sales'] as const) {
      const data = await report('top-products', `${MARCH}&sort=${sort}&limit=3`);
      expect(data.rows).toHaveLength(3);
      const order = [...e].sort(
        (x, y) =>
          num(y[sort]) - num(x[sort]) || num(y[sort === 'qty' ? 'sales' : 'qty']) - num(x[sort === 'qty' ? 'sales' : 'qty']) || num(x.code) - num(y.code),
      );
      expect(data.rows.map((r: { code: number }) => r.code)).toEqual(order.slice(0, 3).map((x) => num(x.code)));
      for (const row of data.rows) {
        const x = e.find((y) => num(y.code) === row.code)!;
        const p = products.find((y) => y.code === row.code)!;
        expect(row).toEqual({
          product_id: p.id,
          code: p.code,
          vendor_code: p.vendor,
          name: p.name,
          qty: num(x.qty),
          orders: num(x.orders),
          sales: uah(x.sales),
          wholesale: uah(x.wholesale),
          profit: uah(num(x.sales) - num(x.wholesale)),
        });
      }
      const all = e.reduce((a: Figures, x) => sumInto(a, { qty: num(x.qty), sales: num(x.sales), wholesale: num(x.wholesale) }), {});
      expect(dtoKop(data.totals, ['sales', 'wholesale', 'profit'])).toEqual({
        products: e.length,
        qty: all.qty,
        sales: all.sales,
        wholesale: all.wholesale,
        profit: all.sales! - all.wholesale!,
      });
    }
    // The top products' sales are the sales report's (the same orders).
    const sales = await report('sales', MARCH);
    expect((await report('top-products', `${MARCH}&limit=100`)).totals.sales).toBe(sales.totals.sales);
  });
});

describe('Kyiv day boundaries', () => {
  test('23:30 on the last day counts, 00:10 the next day does not; 00:05 on the first day counts, 23:50 the day before does not', async () => {
    const march = await report('sales', `${MARCH}&user_id=${R.edge}`);
    expect(march.totals.orders).toBe(2);
    const p = products[0]!;
    expect(kop(march.totals.sales)).toBe(3 * p.retail);
    const first = march.rows.find((r: { period: string }) => r.period === '2026-03-01');
    const last = march.rows.find((r: { period: string }) => r.period === '2026-03-31');
    expect(first.orders).toBe(1);
    expect(last.orders).toBe(1);
    expect(kop(last.sales)).toBe(2 * p.retail);
    expect((await report('sales', `date_from=2026-04-01&date_to=2026-04-01&user_id=${R.edge}`)).totals.orders).toBe(1);
    expect((await report('sales', `date_from=2026-02-28&date_to=2026-02-28&user_id=${R.edge}`)).totals.orders).toBe(1);
    const ret = await report('returns', `date_from=2026-03-31&date_to=2026-03-31&user_id=${R.edge}`);
    expect(ret.totals).toMatchObject({ shipped: 1, refused: 1, refusal_rate: 100 });
  });

  test('the default range is the current Kyiv month', async () => {
    const data = await report('sales', '');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(new Date());
    expect(data.range.date_from).toBe(`${today.slice(0, 7)}-01`);
    expect(data.range.date_to.slice(0, 7)).toBe(today.slice(0, 7));
    expect(data.rows.at(-1).period).toBe(data.range.date_to);
    expect((await report('sales', 'date_from=2026-02-10')).range).toEqual({ date_from: '2026-02-10', date_to: '2026-02-28', group: 'day' });
  });
});

describe('exports', () => {
  const download = async (kind: string, qs: string, format: 'csv' | 'xlsx', headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/reports/${kind}/export?${qs}&format=${format}`,
      headers: { authorization: `Bearer ${admin}`, ...headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const readCsv = (body: Buffer) => parse(body, { bom: true }) as string[][];
  async function readXlsx(body: Buffer) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const out: unknown[][] = [];
    ws.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
    return out;
  }
  const cell = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v === null || v === undefined ? '' : String(v));

  const CASES: [kind: string, keys: string[], qs: string][] = [
    ['sales', ['period', 'date_from', 'date_to', ...SALES_KEYS], `${MARCH}&group=week`],
    ['sales-by-reseller', ['user_id', 'name', 'email', ...SALES_KEYS], MARCH],
    ['cod', ['period', 'date_from', 'date_to', ...COD_KEYS], MARCH],
    ['returns', ['period', 'date_from', 'date_to', ...RETURNS_KEYS, 'refusal_rate', 'return_rate'], MARCH],
    ['returns-by-reseller', ['user_id', 'name', 'email', ...RETURNS_KEYS, 'refusal_rate', 'return_rate'], MARCH],
    ['top-products', ['code', 'vendor_code', 'name', 'qty', 'orders', 'sales', 'wholesale', 'profit'], `${MARCH}&sort=sales&limit=5`],
  ];

  for (const [kind, keys, qs] of CASES) {
    test(`${kind}: the CSV and the XLSX hold the JSON's rows and its totals`, async () => {
      const data = await report(kind, qs);
      const label = keys.includes('period') ? 'period' : 'name';
      const expected = [...data.rows, { ...data.totals, [label]: 'Разом', date_from: data.range.date_from, date_to: data.range.date_to }].map(
        (r: Record<string, unknown>) => keys.map((k) => (typeof r[k] === 'number' ? Number(r[k]) : String(r[k] ?? ''))),
      );
      const csv = readCsv((await download(kind, qs, 'csv')).rawPayload);
      expect(csv[0]).toHaveLength(keys.length);
      // Each cell as the JSON has it: a number where the JSON has one (a totals row leaves ids blank).
      const like = (row: number, i: number, v: unknown, text: (v: unknown) => string) => (typeof expected[row]![i] === 'number' ? Number(v ?? 0) : text(v));
      expect(csv.slice(1).map((r, row) => r.map((v, i) => like(row, i, v, String)))).toEqual(expected);
      const res = await download(kind, qs, 'xlsx');
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const sheet = await readXlsx(res.rawPayload);
      expect(sheet[0]).toEqual(csv[0]);
      expect(sheet.slice(1).map((r, row) => keys.map((_, i) => like(row, i, r[i], cell)))).toEqual(expected);
    });
  }

  test('headers and the totals row in Russian for a Russian request; the file is named after the report and the range', async () => {
    const res = await download('sales', MARCH, 'csv', { 'x-localization': 'ru' });
    const csv = readCsv(res.rawPayload);
    expect(csv[0]!.slice(0, 4)).toEqual(['Период', 'С', 'По', 'Заказов']);
    expect(csv.at(-1)![0]).toBe('Итого');
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1]!)).toBe('Продажи 2026-03-01 — 2026-03-31.csv');
  });
});

describe('access and bad input', () => {
  test('401 without a token; 403 for the warehouse and a reseller; managers and accountants read and export', async () => {
    expect((await t.request('GET', `/api/v1/admin/reports/sales?${MARCH}`)).status).toBe(401);
    expect((await t.request('GET', `/api/v1/admin/reports/sales/export?${MARCH}`)).status).toBe(401);
    for (const who of [tok.warehouse, tok.reseller]) {
      for (const kind of ['sales', 'sales-by-reseller', 'cod', 'returns', 'returns-by-reseller', 'top-products']) {
        expect((await t.request('GET', `/api/v1/admin/reports/${kind}?${MARCH}`, { token: who })).status).toBe(403);
        expect((await t.request('GET', `/api/v1/admin/reports/${kind}/export?${MARCH}&format=csv`, { token: who })).status).toBe(403);
      }
    }
    const totals = (await report('sales', MARCH)).totals;
    expect((await report('sales', MARCH, tok.manager)).totals).toEqual(totals);
    expect((await report('sales', MARCH, tok.accountant)).totals).toEqual(totals);
    const r = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/reports/cod/export?${MARCH}&format=xlsx`,
      headers: { authorization: `Bearer ${tok.accountant}` },
    });
    expect(r.statusCode).toBe(200);
  });

  test('422 on a bad range, day, group, limit or format (never 500)', async () => {
    const bad: [string, string][] = [
      ['date_from=2026-03-31&date_to=2026-03-01', 'date_to'],
      ['date_from=2025-01-01&date_to=2026-01-02', 'date_to'],
      ['date_from=2026-02-30&date_to=2026-03-01', 'date_from'],
      ['date_from=01.03.2026', 'date_from'],
      [`${MARCH}&group=year`, 'group'],
      [`${MARCH}&limit=0`, 'limit'],
      [`${MARCH}&user_id=abc`, 'user_id'],
      [`${MARCH}&sort=price`, 'sort'],
    ];
    for (const [qs, field] of bad) {
      for (const path of ['sales', 'top-products/export']) {
        const r = await t.request('GET', `/api/v1/admin/reports/${path}?${qs}`, { token: admin });
        expect(r.status, `${path}?${qs}`).toBe(422);
        expect(Object.keys(r.body.errors), qs).toContain(field);
      }
    }
    const r = await t.request('GET', `/api/v1/admin/reports/sales?date_from=2025-01-01&date_to=2026-01-02`, { token: admin });
    expect(r.body.errors.date_to).toEqual([expect.any(String)]);
    expect((await t.request('GET', `/api/v1/admin/reports/sales/export?${MARCH}&format=pdf`, { token: admin })).status).toBe(422);
    // 366 days is the longest range.
    expect((await t.request('GET', `/api/v1/admin/reports/sales?date_from=2025-01-01&date_to=2026-01-01&group=month`, { token: admin })).status).toBe(200);
    expect((await t.request('GET', `/api/v1/admin/reports/no-such-report?${MARCH}`, { token: admin })).status).toBe(404);
  });
});
