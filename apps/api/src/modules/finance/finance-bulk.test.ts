/**
 * Issue 28 point 2: POST /admin/payments/bulk (approve pending top-ups) and POST
 * /admin/withdraws/bulk (mark new withdrawals paid). Each row through the single PUT's function:
 * the ledger credited once per approved top-up (a row already decided is its own error, never a
 * second entry, also when the same bulk is sent twice at once), audited per row, the filter mode
 * and its 422 too_many, the money area (403 for roles without it).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { BULK_MAX, translate } from '@drop/shared';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let op: string;
const staff = {} as Record<'manager' | 'accountant' | 'warehouse', string>;

beforeAll(async () => {
  t = await buildTestApp();
  op = await t.operator();
  for (const role of ['manager', 'accountant', 'warehouse'] as const)
    staff[role] = (await t.user({ role, name: `Працівник ${role}`, email: `${role}@money-bulk.test` })).token;
});
afterAll(() => t.close());

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const VISA = '4111 1111 1111 1111';

/** A pending top-up of `amount` UAH with its receipt, as a reseller sends it. */
async function claim(token: string, amount: number): Promise<number> {
  const boundary = `----drop${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="чек.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const doc = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payment-documents',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const pay = await t.request('POST', '/api/v1/payments', { token, body: { amount, payment_document_id: JSON.parse(doc.body).data.id } });
  expect(pay.status, JSON.stringify(pay.body)).toBe(201);
  return pay.body.data.id;
}
const q = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const credits = async (userId: number) =>
  (
    await q<{ operationable_id: number; amount_kop: string }>(
      sql`SELECT operationable_id, amount_kop FROM operations WHERE user_id = ${userId} AND type = 'payment' ORDER BY operationable_id`,
    )
  ).map((r) => [Number(r.operationable_id), Number(r.amount_kop)]);
const balanceKop = async (userId: number) => Number((await q<{ b: string }>(sql`SELECT balance_kop AS b FROM users WHERE id = ${userId}`))[0]!.b);
const audits = async (entity: string, id: number, action: string) =>
  Number((await q<{ n: string }>(sql`SELECT count(*) AS n FROM audit_log WHERE entity = ${entity} AND entity_id = ${id} AND action = ${action}`))[0]!.n);
const err = (id: number, code: string, key: 'transition_not_allowed' | 'not_found', lang: 'uk' | 'ru' = 'uk') => ({
  id,
  ok: false,
  code,
  error: translate(key, lang),
});

describe('POST /admin/payments/bulk', () => {
  test('approves each pending top-up for its claim: credited once, audited once; a decided one and an unknown id are their own rows; sent again, nothing more', async () => {
    const u = await t.user();
    const p1 = await claim(u.token, 100);
    const p2 = await claim(u.token, 250.5);
    const p3 = await claim(u.token, 40);
    const declined = await claim(u.token, 70);
    expect((await t.request('PUT', `/api/v1/admin/payments/${p3}`, { token: op, body: { status: 'Approved' } })).status).toBe(200);
    expect((await t.request('PUT', `/api/v1/admin/payments/${declined}`, { token: op, body: { status: 'Declined', reason: 'Не той чек' } })).status).toBe(200);

    const ids = [p1, p3, 999_999, p2, declined];
    const r = await t.request('POST', '/api/v1/admin/payments/bulk', { token: staff.accountant, body: { action: 'approve', ids } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      data: [
        { id: p1, ok: true },
        err(p3, 'TransitionNotAllowed', 'transition_not_allowed'),
        err(999_999, 'NotFound', 'not_found'),
        { id: p2, ok: true },
        err(declined, 'TransitionNotAllowed', 'transition_not_allowed'),
      ],
      meta: { total: 5, ok: 2, failed: 3 },
    });
    expect(await credits(u.id)).toEqual([
      [p1, 10_000],
      [p2, 25_050],
      [p3, 4_000],
    ]);
    expect(await balanceKop(u.id)).toBe(39_050);
    expect([
      await audits('payment', p1, 'payment.approved'),
      await audits('payment', p2, 'payment.approved'),
      await audits('payment', p3, 'payment.approved'),
    ]).toEqual([1, 1, 1]);

    // With an Idempotency-Key, the same bulk again is the first answer replayed (nothing runs).
    const keyed = () =>
      t.request('POST', '/api/v1/admin/payments/bulk', { token: op, body: { action: 'approve', ids: [p1] }, headers: { 'idempotency-key': 'bulk-approve-1' } });
    const first = await keyed();
    const replay = await keyed();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);

    // The same bulk twice more, at once (a double submit): every row refused, the ledger as it was.
    const [x, y] = await Promise.all(
      [1, 2].map(() => t.request('POST', '/api/v1/admin/payments/bulk', { token: op, body: { action: 'approve', ids }, headers: { 'accept-language': 'ru' } })),
    );
    for (const again of [x!, y!]) {
      expect(again.body.meta).toEqual({ total: 5, ok: 0, failed: 5 });
      expect(again.body.data[0]).toEqual(err(p1, 'TransitionNotAllowed', 'transition_not_allowed', 'ru'));
    }
    expect(await balanceKop(u.id)).toBe(39_050);
    expect((await credits(u.id)).length).toBe(3);
    expect(await audits('payment', p1, 'payment.approved')).toBe(1);
  });

  test('filter mode approves every pending top-up; more than BULK_MAX pending is 422 filter too_many; money staff only', async () => {
    const u = await t.user();
    // Whatever is pending from other tests is approved too: the filter is "all pending".
    const a = await claim(u.token, 10);
    const b = await claim(u.token, 20);
    const pendingBefore = Number((await q<{ n: string }>(sql`SELECT count(*) AS n FROM payments WHERE status = 'Pending'`))[0]!.n);
    const r = await t.request('POST', '/api/v1/admin/payments/bulk', { token: op, body: { action: 'approve', filter: { status: 'Pending' } } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.meta).toEqual({ total: pendingBefore, ok: pendingBefore, failed: 0 });
    expect(r.body.data.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([a, b]));
    expect(await balanceKop(u.id)).toBe(3_000);

    // BULK_MAX + 1 pending (copies of one claim, each with a receipt row of its own): refused whole.
    const c = await claim(u.token, 1);
    await t.database.db.execute(sql`
      WITH docs AS (
        INSERT INTO payment_documents (user_id, name, mime, size, path)
        SELECT user_id, name, mime, size, path FROM payment_documents, generate_series(1, ${BULK_MAX}) g
        WHERE id = (SELECT payment_document_id FROM payments WHERE id = ${c}) RETURNING id)
      INSERT INTO payments (user_id, amount_kop, payment_document_id) SELECT ${u.id}, 100, id FROM docs`);
    const tooMany = await t.request('POST', '/api/v1/admin/payments/bulk', { token: op, body: { action: 'approve', filter: { status: 'Pending' } } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.filter).toEqual([translate('too_many', 'uk', { max: BULK_MAX })]);
    expect(await balanceKop(u.id)).toBe(3_000);

    expect(
      (await t.request('POST', '/api/v1/admin/payments/bulk', { token: op, body: { action: 'approve', ids: [c], filter: { status: 'Pending' } } })).status,
    ).toBe(422);
    expect((await t.request('POST', '/api/v1/admin/payments/bulk', { token: op, body: { action: 'approve', filter: { status: 'Approved' } } })).status).toBe(
      422,
    );
    expect((await t.request('POST', '/api/v1/admin/payments/bulk', { token: op, body: { action: 'decline', ids: [c] } })).status).toBe(422);
    for (const token of [staff.manager, staff.warehouse, u.token])
      expect((await t.request('POST', '/api/v1/admin/payments/bulk', { token, body: { action: 'approve', ids: [c] } })).status).toBe(403);
    expect(await balanceKop(u.id)).toBe(3_000);
  });
});

describe('POST /admin/withdraws/bulk', () => {
  test('marks each new withdrawal paid (the held amount stays spent, nothing posted); a decided one is its own row; filter mode; money staff only', async () => {
    const u = await t.user();
    expect((await t.request('POST', `/api/v1/admin/users/${u.id}/corrections`, { token: op, body: { amount: 1000, comment: 'Тест' } })).status).toBe(201);
    const ask = async (amount: number) => {
      const w = await t.request('POST', '/api/v1/withdraws', { token: u.token, body: { requisites: VISA, amount } });
      expect(w.status, JSON.stringify(w.body)).toBe(201);
      return w.body.data.id as number;
    };
    const w1 = await ask(100);
    const w2 = await ask(200);
    const w3 = await ask(50);
    expect((await t.request('PUT', `/api/v1/admin/withdraws/${w3}`, { token: op, body: { status: 'Declined', reason: 'Картка закрита' } })).status).toBe(200);
    const ops = async () => Number((await q<{ n: string }>(sql`SELECT count(*) AS n FROM operations WHERE user_id = ${u.id}`))[0]!.n);
    const opsBefore = await ops();
    expect(await balanceKop(u.id)).toBe(70_000);

    const r = await t.request('POST', '/api/v1/admin/withdraws/bulk', { token: staff.accountant, body: { action: 'paid', ids: [w1, w3, w2, 999_999] } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      data: [{ id: w1, ok: true }, err(w3, 'TransitionNotAllowed', 'transition_not_allowed'), { id: w2, ok: true }, err(999_999, 'NotFound', 'not_found')],
      meta: { total: 4, ok: 2, failed: 2 },
    });
    const rows = await q<{ id: number; status: string; paid_at: unknown }>(sql`SELECT id, status, paid_at FROM withdraws WHERE user_id = ${u.id} ORDER BY id`);
    expect(rows.map((x) => x.status)).toEqual(['Paid', 'Paid', 'Declined']);
    expect(rows[0]!.paid_at).not.toBeNull();
    expect(await ops()).toBe(opsBefore);
    expect(await balanceKop(u.id)).toBe(70_000);
    expect([
      await audits('withdraw', w1, 'withdraw.paid'),
      await audits('withdraw', w2, 'withdraw.paid'),
      await audits('withdraw', w3, 'withdraw.paid'),
    ]).toEqual([1, 1, 0]);
    // Again: nothing more.
    expect((await t.request('POST', '/api/v1/admin/withdraws/bulk', { token: op, body: { action: 'paid', ids: [w1, w2] } })).body.meta).toEqual({
      total: 2,
      ok: 0,
      failed: 2,
    });
    expect(await audits('withdraw', w1, 'withdraw.paid')).toBe(1);

    const w4 = await ask(10);
    const all = await t.request('POST', '/api/v1/admin/withdraws/bulk', { token: op, body: { action: 'paid', filter: { status: 'New' } } });
    expect(all.status).toBe(200);
    expect(all.body.data).toContainEqual({ id: w4, ok: true });
    expect(all.body.meta.failed).toBe(0);
    expect(Number((await q<{ n: string }>(sql`SELECT count(*) AS n FROM withdraws WHERE status = 'New'`))[0]!.n)).toBe(0);
    for (const token of [staff.manager, staff.warehouse, u.token])
      expect((await t.request('POST', '/api/v1/admin/withdraws/bulk', { token, body: { action: 'paid', ids: [w4] } })).status).toBe(403);
    expect((await t.request('POST', '/api/v1/admin/withdraws/bulk', { token: op, body: { action: 'paid', ids: [] } })).status).toBe(422);
  });
});
