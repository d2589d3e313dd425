import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { branchOrder, orderTools } from '../../test/orders.ts';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await buildTestApp();
  await loadCatalogFixture(t.database);
  op = await t.operator();
  tools = orderTools(t);
});
afterAll(() => t.close());

let tools!: ReturnType<typeof orderTools>;
const stock = (id: number) => tools.stock(id);
const setStock = (id: number, qty: number) => tools.setStock(id, qty);
const fill = (token: string, lines: [number, number, number][]) => tools.fill(token, lines);

describe('placing an order', () => {
  test('the cart becomes an order: sums fixed, stock reserved, cart emptied, history started', async () => {
    await setStock(1, 5);
    await setStock(4, 30);
    const u = await t.user({ isVerified: true });
    await fill(u.token, [
      [1, 2, 160],
      [4, 3, 80],
    ]);
    const r = await t.request('POST', '/api/v1/orders', { token: u.token, body: branchOrder });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const o = r.body.data;
    expect(o.number).toMatch(/^\d{6,}$/);
    expect(o).toMatchObject({
      status: 'New',
      status_name: 'Нове',
      payment_status: 'NotPaid',
      delivery_status: 'New',
      phone: '+380671234567',
      client: { last_name: 'Коваленко', first_name: 'Олена', phone: '+380671234567' },
      delivery: { city_name: 'Київ', branch_name: 'Відділення №1', street_name: null },
      // wholesale 2×100 + 3×50 = 350; retail 2×160 + 3×80 = 560; COD: the carrier collects 560, 210 comes back.
      calculations: { wholesale_sum: 350, retail_sum: 560, profit: 210, expected_accrual: 210, prepayment_sum: 0 },
      total: 560,
    });
    expect(o.products.map((l: any) => [l.product_id, l.qty, l.drop_price, l.retail_price, l.profit])).toEqual([
      [1, 2, 100, 160, 120],
      [4, 3, 50, 80, 90],
    ]);
    expect(o.history.filter((h: any) => h.kind === 'status')).toEqual([expect.objectContaining({ kind: 'status', from: null, to: 'New' })]);
    expect(await stock(1)).toEqual({ qty: 3, reserved: 2 });
    expect(await stock(4)).toEqual({ qty: 27, reserved: 3 });
    expect((await t.request('GET', '/api/v1/carts', { token: u.token })).body.data.count).toBe(0);

    // The placement's answer is built from what it wrote: it is exactly what reading the order
    // gives (but for the reservation job, which may have run since).
    const read = (await t.request('GET', `/api/v1/orders/${o.id}`, { token: u.token })).body.data;
    expect({ ...read, reservation_number: null, history: read.history.filter((h: any) => h.kind !== 'reservation') }).toEqual(o);

    // Sums stay as placed when catalogue prices change.
    await t.database.db.execute(sql`UPDATE products SET drop_kop = 11000 WHERE id = 1`);
    const later = await t.request('GET', `/api/v1/orders/${o.id}`, { token: u.token });
    expect(later.body.data.calculations.wholesale_sum).toBe(350);
    await t.database.db.execute(sql`UPDATE products SET drop_kop = 10000 WHERE id = 1`);

    // Numbers are unique and increasing.
    await fill(u.token, [[4, 1, 80]]);
    const second = await t.request('POST', '/api/v1/orders', { token: u.token, body: branchOrder });
    expect(Number(second.body.data.number)).toBeGreaterThan(Number(o.number));
  });

  test('validation is per field; business refusals leave stock and cart as they were', async () => {
    await setStock(1, 5);
    const u = await t.user({ isVerified: true });
    const empty = await t.request('POST', '/api/v1/orders', { token: u.token, body: branchOrder });
    expect(empty.body).toMatchObject({ code: 'CartEmpty', message: 'Кошик порожній' });

    await fill(u.token, [[1, 2, 150]]);
    const bad = await t.request('POST', '/api/v1/orders', {
      token: u.token,
      body: { ...branchOrder, last_name: '', phone: '123', branch_ref: undefined, payment_method: 'Cash' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['last_name', 'payment_method', 'phone']);
    const noBranch = await t.request('POST', '/api/v1/orders', { token: u.token, body: { ...branchOrder, branch_ref: undefined, branch_name: undefined } });
    expect(Object.keys(noBranch.body.errors).sort()).toEqual(['branch_name', 'branch_ref']);
    const courier = await t.request('POST', '/api/v1/orders', {
      token: u.token,
      body: { ...branchOrder, delivery_method: 'Courier', delivery_service: 'UkrPoshta' },
    });
    expect(Object.keys(courier.body.errors).sort()).toEqual(['delivery_method', 'house', 'street_name']);
    const selfTtn = await t.request('POST', '/api/v1/orders', { token: u.token, body: { ...branchOrder, delivery_type: 'SelfTTN' } });
    expect(Object.keys(selfTtn.body.errors).sort()).toEqual(['self_ttn', 'self_ttn_type']);
    const noPrepay = await t.request('POST', '/api/v1/orders', { token: u.token, body: { ...branchOrder, payment_method: 'Prepayment' } });
    expect(noPrepay.body.errors.prepayment_sum).toBeDefined();

    const big = await t.request('POST', '/api/v1/orders', { token: u.token, body: { ...branchOrder, payment_method: 'Prepayment', prepayment_sum: 300.01 } });
    expect(big.status).toBe(400);
    expect(big.body).toEqual({ code: 'big_prepayment', message: 'Передоплата не може бути більшою за суму замовлення' });

    // Somebody else bought the stock meanwhile.
    await setStock(1, 1);
    const short = await t.request('POST', '/api/v1/orders', { token: u.token, body: branchOrder });
    expect(short.body.code).toBe('QuantityIsLessRemains');
    expect(await stock(1)).toEqual({ qty: 1, reserved: 0 });
    expect((await t.request('GET', '/api/v1/carts', { token: u.token })).body.data.count).toBe(1);
    await setStock(1, 5);

    // Prepayment within the total is fine: the carrier collects the rest.
    const ok = await t.request('POST', '/api/v1/orders', { token: u.token, body: { ...branchOrder, payment_method: 'Prepayment', prepayment_sum: 100 } });
    expect(ok.status).toBe(201);
    expect(ok.body.data.calculations).toMatchObject({ retail_sum: 300, wholesale_sum: 200, prepayment_sum: 100, expected_accrual: 0 });
  });

  test("another reseller's order is a 404; no token is a 401", async () => {
    await setStock(4, 30);
    const a = await t.user({ isVerified: true });
    const b = await t.user({ isVerified: true });
    await fill(a.token, [[4, 1, 80]]);
    const o = (await t.request('POST', '/api/v1/orders', { token: a.token, body: branchOrder })).body.data;
    expect((await t.request('GET', `/api/v1/orders/${o.id}`, { token: b.token })).status).toBe(404);
    expect((await t.request('POST', `/api/v1/orders/${o.id}/confirm`, { token: b.token })).status).toBe(404);
    expect((await t.request('GET', `/api/v1/orders/${o.id}`, { token: a.token })).body.data.status).toBe('New');
    expect((await t.request('GET', `/api/v1/orders/${o.id}`)).status).toBe(401);
    expect((await t.request('GET', '/api/v1/orders/abc', { token: a.token })).status).toBe(404);
  });
});

describe('confirming', () => {
  test('Balance: the wholesale sum is debited once; short of money it is refused and nothing changes', async () => {
    await setStock(4, 30);
    const u = await t.user({ isVerified: true });
    await fill(u.token, [[4, 2, 80]]);
    const o = (await t.request('POST', '/api/v1/orders', { token: u.token, body: { ...branchOrder, payment_method: 'Balance' } })).body.data;
    expect(o.calculations.expected_accrual).toBe(0);
    const short = await t.request('POST', `/api/v1/orders/${o.id}/confirm`, { token: u.token });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('InsufficientBalance');
    expect((await t.request('GET', `/api/v1/orders/${o.id}`, { token: u.token })).body.data.status).toBe('New');

    await t.request('POST', `/api/v1/admin/users/${u.id}/corrections`, { token: op, body: { amount: 150, comment: 'Поповнення' } });
    const ok = await t.request('POST', `/api/v1/orders/${o.id}/confirm`, { token: u.token });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'Confirmed', payment_status: 'PaidFromBalance' });
    const own = (h: any) => h.kind === 'status' || h.kind === 'payment_status';
    expect(ok.body.data.history.filter(own).map((h: any) => `${h.kind}:${h.to}`)).toEqual(['status:New', 'status:Confirmed', 'payment_status:PaidFromBalance']);
    expect((await t.request('GET', '/api/v1/auth/balance', { token: u.token })).body.data.balance).toBe(50);
    const ops = await t.request('GET', '/api/v1/operations?type=order', { token: u.token });
    expect(ops.body.data).toEqual([expect.objectContaining({ amount: -100, operationable_type: 'order', operationable_id: o.id })]);
    const again = await t.request('POST', `/api/v1/orders/${o.id}/confirm`, { token: u.token });
    expect(again.body.code).toBe('TransitionNotAllowed');
    expect((await t.request('GET', '/api/v1/auth/balance', { token: u.token })).body.data.balance).toBe(50);
  });

  test('Card waits for the invoice; auto_confirm_orders confirms at placement', async () => {
    await setStock(4, 30);
    const u = await t.user({ isVerified: true, autoConfirmOrders: true });
    await fill(u.token, [[4, 1, 80]]);
    const o = (await t.request('POST', '/api/v1/orders', { token: u.token, body: { ...branchOrder, payment_method: 'Card' } })).body.data;
    expect(o).toMatchObject({ status: 'Confirmed', payment_status: 'WaitPaid' });
    // A Balance order that would confirm at once without the money is refused at placement (issue 26 p.6): the cart stays.
    await fill(u.token, [[4, 1, 80]]);
    const b = await t.request('POST', '/api/v1/orders', { token: u.token, body: { ...branchOrder, payment_method: 'Balance' } });
    expect(b.status).toBe(400);
    expect(b.body.code).toBe('InsufficientBalance');
    expect((await t.request('GET', '/api/v1/carts', { token: u.token })).body.data.count).toBe(1);
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('concurrency on PostgreSQL', () => {
  test('50 concurrent orders for the last 10 units never reserve more than 10', async () => {
    await setStock(5, 10);
    const people = await Promise.all(Array.from({ length: 50 }, () => t.user({ isVerified: true })));
    for (const p of people) await fill(p.token, [[5, 1, 90]]);
    await setStock(5, 10);
    const results = await Promise.all(people.map((p) => t.request('POST', '/api/v1/orders', { token: p.token, body: branchOrder })));
    const placed = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 400);
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.body.code).toBe('QuantityIsLessRemains');
    expect(await stock(5)).toEqual({ qty: 0, reserved: 10 });
  }, 120_000);
});

describe('the order list', () => {
  test('newest first, filtered by status, payment, date and search; /last; paged; nobody else sees them', async () => {
    await setStock(4, 100);
    const u = await t.user({ isVerified: true });
    const place = async (body: object) => {
      await fill(u.token, [[4, 1, 80]]);
      const r = await t.request('POST', '/api/v1/orders', { token: u.token, body: { ...branchOrder, ...body } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.data;
    };
    const a = await place({});
    const b = await place({ last_name: 'Шевченко', first_name: 'Тарас', phone: '0501112233', payment_method: 'Card' });
    const c = await place({ last_name: 'Бондар', first_name: 'Ірина', phone: '0937654321' });
    expect((await t.request('POST', `/api/v1/orders/${b.id}/confirm`, { token: u.token })).status).toBe(200);

    const list = async (query = '') => {
      const r = await t.request('GET', `/api/v1/orders${query}`, { token: u.token });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    };
    const ids = (body: { data: { id: number }[] }) => body.data.map((o) => o.id);
    const all = await list();
    expect(ids(all)).toEqual([c.id, b.id, a.id]);
    expect(all.meta).toEqual({ current_page: 1, per_page: 10, total: 3, last_page: 1 });
    expect(all.data[0]).toMatchObject({ number: c.number, status: 'New', client: { last_name: 'Бондар', first_name: 'Ірина' }, total: 80 });
    expect(all.data[0].products).toBeUndefined();

    expect(ids(await list('?status=Confirmed'))).toEqual([b.id]);
    expect(ids(await list('?payment_status=WaitPaid'))).toEqual([b.id]);
    expect(ids(await list('?status=New&delivery_status=New'))).toEqual([c.id, a.id]);
    expect(ids(await list(`?search=${a.number}`))).toEqual([a.id]);
    expect(ids(await list(`?search=${encodeURIComponent('шевч')}`))).toEqual([b.id]);
    expect(ids(await list(`?search=${encodeURIComponent('093 765')}`))).toEqual([c.id]);
    expect(ids(await list(`?search=${encodeURIComponent('100%_')}`))).toEqual([]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(new Date());
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(new Date(Date.now() + 86_400_000));
    expect(ids(await list(`?date_from=${today}&date_to=${today}`))).toEqual([c.id, b.id, a.id]);
    expect(ids(await list(`?date_from=${tomorrow}`))).toEqual([]);
    const paged = await list('?per_page=2&page=2');
    expect(ids(paged)).toEqual([a.id]);
    expect(paged.meta).toEqual({ current_page: 2, per_page: 2, total: 3, last_page: 2 });

    const last = await t.request('GET', '/api/v1/orders/last', { token: u.token });
    expect(last.status).toBe(200);
    expect(last.body.data.map((o: { id: number }) => o.id)).toEqual([c.id, b.id, a.id]);

    const bad = await t.request('GET', `/api/v1/orders?status=Lost&date_from=2026-02-10&date_to=2026-02-01&per_page=0`, { token: u.token });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['per_page', 'status']);
    const range = await t.request('GET', `/api/v1/orders?date_from=2026-02-10&date_to=2026-02-01`, { token: u.token });
    expect(range.status).toBe(422);
    expect(Object.keys(range.body.errors)).toEqual(['date_to']);

    const other = await t.user({ isVerified: true });
    const theirs = await t.request('GET', '/api/v1/orders', { token: other.token });
    expect(theirs.body.data).toEqual([]);
    expect(theirs.body.meta.total).toBe(0);
    expect((await t.request('GET', '/api/v1/orders/last', { token: other.token })).body.data).toEqual([]);
    expect((await t.request('GET', '/api/v1/orders')).status).toBe(401);
    expect((await t.request('GET', '/api/v1/orders/last')).status).toBe(401);
  });
});
