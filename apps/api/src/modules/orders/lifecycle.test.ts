import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { OPERATOR_ORDER_MOVES, ORDER_STATUSES, canMoveOrder } from '@drop/shared';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { orderTools, PNG } from '../../test/orders.ts';

let t: TestApp;
let op: string;
let tools: ReturnType<typeof orderTools>;
beforeAll(async () => {
  t = await buildTestApp({ npEmulatorStepSeconds: 0, trackingIntervalSeconds: 3600 });
  // The NP client calls the emulator over HTTP on this server's port.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await loadCatalogFixture(t.database);
  op = await t.operator();
  tools = orderTools(t);
});
afterAll(() => t.close());

const admin = (method: string, url: string, body?: unknown) => t.request(method, `/api/v1/admin/orders${url}`, { token: op, body });
const advance = async (number: string, steps = 1) =>
  (await t.request('POST', '/emulators/novaposhta/control/advance', { token: op, body: { number, steps } })).body;
const scenario = (number: string, s: string) => t.request('POST', '/emulators/novaposhta/control/scenario', { token: op, body: { number, scenario: s } });
const track = async () => {
  const r = await admin('POST', '/tracking/run');
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.asked as number;
};
const operationsOf = async (orderId: number) => {
  const r = (await t.database.db.execute(
    sql`SELECT amount_kop, idempotency_key FROM operations WHERE operationable_type = 'order' AND operationable_id = ${orderId} ORDER BY id`,
  )) as unknown as {
    rows: { amount_kop: string; idempotency_key: string }[];
  };
  return r.rows.map((x) => [x.idempotency_key.replace(`order:${orderId}:`, ''), Number(x.amount_kop)]);
};
const waitFor = async <T>(fn: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('editing an order', () => {
  test('lines, quantities and recipient change; stock follows; an UpdateReserveJob runs', async () => {
    await tools.setStock(1, 10);
    await tools.setStock(4, 10);
    await tools.setStock(5, 10);
    const u = await t.user({ isVerified: true });
    const o = await tools.place(u.token, [
      [1, 2, 160],
      [4, 1, 80],
    ]);
    const r = await t.request('PUT', `/api/v1/orders/${o.id}`, {
      token: u.token,
      body: {
        ...orderBody(o),
        last_name: 'Шевченко',
        products: [
          { product_id: 1, qty: 3, retail_price: 170 },
          { product_id: 5, qty: 2, retail_price: 95 },
        ],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ last_name: 'Шевченко', calculations: { wholesale_sum: 420, retail_sum: 700, profit: 280, expected_accrual: 280 } });
    expect(r.body.data.products.map((l: any) => [l.product_id, l.qty, l.drop_price, l.retail_price])).toEqual([
      [1, 3, 100, 170],
      [5, 2, 60, 95],
    ]);
    expect(await tools.stock(1)).toEqual({ qty: 7, reserved: 3 });
    expect(await tools.stock(4)).toEqual({ qty: 10, reserved: 0 });
    expect(await tools.stock(5)).toEqual({ qty: 8, reserved: 2 });
    expect(r.body.data.history.some((h: any) => h.kind === 'edit')).toBe(true);
    await waitFor(
      async () => (await t.request('GET', `/api/v1/orders/${o.id}`, { token: u.token })).body.data.history,
      (h: any[]) => h.some((x) => x.kind === 'reservation' && x.to === 'update'),
      'the update reservation',
    );
  });

  test('a line kept at its price keeps the drop price it was ordered at; bad prices and stock are refused with nothing changed', async () => {
    await tools.setStock(1, 10);
    const u = await t.user({ isVerified: true });
    const o = await tools.place(u.token, [[1, 1, 160]]);
    await t.database.db.execute(sql`UPDATE products SET drop_kop = 11000, retail_kop = 16500 WHERE id = 1`);
    try {
      const ok = await t.request('PUT', `/api/v1/orders/${o.id}`, {
        token: u.token,
        body: { ...orderBody(o), products: [{ product_id: 1, qty: 2, retail_price: 160 }] },
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.data.products[0]).toMatchObject({ qty: 2, drop_price: 100, retail_price: 160 });
      const below = await t.request('PUT', `/api/v1/orders/${o.id}`, {
        token: u.token,
        body: { ...orderBody(o), products: [{ product_id: 1, qty: 2, retail_price: 90 }] },
      });
      expect(below.status).toBe(400);
      expect(below.body.code).toBe('PriceIsLessDrop');
      const tooMany = await t.request('PUT', `/api/v1/orders/${o.id}`, {
        token: u.token,
        body: { ...orderBody(o), products: [{ product_id: 1, qty: 500, retail_price: 170 }] },
      });
      expect(tooMany.body.code).toBe('QuantityIsLessRemains');
      const bad = await t.request('PUT', `/api/v1/orders/${o.id}`, { token: u.token, body: { ...orderBody(o), products: [] } });
      expect(bad.status).toBe(422);
      const after = (await t.request('GET', `/api/v1/orders/${o.id}`, { token: u.token })).body.data;
      expect(after.products.map((l: any) => [l.qty, l.retail_price])).toEqual([[2, 160]]);
      expect(await tools.stock(1)).toEqual({ qty: 8, reserved: 2 });
    } finally {
      await t.database.db.execute(sql`UPDATE products SET drop_kop = 10000, retail_kop = 15000 WHERE id = 1`);
    }
  });

  test('a confirmed Balance order is debited or credited the difference; its payment method is fixed; Complected is not editable', async () => {
    await tools.setStock(4, 20);
    const u = await t.user({ isVerified: true, balanceKop: 100_000 });
    await t.database.db.execute(
      sql`INSERT INTO operations (user_id, type, amount_kop, balance_kop, description_uk, description_ru, idempotency_key) VALUES (${u.id}, 'correction', 100000, 100000, 'x', 'x', ${`seed:${u.id}`})`,
    );
    const o = await tools.placeConfirmed(u.token, [[4, 2, 80]], { payment_method: 'Balance' });
    expect(o.payment_status).toBe('PaidFromBalance');
    expect((await tools.balance(u.id)).balanceKop).toBe(100_000 - 10_000);
    const more = await t.request('PUT', `/api/v1/orders/${o.id}`, {
      token: u.token,
      body: { ...orderBody(o), products: [{ product_id: 4, qty: 5, retail_price: 80 }] },
    });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(await tools.balance(u.id)).toEqual({ balanceKop: 100_000 - 25_000, ledgerKop: 100_000 - 25_000 });
    const less = await t.request('PUT', `/api/v1/orders/${o.id}`, {
      token: u.token,
      body: { ...orderBody(o), products: [{ product_id: 4, qty: 1, retail_price: 80 }] },
    });
    expect(less.status).toBe(200);
    expect((await tools.balance(u.id)).balanceKop).toBe(100_000 - 5_000);
    const method = await t.request('PUT', `/api/v1/orders/${o.id}`, {
      token: u.token,
      body: { ...orderBody(o), payment_method: 'COD', products: [{ product_id: 4, qty: 1, retail_price: 80 }] },
    });
    expect(method.status).toBe(422);
    expect(Object.keys(method.body.errors)).toEqual(['payment_method']);
    expect((await admin('POST', `/${o.id}/status`, { status: 'Complected' })).status).toBe(200);
    const late = await t.request('PUT', `/api/v1/orders/${o.id}`, {
      token: u.token,
      body: { ...orderBody(o), products: [{ product_id: 4, qty: 2, retail_price: 80 }] },
    });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('TransitionNotAllowed');
    expect((await tools.balance(u.id)).balanceKop).toBe(100_000 - 5_000);
  });
});

describe('copy and cancel', () => {
  test("copy makes a new order in New at today's prices and reserves its stock", async () => {
    await tools.setStock(1, 10);
    const u = await t.user({ isVerified: true });
    const o = await tools.placeConfirmed(u.token, [[1, 2, 160]]);
    await t.database.db.execute(sql`UPDATE products SET drop_kop = 12000, retail_kop = 17000 WHERE id = 1`);
    try {
      const r = await t.request('POST', `/api/v1/orders/${o.id}/copy`, { token: u.token });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const c = r.body.data;
      expect(c.id).not.toBe(o.id);
      expect(c).toMatchObject({ status: 'New', payment_status: 'NotPaid', last_name: o.last_name, delivery: { branch_ref: o.delivery.branch_ref } });
      // Today's drop 120; the old retail 160 is now below the recommended 170, so it rises to 170.
      expect(c.products.map((l: any) => [l.product_id, l.qty, l.drop_price, l.retail_price])).toEqual([[1, 2, 120, 170]]);
      expect(c.history.some((h: any) => h.kind === 'copy' && h.to === o.number)).toBe(true);
      expect(await tools.stock(1)).toEqual({ qty: 6, reserved: 4 });
    } finally {
      await t.database.db.execute(sql`UPDATE products SET drop_kop = 10000, retail_kop = 15000 WHERE id = 1`);
    }
  });

  test('cancel releases the stock, refunds what the order took from the balance and queues CancelReserveJob; a second cancel is refused', async () => {
    await tools.setStock(4, 10);
    const u = await t.user({ isVerified: true, balanceKop: 50_000 });
    await t.database.db.execute(
      sql`INSERT INTO operations (user_id, type, amount_kop, balance_kop, description_uk, description_ru, idempotency_key) VALUES (${u.id}, 'correction', 50000, 50000, 'x', 'x', ${`seed:${u.id}`})`,
    );
    const o = await tools.placeConfirmed(u.token, [[4, 3, 80]], { payment_method: 'Balance' });
    expect((await tools.balance(u.id)).balanceKop).toBe(35_000);
    const r = await t.request('DELETE', `/api/v1/orders/${o.id}`, { token: u.token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'Canceled', payment_status: 'NotPaid' });
    expect(await tools.balance(u.id)).toEqual({ balanceKop: 50_000, ledgerKop: 50_000 });
    expect(await tools.stock(4)).toEqual({ qty: 10, reserved: 0 });
    expect(await operationsOf(o.id)).toEqual([
      ['balance', -15_000],
      ['cancel-refund', 15_000],
    ]);
    const again = await t.request('DELETE', `/api/v1/orders/${o.id}`, { token: u.token });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('TransitionNotAllowed');
    await waitFor(
      async () => (await t.request('GET', `/api/v1/orders/${o.id}`, { token: u.token })).body.data.history,
      (h: any[]) => h.some((x) => x.kind === 'reservation' && x.to === 'cancel'),
      'the cancel reservation',
    );
    expect((await tools.balance(u.id)).balanceKop).toBe(50_000);
  });

  test("another reseller's order is a 404 for every action, and nothing changes", async () => {
    await tools.setStock(4, 10);
    const owner = await t.user({ isVerified: true });
    const other = await t.user({ isVerified: true });
    const o = await tools.place(owner.token, [[4, 1, 80]]);
    for (const [method, url, body] of [
      ['GET', `/api/v1/orders/${o.id}`],
      ['PUT', `/api/v1/orders/${o.id}`, { ...orderBody(o), products: [{ product_id: 4, qty: 1, retail_price: 80 }] }],
      ['POST', `/api/v1/orders/${o.id}/confirm`],
      ['POST', `/api/v1/orders/${o.id}/copy`],
      ['DELETE', `/api/v1/orders/${o.id}`],
    ] as const) {
      const r = await t.request(method, url, { token: other.token, body });
      expect(r.status, `${method} ${url}`).toBe(404);
    }
    expect((await tools.upload(other.token, { order_id: String(o.id), type: 'invoice' }, { name: 'a.png', content: PNG })).status).toBe(404);
    const mine = (await t.request('GET', `/api/v1/orders/${o.id}`, { token: owner.token })).body.data;
    expect(mine).toMatchObject({ status: 'New', updated_at: o.updated_at });
  });
});

describe('documents', () => {
  test('refused before confirmation; after it an image or PDF by content is stored, listed, downloaded and removed', async () => {
    await tools.setStock(4, 10);
    const u = await t.user({ isVerified: true });
    const other = await t.user({ isVerified: true });
    const o = await tools.place(u.token, [[4, 1, 80]], {
      delivery_type: 'SelfTTN',
      self_ttn: '20450000111222',
      self_ttn_type: 'NovaPoshta',
      city_ref: undefined,
      branch_ref: undefined,
      city_name: undefined,
      branch_name: undefined,
    });
    const early = await tools.upload(u.token, { order_id: String(o.id), type: 'waybill' }, { name: 'ttn.png', content: PNG });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('Документи можна завантажити лише після підтвердження замовлення');
    await t.request('POST', `/api/v1/orders/${o.id}/confirm`, { token: u.token });
    const fake = await tools.upload(
      u.token,
      { order_id: String(o.id), type: 'waybill' },
      { name: 'ttn.png', content: Buffer.from('<script>alert(1)</script>'), type: 'image/png' },
    );
    expect(fake.status).toBe(422);
    expect(Object.keys(fake.body.errors)).toEqual(['file']);
    const noFile = await tools.upload(u.token, { order_id: String(o.id), type: 'waybill' });
    expect(noFile.status).toBe(422);
    const badType = await tools.upload(u.token, { order_id: String(o.id), type: 'selfie' }, { name: 'ttn.png', content: PNG });
    expect(badType.status).toBe(422);
    const ok = await tools.upload(u.token, { order_id: String(o.id), type: 'waybill' }, { name: 'ТТН.png', content: PNG });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data).toMatchObject({ order_id: o.id, type: 'waybill', name: 'ТТН.png', mime: 'image/png', size: PNG.length });
    const order = (await t.request('GET', `/api/v1/orders/${o.id}`, { token: u.token })).body.data;
    expect(order.documents.map((d: any) => d.id)).toEqual([ok.body.data.id]);
    expect(order.history.some((h: any) => h.kind === 'document' && h.to === 'added')).toBe(true);
    const file = await t.app.inject({ method: 'GET', url: ok.body.data.url, headers: { authorization: `Bearer ${u.token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: ok.body.data.url, headers: { authorization: `Bearer ${other.token}` } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: ok.body.data.url, headers: { authorization: `Bearer ${op}` } })).statusCode).toBe(200);
    expect((await t.request('DELETE', `/api/v1/media-files/${ok.body.data.id}`, { token: other.token })).status).toBe(404);
    expect((await t.request('DELETE', `/api/v1/media-files/${ok.body.data.id}`, { token: u.token })).status).toBe(204);
    expect((await t.request('GET', `/api/v1/orders/${o.id}`, { token: u.token })).body.data.documents).toEqual([]);
  });
});

describe('operator actions', () => {
  test('a reseller is refused the operator API', async () => {
    const u = await t.user({ isVerified: true });
    expect((await t.request('GET', '/api/v1/admin/orders', { token: u.token })).status).toBe(403);
    expect((await t.request('POST', '/api/v1/admin/orders/1/status', { token: u.token, body: { status: 'Done' } })).status).toBe(403);
  });

  test('every forbidden order transition is a 400 and changes nothing', async () => {
    await tools.setStock(4, 50);
    const u = await t.user({ isVerified: true });
    const o = await tools.place(u.token, [[4, 1, 80]]);
    // New: staff may only confirm it for the reseller (not a Balance order, orders-admin.test.ts) or cancel it.
    for (const to of ['Complected', 'Delivered', 'Done', 'Return', 'Exchange', 'PartReturn']) {
      const r = await admin('POST', `/${o.id}/status`, { status: to });
      expect(r.status, to).toBe(400);
      expect(r.body.code).toBe('TransitionNotAllowed');
    }
    expect((await admin('POST', `/${o.id}/status`, { status: 'Confirmed' })).status).toBe(200);
    // Confirmed once: the reseller's own confirm (and staff's again) is refused.
    expect((await t.request('POST', `/api/v1/orders/${o.id}/confirm`, { token: u.token })).status).toBe(400);
    expect((await admin('POST', `/${o.id}/status`, { status: 'Confirmed' })).status).toBe(400);
    for (const to of ['Delivered', 'Done', 'Return']) expect((await admin('POST', `/${o.id}/status`, { status: to })).status, to).toBe(400);
    expect((await admin('POST', `/${o.id}/status`, { status: 'Complected' })).status).toBe(200);
    expect((await admin('POST', `/${o.id}/status`, { status: 'Done' })).status).toBe(400);
    expect((await admin('POST', `/${o.id}/status`, { status: 'Delivered', comment: 'Передано перевізнику' })).status).toBe(200);
    expect((await admin('POST', `/${o.id}/status`, { status: 'Canceled' })).status).toBe(400);
    // The reseller cannot cancel a parcel on its way either.
    expect((await t.request('DELETE', `/api/v1/orders/${o.id}`, { token: u.token })).status).toBe(400);
    const done = await admin('POST', `/${o.id}/status`, { status: 'Done' });
    expect(done.status).toBe(200);
    // Done by hand on a cash order settles it as the carrier's report would: 80 - 50 = 30.
    expect(done.body.data).toMatchObject({ status: 'Done', payment_status: 'Paid' });
    expect(await operationsOf(o.id)).toEqual([['cod', 3000]]);
    for (const to of ['Return', 'Canceled', 'Delivered']) expect((await admin('POST', `/${o.id}/status`, { status: to })).status, to).toBe(400);
    const view = (await t.request('GET', `/api/v1/orders/${o.id}`, { token: u.token })).body.data;
    expect(view.history.filter((h: any) => h.kind === 'status').map((h: any) => h.to)).toEqual(['New', 'Confirmed', 'Complected', 'Delivered', 'Done']);
    expect(view.history.find((h: any) => h.to === 'Delivered').note).toBe('Передано перевізнику');
    // The reseller was told of each staff move (the confirmation made for them included).
    const notes = (await t.request('GET', '/api/v1/notifications', { token: u.token })).body.data;
    expect(notes.filter((n: any) => n.kind === 'order_status').length).toBe(4);
  });

  test('exhaustively: from every status, every move the table forbids is a 400 that changes nothing', async () => {
    await tools.setStock(4, 50);
    const u = await t.user({ isVerified: true });
    const o = await tools.place(u.token, [[4, 1, 80]]);
    let refused = 0;
    for (const from of ORDER_STATUSES) {
      await t.database.db.execute(sql`UPDATE orders SET status = ${from} WHERE id = ${o.id}`);
      const moves: [string, () => Promise<{ status: number; body: any }>][] = OPERATOR_ORDER_MOVES.filter((to) => !canMoveOrder(from, to)).map((to) => [
        `operator ${from} -> ${to}`,
        () => admin('POST', `/${o.id}/status`, { status: to }),
      ]);
      if (!canMoveOrder(from, 'Confirmed')) moves.push([`confirm from ${from}`, () => t.request('POST', `/api/v1/orders/${o.id}/confirm`, { token: u.token })]);
      if (!canMoveOrder(from, 'Canceled')) moves.push([`cancel from ${from}`, () => t.request('DELETE', `/api/v1/orders/${o.id}`, { token: u.token })]);
      if (from !== 'New' && from !== 'Confirmed') {
        moves.push([
          `edit in ${from}`,
          () =>
            t.request('PUT', `/api/v1/orders/${o.id}`, { token: u.token, body: { ...orderBody(o), products: [{ product_id: 4, qty: 2, retail_price: 80 }] } }),
        ]);
      }
      for (const [what, call] of moves) {
        const r = await call();
        expect(r.status, what).toBe(400);
        expect(r.body.code, what).toBe('TransitionNotAllowed');
        refused++;
      }
      const now = (await admin('GET', `/${o.id}`)).body.data;
      expect(now).toMatchObject({ status: from, payment_status: 'NotPaid', calculations: { retail_sum: 80 } });
    }
    expect(refused).toBeGreaterThan(50);
    expect(await operationsOf(o.id)).toEqual([]);
    expect(await tools.stock(4)).toEqual({ qty: 49, reserved: 1 });
  });

  test('a Card invoice: WaitPaid on confirm, Paid by the operator once', async () => {
    await tools.setStock(4, 10);
    const u = await t.user({ isVerified: true });
    const o = await tools.placeConfirmed(u.token, [[4, 1, 80]], { payment_method: 'Card' });
    expect(o.payment_status).toBe('WaitPaid');
    const paid = await admin('POST', `/${o.id}/payment`, { payment_status: 'Paid' });
    expect(paid.status).toBe(200);
    expect(paid.body.data.payment_status).toBe('Paid');
    expect((await admin('POST', `/${o.id}/payment`, { payment_status: 'Paid' })).status).toBe(400);
    expect((await admin('GET', `?user_id=${u.id}&payment_status=Paid`)).body.data.map((x: any) => x.id)).toEqual([o.id]);
  });
});

describe('waybills, tracking and settlement', () => {
  test('a COD parcel delivered: the waybill asks for the cash, tracking moves the order to Done and posts retail - wholesale once', async () => {
    await tools.setStock(1, 10);
    const u = await t.user({ isVerified: true });
    const o = await tools.placeConfirmed(u.token, [[1, 2, 160]]);
    const made = await admin('POST', `/${o.id}/ttn`, { weight: 1.5 });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const ttn = made.body.data.ttn as string;
    expect(ttn).toMatch(/^2045\d{10}$/);
    expect(made.body.data).toMatchObject({ delivery_status: 'CreatedTTN' });
    expect(made.body.data.delivery_cost).toBeGreaterThan(0);
    expect((await admin('POST', `/${o.id}/ttn`, {})).body.code).toBe('TtnExists');
    await scenario(ttn, 'delivered');
    const seen: string[] = [];
    for (let i = 0; i < 12; i++) {
      const step = await advance(ttn);
      await track();
      await track(); // a second pass with the same answer changes nothing
      const cur = (await t.request('GET', `/api/v1/orders/${o.id}`, { token: u.token })).body.data;
      seen.push(`${cur.delivery_status}/${cur.status}/${cur.payment_status}`);
      if (step.final) break;
    }
    expect(seen.at(-1)).toBe('Received/Done/Paid');
    expect(seen).toContain('OnMyWay/Delivered/NotPaid');
    expect(seen).toContain('Received/Delivered/NotPaid'); // code 9: received, the cash not yet with the carrier
    expect(await operationsOf(o.id)).toEqual([['cod', 12_000]]);
    await track();
    expect(await operationsOf(o.id)).toEqual([['cod', 12_000]]);
    const b = await tools.balance(u.id);
    expect(b).toEqual({ balanceKop: 12_000, ledgerKop: 12_000 });
    const notes = (await t.request('GET', '/api/v1/notifications', { token: u.token })).body.data;
    expect(notes.some((n: any) => n.kind === 'order_settled' && n.data.message.includes('120.00'))).toBe(true);
  });

  test('a refused parcel with delivery from the balance: the delivery is debited at the waybill, the return when refused; back on the shelf when returned', async () => {
    await tools.setStock(4, 10);
    const u = await t.user({ isVerified: true });
    const o = await tools.placeConfirmed(u.token, [[4, 2, 80]], { payment_delivery: 'Balance' });
    const made = await admin('POST', `/${o.id}/ttn`, {});
    const ttn = made.body.data.ttn as string;
    const cost = Math.round(made.body.data.delivery_cost * 100);
    expect(await operationsOf(o.id)).toEqual([[`delivery:${ttn}`, -cost]]);
    await scenario(ttn, 'refused');
    for (let i = 0; i < 20; i++) {
      const step = await advance(ttn);
      await track();
      await track();
      if (step.final) break;
    }
    const after = (await admin('GET', `/${o.id}`)).body.data;
    expect(after).toMatchObject({ status: 'Return', delivery_status: 'ReturnReceived', payment_status: 'NotPaid' });
    expect(after.return_ttn).toMatch(/^2045/);
    // The forward cost was the reseller's already; the return is debited once.
    expect(await operationsOf(o.id)).toEqual([
      [`delivery:${ttn}`, -cost],
      ['return-costs', -cost],
    ]);
    expect(await tools.balance(u.id)).toEqual({ balanceKop: -2 * cost, ledgerKop: -2 * cost });
    expect(await tools.stock(4)).toEqual({ qty: 10, reserved: 0 });
  });

  test('a waybill set by hand; a carrier that is down gives a clear 503 and changes nothing', async () => {
    await tools.setStock(4, 10);
    const u = await t.user({ isVerified: true });
    const o = await tools.placeConfirmed(u.token, [[4, 1, 80]], { delivery_service: 'UkrPoshta', city_ref: undefined, branch_ref: undefined });
    expect((await admin('POST', `/${o.id}/ttn`, {})).body.code).toBe('TtnNotPossible');
    const set = await admin('PUT', `/${o.id}/ttn`, { ttn: '0503012345678', cost: 45 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ ttn: '0503012345678', delivery_status: 'CreatedTTN', delivery_cost: 45 });
    // Recipient pays delivery: nothing is debited.
    expect(await operationsOf(o.id)).toEqual([]);

    const down = await buildTestApp({ npApiUrl: 'http://127.0.0.1:9/', trackingIntervalSeconds: 3600 });
    try {
      await loadCatalogFixture(down.database);
      const dt = orderTools(down);
      const r = await down.user({ isVerified: true });
      const x = await dt.placeConfirmed(r.token, [[4, 1, 80]]);
      const res = await down.request('POST', `/api/v1/admin/orders/${x.id}/ttn`, { token: await down.operator(), body: {} });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('CarrierUnavailable');
      expect((await down.request('GET', `/api/v1/orders/${x.id}`, { token: r.token })).body.data).toMatchObject({ ttn: null, delivery_status: 'New' });
    } finally {
      await down.close();
    }
  });
});

describe('statistics', () => {
  test("last_week counts today's orders; orders_count and conversion follow the statuses", async () => {
    await tools.setStock(4, 50);
    const u = await t.user({ isVerified: true });
    const a = await tools.placeConfirmed(u.token, [[4, 1, 80]]);
    const b = await tools.placeConfirmed(u.token, [[4, 1, 80]]);
    const c = await tools.placeConfirmed(u.token, [[4, 1, 80]]);
    await tools.place(u.token, [[4, 1, 80]]);
    for (const id of [a.id, b.id, c.id]) {
      await admin('POST', `/${id}/status`, { status: 'Complected' });
      await admin('POST', `/${id}/status`, { status: 'Delivered' });
    }
    await admin('POST', `/${a.id}/status`, { status: 'Done' });
    await admin('POST', `/${b.id}/status`, { status: 'Return' });
    const s = (await t.request('GET', '/api/v1/statistics', { token: u.token })).body.data;
    expect(s.orders_count).toEqual({ total_count: 4, count_delivered: 1, count_done: 1, count_return: 1, conversion: 50 });
    expect(s.last_week.labels).toHaveLength(7);
    expect(s.last_week.values.at(-1)).toBe(4);
    expect(s.last_week).toMatchObject({ max: 4, at: s.last_week.labels.at(-1) });
    expect(s.operation_statistics.labels).toHaveLength(7);
    const other = await t.user({ isVerified: true });
    expect((await t.request('GET', '/api/v1/statistics', { token: other.token })).body.data.orders_count).toEqual({
      total_count: 0,
      count_delivered: 0,
      count_done: 0,
      count_return: 0,
      conversion: 0,
    });
  });
});

/** An order's editable fields as the form sends them back. */
function orderBody(o: any) {
  return {
    last_name: o.last_name,
    first_name: o.first_name,
    middle_name: o.middle_name ?? undefined,
    phone: o.phone,
    delivery_service: o.delivery_service,
    delivery_method: o.delivery_method,
    delivery_type: o.delivery_type,
    payment_delivery: o.payment_delivery,
    payment_method: o.payment_method,
    city_ref: o.delivery.city_ref ?? undefined,
    city_name: o.delivery.city_name ?? undefined,
    branch_ref: o.delivery.branch_ref ?? undefined,
    branch_name: o.delivery.branch_name ?? undefined,
    self_ttn: o.self_ttn ?? undefined,
    self_ttn_type: o.self_ttn_type ?? undefined,
    comment: o.comment ?? undefined,
  };
}
