import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { UserRow } from './ctx.ts';

/** SPEC section 9: the user is cached for 10 s. */
export const SESSION_CACHE_TTL_MS = 10_000;
const MAX_SESSIONS = 100_000;
/** The channel the 0004 migration's triggers notify with a user id. */
export const SESSION_CHANNEL = 'drop_sessions';

export interface CachedSession {
  user: UserRow;
  tokenId: number;
  deviceId: number;
  usedAt: Date;
}

/**
 * Recently checked bearer tokens (by hash) with their user, so a page of requests costs one
 * session lookup in the database, not one each.
 *
 * It is only used while invalidations can be heard: the database notifies every process at the
 * commit of any change to a user or removal of a token or device, and requests that change
 * something forget the affected sessions before they answer. A lookup that raced an
 * invalidation is not stored (the epoch moved on).
 */
export class SessionCache {
  private readonly entries: LRUCache<string, CachedSession>;
  private readonly byUser = new Map<number, Set<string>>();
  private epoch = 0;
  /** False until the listener runs (and while it reconnects): nothing is cached then. */
  listening = false;

  constructor(ttlMs = SESSION_CACHE_TTL_MS) {
    this.entries = new LRUCache<string, CachedSession>({
      max: MAX_SESSIONS,
      ttl: ttlMs,
      dispose: (value, key) => {
        const set = this.byUser.get(value.user.id);
        set?.delete(key);
        if (set?.size === 0) this.byUser.delete(value.user.id);
      },
    });
  }

  get(tokenHash: string): CachedSession | undefined {
    return this.listening ? this.entries.get(tokenHash) : undefined;
  }

  /** Call before the database lookup; pass the result to set(). */
  begin(): number {
    return this.epoch;
  }

  set(tokenHash: string, session: CachedSession, epoch: number): void {
    if (!this.listening || epoch !== this.epoch) return;
    this.entries.set(tokenHash, session);
    let set = this.byUser.get(session.user.id);
    if (!set) this.byUser.set(session.user.id, (set = new Set()));
    set.add(tokenHash);
  }

  invalidateUser(userId: number): void {
    this.epoch++;
    for (const key of [...(this.byUser.get(userId) ?? [])]) this.entries.delete(key);
    this.byUser.delete(userId);
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
    this.byUser.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * LISTENs for session changes (the triggers of migration 0004) and applies them to `cache`.
 * On PostgreSQL a dedicated connection, re-established after a failure (the cache is off and
 * empty meanwhile); on PGlite the embedded instance's own notifications. Returns a stop function.
 */
export async function listenForSessionChanges(
  database: Database,
  cache: SessionCache,
  log: FastifyBaseLogger,
  connectionString?: string,
): Promise<() => Promise<void>> {
  const onPayload = (payload: string | undefined) => {
    const id = Number(payload);
    if (Number.isInteger(id)) cache.invalidateUser(id);
    else cache.clear();
  };
  if (database.lite) {
    const unlisten = await database.lite.listen(SESSION_CHANNEL, onPayload);
    cache.listening = true;
    return async () => {
      cache.listening = false;
      await unlisten();
    };
  }
  if (!connectionString) return async () => {};

  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = 500;
  const goDeaf = () => {
    cache.listening = false;
    cache.clear();
  };
  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString });
    client = c;
    const fail = (err?: Error) => {
      if (client !== c) return;
      client = null;
      goDeaf();
      void c.end().catch(() => {});
      if (stopped) return;
      if (err) log.warn({ err }, 'session listener lost; sessions are not cached until it reconnects');
      retry = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, 30_000);
    };
    c.on('error', fail);
    c.on('end', () => fail());
    c.on('notification', (n) => {
      if (n.channel === SESSION_CHANNEL) onPayload(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${SESSION_CHANNEL}`);
      if (client !== c) return;
      // Anything may have changed while nobody listened.
      cache.clear();
      cache.listening = true;
      delay = 500;
    } catch (err) {
      fail(err as Error);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    goDeaf();
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
