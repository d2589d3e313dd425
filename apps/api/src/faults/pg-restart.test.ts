/**
 * PostgreSQL restarted while the API runs (issue 10): requests fail cleanly and recover without a
 * restart of the API.
 *
 * A private cluster, a database on it and a real API process (production mode). For a fast and
 * then an immediate shutdown of the cluster: public, signed-in and writing routes answer 503
 * `{message, code: 'ServiceUnavailable'}` in the request's language within a bounded time (no
 * hang, no 500), /api/v1/health reports the database down, and the process stays alive. With the
 * cluster started again, and the API untouched: requests succeed within seconds (the pool
 * reconnects), a job queued after recovery runs (the pg-boss worker resumes), and the catalogue
 * cache is invalidated by NOTIFY again (the LISTEN connection re-subscribed: a change made without
 * a notification stays unseen, proving the cache is on, and a notified change is seen).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { translate, type Locale } from '@drop/shared';
import { hashPassword } from '../lib/security.ts';
import { branchOrder } from '../test/orders.ts';
import { call, canRunPrivateCluster, createDatabase, privateCluster, startApi, type ApiProcess, type PrivateCluster } from './harness.ts';

const enabled = canRunPrivateCluster && !!process.env.TEST_DATABASE_URL;

/** Longest a request may take while the database is down. */
const BOUNDED_MS = 10_000;

let cluster: PrivateCluster;
let database: { url: string; drop: () => Promise<void> };
let api: ApiProcess;
let token: string;
let product: { id: number; retailKop: number };

async function query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: database.url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs: number, stepMs = 250): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  let last: unknown;
  while (Date.now() - started < timeoutMs) {
    try {
      const v = await fn();
      if (v) return { value: v, ms: Date.now() - started };
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, stepMs));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (last error: ${(last as Error).message})` : ''}\n${api.output().slice(-3000)}`);
}

const lang = (locale: Locale) => ({ 'x-localization': locale });

beforeAll(async () => {
  if (!enabled) return;
  cluster = await privateCluster();
  database = await createDatabase(cluster.adminUrl, 'drop_fault_pgrestart');
  api = await startApi(database.url, { DEMO_PRODUCTS: '20' });
  const hash = await hashPassword('reseller-password-1');
  await query(`INSERT INTO users (email, name, password_hash, is_verified, email_verified_at) VALUES ('restart@fault.local', 'Restart', $1, true, now())`, [
    hash,
  ]);
  const login = await call(api.url, 'POST', '/api/v1/auth/login', null, {
    email: 'restart@fault.local',
    password: 'reseller-password-1',
    device_token: 'pg-restart',
  });
  expect(login.status).toBe(200);
  token = login.body.data.token;
  const [p] = await query<{ id: number; retail_kop: string }>(`SELECT id, retail_kop FROM products ORDER BY id LIMIT 1`);
  await query(`UPDATE products SET qty = 1000, reserved = 0 WHERE id = $1`, [p!.id]);
  product = { id: p!.id, retailKop: Number(p!.retail_kop) };
});

afterAll(async () => {
  if (!enabled) return;
  await api?.kill('SIGTERM');
  try {
    cluster?.start();
    await database?.drop();
  } catch {
    /* the cluster goes anyway */
  }
  cluster?.destroy();
});

/** A call that must answer (whatever it answers) within BOUNDED_MS. */
async function bounded(method: string, path: string, tok: string | null, body: unknown, headers: Record<string, string>) {
  const started = Date.now();
  const r = await call(api.url, method, path, tok, body, headers);
  const ms = Date.now() - started;
  expect(ms, `${method} ${path} took ${ms} ms`).toBeLessThan(BOUNDED_MS);
  return { ...r, ms };
}

async function expectUnavailable(method: string, path: string, tok: string | null, body: unknown, locale: Locale) {
  const r = await bounded(method, path, tok, body, lang(locale));
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(503);
  expect(r.body).toMatchObject({ code: 'ServiceUnavailable', message: translate('service_unavailable', locale) });
  return r;
}

describe.skipIf(!enabled)('PostgreSQL restarted under a running API', () => {
  // The immediate one stays down longer: the listener and the workers retry several times meanwhile.
  for (const [mode, outageMs] of [
    ['fast', 3000],
    ['immediate', 8000],
  ] as const) {
    test(`${mode} shutdown: 503 in the request's language while down, recovery without restarting the API`, async () => {
      // Up and listening before the outage.
      await until(
        'health before the outage',
        async () => {
          const h = await call(api.url, 'GET', '/api/v1/health');
          return h.status === 200 && h.body.data.listener === 'up';
        },
        15_000,
      );
      expect((await call(api.url, 'GET', '/api/v1/orders', token)).status).toBe(200);

      cluster.stop(mode);
      const downAt = Date.now();
      try {
        const timings: number[] = [];
        // Twice over: the first call after the loss and those after it (nothing hangs on a dead pool client).
        for (let round = 0; round < 2; round++) {
          const health = await bounded('GET', '/api/v1/health', null, undefined, lang('uk'));
          expect(health.status).toBe(503);
          expect(health.body).toMatchObject({ code: 'ServiceUnavailable', data: { status: 'down', database: 'down' } });
          timings.push(health.ms);
          timings.push((await expectUnavailable('GET', '/api/v1/settings/faq', null, undefined, 'uk')).ms);
          timings.push((await expectUnavailable('GET', '/api/v1/orders', token, undefined, 'ru')).ms);
          timings.push((await expectUnavailable('GET', `/api/v1/products/${product.id}`, token, undefined, 'uk')).ms);
          timings.push(
            (await expectUnavailable('POST', '/api/v1/carts', token, { product_id: product.id, qty: 1, retail_price: product.retailKop / 100 }, 'ru')).ms,
          );
          timings.push(
            (
              await expectUnavailable(
                'POST',
                '/api/v1/auth/login',
                null,
                { email: 'restart@fault.local', password: 'reseller-password-1', device_token: 'x' },
                'uk',
              )
            ).ms,
          );
        }
        // What needs no database still works, and the process is alive.
        expect((await bounded('GET', '/api/v1/config', null, undefined, lang('uk'))).status).toBe(200);
        expect(api.child.exitCode).toBeNull();
        console.log(`[pg-restart ${mode}, ${outageMs / 1000} s] down: ${timings.length} calls answered 503, slowest ${Math.max(...timings)} ms`);
        // A few seconds of outage, as a restart would take, with the pg-boss workers and the listener retrying meanwhile.
        await new Promise((r) => setTimeout(r, Math.max(0, outageMs - (Date.now() - downAt))));
        expect(api.child.exitCode).toBeNull();
      } catch (err) {
        // Seen once in CI (ECONNRESET from the API right after an immediate shutdown, not reproduced in 10 runs since): say whether the process died and what it printed.
        console.log(
          `[pg-restart ${mode}] failed; API exit code ${api.child.exitCode}, signal ${api.child.signalCode}; its output ends:\n${api.output().slice(-4000)}`,
        );
        throw err;
      } finally {
        cluster.start();
      }
      const upAt = Date.now();

      // The pool reconnects: a signed-in read and a write succeed without restarting the API.
      const back = await until('a signed-in read after the restart', async () => (await call(api.url, 'GET', '/api/v1/orders', token)).status === 200, 15_000);
      const cart = await until(
        'a cart write after the restart',
        async () => {
          const r = await call(api.url, 'POST', '/api/v1/carts', token, { product_id: product.id, qty: 1, retail_price: product.retailKop / 100 });
          return r.status === 200 ? r : null;
        },
        10_000,
      );
      expect(cart.value.body.data.count).toBeGreaterThan(0);

      // The worker resumes: an order placed now gets its reservation job run.
      const placed = await call(api.url, 'POST', '/api/v1/orders', token, branchOrder);
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const orderId = placed.body.data.id as number;
      const reserved = await until(
        'the reservation job of an order placed after the restart',
        async () =>
          (await query<{ n: number }>(`SELECT count(*)::int AS n FROM order_history WHERE order_id = $1 AND kind = 'reservation'`, [orderId]))[0]!.n === 1,
        30_000,
        500,
      );

      // The listener re-subscribed: the health says so, and the catalogue cache is on and invalidated by NOTIFY.
      const listening = await until(
        'the change listener back',
        async () => {
          const h = await call(api.url, 'GET', '/api/v1/health');
          return h.status === 200 && h.body.data.listener === 'up' && h.body.data.database === 'up';
        },
        15_000,
      );
      // Its reconnection backoff is capped at 5 s: back within seconds of the database, whatever the outage's length.
      const listenerMs = Date.now() - upAt;
      expect(listenerMs).toBeLessThan(15_000);
      const name = async () => {
        const r = await call(api.url, 'GET', `/api/v1/products/${product.id}`, token, undefined, lang('uk'));
        expect(r.status).toBe(200);
        return r.body.data.name_uk as string;
      };
      const before = await name();
      // Without a notification (triggers off for this transaction) the cached row is still served: the cache is on.
      await query(`BEGIN; SET LOCAL session_replication_role = replica; UPDATE products SET name_uk = name_uk || ' (тихо)' WHERE id = ${product.id}; COMMIT`);
      expect(await name()).toBe(before);
      // With one, the change is seen: the listener heard it.
      const renamed = `Після рестарту ${mode}`;
      await query(`UPDATE products SET name_uk = $2 WHERE id = $1`, [product.id, renamed]);
      const seen = await until('a notified product change', async () => (await name()) === renamed, 10_000, 100);
      console.log(
        `[pg-restart ${mode}] recovered ${back.ms} ms after the start (${Date.now() - upAt} ms so far): cart write +${cart.ms} ms, reservation job +${reserved.ms} ms, listener back ${listenerMs} ms after the start (${listening.ms} ms waited), notified change seen +${seen.ms} ms`,
      );
      if (process.env.FAULT_VERBOSE) console.log(api.output());
      expect(api.child.exitCode).toBeNull();
      expect(api.output()).not.toMatch(/unhandled|uncaught/i);
    });
  }
});
