import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import Fastify from 'fastify';
import { registerErrorHandler } from '../plugins/errors.ts';
import { registerIdempotency } from '../plugins/idempotency.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { loadCatalogFixture } from '../test/catalog-fixture.ts';
import { branchOrder, orderTools, PNG } from '../test/orders.ts';

/**
 * Issue 24, points 1 and 2, replayed over HTTP: a double submit makes one order and one posting;
 * `Idempotency-Key` answers the first result to the same request and a 422 to another; the ledger
 * cannot be edited, removed or orphaned.
 */
let t: TestApp;
let op: string;
let tools!: ReturnType<typeof orderTools>;
beforeAll(async () => {
  t = await buildTestApp();
  await loadCatalogFixture(t.database);
  op = await t.operator();
  tools = orderTools(t);
});
afterAll(() => t.close());

const VISA = '4111 1111 1111 1111';
const rows = async <T>(q: SQL) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const count = async (q: SQL) => Number((await rows<{ n: number | string }>(q))[0]!.n);
const ordersOf = (userId: number) => count(sql`SELECT count(*) AS n FROM orders WHERE user_id = ${userId}`);
const key = () => `k-${crypto.randomUUID()}`;

async function receipt(token: string): Promise<number> {
  const boundary = `----drop${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payment-documents',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`receipt: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body).data.id as number;
}

async function credit(userId: number, amount: number) {
  const r = await t.request('POST', `/api/v1/admin/users/${userId}/corrections`, { token: op, body: { amount, comment: 'Стартовий баланс' } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}

describe('point 1: a double submit makes one order', () => {
  test('20 simultaneous placements from one cart: exactly one order, the stock reserved once, the others 400 CartEmpty', async () => {
    await tools.setStock(1, 300);
    const u = await t.user({ isVerified: true });
    await tools.fill(u.token, [[1, 10, 160]]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.request('POST', '/api/v1/orders', { token: u.token, body: branchOrder })));
    const statuses = answers.map((a) => a.status).sort();
    expect(
      statuses.filter((s) => s === 201),
      JSON.stringify(answers.map((a) => [a.status, a.body.code])),
    ).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) expect([a.status, a.body.code]).toEqual([400, 'CartEmpty']);
    expect(await ordersOf(u.id)).toBe(1);
    expect(await tools.stock(1)).toEqual({ qty: 290, reserved: 10 });
  });

  test('20 simultaneous placements with one Idempotency-Key: one order, every answer is it (or 409 while it runs)', async () => {
    await tools.setStock(4, 30);
    const u = await t.user({ isVerified: true });
    await tools.fill(u.token, [[4, 3, 80]]);
    const k = key();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.request('POST', '/api/v1/orders', { token: u.token, body: branchOrder, headers: { 'idempotency-key': k } })),
    );
    const placed = answers.filter((a) => a.status === 201);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    expect(new Set(placed.map((a) => a.body.data.id)).size).toBe(1);
    for (const a of answers.filter((x) => x.status !== 201)) expect([a.status, a.body.code]).toEqual([409, 'IdempotencyKeyInUse']);
    expect(await ordersOf(u.id)).toBe(1);
    // Once the first has answered, a retry gets that answer (not CartEmpty).
    const retry = await t.request('POST', '/api/v1/orders', { token: u.token, body: branchOrder, headers: { 'idempotency-key': k } });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(placed[0]!.body);
    expect(await tools.stock(4)).toEqual({ qty: 27, reserved: 3 });
  });

  test('a retried placement with the same key and body answers the first result; the key is the user’s own', async () => {
    await tools.setStock(4, 30);
    const u = await t.user({ isVerified: true });
    const other = await t.user({ isVerified: true });
    await tools.fill(u.token, [[4, 1, 80]]);
    await tools.fill(other.token, [[4, 2, 80]]);
    const k = key();
    const first = await t.request('POST', '/api/v1/orders', { token: u.token, body: branchOrder, headers: { 'idempotency-key': k } });
    expect(first.status).toBe(201);
    const again = await t.request('POST', '/api/v1/orders', { token: u.token, body: { ...branchOrder }, headers: { 'idempotency-key': k } });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await ordersOf(u.id)).toBe(1);
    // Another reseller's request with the same key is a request of its own.
    const theirs = await t.request('POST', '/api/v1/orders', { token: other.token, body: branchOrder, headers: { 'idempotency-key': k } });
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.id).not.toBe(first.body.data.id);
    expect(theirs.body.data.products[0].qty).toBe(2);
  });

  test('the same key with another body or on another route is a 422 on idempotency_key, in the user’s language', async () => {
    await tools.setStock(4, 30);
    const u = await t.user({ isVerified: true });
    await tools.fill(u.token, [[4, 1, 80]]);
    const k = key();
    expect((await t.request('POST', '/api/v1/orders', { token: u.token, body: branchOrder, headers: { 'idempotency-key': k } })).status).toBe(201);
    await tools.fill(u.token, [[4, 1, 80]]);
    const other = await t.request('POST', '/api/v1/orders', { token: u.token, body: { ...branchOrder, comment: 'інший' }, headers: { 'idempotency-key': k } });
    expect(other.status).toBe(422);
    expect(other.body.errors.idempotency_key).toEqual([expect.stringMatching(/Idempotency-Key/)]);
    expect(other.body.message).toMatch(/інш/);
    const ru = await t.request('POST', '/api/v1/orders', {
      token: u.token,
      body: { ...branchOrder, comment: 'другой' },
      headers: { 'idempotency-key': k, 'x-localization': 'ru' },
    });
    expect(ru.status).toBe(422);
    expect(ru.body.errors.idempotency_key[0]).toMatch(/друг/);
    const elsewhere = await t.request('POST', '/api/v1/withdraws', {
      token: u.token,
      body: { requisites: VISA, amount: 1 },
      headers: { 'idempotency-key': k },
    });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors.idempotency_key).toBeDefined();
    // Nothing was placed or withdrawn by the refused requests; the cart is still there.
    expect(await ordersOf(u.id)).toBe(1);
    expect((await t.request('GET', '/api/v1/carts', { token: u.token })).body.data.count).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM withdraws WHERE user_id = ${u.id}`)).toBe(0);
  });

  test('a key must be 1-255 printable characters, else 422', async () => {
    const u = await t.user({ isVerified: true });
    for (const bad of ['x'.repeat(256), 'ключ', 'a\tb']) {
      const r = await t.request('POST', '/api/v1/orders', { token: u.token, body: branchOrder, headers: { 'idempotency-key': bad } });
      expect(r.status, bad).toBe(422);
      expect(r.body.errors.idempotency_key).toBeDefined();
    }
    const ok = await t.request('POST', '/api/v1/orders', { token: u.token, body: branchOrder, headers: { 'idempotency-key': 'x'.repeat(255) } });
    expect([ok.status, ok.body.code]).toEqual([400, 'CartEmpty']);
  });

  test('a duplicate while the first still runs is a 409; a key older than 24 h is forgotten', async () => {
    await tools.setStock(4, 30);
    const u = await t.user({ isVerified: true });
    // A first placement under the key, seen as still running (its answer not yet recorded).
    const running = key();
    const first = await t.request('POST', '/api/v1/orders', { token: u.token, body: branchOrder, headers: { 'idempotency-key': running } });
    expect([first.status, first.body.code]).toEqual([400, 'CartEmpty']);
    await t.database.db.execute(sql`UPDATE idempotency_keys SET status = NULL, response = NULL WHERE user_id = ${u.id} AND key = ${running}`);
    const busy = await t.request('POST', '/api/v1/orders', { token: u.token, body: branchOrder, headers: { 'idempotency-key': running } });
    expect([busy.status, busy.body.code]).toEqual([409, 'IdempotencyKeyInUse']);
    expect(busy.headers['retry-after']).toBeDefined();
    await tools.fill(u.token, [[4, 1, 80]]);
    const old = key();
    await t.database.db.execute(
      sql`INSERT INTO idempotency_keys (user_id, key, route, request_hash, status, response, created_at) VALUES (${u.id}, ${old}, 'POST /api/v1/withdraws', 'x', 201, '{}', now() - interval '25 hours')`,
    );
    const fresh = await t.request('POST', '/api/v1/orders', { token: u.token, body: branchOrder, headers: { 'idempotency-key': old } });
    expect(fresh.status).toBe(201);
    expect(await ordersOf(u.id)).toBe(1);
  });

  test('a 5xx answer is not kept: the key is released and a retry runs', async () => {
    const u = await t.user();
    // The plugin on a bare server whose one route fails once, then succeeds.
    const app = Fastify();
    app.decorate('deps', t.app.deps);
    registerErrorHandler(app);
    registerIdempotency(app);
    app.addHook('onRequest', async (req) => {
      req.auth = { user: { id: u.id } } as NonNullable<typeof req.auth>;
    });
    let runs = 0;
    app.post('/pay', { config: { idempotent: true } }, async (_req, reply) => {
      runs++;
      if (runs === 1) throw new Error('the database went away');
      return reply.code(201).send({ data: { run: runs } });
    });
    const call = () =>
      app.inject({ method: 'POST', url: '/pay', headers: { 'idempotency-key': 'retry-me', 'content-type': 'application/json' }, payload: '{"a":1}' });
    expect((await call()).statusCode).toBe(500);
    const second = await call();
    expect([second.statusCode, second.json()]).toEqual([201, { data: { run: 2 } }]);
    const third = await call();
    expect([third.statusCode, third.json(), runs]).toEqual([201, { data: { run: 2 } }, 2]);
    await app.close();
  });

  test('confirm, copy, top-up and withdrawal: a retry with the key answers the first result and moves money once', async () => {
    await tools.setStock(4, 30);
    const u = await t.user({ isVerified: true });
    await credit(u.id, 1000);
    const o = await tools.place(u.token, [[4, 1, 80]], { payment_method: 'Balance' });
    const twice = async (url: string, body?: unknown) => {
      const k = key();
      const a = await t.request('POST', url, { token: u.token, body, headers: { 'idempotency-key': k } });
      const b = await t.request('POST', url, { token: u.token, body, headers: { 'idempotency-key': k } });
      expect(a.status, `${url} ${JSON.stringify(a.body)}`).toBeLessThan(300);
      expect([b.status, b.body]).toEqual([a.status, a.body]);
      return a.body.data;
    };
    await twice(`/api/v1/orders/${o.id}/confirm`);
    await twice(`/api/v1/orders/${o.id}/copy`);
    expect(await ordersOf(u.id)).toBe(2);
    await twice('/api/v1/payments', { amount: 100, payment_document_id: await receipt(u.token) });
    expect(await count(sql`SELECT count(*) AS n FROM payments WHERE user_id = ${u.id}`)).toBe(1);
    await twice('/api/v1/withdraws', { requisites: VISA, amount: 10 });
    expect(await count(sql`SELECT count(*) AS n FROM withdraws WHERE user_id = ${u.id}`)).toBe(1);
    // Confirm debited once, the withdrawal held once.
    const b = await tools.balance(u.id);
    expect(b.balanceKop).toBe(b.ledgerKop);
    expect(b.balanceKop).toBe(100000 - 5000 - 1000);
  });

  test('the back office: approve, decline, paid, correction and invoice paid take a key; another body under it is a 422', async () => {
    const u = await t.user({ isVerified: true });
    await credit(u.id, 500);
    const pay = await t.request('POST', '/api/v1/payments', { token: u.token, body: { amount: 100, payment_document_id: await receipt(u.token) } });
    const pay2 = await t.request('POST', '/api/v1/payments', { token: u.token, body: { amount: 50, payment_document_id: await receipt(u.token) } });
    const w = await t.request('POST', '/api/v1/withdraws', { token: u.token, body: { requisites: VISA, amount: 10 } });
    const w2 = await t.request('POST', '/api/v1/withdraws', { token: u.token, body: { requisites: VISA, amount: 20 } });
    const calls: [string, string, unknown, string, unknown][] = [
      [
        'PUT',
        `/api/v1/admin/payments/${pay.body.data.id}`,
        { status: 'Approved' },
        `/api/v1/admin/payments/${pay.body.data.id}`,
        { status: 'Declined', reason: 'x' },
      ],
      [
        'PUT',
        `/api/v1/admin/payments/${pay2.body.data.id}`,
        { status: 'Declined', reason: 'Чек нечитабельний' },
        `/api/v1/admin/payments/${pay.body.data.id}`,
        { status: 'Declined', reason: 'Чек нечитабельний' },
      ],
      ['PUT', `/api/v1/admin/withdraws/${w.body.data.id}`, { status: 'Paid' }, `/api/v1/admin/withdraws/${w2.body.data.id}`, { status: 'Paid' }],
      [
        'PUT',
        `/api/v1/admin/withdraws/${w2.body.data.id}`,
        { status: 'Declined', reason: 'Картка закрита' },
        `/api/v1/admin/withdraws/${w2.body.data.id}`,
        { status: 'Declined', reason: 'інша' },
      ],
      [
        'POST',
        `/api/v1/admin/users/${u.id}/corrections`,
        { amount: 25, comment: 'Бонус' },
        `/api/v1/admin/users/${u.id}/corrections`,
        { amount: 2500, comment: 'Бонус' },
      ],
      ['POST', '/api/v1/admin/orders/99999999/payment', { payment_status: 'Paid' }, '/api/v1/admin/orders/99999998/payment', { payment_status: 'Paid' }],
    ];
    for (const [method, url, body, url2, body2] of calls) {
      const k = key();
      const first = await t.request(method, url, { token: op, body, headers: { 'idempotency-key': k } });
      expect(first.status, `${url} ${JSON.stringify(first.body)}`).toBeLessThan(500);
      const retry = await t.request(method, url, { token: op, body, headers: { 'idempotency-key': k } });
      expect([retry.status, retry.body], url).toEqual([first.status, first.body]);
      const forged = await t.request(method, url2, { token: op, body: body2, headers: { 'idempotency-key': k } });
      expect(forged.status, `${url2} ${JSON.stringify(forged.body)}`).toBe(422);
      expect(forged.body.errors.idempotency_key).toBeDefined();
    }
    // Credited 500 + 100 (approved), held 10 (paid) + 20 released (declined), corrected +25 once.
    const b = await tools.balance(u.id);
    expect(b.balanceKop).toBe(b.ledgerKop);
    expect(b.balanceKop).toBe((500 + 100 - 10 + 25) * 100);
  });
  test('a correction key forgotten after 24 h, sent again with another correction, posts that correction (never answers the old one)', async () => {
    const u = await t.user();
    const k = key();
    const send = (amount: number) =>
      t.request('POST', `/api/v1/admin/users/${u.id}/corrections`, { token: op, body: { amount, comment: 'Бонус' }, headers: { 'idempotency-key': k } });
    const first = await send(25);
    expect(first.status).toBe(201);
    await t.database.db.execute(sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = ${k}`);
    const later = await send(40);
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    expect(later.body.data.id).not.toBe(first.body.data.id);
    expect(await tools.balance(u.id)).toEqual({ balanceKop: 6500, ledgerKop: 6500 });
    // The same correction again after 24 h is still posted once (the posting's own key).
    await t.database.db.execute(sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = ${k}`);
    const again = await send(40);
    expect([again.status, again.body.data.id]).toEqual([201, later.body.data.id]);
    expect(await tools.balance(u.id)).toEqual({ balanceKop: 6500, ledgerKop: 6500 });
  });
});

describe('point 2: the ledger is immutable', () => {
  const refusal = (q: SQL) =>
    t.database.db.execute(q).then(
      () => 'done',
      (e: { cause?: { message?: string }; message: string }) => e.cause?.message ?? e.message,
    );

  test('UPDATE, DELETE and TRUNCATE of operations are refused by the database', async () => {
    const u = await t.user();
    await credit(u.id, 10);
    expect(await refusal(sql`UPDATE operations SET amount_kop = 100000000 WHERE user_id = ${u.id}`)).toMatch(/append-only/);
    expect(await refusal(sql`UPDATE operations SET created_at = now() - interval '3 days' WHERE user_id = ${u.id}`)).toMatch(/append-only/);
    expect(await refusal(sql`DELETE FROM operations WHERE user_id = ${u.id}`)).toMatch(/append-only/);
    expect(await refusal(sql`TRUNCATE operations CASCADE`)).toMatch(/append-only/);
    expect(await tools.balance(u.id)).toEqual({ balanceKop: 1000, ledgerKop: 1000 });
  });

  test('a user with ledger rows, as owner or as actor, cannot be deleted; the back office only blocks', async () => {
    const u = await t.user();
    await credit(u.id, 10);
    expect(await refusal(sql`DELETE FROM users WHERE id = ${u.id}`)).not.toBe('done');
    // The staff member who posted it (the actor) cannot be deleted either: the row keeps its author.
    const [actor] = await rows<{ actor_id: number }>(sql`SELECT actor_id FROM operations WHERE user_id = ${u.id}`);
    expect(actor!.actor_id).toBeGreaterThan(0);
    expect(await refusal(sql`DELETE FROM users WHERE id = ${actor!.actor_id}`)).not.toBe('done');
    expect(await count(sql`SELECT count(*) AS n FROM operations WHERE user_id = ${u.id} AND actor_id = ${actor!.actor_id}`)).toBe(1);

    expect((await t.request('DELETE', `/api/v1/admin/users/${u.id}`, { token: op })).status).toBe(404);
    const blocked = await t.request('PUT', `/api/v1/admin/users/${u.id}`, { token: op, body: { blocked: true } });
    expect(blocked.status).toBe(200);
    expect((await t.request('GET', '/api/v1/auth/balance', { token: u.token })).status).toBe(401);
    expect(await count(sql`SELECT count(*) AS n FROM operations WHERE user_id = ${u.id}`)).toBe(1);
  });
});
