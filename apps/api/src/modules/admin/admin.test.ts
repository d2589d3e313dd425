import { afterAll, beforeAll, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
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
