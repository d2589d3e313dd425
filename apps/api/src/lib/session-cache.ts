import { LRUCache } from 'lru-cache';
import type { ChangeSubscriber } from './change-listener.ts';
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
  /** The token's issue and last use (its expiry is checked on every hit). */
  createdAt: Date;
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
export class SessionCache implements ChangeSubscriber {
  readonly channels = [SESSION_CHANNEL];
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

  onChange(_channel: string, payload: string | undefined): void {
    const id = Number(payload);
    if (Number.isInteger(id)) this.invalidateUser(id);
    else this.clear();
  }

  setListening(on: boolean): void {
    this.clear();
    this.listening = on;
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
