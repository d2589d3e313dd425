/**
 * Two API processes behind one PostgreSQL database and one Redis (the same REALTIME_SECRET and
 * REDIS_URL), as a load balancer would run them: rate limits, realtime, jobs and caches behave
 * as with one process.
 *
 * Redis is shared with other suites, and Socket.IO rooms are named by user id, which repeats
 * across their databases: realtime assertions count only events that carry this test's data.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME_EVENTS, REALTIME_PATH } from '@drop/shared';
import { call, createDatabase, FAULT_OPERATOR, signInStaff, startApi, type ApiProcess } from './harness.ts';
import { fakeNovaPoshta, fakeOnec, fakeSmtp } from './fakes.ts';
import { branchOrder } from '../test/orders.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

async function until<T>(
  fn: () => Promise<T | false | null | undefined> | T | false | null | undefined,
  what: string,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const TRACKING_INTERVAL_SECONDS = 1;

describe.runIf(!!adminUrl && !!redisUrl)('two API processes behind one database and Redis', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let sql: pg.Pool;
  let a: ApiProcess;
  let b: ApiProcess;
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  let np: Awaited<ReturnType<typeof fakeNovaPoshta>>;
  let onec: Awaited<ReturnType<typeof fakeOnec>>;
  let operator: string;
  const sockets: Socket[] = [];
  const figures: Record<string, unknown> = {};
  const stamp = `${process.pid}-${Date.now()}`;
  const products: { id: number; price: number }[] = [];

  /** Signs a reseller up through `base` and confirms the mailed code; answers id, e-mail and token. */
  async function reseller(base: string, tag: string) {
    const email = `${tag}-${stamp}@example.com`;
    const r = await call(base, 'POST', '/api/v1/auth/register', null, {
      name: `Реселер ${tag}`,
      email,
      phone: '+38 (067) 765-43-21',
      password: 'password-123',
      password_confirmation: 'password-123',
      device_token: `dev-${tag}`,
    });
    expect(r.status).toBe(201);
    const mail = await until(() => smtp.mails.find((m) => m.to === email), `the code for ${email}`);
    const code = /(\d{6})\s*$/.exec(mail.subject)![1];
    // The code confirms its own attempt (answered by register).
    const c = await call(base, 'POST', '/api/v1/auth/confirm', null, { email, code, device_token: `dev-${tag}`, attempt_id: r.body.data.attempt_id });
    expect(c.status).toBe(200);
    return { id: c.body.data.user.id as number, email, token: c.body.data.token as string };
  }

  async function socketTo(api: ApiProcess, token: string) {
    const events: { event: string; payload: any; at: number }[] = [];
    const socket = connect(api.url, { path: REALTIME_PATH, auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    socket.onAny((event: string, payload: unknown) => events.push({ event, payload, at: Date.now() }));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    return { socket, events };
  }

  async function place(base: string, token: string, line: { id: number; price: number }) {
    const c = await call(base, 'POST', '/api/v1/carts', token, { product_id: line.id, qty: 1, retail_price: line.price });
    expect(c.status).toBe(200);
    const o = await call(base, 'POST', '/api/v1/orders', token, branchOrder);
    expect(o.status).toBe(201);
    return o.body.data as { id: number; number: string };
  }

  beforeAll(async () => {
    [smtp, np, onec] = await Promise.all([fakeSmtp(), fakeNovaPoshta(), fakeOnec()]);
    db = await createDatabase(adminUrl!);
    sql = new pg.Pool({ connectionString: db.url, max: 2 });
    const env = {
      REDIS_URL: redisUrl!,
      REALTIME_SECRET: 'two-processes-secret-0123456789',
      SMTP_URL: smtp.url,
      NP_API_URL: np.url,
      NP_API_KEY: 'two-processes-key',
      RESERVATION_SYSTEM: 'onec-http',
      ONEC_URL: onec.url,
      JOB_RETRY_DELAY_SECONDS: '1',
      TRACKING_INTERVAL_SECONDS: String(TRACKING_INTERVAL_SECONDS),
      FEED_SCHEDULE_SECONDS: '1',
      DEMO_PRODUCTS: '30',
    };
    // The first one migrates and fills the catalogue; the second joins.
    a = await startApi(db.url, env);
    b = await startApi(db.url, env);
    operator = await signInStaff(a.url, db.url, FAULT_OPERATOR, 'op');
    expect(operator).toBeTruthy();
    const any = await reseller(a.url, 'setup');
    const list = (await call(a.url, 'GET', '/api/v1/products?per_page=10', any.token)).body.data as { id: number }[];
    for (const p of list.slice(0, 4)) {
      expect((await call(a.url, 'PUT', `/api/v1/admin/catalog/products/${p.id}`, operator, { qty: 1000 })).status).toBe(200);
      const fresh = (await call(a.url, 'GET', `/api/v1/products/${p.id}`, any.token)).body.data;
      products.push({ id: fresh.id, price: Math.max(fresh.retail_price, fresh.markup_price, fresh.drop_price) });
    }
  });

  afterAll(async () => {
    console.log(`two-processes figures: ${JSON.stringify(figures, null, 2)}`);
    for (const s of sockets) s.disconnect();
    await Promise.all([a?.kill(), b?.kill()]);
    await sql?.end();
    await Promise.all([smtp?.close(), np?.close(), onec?.close()]);
    await db?.drop();
  });

  test('the per-e-mail sign-in limit is shared: alternating between the processes, the 11th attempt is refused on both', async () => {
    const email = `limited-${stamp}@example.com`;
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 12; i++) {
      const r = await call(i % 2 ? b.url : a.url, 'POST', '/api/v1/auth/login', null, { email, password: 'wrong-password', device_token: 'd' });
      statuses.push(r.status);
      if (r.status === 429) refused ??= r;
    }
    // One process allows 10 per e-mail: two together allow the same 10, not 20.
    expect(statuses).toEqual([...Array(10).fill(422), 429, 429]);
    expect(refused!.body.code).toBe('TooManyAttempts');
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    for (const api of [a, b]) expect((await call(api.url, 'POST', '/api/v1/auth/login', null, { email, password: 'x', device_token: 'd' })).status).toBe(429);
    // The shared count (@fastify/rate-limit's Redis store, keys `rl:`) has its window as expiry: no lock-out for ever.
    const redis = new Redis(redisUrl!);
    try {
      expect(await redis.get(`rl:login:${email}`)).toBe('14');
      const ttl = await redis.pttl(`rl:login:${email}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(600_000);
    } finally {
      await redis.quit();
    }
    figures.loginStatuses = statuses.join(' ');
  });

  test('realtime: a reseller connected to A gets, once, what an operator does on B (verification, a balance correction, an order move)', async () => {
    const r = await reseller(a.url, 'realtime');
    const onA = await socketTo(a, r.token);
    const onB = await socketTo(b, r.token);
    const mine = (events: typeof onA.events, event: string) => events.filter((e) => e.event === event && e.payload?.user?.email === r.email);

    const t0 = Date.now();
    expect((await call(b.url, 'PUT', `/api/v1/admin/users/${r.id}`, operator, { is_verified: true })).status).toBe(200);
    await until(
      () => mine(onA.events, REALTIME_EVENTS.activated).length >= 1 && mine(onB.events, REALTIME_EVENTS.activated).length >= 1,
      'the activation on both sockets',
      15_000,
    );
    figures.realtimeActivationMs = Math.max(...[onA, onB].map((s) => mine(s.events, REALTIME_EVENTS.activated)[0]!.at - t0));

    const c = await call(b.url, 'POST', `/api/v1/admin/users/${r.id}/corrections`, operator, { amount: 123.45, comment: 'Корекція з процесу B' });
    expect(c.status).toBe(201);
    await until(() => mine(onA.events, REALTIME_EVENTS.updated).some((e) => e.payload.user.balance === 123.45), 'the new balance on the socket of A', 15_000);

    const o = await place(a.url, r.token, products[0]!);
    expect((await call(a.url, 'POST', `/api/v1/orders/${o.id}/confirm`, r.token)).status).toBe(200);
    expect((await call(b.url, 'POST', `/api/v1/admin/orders/${o.id}/status`, operator, { status: 'Complected' })).status).toBe(200);
    await until(
      () => onA.events.some((e) => e.event === REALTIME_EVENTS.ordersUpdated && e.payload?.id === o.id && e.payload?.status === 'Complected'),
      'the order move on the socket of A',
      15_000,
    );

    // Let any duplicate arrive, then count: once per socket.
    await sleep(1000);
    for (const s of [onA, onB]) {
      expect(mine(s.events, REALTIME_EVENTS.activated)).toHaveLength(1);
      expect(mine(s.events, REALTIME_EVENTS.updated).filter((e) => e.payload.user.balance === 123.45)).toHaveLength(1);
      expect(s.events.filter((e) => e.event === REALTIME_EVENTS.ordersUpdated && e.payload?.id === o.id && e.payload?.status === 'Complected')).toHaveLength(1);
    }
  });

  test('jobs: orders placed on both processes are reserved in 1C once each; scheduled feed builds, back-in-stock notices and tracking run once per due item, not once per process', async () => {
    const r = await reseller(b.url, 'jobs');
    const orders: { id: number; number: string }[] = [];
    for (let i = 0; i < 8; i++) orders.push(await place(i % 2 ? b.url : a.url, r.token, products[i % products.length]!));
    await until(
      async () => {
        const res = await sql.query(`SELECT count(*)::int AS n FROM orders WHERE id = ANY($1) AND reservation_number IS NOT NULL`, [orders.map((o) => o.id)]);
        return res.rows[0].n === orders.length;
      },
      'every order reserved',
      30_000,
    );
    for (const o of orders) {
      const in1c = onec.orders.get(o.number)!;
      expect(in1c.calls.map((c) => c.action)).toEqual(['create']);
      expect(in1c.reservationsMade).toBe(1);
    }
    const jobs = await sql.query(`SELECT state, retry_count FROM pgboss.job WHERE name = 'reservation' AND (data->>'orderId')::int = ANY($1)`, [
      orders.map((o) => o.id),
    ]);
    expect(jobs.rows).toHaveLength(orders.length);
    expect(jobs.rows.every((j) => j.state === 'completed' && j.retry_count === 0)).toBe(true);

    // Feeds: four due at once; both processes look every second.
    const feeds: number[] = [];
    for (let i = 0; i < 4; i++) {
      const f = await call(i % 2 ? b.url : a.url, 'POST', '/api/v1/export-settings', r.token, {
        name: `Фід ${i}`,
        file_type: 'yml',
        shop: { short_name: `Shop ${i}` },
      });
      expect(f.status).toBe(201);
      feeds.push(f.body.data.id);
    }
    const builds = async (trigger: string) =>
      (
        await sql.query<{ id: number; n: number }>(
          `SELECT export_setting_id AS id, count(*)::int AS n FROM export_builds WHERE export_setting_id = ANY($1) AND trigger = $2 GROUP BY 1`,
          [feeds, trigger],
        )
      ).rows;
    await until(async () => (await builds('create')).length === feeds.length, 'the first builds', 60_000);
    await sql.query(`UPDATE export_settings SET next_build_at = now() - interval '1 second' WHERE id = ANY($1)`, [feeds]);
    await until(async () => (await builds('schedule')).length === feeds.length, 'a scheduled build of every feed', 30_000);
    await sleep(4000); // four more looks by each process
    const scheduled = await builds('schedule');
    expect(scheduled.map((x) => x.n)).toEqual(feeds.map(() => 1));
    const next = await sql.query(`SELECT count(*)::int AS n FROM export_settings WHERE id = ANY($1) AND next_build_at > now() + interval '50 minutes'`, [
      feeds,
    ]);
    expect(next.rows[0].n).toBe(feeds.length);

    // Back in stock: both processes look for restocks every second; the subscriber hears once.
    const spare = ((await call(a.url, 'GET', '/api/v1/products?per_page=20', r.token)).body.data as { id: number; code_id: number }[]).find(
      (x) => !products.some((p) => p.id === x.id),
    )!;
    expect((await call(a.url, 'PUT', `/api/v1/admin/catalog/products/${spare.id}`, operator, { qty: 0 })).status).toBe(200);
    expect((await call(b.url, 'POST', '/api/v1/product-notifications', r.token, { code_id: spare.code_id })).status).toBeLessThan(300);
    expect((await call(b.url, 'PUT', `/api/v1/admin/catalog/products/${spare.id}`, operator, { qty: 7 })).status).toBe(200);
    const restocked = async () =>
      (await sql.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = 'back_in_stock'`, [r.id])).rows[0].n as number;
    await until(async () => (await restocked()) >= 1, 'the back-in-stock notification', 15_000);
    await sleep(2500);
    expect(await restocked()).toBe(1);

    // Tracking: three parcels on their way; both processes run a pass every second.
    const tracked: string[] = [];
    for (let i = 0; i < 3; i++) {
      const o = orders[i]!;
      expect((await call(a.url, 'POST', `/api/v1/orders/${o.id}/confirm`, r.token)).status).toBe(200);
      const number = String(20450000100000 + i);
      np.documents.push({ ref: `ref-${number}`, number, statusCode: 5, deleted: false, description: '' });
      expect((await call(i % 2 ? b.url : a.url, 'PUT', `/api/v1/admin/orders/${o.id}/ttn`, operator, { ttn: number })).status).toBe(200);
      tracked.push(number);
    }
    const started = Date.now();
    const asked = () => tracked.map((n) => np.tracked.get(n)?.asked ?? 0);
    await until(() => asked().every((n) => n >= 1), 'the first tracking pass', 15_000);
    const first = asked();
    const windowStart = Date.now();
    await sleep(12_000);
    const inWindow = asked().map((n, i) => n - first[i]!);
    const windowSeconds = (Date.now() - windowStart) / 1000;
    figures.tracking = { firstPassAfterMs: windowStart - started, windowSeconds, asksPerParcel: inWindow };
    // One process asks about a parcel once per interval; two must not ask twice as often (a
    // parcel asked about is not due again for 0.8 of the interval, whichever process looks).
    const once = windowSeconds / TRACKING_INTERVAL_SECONDS;
    for (const n of inWindow) {
      expect(n).toBeGreaterThanOrEqual(Math.floor(once) - 1);
      expect(n).toBeLessThanOrEqual(Math.ceil(once * 1.25) + 1);
    }
  });

  test('caches: a price changed through one process is read back by it at once and by the other at the NOTIFY; a blocked reseller is refused by both', async () => {
    const r = await reseller(a.url, 'caches');
    const p = products[3]!;
    const seenBy = async (api: ApiProcess) => (await call(api.url, 'GET', `/api/v1/products/${p.id}`, r.token)).body.data.retail_price as number;
    const listedBy = async (api: ApiProcess) =>
      ((await call(api.url, 'GET', '/api/v1/products?per_page=10', r.token)).body.data as { id: number; retail_price: number }[]).find((x) => x.id === p.id)
        ?.retail_price;
    /** Polls until `ok`; answers the ms since `from` (the other process forgets its cache when the commit's NOTIFY reaches it). */
    const lagUntil = async (ok: () => Promise<boolean>, from: number, what: string) => {
      await until(ok, what, 2000, 2);
      return Date.now() - from;
    };
    const lags: number[] = [];
    for (let i = 0; i < 6; i++) {
      const [writer, reader] = i % 2 ? [b, a] : [a, b];
      // Both processes have the product and the page cached.
      await Promise.all([seenBy(a), seenBy(b), listedBy(a), listedBy(b)]);
      const price = 5000 + i * 10 + 0.5;
      expect((await call(writer.url, 'PUT', `/api/v1/admin/catalog/products/${p.id}`, operator, { retail_price: price })).status).toBe(200);
      const t0 = Date.now();
      // The writer forgets before it answers.
      expect(await seenBy(writer)).toBe(price);
      expect(await listedBy(writer)).toBe(price);
      lags.push(
        await lagUntil(async () => (await seenBy(reader)) === price && (await listedBy(reader)) === price, t0, `the new price on the other process (#${i})`),
      );
      // And the stale value is not cached again afterwards.
      for (let k = 0; k < 5; k++) expect(await seenBy(reader)).toBe(price);
    }
    figures.priceLagMs = lags;

    // Sessions: the token is cached by both; blocked through A, refused by A at once and by B at the NOTIFY.
    const me = (api: ApiProcess) => call(api.url, 'GET', '/api/v1/auth/user', r.token);
    expect((await me(a)).status).toBe(200);
    expect((await me(b)).status).toBe(200);
    const sock = await socketTo(b, r.token);
    const disconnected = new Promise<number>((resolve) => sock.socket.on('disconnect', () => resolve(Date.now())));
    expect((await call(a.url, 'PUT', `/api/v1/admin/users/${r.id}`, operator, { blocked: true })).status).toBe(200);
    const t0 = Date.now();
    expect((await me(a)).status).toBe(401);
    const blockLag = await lagUntil(async () => (await me(b)).status === 401, t0, 'the blocked token refused by B');
    for (let k = 0; k < 5; k++) for (const api of [a, b]) expect((await me(api)).status).toBe(401);
    // Its socket on B is closed too (the adapter carries the disconnect).
    const closedAt = await Promise.race([disconnected, sleep(10_000).then(() => -1)]);
    expect(closedAt).toBeGreaterThan(0);
    figures.blocked = { refusedByOtherAfterMs: blockLag, socketClosedAfterMs: closedAt - t0 };
    // Unblocked through B: the block revoked the token for good, on both; signing in again works.
    expect((await call(b.url, 'PUT', `/api/v1/admin/users/${r.id}`, operator, { blocked: false })).status).toBe(200);
    for (const api of [a, b]) expect((await me(api)).status).toBe(401);
    const again = await call(b.url, 'POST', '/api/v1/auth/login', null, { email: r.email, password: 'password-123', device_token: 'dev-caches' });
    expect(again.status).toBe(200);
    expect((await call(a.url, 'GET', '/api/v1/auth/user', again.body.data.token)).status).toBe(200);
  });

  test('realtime: a token ended on one process closes its sockets on the other at once (logout, device removed), and they hear nothing after', async () => {
    const r = await reseller(a.url, 'ended');
    const phone = (await call(a.url, 'POST', '/api/v1/auth/login', null, { email: r.email, password: 'password-123', device_token: 'dev-ended-phone' })).body
      .data.token as string;
    const onB = await socketTo(b, r.token);
    const phoneOnB = await socketTo(b, phone);
    const closed = (s: typeof onB) => new Promise<number>((resolve) => s.socket.on('disconnect', () => resolve(Date.now())));
    const first = closed(onB);
    const t0 = Date.now();
    expect((await call(a.url, 'DELETE', '/api/v1/auth/logout', r.token)).status).toBe(204);
    const logoutAt = await Promise.race([first, sleep(5_000).then(() => -1)]);
    expect(logoutAt).toBeGreaterThan(0);
    expect(phoneOnB.socket.connected).toBe(true);

    const second = closed(phoneOnB);
    const devices = (await call(a.url, 'GET', '/api/v1/user-devices', phone)).body.data as { id: number; is_current: boolean }[];
    const t1 = Date.now();
    expect((await call(a.url, 'DELETE', `/api/v1/user-devices/${devices.find((d) => d.is_current)!.id}`, phone)).status).toBe(204);
    const deviceAt = await Promise.race([second, sleep(5_000).then(() => -1)]);
    expect(deviceAt).toBeGreaterThan(0);
    figures.endedTokenSocketClosedMs = { logout: logoutAt - t0, device: deviceAt - t1 };

    // A change for the user afterwards reaches neither closed socket.
    const before = onB.events.length + phoneOnB.events.length;
    expect((await call(b.url, 'PUT', `/api/v1/admin/users/${r.id}`, operator, { is_verified: true })).status).toBe(200);
    await sleep(1000);
    expect(onB.events.length + phoneOnB.events.length).toBe(before);
  });
});
