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
  expect((after.body.data.by_status.New ?? 0) + (after.body.data.by_status.Confirmed ?? 0)).toBe((before.by_status.New ?? 0) + (before.by_status.Confirmed ?? 0) + 2);
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
  expect(refused.body.code).toBe('JobNotFailed');

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
