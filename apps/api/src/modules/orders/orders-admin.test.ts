import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { orderTools } from '../../test/orders.ts';

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

async function until<T>(fn: () => Promise<T | undefined | false>, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

test('the board counts orders per status', async () => {
  const u = await t.user({ isVerified: true });
  const before = (await t.request('GET', '/api/v1/admin/orders/stats', { token: op })).body.data;
  await tools.place(u.token, [[4, 1, 80]]);
  await tools.placeConfirmed(u.token, [[4, 1, 80]]);
  const after = await t.request('GET', '/api/v1/admin/orders/stats', { token: op });
  expect(after.status).toBe(200);
  expect(after.body.data.total).toBe(before.total + 2);
  expect((after.body.data.by_status.New ?? 0) + (after.body.data.by_status.Confirmed ?? 0)).toBe(
    (before.by_status.New ?? 0) + (before.by_status.Confirmed ?? 0) + 2,
  );
  expect((await t.request('GET', '/api/v1/admin/orders/stats', { token: u.token })).status).toBe(403);
});

test("an order's reservation jobs are listed; a failed one is retried once and runs; others cannot be retried", async () => {
  const u = await t.user({ isVerified: true });
  const o = await tools.place(u.token, [[4, 1, 80]]);
  const jobs = await until(async () => {
    const r = await t.request('GET', `/api/v1/admin/orders/${o.id}/jobs`, { token: op });
    return r.body.data?.length && r.body.data.every((j: { state: string }) => j.state === 'completed') ? r.body.data : undefined;
  }, 'the create job to complete');
  expect(jobs[0]).toMatchObject({ action: 'CreateReserveJob', state: 'completed', retry_count: 0, error: null });

  // Completed: nothing to retry.
  const refused = await t.request('POST', `/api/v1/admin/orders/${o.id}/jobs/${jobs[0].id}/retry`, { token: op });
  expect(refused.status).toBe(400);
  expect(refused.body.code).toBe('JobNotRetryable');

  // 1C gave up on it (all retries spent): the job is failed with its last error.
  await t.database.db.execute(sql`UPDATE pgboss.job SET state = 'failed', output = '{"message": "1C: connection refused"}'::jsonb WHERE id = ${jobs[0].id}`);
  const failed = (await t.request('GET', `/api/v1/admin/orders/${o.id}/jobs`, { token: op })).body.data[0];
  expect(failed).toMatchObject({ state: 'failed', error: '1C: connection refused' });

  const retried = await t.request('POST', `/api/v1/admin/orders/${o.id}/jobs/${jobs[0].id}/retry`, { token: op });
  expect(retried.status).toBe(200);
  await until(async () => {
    const r = await t.request('GET', `/api/v1/admin/orders/${o.id}/jobs`, { token: op });
    return r.body.data.find((j: { id: string; state: string }) => j.id === jobs[0].id && j.state === 'completed');
  }, 'the retried job to complete');
  const order = await t.request('GET', `/api/v1/admin/orders/${o.id}`, { token: op });
  expect(order.body.data.history.some((h: { kind?: string; type?: string }) => JSON.stringify(h).includes('reservation_retry'))).toBe(true);
  const audit = await t.request('GET', `/api/v1/admin/audit?entity=order&entity_id=${o.id}`, { token: op });
  expect(audit.body.data[0]).toMatchObject({ action: 'order.job_retry', changes: { job_id: jobs[0].id } });

  // Someone else's order's job through this order, an unknown job, a malformed id: 404.
  const other = await tools.place(u.token, [[4, 1, 80]]);
  expect((await t.request('POST', `/api/v1/admin/orders/${other.id}/jobs/${jobs[0].id}/retry`, { token: op })).status).toBe(404);
  expect((await t.request('POST', `/api/v1/admin/orders/${o.id}/jobs/00000000-0000-4000-8000-000000000000/retry`, { token: op })).status).toBe(404);
  expect((await t.request('POST', `/api/v1/admin/orders/${o.id}/jobs/nope/retry`, { token: op })).status).toBe(404);
  expect((await t.request('GET', '/api/v1/admin/orders/999999/jobs', { token: op })).status).toBe(404);
  expect((await t.request('GET', `/api/v1/admin/orders/${o.id}/jobs`, { token: u.token })).status).toBe(403);
  expect((await t.request('POST', `/api/v1/admin/orders/${o.id}/jobs/${jobs[0].id}/retry`, { token: u.token })).status).toBe(403);
});

test('operator moves of an order are in the audit log with before and after', async () => {
  const u = await t.user({ isVerified: true });
  const o = await tools.placeConfirmed(u.token, [[4, 1, 80]]);
  const r = await t.request('POST', `/api/v1/admin/orders/${o.id}/status`, { token: op, body: { status: 'Complected' } });
  expect(r.status).toBe(200);
  const ttn = await t.request('PUT', `/api/v1/admin/orders/${o.id}/ttn`, { token: op, body: { ttn: '20450000000001' } });
  expect(ttn.status).toBe(200);
  const audit = await t.request('GET', `/api/v1/admin/audit?entity=order&entity_id=${o.id}`, { token: op });
  const byAction = Object.fromEntries(audit.body.data.map((a: { action: string; changes: unknown }) => [a.action, a.changes]));
  expect(byAction['order.status']).toMatchObject({ number: o.number, status: ['Confirmed', 'Complected'] });
  expect(byAction['order.ttn']).toMatchObject({ ttn: [null, '20450000000001'], delivery_status: [expect.any(String), 'CreatedTTN'] });
});

// ---------- staff roles on orders (issue 27 points 2 and 3) ----------

const staffMember = (role: 'manager' | 'accountant' | 'warehouse') => t.user({ role, name: `Працівник ${role} ${Math.random().toString(36).slice(2, 6)}` });
const move = (token: string, id: number, status: string, comment?: string) =>
  t.request('POST', `/api/v1/admin/orders/${id}/status`, { token, body: { status, ...(comment ? { comment } : {}) } });
const statusOf = async (id: number) => (await t.request('GET', `/api/v1/admin/orders/${id}`, { token: op })).body.data;
const jobsOf = async (id: number) => (await t.request('GET', `/api/v1/admin/orders/${id}/jobs`, { token: op })).body.data as { action: string }[];
const auditOf = async (id: number) =>
  (await t.request('GET', `/api/v1/admin/audit?entity=order&entity_id=${id}`, { token: op })).body.data as {
    action: string;
    actor: { id: number } | null;
    changes: Record<string, unknown>;
  }[];

test('a warehouse person packs and ships (Complected, Delivered) and gets 403 for every other move, cancelling included', async () => {
  await tools.setStock(4, 20);
  const u = await t.user({ isVerified: true });
  const wh = await staffMember('warehouse');
  const accountant = await staffMember('accountant');
  const fresh = await tools.place(u.token, [[4, 1, 80]], { payment_method: 'Card' });
  const o = await tools.placeConfirmed(u.token, [[4, 1, 80]]);

  for (const to of ['Canceled', 'Done', 'Return', 'Exchange', 'PartReturn']) {
    const r = await move(wh.token, o.id, to);
    expect(r.status, to).toBe(403);
    expect(r.body.code, to).toBe('Forbidden');
  }
  // Nor does the warehouse confirm a New order for the reseller, or cancel it.
  expect((await move(wh.token, fresh.id, 'Confirmed')).status).toBe(403);
  expect((await move(wh.token, fresh.id, 'Canceled')).status).toBe(403);
  expect((await statusOf(fresh.id)).status).toBe('New');
  // An accountant moves nothing.
  expect((await move(accountant.token, o.id, 'Complected')).status).toBe(403);
  expect((await statusOf(o.id)).status).toBe('Confirmed');

  const packed = await move(wh.token, o.id, 'Complected');
  expect(packed.status, JSON.stringify(packed.body)).toBe(200);
  const shipped = await move(wh.token, o.id, 'Delivered', 'Передано перевізнику');
  expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
  expect(shipped.body.data.history.find((h: { to: string }) => h.to === 'Delivered')).toMatchObject({
    actor: expect.stringContaining('Працівник warehouse'),
    note: 'Передано перевізнику',
  });
  // Closing the order is not the warehouse's: a manager does it.
  expect((await move(wh.token, o.id, 'Done')).status).toBe(403);
  const manager = await staffMember('manager');
  expect((await move(manager.token, o.id, 'Done')).status).toBe(200);
  const audit = await auditOf(o.id);
  expect(audit.filter((a) => a.action === 'order.status').map((a) => [a.actor?.id, (a.changes.status as string[])[1]])).toEqual(
    expect.arrayContaining([
      [wh.id, 'Complected'],
      [wh.id, 'Delivered'],
      [manager.id, 'Done'],
    ]),
  );
});

test("staff confirm a New Card order for the reseller: what the reseller's confirm does, with the staff member in the history and the audit log", async () => {
  await tools.setStock(4, 20);
  const u = await t.user({ isVerified: true });
  const manager = await staffMember('manager');
  // The same order confirmed by its reseller, to compare with.
  const own = await tools.placeConfirmed(u.token, [[4, 1, 80]], { payment_method: 'Card' });
  const o = await tools.place(u.token, [[4, 1, 80]], { payment_method: 'Card' });
  const stockBefore = await tools.stock(4);
  const notesBefore = (await t.request('GET', '/api/v1/notifications', { token: u.token })).body.data.length;

  const r = await move(manager.token, o.id, 'Confirmed', 'Реселер підтвердив телефоном');
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.data).toMatchObject({ status: 'Confirmed', payment_status: own.payment_status });
  expect(r.body.data.payment_status).toBe('WaitPaid');
  const confirmRow = r.body.data.history.find((h: { kind: string; to: string }) => h.kind === 'status' && h.to === 'Confirmed');
  expect(confirmRow).toMatchObject({ from: 'New', actor: expect.stringContaining('Працівник manager'), note: 'Реселер підтвердив телефоном' });
  // The same rows as the reseller's own confirmation (status, payment), the 1C confirmation job queued.
  // (The 1C job's own rows come when it has run: compared below.)
  const kinds = (d: { history: { kind: string; to: string | null }[] }) =>
    d.history
      .filter((h) => !h.kind.startsWith('reservation'))
      .map((h) => `${h.kind}:${h.to}`)
      .sort();
  expect(kinds(r.body.data)).toEqual(kinds(await statusOf(own.id)));
  await until(async () => (await jobsOf(o.id)).some((j) => j.action === 'ConfirmReserveJob'), 'the confirm reservation job');
  const reservationRows = async (id: number) =>
    (await statusOf(id)).history.filter((h: { kind: string }) => h.kind === 'reservation').map((h: { to: string }) => h.to);
  await until(
    async () => (await reservationRows(o.id)).length === (await reservationRows(own.id)).length || undefined,
    "the 1C rows as on the reseller's own order",
  );
  expect(await tools.stock(4)).toEqual(stockBefore);
  // The reseller hears of it (someone else confirmed their order).
  const notes = (await t.request('GET', '/api/v1/notifications', { token: u.token })).body.data;
  expect(notes.length).toBe(notesBefore + 1);
  expect(notes[0]).toMatchObject({ kind: 'order_status' });
  const audit = (await auditOf(o.id)).find((a) => a.action === 'order.confirm');
  expect(audit).toMatchObject({
    actor: { id: manager.id },
    changes: { number: o.number, status: ['New', 'Confirmed'], payment_status: ['NotPaid', 'WaitPaid'] },
  });

  // Someone else confirming it again (and both at once on another order): one confirmation, one job.
  const again = await move(op, o.id, 'Confirmed');
  expect(again.status).toBe(400);
  expect(again.body.code).toBe('TransitionNotAllowed');
  const cod = await tools.place(u.token, [[4, 1, 80]]);
  const both = await Promise.all([move(op, cod.id, 'Confirmed'), move(manager.token, cod.id, 'Confirmed')]);
  expect(both.map((b) => b.status).sort()).toEqual([200, 400]);
  await until(async () => (await jobsOf(cod.id)).some((j) => j.action === 'ConfirmReserveJob'), 'the confirm job');
  await new Promise((res) => setTimeout(res, 300));
  for (const id of [o.id, cod.id]) {
    expect((await jobsOf(id)).filter((j) => j.action === 'ConfirmReserveJob')).toHaveLength(1);
    expect((await auditOf(id)).filter((a) => a.action === 'order.confirm')).toHaveLength(1);
    expect((await statusOf(id)).history.filter((h: { to: string }) => h.to === 'Confirmed')).toHaveLength(1);
  }
  expect((await statusOf(cod.id)).payment_status).toBe('NotPaid');
});

test('a Balance order is confirmed by its reseller only: staff get 400 BalanceConfirmByReseller and the order stays New, the balance untouched', async () => {
  await tools.setStock(4, 20);
  const u = await t.user({ isVerified: true, balanceKop: 100_000 });
  await t.database.db.execute(
    sql`INSERT INTO operations (user_id, type, amount_kop, balance_kop, description_uk, description_ru, idempotency_key) VALUES (${u.id}, 'correction', 100000, 100000, 'x', 'x', ${`seed:${u.id}`})`,
  );
  const manager = await staffMember('manager');
  const o = await tools.place(u.token, [[4, 2, 80]], { payment_method: 'Balance' });
  for (const token of [manager.token, op]) {
    const r = await t.request('POST', `/api/v1/admin/orders/${o.id}/status`, { token, body: { status: 'Confirmed' }, headers: { 'accept-language': 'uk' } });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('BalanceConfirmByReseller');
    expect(r.body.message).toContain('підтверджує сам реселер');
  }
  const ru = await t.request('POST', `/api/v1/admin/orders/${o.id}/status`, { token: op, body: { status: 'Confirmed' }, headers: { 'accept-language': 'ru' } });
  expect(ru.body.message).toContain('подтверждает сам реселлер');
  const now = await statusOf(o.id);
  expect(now).toMatchObject({ status: 'New', payment_status: 'NotPaid' });
  expect(now.history.filter((h: { to: string }) => h.to === 'Confirmed')).toEqual([]);
  expect(await tools.balance(u.id)).toEqual({ balanceKop: 100_000, ledgerKop: 100_000 });
  expect((await auditOf(o.id)).filter((a) => a.action === 'order.confirm')).toEqual([]);
  // The reseller confirms it themselves: debited once.
  const own = await t.request('POST', `/api/v1/orders/${o.id}/confirm`, { token: u.token });
  expect(own.status).toBe(200);
  expect((await tools.balance(u.id)).balanceKop).toBe(100_000 - 10_000);
});
