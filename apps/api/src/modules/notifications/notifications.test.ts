import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME_EVENTS, REALTIME_PATH } from '@drop/shared';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { FIXTURE_PRODUCTS, loadCatalogFixture } from '../../test/catalog-fixture.ts';
import { verifySignature } from '../../plugins/realtime.ts';
import { notify, processRestocks } from './notifications.service.ts';

let t: TestApp;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await loadCatalogFixture(t.database);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const recipient = async (id: number) => {
  // Outside any transaction: PGlite has one connection, a query beside an open transaction waits forever.
  const r = (await t.database.db.execute(sql`SELECT id, email, name, lang FROM users WHERE id = ${id}`)) as unknown as {
    rows: { id: number; email: string; name: string; lang: 'uk' | 'ru' }[];
  };
  return r.rows[0]!;
};

async function until<T>(fn: () => Promise<T | undefined> | T | undefined, what: string, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const v = await fn();
    if (v !== undefined && v !== false) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A connected Socket.IO client recording every event it receives. */
async function client(token: string | undefined) {
  const events: { event: string; payload: any }[] = [];
  const socket = connect(base, { path: REALTIME_PATH, auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  socket.onAny((event, payload) => events.push({ event, payload }));
  const outcome = await new Promise<'connected' | string>((resolve) => {
    socket.on('connect', () => resolve('connected'));
    socket.on('connect_error', (err) => resolve(err.message));
  });
  return { socket, events, outcome };
}

describe('notifications API', () => {
  test('list with the unread count; opening one removes it; delete all', async () => {
    const u = await t.user();
    const who = await recipient(u.id);
    for (const n of [1, 2, 3]) {
      await t.database.db.transaction((tx) => notify(tx, t.app.deps, who, 'broadcast', { title_uk: `Новина ${n}`, message_uk: `Текст ${n}` }));
    }
    const list = await t.request('GET', '/api/v1/notifications', { token: u.token });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(3);
    expect(list.body.data.map((n: any) => n.data.title)).toEqual(['Новина 3', 'Новина 2', 'Новина 1']);
    expect(list.body.data[0]).toMatchObject({ kind: 'broadcast', read_at: null, data: { message: 'Текст 3' } });

    const one = await t.request('DELETE', `/api/v1/notifications/${list.body.data[1].id}`, { token: u.token });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ data: { count: 2 } });
    const after = await t.request('GET', '/api/v1/notifications/', { token: u.token });
    expect(after.body.count).toBe(2);
    expect(after.body.data.map((n: any) => n.data.title)).toEqual(['Новина 3', 'Новина 1']);

    expect((await t.request('GET', '/api/v1/notifications?limit=1', { token: u.token })).body.data).toHaveLength(1);
    const all = await t.request('DELETE', '/api/v1/notifications/', { token: u.token });
    expect(all.body).toEqual({ data: { count: 0 } });
    expect((await t.request('GET', '/api/v1/notifications', { token: u.token })).body).toEqual({ data: [], count: 0 });
  });

  test("another reseller's notification is a 404 and stays; bad input is refused", async () => {
    const me = await t.user();
    const other = await t.user();
    const them = await recipient(other.id);
    const n = await t.database.db.transaction((tx) => notify(tx, t.app.deps, them, 'broadcast', { title_uk: 'Чуже', message_uk: 'Чуже' }));
    const r = await t.request('DELETE', `/api/v1/notifications/${n.id}`, { token: me.token });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Не знайдено');
    expect((await t.request('GET', '/api/v1/notifications', { token: me.token })).body.data).toEqual([]);
    expect((await t.request('GET', '/api/v1/notifications', { token: other.token })).body.count).toBe(1);
    // Delete-all of mine leaves theirs.
    await t.request('DELETE', '/api/v1/notifications', { token: me.token });
    expect((await t.request('GET', '/api/v1/notifications', { token: other.token })).body.count).toBe(1);
    expect((await t.request('DELETE', '/api/v1/notifications/abc', { token: me.token })).status).toBe(404);
    expect((await t.request('GET', '/api/v1/notifications?limit=1000', { token: me.token })).status).toBe(422);
    expect((await t.request('GET', '/api/v1/notifications')).status).toBe(401);
    expect((await t.request('DELETE', `/api/v1/notifications/${n.id}`)).status).toBe(401);
  });

  test("texts are in the user's language; mail (for kinds that ask) and push leave only after commit", async () => {
    const ru = await t.user({ lang: 'ru' });
    const who = await recipient(ru.id);
    const socket = await client(ru.token);
    await expect(
      t.database.db.transaction(async (tx) => {
        await notify(tx, t.app.deps, who, 'account_verified');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await t.request('GET', '/api/v1/notifications', { token: ru.token })).body.count).toBe(0);

    await t.database.db.transaction((tx) => notify(tx, t.app.deps, who, 'account_verified'));
    const list = await t.request('GET', '/api/v1/notifications', { token: ru.token });
    expect(list.body.data[0].data.title).toBe('Аккаунт верифицирован');
    const mail = await t.waitForMail(ru.email, /Аккаунт верифицирован/);
    expect(mail.text).toContain('Ваш аккаунт проверен');
    // Exactly one mail and one push: the rolled-back notification sent nothing.
    await new Promise((r) => setTimeout(r, 1500));
    expect(t.mails.filter((m) => m.to === ru.email)).toHaveLength(1);
    const pushed = socket.events.filter((e) => e.event === REALTIME_EVENTS.newNotification);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]!.payload).toMatchObject({ count: 1, notification: { kind: 'account_verified' } });
  });
});

describe('realtime channel', () => {
  test('an operator verifying a reseller reaches the open socket: activated, updated, new_notification', async () => {
    const u = await t.user();
    const c = await client(u.token);
    expect(c.outcome).toBe('connected');
    const op = await t.operator();
    const r = await t.request('PUT', `/api/v1/admin/users/${u.id}`, { token: op, body: { is_verified: true } });
    expect(r.status).toBe(200);
    const activated = await until(() => c.events.find((e) => e.event === REALTIME_EVENTS.activated), 'activated');
    expect(activated.payload.user).toMatchObject({ id: u.id, is_verified: true });
    await until(() => c.events.find((e) => e.event === REALTIME_EVENTS.updated), 'updated');
    const fresh = await until(() => c.events.find((e) => e.event === REALTIME_EVENTS.newNotification), 'new_notification');
    expect(fresh.payload.count).toBe(1);
    expect(fresh.payload.notification.data.title).toBe('Акаунт верифіковано');

    // A discount change is an update; the reseller's own profile change too.
    await t.request('PUT', `/api/v1/admin/users/${u.id}`, { token: op, body: { discount: 7 } });
    await until(() => c.events.find((e) => e.event === REALTIME_EVENTS.updated && e.payload.user.discount === 7), 'updated discount');
    await t.request('PUT', '/api/v1/auth/profile', { token: u.token, body: { markup: 33 } });
    await until(() => c.events.find((e) => e.event === REALTIME_EVENTS.updated && e.payload.user.markup === 33), 'updated profile');
  });

  test("a bad token cannot connect; nobody hears another user's channel", async () => {
    expect((await client('not-a-token')).outcome).toBe('unauthorized');
    expect((await client(undefined)).outcome).toBe('unauthorized');

    const me = await t.user();
    const other = await t.user();
    const mine = await client(me.token);
    const ack = await mine.socket.emitWithAck('subscribe', { channel: `private-users.${other.id}` });
    expect(ack).toEqual({ ok: false, channel: `private-users.${other.id}` });
    expect((await mine.socket.emitWithAck('subscribe', { channel: `private-users.${me.id}` })).ok).toBe(true);
    const theirs = await client(other.token);
    const them = await recipient(other.id);
    await t.database.db.transaction((tx) => notify(tx, t.app.deps, them, 'broadcast', { title_uk: 'Лише для них', message_uk: '...' }));
    await until(() => theirs.events.find((e) => e.event === REALTIME_EVENTS.newNotification), 'their notification');
    await new Promise((r) => setTimeout(r, 300));
    expect(mine.events.filter((e) => e.event === REALTIME_EVENTS.newNotification)).toEqual([]);
  });

  test('a blocked user is disconnected', async () => {
    const u = await t.user();
    const c = await client(u.token);
    const gone = new Promise<void>((resolve) => c.socket.on('disconnect', () => resolve()));
    await t.request('PUT', `/api/v1/admin/users/${u.id}`, { token: await t.operator(), body: { blocked: true } });
    await gone;
    expect((await client(u.token)).outcome).toBe('unauthorized');
  });

  test('POST /broadcasting/auth signs the own private channel only (form or JSON)', async () => {
    const me = await t.user();
    const other = await t.user();
    const own = `private-users.${me.id}`;
    const json = await t.request('POST', '/broadcasting/auth', { token: me.token, body: { socket_id: '1234.5678', channel_name: own } });
    expect(json.status).toBe(200);
    expect(json.body.auth).toMatch(/^drop:[0-9a-f]{64}$/);
    expect(verifySignature(t.app.deps.realtime, '1234.5678', own, json.body.auth)).toBe(true);
    expect(verifySignature(t.app.deps.realtime, '1234.5679', own, json.body.auth)).toBe(false);

    const form = await t.request('POST', '/broadcasting/auth', {
      token: me.token,
      raw: new URLSearchParams({ socket_id: '1234.5678', channel_name: own }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(200);
    expect(form.body.auth).toBe(json.body.auth);

    const theirs = await t.request('POST', '/broadcasting/auth', { token: me.token, body: { socket_id: '1.2', channel_name: `private-users.${other.id}` } });
    expect(theirs.status).toBe(403);
    expect((await t.request('POST', '/broadcasting/auth', { body: { socket_id: '1.2', channel_name: own } })).status).toBe(401);
    const missing = await t.request('POST', '/broadcasting/auth', { token: me.token, body: { channel_name: own } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.socket_id).toBeDefined();
  });
});

describe('back in stock', () => {
  const product = FIXTURE_PRODUCTS[0]!;
  const setQty = (qty: number) => t.database.db.execute(sql`UPDATE products SET qty = ${qty} WHERE id = ${product.id}`);

  test('stock going from 0 to above 0 notifies each subscriber once and ends the subscriptions', async () => {
    await setQty(0);
    const a = await t.user();
    const b = await t.user({ lang: 'ru' });
    const bystander = await t.user();
    for (const u of [a, b])
      expect((await t.request('POST', '/api/v1/product-notifications', { token: u.token, body: { code_id: product.codeId } })).status).toBeLessThan(300);
    const socket = await client(a.token);

    // Stock changes that are not a restock record nothing.
    await setQty(0);
    expect(await processRestocks(t.app.deps)).toBe(0);

    await setQty(5);
    const note = await until(async () => {
      const r = await t.request('GET', '/api/v1/notifications', { token: a.token });
      return r.body.data.find((n: any) => n.kind === 'back_in_stock');
    }, 'back-in-stock notification');
    expect(note.data).toMatchObject({ title: 'Товар знову в наявності', product_id: product.id, code_id: product.codeId });
    expect(note.data.message).toContain(product.nameUk);
    const ruNote = await until(async () => (await t.request('GET', '/api/v1/notifications', { token: b.token })).body.data[0], 'ru notification');
    expect(ruNote.data.title).toBe('Товар снова в наличии');
    expect(ruNote.data.message).toContain(product.nameRu);
    await until(() => socket.events.find((e) => e.event === REALTIME_EVENTS.newNotification), 'pushed');
    await t.waitForMail(a.email, /Товар знову в наявності/);
    expect((await t.request('GET', '/api/v1/notifications', { token: bystander.token })).body.count).toBe(0);

    // The subscription ended: the product shows the bell off, and another restock sends nothing.
    const p = await t.request('GET', `/api/v1/products/${product.id}`, { token: a.token });
    expect(p.body.data.is_subscribed).toBe(false);
    expect((await t.request('GET', '/api/v1/product-notifications', { token: a.token })).body.data).toEqual([]);
    await setQty(0);
    await setQty(3);
    expect(await processRestocks(t.app.deps)).toBe(0);
    await new Promise((r) => setTimeout(r, 1200));
    expect((await t.request('GET', '/api/v1/notifications', { token: a.token })).body.count).toBe(1);
  });
});
