/**
 * Issue 27 point 1: a failing 1C reservation counts its repeated error on one history row
 * (repeat_count, last_at), and staff can "retry now" a job that is still waiting for its next
 * backoff attempt, not only one whose attempts are spent. A local HTTP server plays 1C.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { ordersRepo } from './orders.repository.ts';
import { runReservation, reservationSystemOf } from './reservation.service.ts';

const order = {
  last_name: 'Шевчук',
  first_name: 'Андрій',
  phone: '0671234567',
  delivery_service: 'NovaPoshta',
  delivery_method: 'Branch',
  delivery_type: 'NovaPoshta',
  payment_delivery: 'Recipient',
  payment_method: 'COD',
  city_ref: '8d5a980d-391c-11dd-90d9-001a92567626',
  city_name: 'Київ',
  branch_ref: '1ec09d88-e1c2-11e3-8c4a-0050568002cf',
  branch_name: 'Відділення №1',
};

type History = { kind: string; to: string | null; note: string | null; actor: string | null; repeat_count: number; last_at: string | null; created_at: string };
type Job = { id: string; state: string; retry_count: number; retry_limit: number; next_attempt_at: string | null; error: string | null };

async function until<T>(fn: () => Promise<T | undefined | false>, what: string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** 1C: answers each call by the next scripted failure, or with a reservation keyed by the order number. */
const onec = {
  server: null as unknown as http.Server,
  url: '',
  failures: [] as ('500' | 'hang')[],
  /** Reservations made, by order number (1C makes one per order; a repeated create returns it). */
  reservations: new Map<string, string>(),
  calls: [] as string[],
};

beforeAll(async () => {
  onec.server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const { order_number } = JSON.parse(body) as { order_number: string };
      onec.calls.push(order_number);
      const fail = onec.failures.shift();
      if (fail === 'hang') return; // the adapter's timeout ends it
      res.setHeader('content-type', 'application/json');
      if (fail === '500') {
        res.statusCode = 500;
        return res.end(JSON.stringify({ error: 'Помилка 1С: база заблокована' }));
      }
      if (!onec.reservations.has(order_number)) onec.reservations.set(order_number, `R-${onec.reservations.size + 1}`);
      res.end(JSON.stringify({ reservation: onec.reservations.get(order_number) }));
    });
  });
  await new Promise<void>((r) => onec.server.listen(0, '127.0.0.1', () => r()));
  onec.url = `http://drop:secret@127.0.0.1:${(onec.server.address() as AddressInfo).port}/hs/drop`;
});
afterAll(async () => {
  onec.server.closeAllConnections();
  await new Promise((r) => onec.server.close(r));
});

async function place(t: TestApp) {
  const u = await t.user({ isVerified: true });
  await t.request('POST', '/api/v1/carts', { token: u.token, body: { product_id: 4, qty: 1, retail_price: 80 } });
  const r = await t.request('POST', '/api/v1/orders', { token: u.token, body: order });
  expect(r.status).toBe(201);
  return { token: u.token, id: r.body.data.id as number, number: r.body.data.number as string };
}

const reservationRows = (h: History[]) => h.filter((e) => e.kind.startsWith('reservation'));

// 1C's answers time out after 5 s: on a loaded machine (PGlite shares this event loop) a 500 may take
// more than a few hundred ms to arrive and must not read as "no answer".
describe('repeated failures are one history row with a count (1C retried with a 1 s backoff)', () => {
  let t: TestApp;
  let op: string;
  beforeAll(async () => {
    onec.calls = [];
    onec.reservations.clear();
    t = await buildTestApp({ reservationSystem: 'onec-http', onecUrl: onec.url, onecTimeoutMs: 5000 });
    await loadCatalogFixture(t.database);
    op = await t.operator();
  });
  afterAll(() => t.close());

  const history = async (id: number): Promise<History[]> => (await t.request('GET', `/api/v1/admin/orders/${id}`, { token: op })).body.data.history;

  test('three failures with the same error are one row (repeat_count 3, last_at); the success after them is a new row', async () => {
    onec.failures = ['500', '500', '500'];
    const o = await place(t);
    const done = await until(async () => {
      const d = (await t.request('GET', `/api/v1/orders/${o.id}`, { token: o.token })).body.data;
      return d.reservation_number ? d : false;
    }, 'the reservation after three failures');
    expect(onec.calls.filter((n) => n === o.number)).toHaveLength(4);
    // The reseller's order page and the back office both see the counted row.
    const rows = reservationRows(done.history);
    expect(rows.map((h) => [h.kind, h.to, h.repeat_count])).toEqual([
      ['reservation_error', 'create', 3],
      ['reservation', 'create', 1],
    ]);
    expect(rows[0]!.note).toContain('HTTP 500 Помилка 1С');
    expect(rows[0]!.last_at).not.toBeNull();
    expect(new Date(rows[0]!.last_at!).getTime()).toBeGreaterThan(new Date(rows[0]!.created_at).getTime());
    expect(rows[1]!.last_at).toBeNull();
    expect(reservationRows(await history(o.id)).map((h) => h.repeat_count)).toEqual([3, 1]);
  }, 60_000);

  test('a different error starts a new row, and so does the same error after it; a success is never counted', async () => {
    onec.failures = ['500'];
    const o = await place(t);
    // The first attempt failed and the job waits for its next one: cancelled here, the test runs the attempts itself.
    const [job] = await until(async () => {
      const js = (await t.request('GET', `/api/v1/admin/orders/${o.id}/jobs`, { token: op })).body.data as Job[];
      return js.length === 1 && js[0]!.state === 'retry' ? js : false;
    }, 'the first attempt to fail');
    await t.database.db.execute(sql`UPDATE pgboss.job SET state = 'cancelled' WHERE id = ${job!.id}`);
    // Further attempts of the same job (as the worker runs them), 1C failing differently in between.
    const system = reservationSystemOf(t.app.deps.config);
    const attempt = async (fail: '500' | 'hang' | null) => {
      onec.failures = fail ? [fail] : [];
      await runReservation(t.app.deps, system, { orderId: o.id, action: 'create' }).catch(() => undefined);
    };
    await attempt('500');
    await attempt('hang');
    await attempt('hang');
    await attempt('500');
    await attempt(null);
    await attempt(null);
    const rows = reservationRows(await history(o.id));
    expect(rows.map((h) => [h.kind, h.repeat_count])).toEqual([
      ['reservation_error', 2],
      ['reservation_error', 2],
      ['reservation_error', 1],
      ['reservation', 1],
      ['reservation', 1],
    ]);
    expect(rows[1]!.note).toContain('no answer in 5000 ms');
    expect(rows.map((h) => h.last_at === null)).toEqual([false, false, true, true, true]);
    expect(onec.reservations.get(o.number)).toMatch(/^R-\d+$/);
  }, 60_000);

  test('failures of different steps are counted apart; concurrent failures lose no count', async () => {
    const o = await place(t);
    await until(async () => reservationRows(await history(o.id)).some((h) => h.kind === 'reservation'), 'the reservation');
    const fail = (to: string) => ordersRepo.failure(t.app.deps.db, { orderId: o.id, kind: 'reservation_error', to, note: 'onec-http: HTTP 503' });
    await Promise.all([fail('confirm'), fail('confirm'), fail('confirm'), fail('confirm'), fail('confirm')]);
    await fail('cancel');
    await fail('confirm');
    const errors = reservationRows(await history(o.id)).filter((h) => h.kind === 'reservation_error');
    expect(errors.map((h) => [h.to, h.repeat_count])).toEqual([
      ['confirm', 6],
      ['cancel', 1],
    ]);
  }, 30_000);
});

describe('retry now (1C retried after an hour: a job waits for its next attempt)', () => {
  let t: TestApp;
  let op: string;
  beforeAll(async () => {
    // Each test app numbers its orders from the start: 1C forgets the other app's.
    onec.calls = [];
    onec.reservations.clear();
    t = await buildTestApp({ reservationSystem: 'onec-http', onecUrl: onec.url, onecTimeoutMs: 5000, jobRetryDelaySeconds: 3600 });
    await loadCatalogFixture(t.database);
    op = await t.operator();
  });
  afterAll(() => t.close());

  const jobs = async (id: number): Promise<Job[]> => (await t.request('GET', `/api/v1/admin/orders/${id}/jobs`, { token: op })).body.data;
  const retry = (id: number, jobId: string, token = op) => t.request('POST', `/api/v1/admin/orders/${id}/jobs/${jobId}/retry`, { token });

  test('a job waiting for its next attempt runs at once, once; the history and the audit log say who asked', async () => {
    onec.failures = ['500'];
    const o = await place(t);
    const [waiting] = await until(async () => {
      const js = await jobs(o.id);
      return js.length === 1 && js[0]!.state === 'retry' ? js : false;
    }, 'the first attempt to fail');
    expect(waiting).toMatchObject({ retry_limit: 8, error: expect.stringContaining('HTTP 500') });
    // Its next attempt is about an hour away (backoff).
    expect(new Date(waiting!.next_attempt_at!).getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);

    // 1C is back; staff do not wait for the backoff.
    const r = await retry(o.id, waiting!.id);
    expect(r.status).toBe(200);
    expect(r.body.data.id).toBe(waiting!.id);
    expect(['created', 'retry', 'active', 'completed']).toContain(r.body.data.state);
    const done = await until(async () => (await jobs(o.id)).find((j) => j.state === 'completed'), 'the job to run now', 15_000);
    expect(done.id).toBe(waiting!.id);
    expect(await jobs(o.id)).toHaveLength(1); // the same job, no second one
    const d = (await t.request('GET', `/api/v1/admin/orders/${o.id}`, { token: op })).body.data;
    expect(d.reservation_number).toMatch(/^R-\d+$/);
    expect(onec.calls.filter((n) => n === o.number)).toHaveLength(2);
    expect(reservationRows(d.history).map((h: History) => [h.kind, h.actor])).toEqual([
      ['reservation_error', null],
      ['reservation_retry', 'Оператор'],
      ['reservation', null],
    ]);
    const audit = await t.request('GET', `/api/v1/admin/audit?entity=order&entity_id=${o.id}`, { token: op });
    expect(audit.body.data[0]).toMatchObject({ action: 'order.job_retry', changes: { job_id: waiting!.id, action: 'create', state: ['retry', 'retry'] } });

    // Completed: nothing to run (400 with a code), and nothing written.
    const refused = await retry(o.id, waiting!.id);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('JobNotRetryable');
    // Active (a worker runs it): refused too, and the job is left alone.
    await t.database.db.execute(sql`UPDATE pgboss.job SET state = 'active' WHERE id = ${waiting!.id}`);
    const active = await retry(o.id, waiting!.id);
    expect(active.status).toBe(400);
    expect(active.body.code).toBe('JobNotRetryable');
    expect((await jobs(o.id))[0]!.state).toBe('active');
    await t.database.db.execute(sql`UPDATE pgboss.job SET state = 'completed' WHERE id = ${waiting!.id}`);
    const after = (await t.request('GET', `/api/v1/admin/orders/${o.id}`, { token: op })).body.data;
    expect(reservationRows(after.history).filter((h: History) => h.kind === 'reservation_retry')).toHaveLength(1);
    expect(onec.reservations.size).toBe([...new Set(onec.reservations.keys())].length);
  }, 60_000);

  test('a failed job (attempts spent) gets one more attempt; a double click runs it once', async () => {
    onec.failures = ['500'];
    const o = await place(t);
    const [waiting] = await until(async () => {
      const js = await jobs(o.id);
      return js.length === 1 && js[0]!.state === 'retry' ? js : false;
    }, 'the first attempt to fail');
    // Its attempts spent (as after 8 failures).
    await t.database.db.execute(sql`UPDATE pgboss.job SET state = 'failed', retry_count = retry_limit WHERE id = ${waiting!.id}`);
    onec.failures = ['hang'];
    // Two clicks at once: the job is made due (the second finds it due already, or running: 400), never doubled.
    // Either click may be the one that wins the job's row; the other finds it taken.
    const clicks = await Promise.all([retry(o.id, waiting!.id), retry(o.id, waiting!.id)]);
    const won = clicks.filter((c) => c.status === 200).length;
    expect(won).toBeGreaterThanOrEqual(1);
    for (const c of clicks) if (c.status !== 200) expect([c.status, c.body.code]).toEqual([400, 'JobNotRetryable']);
    // The hang fails the extra attempt: failed again, its error counted apart from the 500 (a retry row in between).
    const failed = await until(async () => (await jobs(o.id)).find((j) => j.state === 'failed'), 'the extra attempt to fail', 15_000);
    expect(failed).toMatchObject({ retry_limit: 9, next_attempt_at: null });
    expect(await jobs(o.id)).toHaveLength(1);
    expect(onec.calls.filter((n) => n === o.number)).toHaveLength(2);
    const rows = reservationRows((await t.request('GET', `/api/v1/admin/orders/${o.id}`, { token: op })).body.data.history);
    const retries = Array.from({ length: won }, () => 'reservation_retry');
    expect(rows.map((h: History) => h.kind)).toEqual(['reservation_error', ...retries, 'reservation_error']);
    // A reseller may not.
    expect((await retry(o.id, waiting!.id, o.token)).status).toBe(403);
  }, 60_000);
});
