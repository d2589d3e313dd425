/**
 * Issue 24, points 9 and 10, replayed as an attacker would: tokens that never end, a block that
 * an unblock undoes, realtime sockets that outlive their token, and the 1C exchange opened with a
 * staff password.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME_PATH } from '@drop/shared';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { TEST_OPERATOR } from '../test/config.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword, sha256 } from '../lib/security.ts';
import { basic, call } from '../modules/onec/test-kit.ts';

let t: TestApp;
let base: string;
let admin: string;
const sockets: Socket[] = [];
const DAY = 24 * 3600_000;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  admin = await t.operator();
});
afterAll(async () => {
  vi.useRealTimers();
  for (const s of sockets) s.disconnect();
  await t.close();
});

const rows = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const me = (token: string) => t.request('GET', '/api/v1/auth/user', { token });

async function until<T>(fn: () => Promise<T | undefined | false> | T | undefined | false, what: string, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const v = await fn();
    if (v !== undefined && v !== false) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A connected Socket.IO client recording its events and whether the server closed it. */
async function client(token: string) {
  const events: { event: string; payload: unknown }[] = [];
  const socket = connect(base, { path: REALTIME_PATH, auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  const state = { closed: false as false | string };
  socket.on('disconnect', (reason) => (state.closed = reason));
  const outcome = await new Promise<string>((resolve) => {
    socket.on('connect', () => resolve('connected'));
    socket.on('connect_error', (err) => resolve(err.message));
  });
  expect(outcome).toBe('connected');
  return { socket, events, state };
}

/** The socket is closed by the server within a short time and hears nothing private afterwards. */
async function closedAndDeaf(c: Awaited<ReturnType<typeof client>>, userId: number) {
  await until(() => c.state.closed, 'the server to close the socket', 3_000);
  expect(c.state.closed).toBe('io server disconnect');
  const before = c.events.length;
  t.app.deps.realtime.push({ userId, event: 'private.secret', payload: { secret: 1 } } as never);
  await new Promise((r) => setTimeout(r, 200));
  expect(c.events.slice(before)).toEqual([]);
}

describe('sessions: idle and absolute expiry', () => {
  test('a token unused longer than the idle period is refused', async () => {
    const u = await t.user();
    await t.database.db.execute(sql`UPDATE access_tokens SET used_at = now() - interval '31 days' WHERE token_hash = ${sha256(u.token)}`);
    t.app.deps.sessions.clear();
    expect((await me(u.token)).status).toBe(401);
  });

  test('a token used within the idle period works and its last use moves on', async () => {
    const u = await t.user();
    await t.database.db.execute(sql`UPDATE access_tokens SET used_at = now() - interval '29 days' WHERE token_hash = ${sha256(u.token)}`);
    t.app.deps.sessions.clear();
    expect((await me(u.token)).status).toBe(200);
    const [row] = await rows<{ idle: number }>(
      sql`SELECT extract(epoch FROM now() - used_at)::int AS idle FROM access_tokens WHERE token_hash = ${sha256(u.token)}`,
    );
    expect(row!.idle).toBeLessThan(60);
  });

  test('a token older than the absolute lifetime is refused even if used every day', async () => {
    const u = await t.user();
    await t.database.db.execute(sql`UPDATE access_tokens SET created_at = now() - interval '181 days', used_at = now() WHERE token_hash = ${sha256(u.token)}`);
    t.app.deps.sessions.clear();
    expect((await me(u.token)).status).toBe(401);
  });

  test('the session cache does not keep a token alive past its expiry', async () => {
    const u = await t.user();
    expect((await me(u.token)).status).toBe(200); // now cached
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31 * DAY);
      expect((await me(u.token)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('sessions: a block revokes tokens for good', () => {
  test('block, unblock: the old token stays dead, sign-in is refused while blocked', async () => {
    const u = await t.user();
    expect((await t.request('PUT', `/api/v1/admin/users/${u.id}`, { token: admin, body: { blocked: true } })).status).toBe(200);
    expect(await rows(sql`SELECT id FROM access_tokens WHERE user_id = ${u.id}`)).toEqual([]);
    const login = await t.request('POST', '/api/v1/auth/login', { body: { email: u.email, password: u.password, device_token: 'dev-x' } });
    expect(login.status).toBe(403);
    expect((await t.request('PUT', `/api/v1/admin/users/${u.id}`, { token: admin, body: { blocked: false } })).status).toBe(200);
    expect((await me(u.token)).status).toBe(401);
  });
});

describe('realtime: a socket ends with its token', () => {
  test("logout closes the sockets of that token (not the user's other devices)", async () => {
    const u = await t.user();
    const other = await t.login(u.email, u.password, 'dev-other');
    const c = await client(u.token);
    const keep = await client(other);
    expect((await t.request('DELETE', '/api/v1/auth/logout', { token: u.token })).status).toBe(204);
    await closedAndDeaf(c, u.id);
    expect(keep.state.closed).toBe(false);
    expect(keep.socket.connected).toBe(true);
  });

  test('removing a device closes its sockets', async () => {
    const u = await t.user();
    const phone = await t.login(u.email, u.password, 'dev-phone');
    const c = await client(phone);
    const devices = await t.request('GET', '/api/v1/user-devices', { token: u.token });
    const device = devices.body.data.find((d: { is_current: boolean }) => !d.is_current);
    expect((await t.request('DELETE', `/api/v1/user-devices/${device.id}`, { token: u.token })).status).toBe(204);
    await closedAndDeaf(c, u.id);
  });

  test('a password change closes the sockets of the other devices', async () => {
    const u = await t.user();
    const phone = await t.login(u.email, u.password, 'dev-phone');
    const c = await client(phone);
    const r = await t.request('PUT', '/api/v1/auth/profile', {
      token: u.token,
      body: { old_password: u.password, password: 'new-password-456', password_confirmation: 'new-password-456' },
    });
    expect(r.status).toBe(200);
    await closedAndDeaf(c, u.id);
  });

  test("a block closes the user's sockets and they cannot reconnect after an unblock", async () => {
    const u = await t.user();
    const c = await client(u.token);
    await t.request('PUT', `/api/v1/admin/users/${u.id}`, { token: admin, body: { blocked: true } });
    await closedAndDeaf(c, u.id);
    await t.request('PUT', `/api/v1/admin/users/${u.id}`, { token: admin, body: { blocked: false } });
    const again = connect(base, { path: REALTIME_PATH, auth: { token: u.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(again);
    expect(await new Promise((r) => (again.on('connect', () => r('connected')), again.on('connect_error', (e) => r(e.message))))).toBe('unauthorized');
  });

  test('a token deleted in the database by another connection closes its socket (the NOTIFY path)', async () => {
    const u = await t.user();
    const c = await client(u.token);
    const url = t.app.deps.config.databaseUrl;
    if (url) {
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      await other.query('DELETE FROM access_tokens WHERE token_hash = $1', [sha256(u.token)]);
      await other.end();
    } else {
      await t.database.db.execute(sql`DELETE FROM access_tokens WHERE token_hash = ${sha256(u.token)}`);
    }
    await closedAndDeaf(c, u.id);
  });

  test("an expired token's socket is closed by the sweep", async () => {
    const u = await t.user();
    const c = await client(u.token);
    await t.database.db.execute(sql`UPDATE access_tokens SET created_at = now() - interval '181 days' WHERE token_hash = ${sha256(u.token)}`);
    await t.app.deps.realtime.sweep();
    await closedAndDeaf(c, u.id);
    // The sweep also deleted it: expired for good.
    expect(await rows(sql`SELECT id FROM access_tokens WHERE token_hash = ${sha256(u.token)}`)).toEqual([]);
  });

  test('the sweep deletes expired tokens even when nobody uses them, and leaves live ones', async () => {
    const idle = await t.user();
    const old = await t.user();
    const live = await t.user();
    await t.database.db.execute(sql`UPDATE access_tokens SET used_at = now() - interval '31 days' WHERE token_hash = ${sha256(idle.token)}`);
    await t.database.db.execute(sql`UPDATE access_tokens SET created_at = now() - interval '181 days' WHERE token_hash = ${sha256(old.token)}`);
    await t.app.deps.realtime.sweep();
    const left = await rows<{ user_id: number }>(sql`SELECT user_id FROM access_tokens WHERE user_id IN (${idle.id}, ${old.id}, ${live.id})`);
    expect(left.map((r) => r.user_id)).toEqual([live.id]);
  });
});

describe('1C exchange: credentials of its own', () => {
  const checkauth = (auth: string, ip = '10.24.0.1') =>
    t.app.inject({ method: 'GET', url: '/1c/exchange?type=catalog&mode=checkauth', headers: { authorization: auth }, remoteAddress: ip }).then((r) => ({
      status: r.statusCode,
      lines: r.body.split('\n'),
      headers: r.headers,
    }));
  const cookieOf = (r: { lines: string[] }) => `${r.lines[1]}=${r.lines[2]}`;

  test("an admin's e-mail and correct password are refused, even with 2FA on", async () => {
    const r = await checkauth(basic(TEST_OPERATOR.email, TEST_OPERATOR.password));
    expect(r.status).toBe(401);
    expect(r.lines[0]).toBe('failure');
    await t.database.db.insert(users).values({
      email: 'admin-2fa@test.local',
      name: 'Адмін',
      passwordHash: await hashPassword('admin-2fa-pass'),
      role: 'admin',
      login2fa: true,
      emailVerifiedAt: new Date(),
    });
    const twoFa = await checkauth(basic('admin-2fa@test.local', 'admin-2fa-pass'));
    expect(twoFa.status).toBe(401);
    expect(twoFa.lines[0]).toBe('failure');
  });

  test('a session opened with a staff account before the change no longer works', async () => {
    const [adminRow] = await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = ${TEST_OPERATOR.email}`);
    await t.database.db.execute(sql`INSERT INTO onec_sessions (token_hash, user_id) VALUES (${sha256('old-staff-session')}, ${adminRow!.id})`);
    const r = await call(t, 'type=catalog&mode=init', { cookie: 'drop_1c_session=old-staff-session' });
    expect(r.status).toBe(401);
    expect(r.lines[0]).toBe('failure');
  });

  test('only an admin manages the credentials: an operator and a reseller get 403', async () => {
    await t.database.db.insert(users).values({
      email: 'op-creds@test.local',
      name: 'Оператор',
      passwordHash: await hashPassword('operator-pass-1'),
      role: 'manager',
      emailVerifiedAt: new Date(),
    });
    const operator = await t.login('op-creds@test.local', 'operator-pass-1');
    const reseller = await t.user();
    for (const token of [operator, reseller.token]) {
      expect((await t.request('POST', '/api/v1/admin/onec/credentials', { token })).status).toBe(403);
      expect((await t.request('GET', '/api/v1/admin/onec/credentials', { token })).status).toBe(403);
      expect((await t.request('DELETE', '/api/v1/admin/onec/credentials', { token })).status).toBe(403);
    }
    expect((await t.request('POST', '/api/v1/admin/onec/credentials')).status).toBe(401);
    expect(await rows(sql`SELECT id FROM onec_credentials`)).toEqual([]);
  });

  test('a pair is shown once, works, is replaced by a new one and can be revoked', async () => {
    const first = await t.request('POST', '/api/v1/admin/onec/credentials', { token: admin });
    expect(first.status).toBe(201);
    const a = first.body.data as { login: string; secret: string };
    expect(a.login).toMatch(/^1c-[a-z0-9]+$/);
    expect(Buffer.from(a.secret, 'base64url').length).toBeGreaterThanOrEqual(32);
    // Stored hashed; never shown again.
    expect(JSON.stringify(await rows(sql`SELECT * FROM onec_credentials`))).not.toContain(a.secret);
    const shown = await t.request('GET', '/api/v1/admin/onec/credentials', { token: admin });
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ login: a.login, created_by: { email: TEST_OPERATOR.email } });
    expect(JSON.stringify(shown.body)).not.toContain(a.secret);

    const okA = await checkauth(basic(a.login, a.secret));
    expect(okA.status).toBe(200);
    expect(okA.lines[0]).toBe('success');
    expect((await call(t, 'type=catalog&mode=init', { cookie: cookieOf(okA) })).lines[0]).toBe('zip=yes');
    // The right login with a wrong secret.
    expect((await checkauth(basic(a.login, `${a.secret.slice(0, -1)}x`))).status).toBe(401);

    // A new pair replaces the old one: its login, its secret and its sessions stop working.
    const b = (await t.request('POST', '/api/v1/admin/onec/credentials', { token: admin })).body.data as { login: string; secret: string };
    expect(b.login).not.toBe(a.login);
    expect((await checkauth(basic(a.login, a.secret))).status).toBe(401);
    expect((await call(t, 'type=catalog&mode=init', { cookie: cookieOf(okA) })).status).toBe(401);
    expect((await checkauth(basic(b.login, a.secret))).status).toBe(401);
    const okB = await checkauth(basic(b.login, b.secret));
    expect(okB.lines[0]).toBe('success');

    // Revoked: refused, and the open session ends.
    expect((await t.request('DELETE', '/api/v1/admin/onec/credentials', { token: admin })).status).toBe(204);
    expect((await checkauth(basic(b.login, b.secret))).status).toBe(401);
    expect((await call(t, 'type=catalog&mode=init', { cookie: cookieOf(okB) })).status).toBe(401);
    expect((await t.request('GET', '/api/v1/admin/onec/credentials', { token: admin })).body.data).toBeNull();

    const audit = await t.request('GET', '/api/v1/admin/audit?action=onec.credentials', { token: admin });
    expect(audit.body.data.map((e: { action: string }) => e.action).sort()).toEqual([
      'onec.credentials.create',
      'onec.credentials.create',
      'onec.credentials.revoke',
    ]);
  });

  test('wrong checkauth attempts from one address are limited, with Retry-After', async () => {
    const limit = t.app.deps.config.limits.loginPerIp;
    const saved = t.app.deps.config.limits;
    t.app.deps.config.limits = { ...saved, loginPerIp: 3 };
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await checkauth(basic(`1c-guess${i}`, 'nope'), '10.24.9.9')).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const r = await checkauth(basic('1c-guess9', 'nope'), '10.24.9.9');
      expect(r.status).toBe(429);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      t.app.deps.config.limits = { ...saved, loginPerIp: limit };
    }
  });
});
