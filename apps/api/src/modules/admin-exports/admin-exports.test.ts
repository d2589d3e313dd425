/**
 * Issue 29 point 1: the back office's exports. Each file is read back (CSV with csv-parse, XLSX
 * with exceljs) and compared row by row with the API's own list under the same filters, and with
 * independent SQL; formula injection (reseller names a spreadsheet would run) comes back
 * neutralised in CSV and XLSX (string cells there) while negative amounts stay numbers; the lists'
 * new filters (user_id, Kyiv days, status); 401/403 per role; 422 on a bad format.
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let op: string;
const staff = {} as Record<'manager' | 'accountant' | 'warehouse', string>;
let reseller: string;
const R = {} as Record<'a' | 'b' | 'c' | 'd', number>;
const NAMES = { a: '=HYPERLINK("http://x")', b: '+380501112233', c: '@SUM(1)', d: '-2+3' } as const;

const q = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A file from the API: status, headers and bytes. */
async function download(url: string, token: string | null = op, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
}
/** CSV rows (header first) as strings. */
const csvRows = (buf: Buffer) => parse(buf, { bom: true }) as string[][];
/** XLSX rows (header first), each cell's value and whether it is a string cell. */
async function xlsxRows(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const out: { value: unknown; type: ExcelJS.ValueType }[][] = [];
  ws.eachRow({ includeEmpty: false }, (row) => {
    const cells: { value: unknown; type: ExcelJS.ValueType }[] = [];
    for (let i = 1; i <= ws.columnCount; i++) {
      const c = row.getCell(i);
      cells.push({ value: c.value, type: c.type });
    }
    out.push(cells);
  });
  return out;
}
/** Every row of an API list (pages of 100). */
async function listAll<T>(url: string, token = op): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page++) {
    const r = await t.request('GET', `${url}${url.includes('?') ? '&' : '?'}per_page=100&page=${page}`, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    all.push(...r.body.data);
    if (r.body.data.length < 100) return all;
  }
}
/** `YYYY-MM-DD HH:mm:ss` in Kyiv of an ISO instant (what the CSV writes). */
const kyiv = (iso: string) => new Date(iso).toLocaleString('sv-SE', { timeZone: 'Europe/Kyiv' });
const nameOf = (id: number) => NAMES[(Object.keys(R) as (keyof typeof R)[]).find((k) => R[k] === id)!];
const neutral = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

beforeAll(async () => {
  t = await buildTestApp();
  op = await t.operator();
  for (const role of ['manager', 'accountant', 'warehouse'] as const)
    staff[role] = (await t.user({ role, name: `Працівник ${role}`, email: `${role}@exports.test` })).token;
  reseller = (await t.user({ name: 'Звичайний Реселер' })).token;
  for (const k of ['a', 'b', 'c', 'd'] as const) R[k] = (await t.user({ name: NAMES[k], email: `${k}@exports.test` })).id;

  // The ledger: 1,200 rows of A in one and the same instant (keyset ties across pages of 1000),
  // B's rows around the Kyiv midnight of 1 March (21:xx UTC on 28 February), negatives included.
  await t.database.db.execute(sql`
    INSERT INTO operations (user_id, type, amount_kop, balance_kop, description_uk, description_ru, idempotency_key, created_at)
    SELECT ${R.a}, 'order', CASE WHEN g % 3 = 0 THEN -g * 7 ELSE g * 11 END, g * 5, 'Замовлення ' || g, 'Заказ ' || g, 'exp-a-' || g, '2026-03-10 12:00:00+00'
    FROM generate_series(1, 1200) g`);
  await t.database.db.execute(sql`
    INSERT INTO operations (user_id, type, amount_kop, balance_kop, description_uk, description_ru, comment, idempotency_key, created_at)
    SELECT ${R.b}, CASE WHEN g % 2 = 0 THEN 'payment' ELSE 'withdrawal' END, CASE WHEN g % 2 = 0 THEN g * 100 + 1 ELSE -(g * 100 + 99) END, 0,
           'Рух ' || g, 'Движение ' || g, CASE WHEN g % 5 = 0 THEN '-коментар' END, 'exp-b-' || g,
           timestamptz '2026-02-28 20:00:00+00' + g * interval '1 minute'
    FROM generate_series(1, 300) g`);
  await t.database.db.execute(sql`
    INSERT INTO operations (user_id, type, amount_kop, balance_kop, description_uk, description_ru, idempotency_key, created_at)
    SELECT CASE WHEN g % 2 = 0 THEN ${R.c}::int ELSE ${R.d}::int END, 'correction', -g, -g, '@SUM(' || g || ')', '@SUM(' || g || ')', 'exp-cd-' || g,
           timestamptz '2026-03-20 00:00:00+00' - g * interval '1 hour'
    FROM generate_series(1, 200) g`);
});
afterAll(() => t.close());

describe('GET /admin/operations and its export', () => {
  test('the CSV of the whole ledger is the list, row by row: money equal, times in Kyiv, names neutralised, negatives numbers', async () => {
    const list = await listAll<{
      id: number;
      user_id: number;
      user_name: string;
      type: string;
      amount: number;
      balance: number;
      description: string;
      created_at: string;
    }>('/api/v1/admin/operations');
    expect(list).toHaveLength(1700);
    const f = await download('/api/v1/admin/operations/export?format=csv');
    expect(f.status).toBe(200);
    expect(f.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(f.headers['content-disposition'])).toMatch(/^attachment; filename=".*\.csv"; filename\*=UTF-8''/);
    const [head, ...rows] = csvRows(f.body);
    expect(head).toEqual(['ID', 'Дата', 'ID реселера', 'Реселер', 'Тип', 'Сума, грн', 'Баланс після, грн', 'Опис', 'Коментар', 'Джерело', 'ID джерела']);
    expect(rows).toHaveLength(list.length);
    rows.forEach((r, i) => {
      const o = list[i]!;
      expect([Number(r[0]), r[1], Number(r[2]), r[3], Number(r[5]), Number(r[6]), r[7]]).toEqual([
        o.id,
        kyiv(o.created_at),
        o.user_id,
        neutral(o.user_name),
        o.amount,
        o.balance,
        neutral(o.description),
      ]);
      expect(r[5]).toBe(o.amount.toFixed(2)); // '-0.07', never "'-0.07"
    });
    // The injected names came back neutralised, each of them.
    expect(new Set(rows.map((r) => r[3]))).toEqual(new Set([`'${NAMES.a}`, `'${NAMES.b}`, `'${NAMES.c}`, `'${NAMES.d}`]));
    expect(rows.some((r) => r[5]!.startsWith('-'))).toBe(true);
    // Every money cell equals the database's kopecks (independent of the list).
    const db = new Map(
      (await q<{ id: number; amount_kop: string }>(sql`SELECT id, amount_kop FROM operations`)).map((r) => [Number(r.id), Number(r.amount_kop)]),
    );
    for (const r of rows) expect(Math.round(Number(r[5]) * 100)).toBe(db.get(Number(r[0])));
  });

  test('XLSX under user_id and Kyiv days equals the list under the same filters; names are string cells, amounts numbers', async () => {
    const filter = `user_id=${R.b}&date_from=2026-03-01&date_to=2026-03-01`;
    const list = await listAll<{ id: number; user_name: string; amount: number; balance: number; created_at: string }>(`/api/v1/admin/operations?${filter}`);
    // Kyiv's 1 March began at 22:00 UTC on 28 February: B's rows from minute 120 on.
    const n = (
      await q<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM operations WHERE user_id = ${R.b} AND (created_at AT TIME ZONE 'Europe/Kyiv')::date = '2026-03-01'`,
      )
    )[0]!.n;
    expect(list).toHaveLength(n);
    expect(n).toBe(181);
    const f = await download(`/api/v1/admin/operations/export?format=xlsx&${filter}`, staff.accountant, { 'accept-language': 'ru' });
    expect(f.status).toBe(200);
    expect(f.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const [head, ...rows] = await xlsxRows(f.body);
    expect(head!.map((c) => c.value)).toEqual([
      'ID',
      'Дата',
      'ID реселлера',
      'Реселлер',
      'Тип',
      'Сумма, грн',
      'Баланс после, грн',
      'Описание',
      'Комментарий',
      'Источник',
      'ID источника',
    ]);
    expect(rows.map((r) => r[0]!.value)).toEqual(list.map((o) => o.id));
    rows.forEach((r, i) => {
      expect(r[3]).toEqual({ value: neutral(NAMES.b), type: ExcelJS.ValueType.String });
      expect(r[5]).toEqual({ value: list[i]!.amount, type: ExcelJS.ValueType.Number });
      // The sheet's time is Kyiv's wall clock.
      expect((r[1]!.value as Date).toISOString().slice(0, 19).replace('T', ' ')).toBe(kyiv(list[i]!.created_at));
    });
    expect(rows.filter((r) => (r[5]!.value as number) < 0).length).toBeGreaterThan(0);
    const comments = rows.map((r) => r[8]!.value).filter(Boolean);
    expect(comments.length).toBeGreaterThan(0);
    for (const c of comments) expect(c).toBe("'-коментар");
  });

  test('the list counts at most ADMIN_COUNT_CAP + 1 and filters by type; 422 on a bad date range', async () => {
    const r = await t.request('GET', `/api/v1/admin/operations?type=correction&per_page=5`, { token: op });
    expect(r.body.meta.total).toBe(200);
    expect(r.body.data.map((o: { type: string }) => o.type)).toEqual(Array(5).fill('correction'));
    expect((await t.request('GET', '/api/v1/admin/operations?date_from=2026-03-02&date_to=2026-03-01', { token: op })).status).toBe(422);
  });
});

describe('orders export', () => {
  test('one row per line with the order columns, for the list filters (user_id, status, dates), equal to the list and to SQL', async () => {
    const orderOf = async (userId: number, status: string, at: string, lines: [number, string, number, number, number][]) => {
      const wholesale = lines.reduce((s, l) => s + l[3] * l[2], 0);
      const retail = lines.reduce((s, l) => s + l[4] * l[2], 0);
      const [o] = await q<{ id: number }>(sql`
        INSERT INTO orders (user_id, status, payment_method, payment_delivery, delivery_service, delivery_method, delivery_type, last_name, first_name, phone,
                            city_name, branch_name, wholesale_kop, retail_kop, profit_kop, expected_accrual_kop, cod_kop, ttn, created_at)
        VALUES (${userId}, ${status}, 'COD', 'Recipient', 'NovaPoshta', 'Branch', 'NovaPoshta', '=Коваленко', 'Олена', '+380671234567',
                'Київ', 'Відділення №1', ${wholesale}, ${retail}, ${retail - wholesale}, ${retail - wholesale}, ${retail}, '20450000000001', ${at}::timestamptz)
        RETURNING id`);
      for (const [code, name, qty, drop, rrp] of lines)
        await t.database.db.execute(
          sql`INSERT INTO order_lines (order_id, b2b_code_id, name, vendor_code, qty, drop_kop, retail_kop) VALUES (${o!.id}, ${code}, ${name}, ${'V-' + code}, ${qty}, ${drop}, ${rrp})`,
        );
      return o!.id;
    };
    const o1 = await orderOf(R.a, 'Confirmed', '2026-04-01 10:00:00+00', [
      [101, 'Кружка', 2, 10_050, 15_000],
      [102, '+Чашка', 1, 20_000, 25_099],
      [103, 'Ложка', 3, 1_000, 1_500],
    ]);
    const o2 = await orderOf(R.a, 'Confirmed', '2026-04-02 10:00:00+00', [[104, 'Ніж', 1, 5_000, 7_000]]);
    await orderOf(R.a, 'Canceled', '2026-04-02 11:00:00+00', [[105, 'Виделка', 1, 100, 200]]);
    await orderOf(R.b, 'Confirmed', '2026-04-02 12:00:00+00', [[106, 'Тарілка', 4, 3_000, 4_000]]);
    await orderOf(R.a, 'Confirmed', '2026-03-31 21:30:00+00', [[107, 'Чайник', 1, 30_000, 40_000]]); // 00:30 on 1 April in Kyiv (UTC+3 from 29 March)

    const filter = `user_id=${R.a}&status=Confirmed&date_from=2026-04-01&date_to=2026-04-02`;
    const list = await listAll<{ id: number; number: string; user_name: string; calculations: { wholesale_sum: number; retail_sum: number; profit: number } }>(
      `/api/v1/admin/orders?${filter}`,
      staff.warehouse,
    );
    expect(list.map((o) => o.id)).toEqual(expect.arrayContaining([o1, o2]));
    expect(list).toHaveLength(3);
    const f = await download(`/api/v1/admin/orders/export?format=csv&${filter}`, staff.warehouse);
    expect(f.status).toBe(200);
    const [head, ...rows] = csvRows(f.body);
    const col = (h: string) => head!.indexOf(h);
    const ids = list.map((o) => o.id);
    const lines = await q<{ order_id: number; b2b_code_id: number; name: string; qty: number; drop_kop: string; retail_kop: string }>(
      sql`SELECT order_id, b2b_code_id, name, qty, drop_kop, retail_kop FROM order_lines WHERE order_id IN (${sql.join(ids, sql`, `)}) ORDER BY order_id, id`,
    );
    expect(rows).toHaveLength(lines.length);
    // Orders in the list's order, each order's lines in theirs.
    const expected = list.flatMap((o) => lines.filter((l) => Number(l.order_id) === o.id).map((l) => ({ o, l })));
    rows.forEach((r, i) => {
      const { o, l } = expected[i]!;
      expect(r[col('Номер')]).toBe(o.number);
      expect(r[col('Реселер')]).toBe(`'${NAMES.a}`);
      expect(r[col('Отримувач')]).toBe("'=Коваленко Олена");
      expect(r[col('Статус')]).toBe('Підтверджене');
      expect(Number(r[col('Оптова сума, грн')])).toBe(o.calculations.wholesale_sum);
      expect(Number(r[col('Роздрібна сума, грн')])).toBe(o.calculations.retail_sum);
      expect(Number(r[col('Прибуток, грн')])).toBe(o.calculations.profit);
      expect([Number(r[col('Код товару')]), r[col('Товар')], Number(r[col('Кількість')])]).toEqual([Number(l.b2b_code_id), neutral(l.name), Number(l.qty)]);
      expect(Math.round(Number(r[col('Ціна дроп, грн')]) * 100)).toBe(Number(l.drop_kop));
      expect(Math.round(Number(r[col('Прибуток рядка, грн')]) * 100)).toBe((Number(l.retail_kop) - Number(l.drop_kop)) * Number(l.qty));
    });
    // The same as XLSX.
    const x = await download(`/api/v1/admin/orders/export?format=xlsx&${filter}`, staff.warehouse);
    const [, ...xrows] = await xlsxRows(x.body);
    expect(xrows.map((r) => [r[0]!.value, r[col('Кількість')]!.value, r[col('Ціна роздрібна, грн')]!.value])).toEqual(
      rows.map((r) => [r[0], Number(r[col('Кількість')]), Number(r[col('Ціна роздрібна, грн')])]),
    );
  });
});

describe('users, top-ups and withdrawals exports', () => {
  test('users: the list under its filter (role, search), every row', async () => {
    const list = await listAll<{ id: number; name: string; balance: number }>('/api/v1/admin/users?role=reseller&search=exports.test', staff.accountant);
    expect(list).toHaveLength(4);
    const f = await download('/api/v1/admin/users/export?format=csv&role=reseller&search=exports.test', staff.accountant);
    expect(f.status).toBe(200);
    const [, ...rows] = csvRows(f.body);
    expect(rows.map((r) => [Number(r[0]), r[1], Number(r[10])])).toEqual(list.map((u) => [u.id, neutral(u.name), u.balance]));
  });

  test('top-ups and withdrawals: user_id, status and Kyiv days filter the list and the export alike', async () => {
    for (const [k, i] of [
      ['a', 1],
      ['a', 2],
      ['b', 3],
      ['a', 4],
    ] as const) {
      const [d] = await q<{ id: number }>(
        sql`INSERT INTO payment_documents (user_id, name, mime, size, path) VALUES (${R[k]}, 'r.png', 'image/png', 1, 'x') RETURNING id`,
      );
      await t.database.db.execute(sql`INSERT INTO payments (user_id, amount_kop, payment_document_id, status, comment, created_at)
        VALUES (${R[k]}, ${i * 10_001}, ${d!.id}, ${i === 2 ? 'Declined' : 'Pending'}, '=cmd|calc', ${i === 4 ? '2026-05-02 21:30:00+00' : '2026-05-01 09:00:00+00'}::timestamptz)`);
      await t.database.db.execute(sql`INSERT INTO withdraws (user_id, card_number, amount_kop, status, created_at)
        VALUES (${R[k]}, '4111111111111111', ${i * 5_005}, ${i === 2 ? 'Paid' : 'New'}, ${i === 4 ? '2026-05-02 21:30:00+00' : '2026-05-01 09:00:00+00'}::timestamptz)`);
    }
    // 21:30 UTC on 2 May is 3 May in Kyiv: outside 1-2 May.
    const filter = `user_id=${R.a}&status=Pending&date_from=2026-05-01&date_to=2026-05-02`;
    const payList = await listAll<{ id: number; amount: number; user_id: number; status: string }>(`/api/v1/admin/payments?${filter}`);
    expect(payList.map((p) => [p.amount, p.status])).toEqual([[100.01, 'Pending']]);
    const pf = await download(`/api/v1/admin/payments/export?format=xlsx&${filter}`);
    const [, ...prows] = await xlsxRows(pf.body);
    expect(prows.map((r) => [r[0]!.value, r[4]!.value, r[7]!.value])).toEqual(payList.map((p) => [p.id, p.amount, "'=cmd|calc"]));
    expect(prows[0]![7]!.type).toBe(ExcelJS.ValueType.String);
    const pcsv = csvRows((await download(`/api/v1/admin/payments/export?format=csv&${filter}`)).body);
    expect(pcsv[1]![7]).toBe("'=cmd|calc");

    const wFilter = `user_id=${R.a}&status=New&date_from=2026-05-01&date_to=2026-05-03`;
    const wList = await listAll<{ id: number; amount: number }>(`/api/v1/admin/withdraws?${wFilter}`);
    expect(wList.map((w) => w.amount)).toEqual([200.2, 50.05]);
    const wf = csvRows((await download(`/api/v1/admin/withdraws/export?format=csv&${wFilter}`)).body);
    expect(wf.slice(1).map((r) => [Number(r[0]), Number(r[4]), r[6]])).toEqual(wList.map((w) => [w.id, w.amount, '4111111111111111']));
  });

  test('payouts: the New withdrawals (or the ids asked), card digits, amount, name, purpose; no status changes', async () => {
    const news = await q<{ id: number; user_id: number; amount_kop: string }>(
      sql`SELECT id, user_id, amount_kop FROM withdraws WHERE status = 'New' ORDER BY id`,
    );
    expect(news.length).toBe(3);
    const before = await q<{ id: number; status: string }>(sql`SELECT id, status FROM withdraws ORDER BY id`);
    const f = await download('/api/v1/admin/withdraws/payouts?format=csv', staff.accountant);
    expect(f.status).toBe(200);
    const [head, ...rows] = csvRows(f.body);
    expect(head).toEqual(['Номер картки', 'Сума, грн', 'ПІБ отримувача', 'Призначення платежу', 'ID заявки', 'ID реселера']);
    expect(rows).toEqual(
      news.map((w) => [
        '4111111111111111',
        (Number(w.amount_kop) / 100).toFixed(2),
        neutral(nameOf(Number(w.user_id))),
        `Виплата винагороди за заявкою №${w.id}`,
        String(w.id),
        String(w.user_id),
      ]),
    );
    const x = await download(`/api/v1/admin/withdraws/payouts?format=xlsx&ids=${news[1]!.id},${before.find((b) => b.status === 'Paid')!.id}`, op, {
      'accept-language': 'ru',
    });
    const [xhead, ...xrows] = await xlsxRows(x.body);
    expect(xhead![3]!.value).toBe('Назначение платежа');
    expect(xrows.map((r) => r.map((c) => c.value))).toEqual([
      [
        '4111111111111111',
        Number(news[1]!.amount_kop) / 100,
        neutral(nameOf(Number(news[1]!.user_id))),
        `Выплата вознаграждения по заявке №${news[1]!.id}`,
        news[1]!.id,
        Number(news[1]!.user_id),
      ],
    ]);
    expect(xrows[0]![0]!.type).toBe(ExcelJS.ValueType.String);
    expect(await q(sql`SELECT id, status FROM withdraws ORDER BY id`)).toEqual(before);
    expect((await download('/api/v1/admin/withdraws/payouts?ids=1,x')).status).toBe(422);
  });
});

describe('access and input', () => {
  const urls = {
    orders: '/api/v1/admin/orders/export',
    operations: '/api/v1/admin/operations/export',
    users: '/api/v1/admin/users/export',
    payments: '/api/v1/admin/payments/export',
    withdraws: '/api/v1/admin/withdraws/export',
    payouts: '/api/v1/admin/withdraws/payouts',
    ledger: '/api/v1/admin/operations',
  };
  test('401 without a session, 403 for a reseller and for each role outside the list area', async () => {
    const allowed: Record<string, (keyof typeof urls)[]> = {
      manager: ['orders', 'users'],
      accountant: ['orders', 'users', 'operations', 'payments', 'withdraws', 'payouts', 'ledger'],
      warehouse: ['orders'],
    };
    for (const [name, url] of Object.entries(urls)) {
      expect((await download(url, null)).status, url).toBe(401);
      expect((await download(url, reseller)).status, url).toBe(403);
      expect((await download(url, op)).status, url).toBe(200);
      for (const role of ['manager', 'accountant', 'warehouse'] as const)
        expect((await download(url, staff[role])).status, `${role} ${url}`).toBe(allowed[role]!.includes(name as 'orders') ? 200 : 403);
    }
  });
  test('422 on a bad format or a bad filter', async () => {
    for (const url of Object.values(urls).slice(0, 6)) {
      const r = await t.request('GET', `${url}?format=pdf`, { token: op });
      expect(r.status, url).toBe(422);
      expect(r.body.errors.format).toBeDefined();
    }
    expect((await t.request('GET', '/api/v1/admin/payments/export?user_id=abc', { token: op })).status).toBe(422);
    expect((await t.request('GET', '/api/v1/admin/orders/export?date_from=2026-02-30', { token: op })).status).toBe(422);
  });
});
