import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await buildTestApp();
  op = await t.operator();
});
afterAll(() => t.close());

test('a reseller on /api/v1/admin gets 403, a visitor 401', async () => {
  const u = await t.user();
  expect((await t.request('GET', '/api/v1/admin/users', { token: u.token })).status).toBe(403);
  expect((await t.request('PUT', `/api/v1/admin/users/${u.id}`, { token: u.token, body: { is_verified: true } })).status).toBe(403);
  expect((await t.request('GET', '/api/v1/admin/users')).status).toBe(401);
});

test('operators search users with pagination', async () => {
  await t.user({ name: 'Марія Шевченко', email: 'maria.shevchenko@example.com' });
  await t.user({ name: 'Петро Бондар', email: 'petro@example.com' });
  const r = await t.request('GET', '/api/v1/admin/users?search=шевченко', { token: op });
  expect(r.status).toBe(200);
  expect(r.body.data.map((u: { email: string }) => u.email)).toEqual(['maria.shevchenko@example.com']);
  const page = await t.request('GET', '/api/v1/admin/users?per_page=1&page=2', { token: op });
  expect(page.body.data).toHaveLength(1);
  expect(page.body.meta.per_page).toBe(1);
  expect(page.body.meta.total).toBeGreaterThanOrEqual(3);
  // LIKE wildcards are matched literally.
  expect((await t.request('GET', '/api/v1/admin/users?search=%25', { token: op })).body.data).toHaveLength(0);
});

test('verify and discount a user: the badge data changes and the change is audited with its author', async () => {
  const u = await t.user();
  const r = await t.request('PUT', `/api/v1/admin/users/${u.id}`, { token: op, body: { is_verified: true, discount: 5 } });
  expect(r.status).toBe(200);
  expect(r.body.data).toMatchObject({ is_verified: true, discount: 5 });
  const me = await t.request('GET', '/api/v1/auth/user', { token: u.token });
  expect(me.body.data).toMatchObject({ is_verified: true, discount: 5 });
  const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, u.id));
  expect(rows).toHaveLength(1);
  expect(rows[0]!.changes).toEqual({ is_verified: [false, true], discount: [0, 5] });
  const opUser = await t.request('GET', '/api/v1/auth/user', { token: op });
  expect(rows[0]!.actorId).toBe(opUser.body.data.id);
  const detail = await t.request('GET', `/api/v1/admin/users/${u.id}`, { token: op });
  expect(detail.body.data.audit[0].actor_id).toBe(opUser.body.data.id);
  const bad = await t.request('PUT', `/api/v1/admin/users/${u.id}`, { token: op, body: { discount: 150 } });
  expect(bad.status).toBe(422);
  expect((await t.request('GET', '/api/v1/admin/users/999999', { token: op })).status).toBe(404);
});

test("a blocked user's tokens stop working at once and sign-in is refused", async () => {
  const u = await t.user();
  expect((await t.request('GET', '/api/v1/auth/user', { token: u.token })).status).toBe(200);
  expect((await t.request('PUT', `/api/v1/admin/users/${u.id}`, { token: op, body: { blocked: true } })).status).toBe(200);
  expect((await t.request('GET', '/api/v1/auth/user', { token: u.token })).status).toBe(401);
  const login = await t.request('POST', '/api/v1/auth/login', { body: { email: u.email, password: u.password } });
  expect(login.status).toBe(403);
  expect(login.body.code).toBe('AccountBlocked');
  expect((await t.request('PUT', `/api/v1/admin/users/${u.id}`, { token: op, body: { blocked: false } })).status).toBe(200);
  await t.login(u.email, u.password);
});

test('staff accounts are not changed through the resellers route (400 StaffAccount): blocking the last admin there is impossible', async () => {
  const me = (await t.request('GET', '/api/v1/auth/user', { token: op })).body.data;
  const manager = await t.user({ role: 'manager' });
  for (const [id, body] of [
    [me.id, { blocked: true }],
    [manager.id, { blocked: true }],
    [manager.id, { is_verified: true, discount: 5 }],
  ] as const) {
    const r = await t.request('PUT', `/api/v1/admin/users/${id}`, { token: op, body, headers: { 'accept-language': 'uk' } });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('StaffAccount');
    expect(r.body.message).toMatch(/Працівники/);
  }
  // Nothing changed: the admin and the manager still work.
  expect((await t.request('GET', '/api/v1/admin/users', { token: op })).status).toBe(200);
  expect((await t.request('GET', '/api/v1/admin/orders', { token: manager.token })).status).toBe(200);
});

test('filters: verified, blocked, role; search by id', async () => {
  const a = await t.user({ name: 'Фільтр Верифікований', isVerified: true });
  const b = await t.user({ name: 'Фільтр Заблокований' });
  await t.database.db.execute(sql`UPDATE users SET blocked = true WHERE id = ${b.id}`);
  const names = async (q: string) =>
    (await t.request('GET', `/api/v1/admin/users?search=${encodeURIComponent('Фільтр')}&${q}`, { token: op })).body.data.map((u: { id: number }) => u.id);
  expect(await names('is_verified=true')).toEqual([a.id]);
  expect(await names('blocked=true')).toEqual([b.id]);
  expect((await names('blocked=false')).includes(b.id)).toBe(false);
  expect((await t.request('GET', `/api/v1/admin/users?search=${a.id}`, { token: op })).body.data.map((u: { id: number }) => u.id)).toContain(a.id);
  expect((await t.request('GET', '/api/v1/admin/users?role=boss', { token: op })).status).toBe(422);
  expect((await t.request('GET', '/api/v1/admin/users?role=manager', { token: op })).body.data.every((u: { role: string }) => u.role === 'manager')).toBe(true);
});

test("a reseller's devices, ledger and summary; 404 for an unknown user; 403 for resellers", async () => {
  const u = await t.user();
  await t.login(u.email, u.password, 'second-device');
  const devices = await t.request('GET', `/api/v1/admin/users/${u.id}/devices`, { token: op });
  expect(devices.status).toBe(200);
  expect(devices.body.data.length).toBe(2);
  expect(devices.body.data[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), used_at: expect.any(String) });

  const c1 = await t.request('POST', `/api/v1/admin/users/${u.id}/corrections`, { token: op, body: { amount: 150.5, comment: 'Бонус' } });
  expect(c1.status).toBeLessThan(300);
  const c2 = await t.request('POST', `/api/v1/admin/users/${u.id}/corrections`, { token: op, body: { amount: -50, comment: 'Штраф' } });
  expect(c2.status).toBeLessThan(300);
  const ops = await t.request('GET', `/api/v1/admin/users/${u.id}/operations?per_page=10`, { token: op });
  expect(ops.status).toBe(200);
  expect(ops.body.data.map((o: { amount: number; balance: number }) => [o.amount, o.balance])).toEqual([
    [-50, 100.5],
    [150.5, 150.5],
  ]);
  const summary = await t.request('GET', `/api/v1/admin/users/${u.id}/summary`, { token: op });
  expect(summary.body.data).toEqual({
    orders_total: 0,
    orders_by_status: {},
    profit_total: 0,
    pending_top_ups: 0,
    pending_withdrawals: 0,
    markets: 0,
    feeds: 0,
  });

  for (const path of ['devices', 'operations', 'summary']) {
    expect((await t.request('GET', `/api/v1/admin/users/999999/${path}`, { token: op })).status).toBe(404);
    expect((await t.request('GET', `/api/v1/admin/users/${u.id}/${path}`, { token: u.token })).status).toBe(403);
    expect((await t.request('GET', `/api/v1/admin/users/${u.id}/${path}`)).status).toBe(401);
  }
});

describe('audit log', () => {
  test('every operator action and every balance change is there with who, when, before and after; filters work', async () => {
    const u = await t.user();
    const me = (await t.request('GET', '/api/v1/auth/user', { token: op })).body.data;
    await t.request('PUT', `/api/v1/admin/users/${u.id}`, { token: op, body: { discount: 7 } });
    await t.request('POST', `/api/v1/admin/users/${u.id}/corrections`, { token: op, body: { amount: 20, comment: 'Компенсація' } });

    const all = await t.request('GET', `/api/v1/admin/audit?entity=user&entity_id=${u.id}`, { token: op });
    expect(all.status).toBe(200);
    const actions = all.body.data.map((a: { action: string }) => a.action);
    // One correction is one audit row (the ledger's), not two.
    expect(actions).toEqual(['money.correction', 'user.update']);
    const money = all.body.data.find((a: { action: string }) => a.action === 'money.correction');
    expect(money).toMatchObject({ actor: { id: me.id, email: me.email }, entity: 'user', entity_id: u.id });
    expect(money.changes).toMatchObject({ balance_kop: [0, 2000], amount_kop: 2000, comment: 'Компенсація' });

    const moneyOnly = await t.request('GET', `/api/v1/admin/audit?action=money.&entity_id=${u.id}`, { token: op });
    expect(moneyOnly.body.data.map((a: { action: string }) => a.action)).toEqual(['money.correction']);
    const byActor = await t.request('GET', `/api/v1/admin/audit?actor_id=${me.id}&per_page=100`, { token: op });
    expect(byActor.body.data.every((a: { actor: { id: number } }) => a.actor.id === me.id)).toBe(true);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Kyiv' });
    expect((await t.request('GET', `/api/v1/admin/audit?date_from=${today}&date_to=${today}&entity_id=${u.id}`, { token: op })).body.data).toHaveLength(2);
    expect((await t.request('GET', `/api/v1/admin/audit?date_from=2020-01-01&date_to=2020-01-02&entity_id=${u.id}`, { token: op })).body.data).toHaveLength(0);
    expect((await t.request('GET', '/api/v1/admin/audit?date_from=2025-02-02&date_to=2025-01-01', { token: op })).status).toBe(422);
    expect((await t.request('GET', '/api/v1/admin/audit?action=%25', { token: op })).body.data).toHaveLength(0);
    expect((await t.request('GET', '/api/v1/admin/audit', { token: u.token })).status).toBe(403);
  });

  test('the log is append-only: rows cannot be changed or removed', async () => {
    const u = await t.user();
    await t.request('PUT', `/api/v1/admin/users/${u.id}`, { token: op, body: { is_verified: true } });
    const refusal = (q: ReturnType<typeof sql>) =>
      t.database.db.execute(q).then(
        () => 'done',
        (e: { cause?: { message?: string }; message: string }) => e.cause?.message ?? e.message,
      );
    expect(await refusal(sql`UPDATE audit_log SET action = 'forged' WHERE entity_id = ${u.id}`)).toMatch(/append-only/);
    expect(await refusal(sql`DELETE FROM audit_log WHERE entity_id = ${u.id}`)).toMatch(/append-only/);
    expect(await refusal(sql`TRUNCATE audit_log`)).toMatch(/append-only/);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, u.id));
    expect(rows.map((r) => r.action)).toEqual(['user.update']);
  });
});
