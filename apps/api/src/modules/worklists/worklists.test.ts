/**
 * Issue 28 point 1: the worklists. Each order worklist as a filter of the back office's orders list
 * (its definition row by row), the counters per role (GET /admin/worklists), the date NP's
 * tracking names for paid storage (DatePayedKeeping, answered by the emulator for a parcel at the
 * branch) putting a parcel in `trouble`, and the counts read through the partial indexes.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { WORKLISTS, WORKLIST_AREAS, mayAccess, type StaffRole } from '@drop/shared';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { orderTools } from '../../test/orders.ts';
import { npKyivDateTime } from '../../integrations/novaposhta/client.ts';

let t: TestApp;
let op: string;
let tools: ReturnType<typeof orderTools>;
const staff = {} as Record<Exclude<StaffRole, 'admin'>, string>;

beforeAll(async () => {
  t = await buildTestApp({ npEmulatorStepSeconds: 0, trackingIntervalSeconds: 3600 });
  // The NP client calls the emulator over HTTP on this server's port.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await loadCatalogFixture(t.database);
  op = await t.operator();
  tools = orderTools(t);
  await tools.setStock(1, 1000);
  for (const role of ['manager', 'accountant', 'warehouse'] as const)
    staff[role] = (await t.user({ role, name: `Працівник ${role}`, email: `${role}@worklists.test` })).token;
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

const list = (worklist: string, userId?: number, token = op) =>
  t.request('GET', `/api/v1/admin/orders?worklist=${worklist}&per_page=100${userId ? `&user_id=${userId}` : ''}`, { token });
const idsOf = async (worklist: string, userId: number) => {
  const r = await list(worklist, userId);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.data as { id: number }[]).map((o) => o.id).sort((a, b) => a - b);
};
const set = (id: number, patch: ReturnType<typeof sql>) => t.database.db.execute(sql`UPDATE orders SET ${patch} WHERE id = ${id}`);

describe('worklists as filters of the orders list', () => {
  test('each worklist holds exactly the orders its definition names', async () => {
    const u = await t.user({ isVerified: true });
    const lines: [number, number, number][] = [[1, 1, 160]];
    const newCod = await tools.place(u.token, lines);
    const newBalance = await tools.place(u.token, lines);
    // A Balance order is confirmed by its reseller alone (the confirmation debits them): not staff's queue.
    await set(newBalance.id, sql`payment_method = 'Balance'`);
    const newCard = await tools.place(u.token, lines, { payment_method: 'Card' });
    const confirmed = await tools.placeConfirmed(u.token, lines);
    const complected = await tools.placeConfirmed(u.token, lines);
    await set(complected.id, sql`status = 'Complected'`);
    const withTtn = await tools.placeConfirmed(u.token, lines);
    await set(withTtn.id, sql`ttn = '20450000000001', delivery_status = 'CreatedTTN'`);
    const deletedTtn = await tools.placeConfirmed(u.token, lines);
    await set(deletedTtn.id, sql`ttn = '20450000000002', delivery_status = 'Deleted'`);
    const shipped = await tools.placeConfirmed(u.token, lines);
    await set(shipped.id, sql`status = 'Delivered', ttn = '20450000000003', delivery_status = 'OnMyWay', np_status_code = 5`);
    const refused = await tools.placeConfirmed(u.token, lines);
    await set(refused.id, sql`status = 'Delivered', ttn = '20450000000004', delivery_status = 'Refusal', np_status_code = 103`);
    const refusedBack = await tools.placeConfirmed(u.token, lines);
    await set(refusedBack.id, sql`status = 'Return', ttn = '20450000000005', delivery_status = 'Refusal', np_status_code = 103`);
    const storageSoon = await tools.placeConfirmed(u.token, lines);
    await set(
      storageSoon.id,
      sql`status = 'Delivered', ttn = '20450000000006', delivery_status = 'OnMyWay', np_status_code = 7, np_storage_at = now() + interval '12 hours'`,
    );
    const storageBegun = await tools.placeConfirmed(u.token, lines);
    await set(
      storageBegun.id,
      sql`status = 'Delivered', ttn = '20450000000007', delivery_status = 'OnMyWay', np_status_code = 8, np_storage_at = now() - interval '1 day'`,
    );
    const storageLater = await tools.placeConfirmed(u.token, lines);
    await set(
      storageLater.id,
      sql`status = 'Delivered', ttn = '20450000000008', delivery_status = 'OnMyWay', np_status_code = 7, np_storage_at = now() + interval '3 days'`,
    );
    const received = await tools.placeConfirmed(u.token, lines);
    // Picked up: the storage date NP named before is history (the tracking job clears it; the code decides anyway).
    await set(
      received.id,
      sql`status = 'Done', ttn = '20450000000009', delivery_status = 'Received', np_status_code = 9, np_storage_at = now() - interval '1 day'`,
    );

    // A reservation job that spent its attempts (pg-boss 'failed'), once the create job has run.
    const failed = await tools.place(u.token, lines);
    const jobs = await until(async () => {
      const r = await t.request('GET', `/api/v1/admin/orders/${failed.id}/jobs`, { token: op });
      return r.body.data?.length && r.body.data.every((j: { state: string }) => j.state === 'completed') ? (r.body.data as { id: string }[]) : undefined;
    }, 'the create job to complete');
    await t.database.db.execute(sql`UPDATE pgboss.job SET state = 'failed', output = '{"message": "1C: timeout"}'::jsonb WHERE id = ${jobs[0]!.id}`);

    const sorted = (...os: { id: number }[]) => os.map((o) => o.id).sort((a, b) => a - b);
    expect(await idsOf('to_confirm', u.id)).toEqual(sorted(newCod, newCard, failed));
    expect(await idsOf('to_pack', u.id)).toEqual(sorted(confirmed, withTtn, deletedTtn));
    expect(await idsOf('to_ship', u.id)).toEqual(sorted(confirmed, complected, deletedTtn));
    expect(await idsOf('trouble', u.id)).toEqual(sorted(refused, storageSoon, storageBegun));
    expect(await idsOf('onec_failed', u.id)).toEqual(sorted(failed));

    // Retry now takes the order out of onec_failed (the job waits for its next attempt).
    const retried = await t.request('POST', `/api/v1/admin/orders/${failed.id}/jobs/${jobs[0]!.id}/retry`, { token: op });
    expect(retried.status).toBe(200);
    expect(await idsOf('onec_failed', u.id)).toEqual([]);

    // A worklist with the list's other filters; an unknown worklist is 422.
    const both = await t.request('GET', `/api/v1/admin/orders?worklist=to_ship&status=Complected&user_id=${u.id}`, { token: op });
    expect(both.body.data.map((o: { id: number }) => o.id)).toEqual([complected.id]);
    const bad = await t.request('GET', '/api/v1/admin/orders?worklist=everything', { token: op });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.worklist).toBeDefined();
    // Every staff role reads the list; a reseller does not.
    expect((await list('trouble', u.id, staff.accountant)).status).toBe(200);
    expect((await list('trouble', u.id, u.token)).status).toBe(403);
  });
});

describe('GET /admin/worklists', () => {
  test('each role gets the counters of the worklists its areas open, equal to the lists', async () => {
    const u = await t.user({ isVerified: true });
    await tools.place(u.token, [[1, 1, 160]]);
    await tools.placeConfirmed(u.token, [[1, 1, 160]]);
    // A pending top-up and a new withdrawal (the money worklists).
    expect((await t.request('POST', `/api/v1/admin/users/${u.id}/corrections`, { token: op, body: { amount: 500, comment: 'Тест' } })).status).toBe(201);
    const w = await t.request('POST', '/api/v1/withdraws', { token: u.token, body: { requisites: '4111 1111 1111 1111', amount: 100 } });
    expect(w.status, JSON.stringify(w.body)).toBe(201);

    const admin = await t.request('GET', '/api/v1/admin/worklists', { token: op });
    expect(admin.status).toBe(200);
    expect(Object.keys(admin.body.data).sort()).toEqual([...WORKLISTS].sort());
    for (const wl of ['to_confirm', 'to_pack', 'to_ship', 'trouble', 'onec_failed']) {
      const r = await list(wl);
      expect(admin.body.data[wl], wl).toBe(r.body.meta.total);
    }
    const pending = (await t.request('GET', '/api/v1/admin/payments?status=Pending&per_page=1', { token: op })).body.meta.total;
    const toPay = (await t.request('GET', '/api/v1/admin/withdraws?status=New&per_page=1', { token: op })).body.meta.total;
    expect(admin.body.data).toMatchObject({ topups: pending, withdrawals: toPay });
    expect(toPay).toBeGreaterThanOrEqual(1);

    for (const role of ['manager', 'accountant', 'warehouse'] as const) {
      const r = await t.request('GET', '/api/v1/admin/worklists', { token: staff[role] });
      expect(r.status).toBe(200);
      const expected = WORKLISTS.filter((wl) => mayAccess(role, WORKLIST_AREAS[wl]));
      expect(Object.keys(r.body.data).sort(), role).toEqual([...expected].sort());
      for (const wl of expected) expect(r.body.data[wl], `${role} ${wl}`).toBe(admin.body.data[wl]);
    }
    // Spelled out: the warehouse works the order queues but no 1C jobs and no money; the accountant money and trouble.
    expect(Object.keys((await t.request('GET', '/api/v1/admin/worklists', { token: staff.warehouse })).body.data).sort()).toEqual([
      'to_confirm',
      'to_pack',
      'to_ship',
      'trouble',
    ]);
    expect(Object.keys((await t.request('GET', '/api/v1/admin/worklists', { token: staff.accountant })).body.data).sort()).toEqual([
      'topups',
      'trouble',
      'withdrawals',
    ]);
    expect((await t.request('GET', '/api/v1/admin/worklists', { token: u.token })).status).toBe(403);
    expect((await t.request('GET', '/api/v1/admin/worklists')).status).toBe(401);
  });

  test('with a few thousand orders the counts are read through the partial indexes', async () => {
    const u = await t.user({ isVerified: true });
    const seed = await tools.placeConfirmed(u.token, [[1, 1, 160]]);
    // 3000 finished orders (a copy of one): what the worklists must not read row by row.
    await t.database.db.execute(sql`
      INSERT INTO orders (user_id, status, payment_status, delivery_status, payment_method, payment_delivery, delivery_service, delivery_method, delivery_type,
                          last_name, first_name, phone, city_ref, branch_ref, wholesale_kop, retail_kop, profit_kop, expected_accrual_kop, ttn, np_status_code)
      SELECT user_id, 'Done', 'Paid', 'Received', payment_method, payment_delivery, delivery_service, delivery_method, delivery_type,
             last_name, first_name, phone, city_ref, branch_ref, wholesale_kop, retail_kop, profit_kop, expected_accrual_kop, '2045' || lpad(g::text, 10, '0'), 9
      FROM orders, generate_series(1, 3000) g WHERE id = ${seed.id}`);
    await t.database.db.execute(sql`ANALYZE orders`);
    const plan = async (w: string) => {
      const r = (await t.database.db.execute(sql.raw(`EXPLAIN SELECT count(*) FROM orders WHERE ${WHERE[w]}`))) as unknown as {
        rows: Record<string, string>[];
      };
      return r.rows.map((x) => Object.values(x)[0]).join('\n');
    };
    const WHERE: Record<string, string> = {
      to_confirm: `(status = 'New' AND payment_method <> 'Balance')`,
      to_ship: `(status IN ('Confirmed', 'Complected') AND (ttn IS NULL OR delivery_status = 'Deleted'))`,
      trouble: `((delivery_status = 'Refusal' AND status NOT IN ('Return', 'Done', 'Canceled')) OR (np_status_code IN (7, 8) AND np_storage_at IS NOT NULL AND np_storage_at <= now() + make_interval(days => 1)))`,
    };
    expect(await plan('to_confirm')).toContain('orders_wl_to_confirm_idx');
    expect(await plan('to_ship')).toContain('orders_wl_to_ship_idx');
    expect(await plan('trouble')).toContain('orders_wl_trouble_idx');

    const started = performance.now();
    for (let i = 0; i < 5; i++) expect((await t.request('GET', '/api/v1/admin/worklists', { token: op })).status).toBe(200);
    const perCall = (performance.now() - started) / 5;
    expect(perCall).toBeLessThan(500);
  });
});

describe("NP's paid storage date", () => {
  test('DatePayedKeeping is read as Kyiv time; an empty or zero date is none', () => {
    expect(npKyivDateTime('2026-10-08 00:00:00')?.toISOString()).toBe('2026-10-07T21:00:00.000Z');
    expect(npKyivDateTime('2026-01-08 00:00:00')?.toISOString()).toBe('2026-01-07T22:00:00.000Z');
    expect(npKyivDateTime('08.01.2026 10:30:00')?.toISOString()).toBe('2026-01-08T08:30:00.000Z');
    expect(npKyivDateTime('')).toBeNull();
    expect(npKyivDateTime('0001-01-01 00:00:00')).toBeNull();
    expect(npKyivDateTime(undefined)).toBeNull();
  });

  test('a parcel at the branch: the emulator names the day paid storage begins, tracking keeps it; near it, the order is in trouble; refused, it stays there', async () => {
    const u = await t.user({ isVerified: true });
    const o = await tools.placeConfirmed(u.token, [[1, 1, 160]]);
    const made = await t.request('POST', `/api/v1/admin/orders/${o.id}/ttn`, { token: op, body: { weight: 1, seats: 1 } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const number = made.body.data.ttn as string;
    const control = (what: string, body: object) => t.request('POST', `/emulators/novaposhta/control/${what}`, { token: op, body: { number, ...body } });
    expect((await control('scenario', { scenario: 'refused' })).status).toBe(200);
    // 1 -> 12 -> 5 -> 6 -> 7: at the branch.
    expect((await control('advance', { steps: 4 })).status).toBe(200);
    const track = async () => expect((await t.request('POST', '/api/v1/admin/orders/tracking/run', { token: op })).status).toBe(200);
    const row = async () =>
      (
        (await t.database.db.execute(sql`SELECT np_status_code, np_storage_at, delivery_status FROM orders WHERE id = ${o.id}`)) as unknown as {
          rows: { np_status_code: number; np_storage_at: string | Date | null; delivery_status: string }[];
        }
      ).rows[0]!;

    // Arrived now: paid storage begins at the start of the Kyiv day 7 days on (far off: not trouble yet).
    await track();
    const at = await row();
    expect(at.np_status_code).toBe(7);
    const storage = new Date(at.np_storage_at!);
    const days = (storage.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(5.9);
    expect(days).toBeLessThanOrEqual(7);
    expect(storage.toLocaleString('uk-UA', { timeZone: 'Europe/Kyiv', hour: '2-digit', minute: '2-digit' })).toBe('00:00');
    expect(await idsOf('trouble', u.id)).toEqual([]);

    // Arrived six and a half days ago: storage begins within a day -> trouble.
    await t.database.db.execute(sql`UPDATE np_emulator_documents SET moved_at = now() - interval '6 days 12 hours' WHERE number = ${number}`);
    await track();
    expect(new Date((await row()).np_storage_at!).getTime() - Date.now()).toBeLessThan(86_400_000);
    expect(await idsOf('trouble', u.id)).toEqual([o.id]);

    // Refused: no storage date any more, still trouble (refused and not yet returned).
    expect((await control('advance', { steps: 1 })).status).toBe(200);
    await track();
    expect(await row()).toMatchObject({ np_status_code: 103, np_storage_at: null, delivery_status: 'Refusal' });
    expect(await idsOf('trouble', u.id)).toEqual([o.id]);
  });
});
