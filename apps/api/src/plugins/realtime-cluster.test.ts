import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME_EVENTS, REALTIME_PATH } from '@drop/shared';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/security.ts';
import { openTestDatabase } from '../test/app.ts';
import { TEST_OPERATOR } from '../test/config.ts';
import type { Database } from '../db/client.ts';

/**
 * Two real API processes on one PostgreSQL database and one Redis (CI sets TEST_REDIS_URL): an
 * event raised through one reaches sockets connected to either, once each.
 */
const enabled = process.env.TEST_DB_KIND === 'postgres' && !!process.env.TEST_REDIS_URL;
const root = path.resolve(import.meta.dirname, '../../../..');

describe.runIf(enabled)('two API processes behind one database and Redis', () => {
  let database: Database;
  const procs: ChildProcess[] = [];
  const ports = [3000 + Math.floor(Math.random() * 2000) + 41000, 0];
  ports[1] = ports[0]! + 1;
  const sockets: Socket[] = [];

  async function start(port: number, url: string) {
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/api/src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: url,
        REDIS_URL: process.env.TEST_REDIS_URL,
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_PRODUCTS: '0',
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
        REALTIME_SECRET: 'cluster-test-secret-0123456789',
        OPERATOR_EMAIL: TEST_OPERATOR.email,
        OPERATOR_PASSWORD: TEST_OPERATOR.password,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    procs.push(child);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/v1/config`)).ok) return;
      } catch {
        /* starting */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`API on ${port} did not start`);
  }

  const api = (port: number) => `http://127.0.0.1:${port}`;
  async function post(port: number, url: string, body: unknown, token?: string, method = 'POST') {
    const r = await fetch(`${api(port)}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json()) as any };
  }
  const login = async (port: number, email: string, password: string) => (await post(port, '/api/v1/auth/login', { email, password, device_token: `d-${Math.random()}` })).body.data.token as string;

  async function socketTo(port: number, token: string) {
    const events: { event: string; payload: any }[] = [];
    const socket = connect(api(port), { path: REALTIME_PATH, auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    socket.onAny((event, payload) => events.push({ event, payload }));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    return events;
  }

  beforeAll(async () => {
    const opened = await openTestDatabase();
    database = opened.database;
    await Promise.all(ports.map((p) => start(p, opened.url!)));
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all(
      procs.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.exitCode !== null) return resolve();
            p.on('exit', () => resolve());
            p.kill('SIGTERM');
          }),
      ),
    );
    await database?.close();
  }, 60_000);

  test('an operator action on one process reaches the reseller on both, once each', async () => {
    const email = `cluster-${Date.now()}@example.com`;
    const [row] = await database.db
      .insert(users)
      .values({ name: 'Кластер', email, passwordHash: await hashPassword('password-123'), emailVerifiedAt: new Date() })
      .returning();
    const [a, b] = ports as [number, number];
    const token = await login(a, email, 'password-123');
    const onA = await socketTo(a, token);
    const onB = await socketTo(b, token);

    const op = await login(a, TEST_OPERATOR.email, TEST_OPERATOR.password);
    const r = await post(a, `/api/v1/admin/users/${row!.id}`, { is_verified: true }, op, 'PUT');
    expect(r.status).toBe(200);

    const deadline = Date.now() + 15_000;
    const has = (events: typeof onA) => events.some((e) => e.event === REALTIME_EVENTS.newNotification);
    while (Date.now() < deadline && !(has(onA) && has(onB))) await new Promise((res) => setTimeout(res, 50));
    // Whichever process ran the push job, the other socket got it through Redis.
    for (const events of [onB, onA]) {
      expect(events.filter((e) => e.event === REALTIME_EVENTS.activated)).toHaveLength(1);
      const fresh = events.filter((e) => e.event === REALTIME_EVENTS.newNotification);
      expect(fresh).toHaveLength(1);
      expect(fresh[0]!.payload.notification.data.title).toBe('Акаунт верифіковано');
    }

    // Both processes sign channel authorisations alike (one shared secret).
    const own = `private-users.${row!.id}`;
    const sa = await post(a, '/broadcasting/auth', { socket_id: '1.1', channel_name: own }, token);
    const sb = await post(b, '/broadcasting/auth', { socket_id: '1.1', channel_name: own }, token);
    expect(sa.status).toBe(200);
    expect(sb.body.auth).toBe(sa.body.auth);
  }, 60_000);
});
