/**
 * Which realtime clients work (docs/decisions/0012-realtime-clients.md): the product's own
 * Socket.IO client, a stock laravel-echo Socket.IO connector (the real package, pinned in the
 * devDependencies), and `/broadcasting/auth` signing private and presence channels the way
 * Pusher documents it (checked against an independent implementation of Pusher's algorithm).
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import Echo from 'laravel-echo';
import { REALTIME_EVENTS, REALTIME_PATH } from '@drop/shared';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { notify } from '../modules/notifications/notifications.service.ts';
import { tokenOf } from './realtime.ts';

const KEY = 'portal-test-key';
const SECRET = 'portal-test-secret-0123456789abcdef';

let t: TestApp;
let base: string;
const sockets: Socket[] = [];
const echos: Echo<'socket.io'>[] = [];

beforeAll(async () => {
  t = await buildTestApp({ realtimeKey: KEY, realtimeSecret: SECRET });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(async () => {
  for (const e of echos) e.disconnect();
  for (const s of sockets) s.disconnect();
  await t.close();
});

/** Pusher's channel authorisation, written from its documentation (and pusher-http-node's lib/auth.js), not from ours. */
function pusherAuth(key: string, secret: string, socketId: string, channel: string, presenceData?: object) {
  const parts = [socketId, channel];
  const result: { auth?: string; channel_data?: string } = {};
  if (presenceData) {
    result.channel_data = JSON.stringify(presenceData);
    parts.push(result.channel_data);
  }
  result.auth = `${key}:${createHmac('sha256', secret).update(parts.join(':')).digest('hex')}`;
  return result;
}

async function until<T>(fn: () => T | undefined | false, what: string, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const v = fn();
    if (v !== undefined && v !== false) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const userRow = async (id: number) => {
  const r = (await t.database.db.execute(sql`SELECT id, email, name, lang FROM users WHERE id = ${id}`)) as unknown as {
    rows: { id: number; email: string; name: string; lang: 'uk' | 'ru' }[];
  };
  return r.rows[0]!;
};

/** A stock laravel-echo Socket.IO connector, configured as its documentation says (bearerToken). */
async function echoClient(token: string) {
  const echo = new Echo<'socket.io'>({
    broadcaster: 'socket.io',
    client: io,
    host: base,
    path: REALTIME_PATH,
    bearerToken: token,
    // Echo merges its defaults shallowly and mutates the shared `auth.headers`: each instance gets its own.
    auth: { headers: {} },
    userAuthentication: { endpoint: '/broadcasting/user-auth', headers: {} },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    withoutInterceptors: true,
  });
  echos.push(echo);
  const socket = echo.connector.socket;
  const outcome = await new Promise<string>((resolve) => {
    if (socket.connected) resolve('connected');
    socket.on('connect', () => resolve('connected'));
    socket.on('connect_error', (err: Error) => resolve(err.message));
  });
  return { echo, outcome };
}

/** The product's own client (apps/web connectRealtime): `auth.token`, events with the payload only. */
async function ownClient(token: string) {
  const events: { event: string; args: unknown[] }[] = [];
  const socket = io(base, { path: REALTIME_PATH, auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  socket.onAny((event: string, ...args: unknown[]) => events.push({ event, args }));
  const outcome = await new Promise<string>((resolve) => {
    socket.on('connect', () => resolve('connected'));
    socket.on('connect_error', (err) => resolve(err.message));
  });
  return { socket, events, outcome };
}

describe('POST /broadcasting/auth: Pusher channel authorisation', () => {
  test("Pusher's documented worked example: our signer gives the documented signature", async () => {
    // https://pusher.com/docs/channels/library_auth_reference/auth-signatures
    const app = await buildTestApp({ realtimeKey: '278d425bdf160c739803', realtimeSecret: '7ad3773142a6692b25b8' });
    try {
      expect(app.app.deps.realtime.sign('1234.1234', 'private-foobar')).toBe(
        '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
      );
    } finally {
      await app.close();
    }
  });

  test('the own private channel: {auth} = key:HMAC_SHA256(secret, "socket_id:channel")', async () => {
    const me = await t.user();
    const channel = `private-users.${me.id}`;
    const r = await t.request('POST', '/broadcasting/auth', { token: me.token, body: { socket_id: '1234.5678', channel_name: channel } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual(pusherAuth(KEY, SECRET, '1234.5678', channel));
  });

  test('the own presence channel: {auth, channel_data} signed over "socket_id:channel:channel_data"', async () => {
    const me = await t.user({ name: 'Олена "Пресенс" Ковальчук' });
    const channel = `presence-users.${me.id}`;
    const r = await t.request('POST', '/broadcasting/auth', {
      token: me.token,
      raw: new URLSearchParams({ socket_id: '98765.4321', channel_name: channel }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(r.status).toBe(200);
    expect(typeof r.body.channel_data).toBe('string');
    const member = JSON.parse(r.body.channel_data as string);
    expect(member).toEqual({ user_id: String(me.id), user_info: { name: 'Олена "Пресенс" Ковальчук' } });
    // The signature covers exactly the channel_data string returned (Pusher checks that string).
    expect(r.body.auth).toBe(`${KEY}:${createHmac('sha256', SECRET).update(`98765.4321:${channel}:${r.body.channel_data}`).digest('hex')}`);
    expect(r.body).toEqual(pusherAuth(KEY, SECRET, '98765.4321', channel, member));
  });

  test("another user's private or presence channel, a public name, other channels: 403", async () => {
    const me = await t.user();
    const other = await t.user();
    for (const channel of [
      `private-users.${other.id}`,
      `presence-users.${other.id}`,
      `users.${me.id}`,
      `private-users.0${me.id}`,
      `presence-users.${me.id}.x`,
      `private-encrypted-users.${me.id}`,
      `private-private-users.${me.id}`,
      'presence-orders.1',
      `private-users.${me.id}:x`,
      `private-users.${me.id} `,
      'приватний',
    ]) {
      const r = await t.request('POST', '/broadcasting/auth', { token: me.token, body: { socket_id: '1234.5678', channel_name: channel } });
      expect({ channel, status: r.status }).toEqual({ channel, status: 403 });
    }
    expect((await t.request('POST', '/broadcasting/auth', { body: { socket_id: '1.2', channel_name: `presence-users.${me.id}` } })).status).toBe(401);
  });

  test('malformed socket ids and bodies are 4xx, never 500', async () => {
    const me = await t.user();
    const channel = `presence-users.${me.id}`;
    for (const socketId of ['abc', '1234', '1234.', '.5678', '1.2:presence-users.1', '1.2.3', ' 1.2', '١٢.٣', 'x'.repeat(100)]) {
      const r = await t.request('POST', '/broadcasting/auth', { token: me.token, body: { socket_id: socketId, channel_name: channel } });
      expect({ socketId, status: r.status }).toEqual({ socketId, status: 422 });
      expect(r.body.errors.socket_id).toBeDefined();
    }
    for (const body of [
      {},
      { socket_id: 5, channel_name: channel },
      { socket_id: '1.2', channel_name: ['x'] },
      { socket_id: '1.2', channel_name: 'p'.repeat(201) },
      [],
      'x',
    ]) {
      const r = await t.request('POST', '/broadcasting/auth', { token: me.token, body });
      expect(r.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
    }
    const broken = await t.request('POST', '/broadcasting/auth', {
      token: me.token,
      raw: 'socket_id=1.2&channel_name=%E0%A4%A',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(broken.status).toBe(403);
  });
});

describe('Socket.IO handshake', () => {
  test('the bearer token is read from auth.token, auth.headers.Authorization (laravel-echo) or the Authorization header', () => {
    const h = (auth: unknown, authorization?: string) => ({ auth: auth as Record<string, unknown>, headers: authorization ? { authorization } : {} });
    expect(tokenOf(h({ token: 'abc' }))).toBe('abc');
    expect(tokenOf(h({ token: 'Bearer abc' }))).toBe('abc');
    expect(tokenOf(h({ headers: { Authorization: 'Bearer abc' } }))).toBe('abc');
    expect(tokenOf(h({ headers: { authorization: 'bearer abc' } }))).toBe('abc');
    expect(tokenOf(h({ headers: { Authorization: 'Basic abc' } }))).toBeUndefined();
    expect(tokenOf(h({ headers: { Authorization: 5 } }))).toBeUndefined();
    expect(tokenOf(h({ headers: 'Bearer abc' }))).toBeUndefined();
    expect(tokenOf(h({}, 'Bearer abc'))).toBe('abc');
    expect(tokenOf(h(undefined))).toBeUndefined();
  });

  test('subscribe and unsubscribe on the wire: Echo-shaped events only while subscribed, only for the own channel', async () => {
    const me = await t.user();
    const c = await ownClient(me.token);
    const channel = `private-users.${me.id}`;
    expect(await c.socket.emitWithAck('subscribe', { channel, auth: { headers: {} } })).toEqual({ ok: true, channel });
    expect(await c.socket.emitWithAck('subscribe', { channel: `private-users.${me.id + 1}` })).toEqual({ ok: false, channel: `private-users.${me.id + 1}` });
    for (const bad of [null, 5, 'x', { channel: 7 }, { channel: 'c'.repeat(5000) }]) expect((await c.socket.emitWithAck('subscribe', bad)).ok).toBe(false);
    await t.request('PUT', '/api/v1/auth/profile', { token: me.token, body: { markup: 21 } });
    const echoed = await until(() => c.events.find((e) => e.event === 'users.updated'), 'the Echo-shaped event');
    expect(echoed.args[0]).toBe(channel);
    expect((echoed.args[1] as { user: { markup: number } }).user.markup).toBe(21);

    expect(await c.socket.emitWithAck('unsubscribe', { channel })).toEqual({ ok: true, channel });
    c.events.length = 0;
    await t.request('PUT', '/api/v1/auth/profile', { token: me.token, body: { markup: 22 } });
    await until(() => c.events.find((e) => e.event === REALTIME_EVENTS.updated), "the own client's event");
    await new Promise((r) => setTimeout(r, 300));
    expect(c.events.map((e) => e.event)).toEqual([REALTIME_EVENTS.updated]);
  });

  test('a socket with a bad token in auth.headers is refused', async () => {
    const socket = io(base, {
      path: REALTIME_PATH,
      auth: { headers: { Authorization: 'Bearer not-a-token' } },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    const outcome = await new Promise<string>((resolve) => {
      socket.on('connect', () => resolve('connected'));
      socket.on('connect_error', (err) => resolve(err.message));
    });
    expect(outcome).toBe('unauthorized');
  });
});

describe('a stock laravel-echo Socket.IO client', () => {
  test("connects with bearerToken and hears its private channel's events with their payload", async () => {
    const me = await t.user();
    const { echo, outcome } = await echoClient(me.token);
    expect(outcome).toBe('connected');
    const heard: { event: string; data: any }[] = [];
    echo
      .private(`users.${me.id}`)
      .listen('.users.updated', (data: unknown) => heard.push({ event: 'updated', data }))
      .listen('.users.new_notification', (data: unknown) => heard.push({ event: 'notification', data }));
    // The subscription is a message on the socket: let it arrive before the event is raised.
    await new Promise((r) => setTimeout(r, 200));

    expect((await t.request('PUT', '/api/v1/auth/profile', { token: me.token, body: { markup: 41 } })).status).toBe(200);
    const updated = await until(() => heard.find((h) => h.event === 'updated'), 'users.updated through Echo');
    expect(updated.data.user).toMatchObject({ id: me.id, markup: 41 });

    const who = await userRow(me.id);
    await t.database.db.transaction((tx) => notify(tx, t.app.deps, who, 'broadcast', { title_uk: 'Через Echo', message_uk: 'Текст' }));
    const fresh = await until(() => heard.find((h) => h.event === 'notification'), 'users.new_notification through Echo');
    expect(fresh.data).toMatchObject({ count: 1, notification: { data: { title: 'Через Echo' } } });
  });

  test('a presence channel hears its member (the user), named as in channel_data', async () => {
    const me = await t.user({ name: 'Присутній Реселер' });
    const { echo } = await echoClient(me.token);
    const here = new Promise<unknown[]>((resolve) => echo.join(`users.${me.id}`).here((members: unknown[]) => resolve(members)));
    expect(await here).toEqual([{ name: 'Присутній Реселер' }]);
    const heard: unknown[] = [];
    echo.join(`users.${me.id}`).listen('.users.updated', (data: unknown) => heard.push(data));
    await new Promise((r) => setTimeout(r, 200));
    await t.request('PUT', '/api/v1/auth/profile', { token: me.token, body: { markup: 12 } });
    await until(() => heard.length > 0, 'users.updated on the presence channel');
  });

  test("another user's channel hears nothing; leaving a channel stops its events", async () => {
    const me = await t.user();
    const other = await t.user();
    const { echo } = await echoClient(me.token);
    const mine: unknown[] = [];
    const theirs: unknown[] = [];
    echo.private(`users.${other.id}`).listen('.users.updated', (d: unknown) => theirs.push(d));
    echo.join(`users.${other.id}`).here((m: unknown) => theirs.push(m));
    echo.private(`users.${me.id}`).listen('.users.updated', (d: unknown) => mine.push(d));
    const watcher = await echoClient(other.token);
    const theirOwn: unknown[] = [];
    watcher.echo.private(`users.${other.id}`).listen('.users.updated', (d: unknown) => theirOwn.push(d));
    await new Promise((r) => setTimeout(r, 200));

    await t.request('PUT', '/api/v1/auth/profile', { token: other.token, body: { markup: 5 } });
    await until(() => theirOwn.length > 0, "the other user's own event");
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs).toEqual([]);
    expect(mine).toEqual([]);

    echo.leave(`users.${me.id}`);
    await new Promise((r) => setTimeout(r, 200));
    await t.request('PUT', '/api/v1/auth/profile', { token: me.token, body: { markup: 6 } });
    await new Promise((r) => setTimeout(r, 500));
    expect(mine).toEqual([]);
  });

  test("the product's own client keeps its shape (`.users.updated`, payload only) and gets no Echo-shaped copy", async () => {
    const me = await t.user();
    const own = await ownClient(me.token);
    expect(own.outcome).toBe('connected');
    const { echo } = await echoClient(me.token);
    const viaEcho: unknown[] = [];
    echo.private(`users.${me.id}`).listen('.users.updated', (d: unknown) => viaEcho.push(d));
    await new Promise((r) => setTimeout(r, 200));

    await t.request('PUT', '/api/v1/auth/profile', { token: me.token, body: { markup: 19 } });
    const updated = await until(() => own.events.find((e) => e.event === REALTIME_EVENTS.updated), '.users.updated on the own client');
    expect(updated.args).toHaveLength(1);
    expect((updated.args[0] as { user: { markup: number } }).user.markup).toBe(19);
    await until(() => viaEcho.length > 0, 'the Echo client');
    await new Promise((r) => setTimeout(r, 200));
    expect(own.events.map((e) => e.event)).toEqual([REALTIME_EVENTS.updated]);
  });
});
