import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { accessTokens, users } from '../db/schema/index.ts';
import { rawQuery } from '../db/raw.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { readModelOf } from '../modules/catalog/read-model.ts';
import { sha256 } from './security.ts';
import { SessionCache, type CachedSession } from './session-cache.ts';
import type { UserRow } from './ctx.ts';

const session = (userId: number): CachedSession => ({ user: { id: userId } as UserRow, tokenId: 1, deviceId: 1, createdAt: new Date(), usedAt: new Date() });

describe('SessionCache', () => {
  test('caches nothing until invalidations can be heard', () => {
    const c = new SessionCache();
    c.set('a', session(1), c.begin());
    expect(c.get('a')).toBeUndefined();
    c.listening = true;
    c.set('a', session(1), c.begin());
    expect(c.get('a')?.user.id).toBe(1);
    c.listening = false;
    expect(c.get('a')).toBeUndefined();
  });

  test("forgets one user's sessions and keeps the others", () => {
    const c = new SessionCache();
    c.listening = true;
    c.set('a1', session(1), c.begin());
    c.set('a2', session(1), c.begin());
    c.set('b', session(2), c.begin());
    c.invalidateUser(1);
    expect(c.get('a1')).toBeUndefined();
    expect(c.get('a2')).toBeUndefined();
    expect(c.get('b')?.user.id).toBe(2);
    c.clear();
    expect(c.get('b')).toBeUndefined();
  });

  test('a lookup that raced an invalidation is not stored', () => {
    const c = new SessionCache();
    c.listening = true;
    const epoch = c.begin();
    c.invalidateUser(7);
    c.set('x', session(3), epoch);
    expect(c.get('x')).toBeUndefined();
  });

  test('entries expire after the TTL', async () => {
    const c = new SessionCache(30);
    c.listening = true;
    c.set('a', session(1), c.begin());
    await new Promise((r) => setTimeout(r, 60));
    expect(c.get('a')).toBeUndefined();
  });
});

describe('cached sessions against the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const cached = (token: string) => t.app.deps.sessions.get(sha256(token));

  test('a checked token is cached, and a change made outside this process reaches it at commit', async () => {
    expect(t.app.deps.sessions.listening).toBe(true);
    const u = await t.user();
    expect((await t.request('GET', '/api/v1/auth/user', { token: u.token })).status).toBe(200);
    expect(cached(u.token)?.user.id).toBe(u.id);
    // Another process blocks the user: straight in the database, not through this app.
    await t.database.db.update(users).set({ blocked: true }).where(eq(users.id, u.id));
    await vi.waitFor(() => expect(cached(u.token)).toBeUndefined(), { timeout: 3000, interval: 20 });
    expect((await t.request('GET', '/api/v1/auth/user', { token: u.token })).status).toBe(401);
  });

  test('a token deleted outside this process stops working', async () => {
    const u = await t.user();
    expect((await t.request('GET', '/api/v1/auth/user', { token: u.token })).status).toBe(200);
    await t.database.db.delete(accessTokens).where(eq(accessTokens.tokenHash, sha256(u.token)));
    await vi.waitFor(() => expect(cached(u.token)).toBeUndefined(), { timeout: 3000, interval: 20 });
    expect((await t.request('GET', '/api/v1/auth/user', { token: u.token })).status).toBe(401);
  });

  test('a profile change is seen by the very next request', async () => {
    const u = await t.user();
    const me = await t.request('GET', '/api/v1/auth/user', { token: u.token });
    expect(me.status).toBe(200);
    expect(cached(u.token)?.user.markup).not.toBe('30');
    const put = await t.request('PUT', '/api/v1/auth/profile', { token: u.token, body: { city: 'Львів', markup: 30 } });
    expect(put.status).toBe(200);
    // Prices use the cached user: the new markup must be in effect for the very next request.
    expect((await t.request('GET', '/api/v1/auth/user', { token: u.token })).body.data).toMatchObject({ city: 'Львів', markup: 30 });
  });

  test.runIf(process.env.TEST_DB_KIND === 'postgres')('a lost listener turns the cache off until it reconnects', async () => {
    const u = await t.user();
    await rawQuery(t.database, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN drop_sessions%' AND pid <> pg_backend_pid()`);
    await vi.waitFor(() => expect(t.app.deps.sessions.listening).toBe(false), { timeout: 3000, interval: 10 });
    // The catalogue's read model listens on the same connection: it is off (and empty) too.
    expect(readModelOf(t.database.db).listening).toBe(false);
    expect((await t.request('GET', '/api/v1/auth/user', { token: u.token })).status).toBe(200);
    await vi.waitFor(() => expect(t.app.deps.sessions.listening).toBe(true), { timeout: 10_000, interval: 50 });
    expect(readModelOf(t.database.db).listening).toBe(true);
    expect((await t.request('GET', '/api/v1/auth/user', { token: u.token })).status).toBe(200);
    expect(cached(u.token)?.user.id).toBe(u.id);
    await t.database.db.update(users).set({ blocked: true }).where(eq(users.id, u.id));
    await vi.waitFor(() => expect(cached(u.token)).toBeUndefined(), { timeout: 3000, interval: 20 });
  });
});
