import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, inArray, lte, or } from 'drizzle-orm';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { REALTIME_PATH, broadcastingAuthInput, broadcastingAuthResponse, userChannel } from '@drop/shared';
import type { Deps } from '../lib/deps.ts';
import type { ChangeSubscriber } from '../lib/change-listener.ts';
import { SESSION_CHANNEL } from '../lib/session-cache.ts';
import { accessTokens, users } from '../db/schema/index.ts';
import type { RealtimePush } from '../jobs/queue.ts';
import { AppError } from '../lib/errors.ts';
import { authedCtx, liveTokenWhere, requireUser, resolveSession } from './auth.ts';
import { authRepo } from '../modules/auth/auth.repository.ts';

/**
 * The realtime channel (SPEC section 4): Socket.IO on the API's port. A client authenticates
 * with its bearer token (`auth: {token}`, `auth: {headers: {Authorization: 'Bearer …'}}` as
 * laravel-echo's Socket.IO connector sends it, or an Authorization header) and is put in its
 * private room `users.{id}` and no other. Events are pushed by the `realtime` job after the
 * transaction that raised them commits; with REDIS_URL the Redis adapter carries them to the
 * process the user's socket is connected to.
 *
 * Two shapes of the same event (docs/decisions/0012-realtime-clients.md):
 *  - the product's own client hears `.users.updated` with the payload as the only argument, in
 *    the room it is put in at connection;
 *  - a laravel-echo Socket.IO client subscribes (`subscribe {channel}`) to `private-users.{id}`,
 *    `presence-users.{id}` or `users.{id}` and hears, in the room `echo:{channel}`, the event
 *    without its leading dot with `(channel, payload)`, the arguments its channel listens for
 *    (`.listen('.users.updated', cb)`). A presence subscription is answered with
 *    `presence:subscribed` and its one member, the user.
 *
 * A socket lives only as long as its token: when a token ends (logout, device signed out, password
 * change, block) the database notifies every process (`drop_sessions`, the user id) and each one
 * re-checks the tokens of that user's sockets it holds and closes those no longer valid. Expiry
 * raises no event: every process also sweeps all its sockets every minute, and deletes expired
 * tokens (which notifies the other processes as any removal does).
 */
export interface Realtime {
  push(job: RealtimePush): void;
  /**
   * Signs a Pusher channel authorisation: `key:hex(hmac_sha256(secret, socket_id:channel))`, and for
   * a presence channel `socket_id:channel:channel_data` (Pusher's "auth signatures" reference).
   */
  sign(socketId: string, channelName: string, channelData?: string): string;
  readonly io: Server;
  /** Hears `drop_sessions` (pass it to listenForChanges): re-checks the named user's sockets. */
  readonly watcher: ChangeSubscriber;
  /** Deletes expired tokens and closes every local socket whose token is no longer valid (run every minute; tests call it). */
  sweep(): Promise<void>;
}

/** How often every process re-checks the tokens of all its sockets (expiry raises no event). */
export const SOCKET_SWEEP_MS = 60_000;
const SWEEP_BATCH = 1000;

/** The names a client may give its own channel: `private-users.5`, `presence-users.5` or `users.5`. */
export function ownChannels(userId: number): string[] {
  const room = userChannel(userId);
  return [`private-${room}`, `presence-${room}`, room];
}

/** The room of the laravel-echo subscribers of a channel (kept apart from the product client's room). */
const echoRoom = (channel: string) => `echo:${channel}`;

/** A presence channel's member as Pusher and laravel-echo know it: `{user_id, user_info}`. */
export interface PresenceMember {
  user_id: string;
  user_info: { name: string };
}
export const presenceMember = (user: { id: number; name: string }): PresenceMember => ({ user_id: String(user.id), user_info: { name: user.name } });

/** Pusher's socket id (`1234.5678`): the only kind `/broadcasting/auth` signs (its `:` separators stay unambiguous). */
export const PUSHER_SOCKET_ID = /^\d{1,20}\.\d{1,20}$/;

const bearer = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(value.trim());
  return m?.[1];
};

/**
 * The bearer token of a handshake: `auth.token` (the product's client; a `Bearer ` prefix is
 * allowed), `auth.headers.Authorization` (laravel-echo's `bearerToken` / `auth.headers`), or the
 * Authorization header of the upgrade request (non-browser clients).
 */
export function tokenOf(handshake: Pick<Socket['handshake'], 'auth' | 'headers'>): string | undefined {
  const auth = (handshake.auth ?? {}) as { token?: unknown; headers?: unknown };
  if (typeof auth.token === 'string') return auth.token.replace(/^Bearer\s+/i, '');
  if (auth.headers && typeof auth.headers === 'object') {
    const headers = auth.headers as Record<string, unknown>;
    const key = Object.keys(headers).find((k) => k.toLowerCase() === 'authorization');
    const token = key ? bearer(headers[key]) : undefined;
    if (token) return token;
  }
  return bearer(handshake.headers.authorization);
}

export async function attachRealtime(app: FastifyInstance, deps: Pick<Deps, 'config' | 'db' | 'sessions'>, log: FastifyBaseLogger): Promise<Realtime> {
  const io = new Server(app.server, { path: REALTIME_PATH, serveClient: false, cors: { origin: deps.config.publicUrl, credentials: true } });
  let redis: Redis[] = [];
  if (deps.config.redisUrl) {
    const pub = new Redis(deps.config.redisUrl, { maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    for (const c of [pub, sub]) c.on('error', (err) => log.warn({ err }, 'realtime redis connection error'));
    redis = [pub, sub];
    io.adapter(createAdapter(pub, sub));
  }

  io.use((socket, next) => {
    resolveSession(deps, tokenOf(socket.handshake), socket.handshake.address)
      .then((session) => {
        if (!session) return next(new Error('unauthorized'));
        socket.data.userId = session.user.id;
        socket.data.tokenId = session.tokenId;
        socket.data.member = presenceMember(session.user);
        void socket.join(userChannel(session.user.id));
        next();
      })
      .catch((err: Error) => {
        log.error({ err }, 'realtime authentication failed');
        next(new Error('unavailable'));
      });
  });

  io.on('connection', (socket) => {
    // A token that ended between the check above and now (its notification found no socket yet)
    // is caught here rather than by the next sweep.
    void recheck([socket]).catch((err: Error) => log.error({ err }, 'realtime token check failed'));
    // laravel-echo's Socket.IO channels ask for their channel (`subscribe {channel, auth}`, no
    // acknowledgement; one is answered when asked for); only the user's own is granted.
    const channelOf = (msg: unknown) => {
      const channel = (msg as { channel?: unknown } | null)?.channel;
      return typeof channel === 'string' ? channel.slice(0, 200) : '';
    };
    socket.on('subscribe', (msg: unknown, ack?: unknown) => {
      const channel = channelOf(msg);
      const ok = ownChannels(socket.data.userId as number).includes(channel);
      if (ok) {
        void socket.join(echoRoom(channel));
        // Echo's presence channel: `here()` hears the members; the user is its only one.
        if (channel.startsWith('presence-')) socket.emit('presence:subscribed', channel, [socket.data.member as PresenceMember]);
      } else socket.emit('subscription_error', { channel, status: 403 });
      if (typeof ack === 'function') ack({ ok, channel });
    });
    socket.on('unsubscribe', (msg: unknown, ack?: unknown) => {
      const channel = channelOf(msg);
      if (ownChannels(socket.data.userId as number).includes(channel)) void socket.leave(echoRoom(channel));
      if (typeof ack === 'function') ack({ ok: true, channel });
    });
  });

  /** Closes those of `sockets` whose token is gone, expired or of a blocked user (one query per batch). */
  const recheck = async (sockets: Socket[]) => {
    for (let i = 0; i < sockets.length; i += SWEEP_BATCH) {
      const batch = sockets.slice(i, i + SWEEP_BATCH);
      const ids = [...new Set(batch.map((s) => s.data.tokenId as number))];
      const live = await deps.db
        .select({ id: accessTokens.id })
        .from(accessTokens)
        .innerJoin(users, eq(users.id, accessTokens.userId))
        .where(and(inArray(accessTokens.id, ids), liveTokenWhere(deps.config)));
      const alive = new Set(live.map((r) => r.id));
      for (const s of batch) if (!alive.has(s.data.tokenId as number)) s.disconnect(true);
    }
  };
  const localSockets = (userId?: number): Socket[] => {
    const nsp = io.of('/');
    if (userId === undefined) return [...nsp.sockets.values()];
    const ids = nsp.adapter.rooms.get(userChannel(userId));
    return ids ? [...ids].map((id) => nsp.sockets.get(id)).filter((s): s is Socket => !!s) : [];
  };
  const check = (userId?: number) => {
    const sockets = localSockets(userId);
    if (sockets.length === 0) return Promise.resolve();
    return recheck(sockets).catch((err: Error) => log.error({ err }, 'realtime token check failed'));
  };
  /** Expired tokens are deleted (a batch a minute is plenty: they are refused anyway). */
  const purge = async () => {
    const now = Date.now();
    const expired = deps.db
      .select({ id: accessTokens.id })
      .from(accessTokens)
      .where(or(lte(accessTokens.usedAt, new Date(now - deps.config.session.idleMs)), lte(accessTokens.createdAt, new Date(now - deps.config.session.maxMs))))
      .limit(SWEEP_BATCH);
    await deps.db
      .delete(accessTokens)
      .where(inArray(accessTokens.id, expired))
      .catch((err: Error) => log.error({ err }, 'expired token purge failed'));
    await authRepo.purgeExpiredCodes(deps.db, SWEEP_BATCH).catch((err: Error) => log.error({ err }, 'expired code purge failed'));
  };
  const sweep = async () => {
    await purge();
    await check();
  };
  const sweepTimer = setInterval(() => void sweep(), SOCKET_SWEEP_MS);
  sweepTimer.unref();
  const watcher: ChangeSubscriber = {
    channels: [SESSION_CHANNEL],
    onChange(_channel, payload) {
      const id = Number(payload);
      void check(Number.isInteger(id) ? id : undefined);
    },
    // Anything may have ended while nobody listened.
    setListening(on) {
      if (on) void check();
    },
  };

  app.addHook('preClose', async () => {
    clearInterval(sweepTimer);
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await Promise.all(redis.map((c) => c.quit().catch(() => c.disconnect())));
  });

  const secret = deps.config.realtimeSecret ?? randomBytes(32).toString('hex');
  return {
    io,
    watcher,
    sweep,
    push(job) {
      io.to(userChannel(job.userId)).emit(job.event, job.payload);
      // laravel-echo: `.listen('.users.updated')` listens for `users.updated` with (channel, data).
      const echoEvent = job.event.replace(/^\./, '');
      for (const channel of ownChannels(job.userId)) io.to(echoRoom(channel)).emit(echoEvent, channel, job.payload);
    },
    sign(socketId, channelName, channelData) {
      const signed = channelData === undefined ? `${socketId}:${channelName}` : `${socketId}:${channelName}:${channelData}`;
      const signature = createHmac('sha256', secret).update(signed).digest('hex');
      return `${deps.config.realtimeKey}:${signature}`;
    },
  };
}

/** Checks a signature made by `sign` (for tests and a Pusher-compatible server sharing the secret). */
export function verifySignature(realtime: Realtime, socketId: string, channelName: string, auth: string, channelData?: string): boolean {
  const expected = Buffer.from(realtime.sign(socketId, channelName, channelData));
  const given = Buffer.from(auth);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * POST /broadcasting/auth, the way Pusher clients ask: `socket_id` (Pusher's `1234.5678`, 422
 * otherwise) and `channel_name` (form or JSON) with the bearer token. The user's own
 * `private-users.{id}` answers `{auth}`; their own `presence-users.{id}` answers `{auth,
 * channel_data}` with channel_data `{"user_id":"{id}","user_info":{"name":…}}` signed as Pusher
 * documents; any other channel (another user's, a public name, a malformed one) is 403.
 */
export const broadcastingRoutes: FastifyPluginAsyncZod<{ realtime: Realtime }> = async (app, { realtime }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook('onRequest', requireUser);
  app.post(
    '/auth',
    { schema: { tags: ['realtime'], security: [{ bearer: [] }], body: broadcastingAuthInput, response: { 200: broadcastingAuthResponse } } },
    async (req) => {
      const ctx = authedCtx(req);
      const { socket_id: socketId, channel_name: channel } = req.body;
      if (!PUSHER_SOCKET_ID.test(socketId)) throw AppError.field('socket_id', 'invalid_value');
      const own = userChannel(ctx.user.id);
      if (channel === `private-${own}`) return { auth: realtime.sign(socketId, channel) };
      if (channel === `presence-${own}`) {
        const channelData = JSON.stringify(presenceMember(ctx.user));
        return { auth: realtime.sign(socketId, channel, channelData), channel_data: channelData };
      }
      throw AppError.forbidden();
    },
  );
};
