import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Fixed-window counters by `@fastify/rate-limit`: its Redis store when REDIS_URL is set (shared by
 * every API process), its in-memory LocalStore otherwise. `hit` counts one attempt under a key the
 * caller names (an e-mail, an IP, a 1C login: known only inside the service, after parsing) and
 * says whether it is allowed; the callers turn a refusal into their own 429 (AppError.tooMany, the
 * 1C exchange's text answer) with Retry-After.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; retryAfter: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The plugin's own stores, built here rather than inside the plugin only so that `reset` can reach
 * them. The Redis store counts and sets the window's expiry in one Lua script (INCR, and PEXPIRE
 * on the first hit), so a key is never left without an expiry by a process stopping in between.
 */
const require = createRequire(import.meta.url);
type LocalStore = FastifyRateLimitStore & { lru: { delete(key: string): void; clear(): void } };
type RedisStore = FastifyRateLimitStore & { key: string };
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => LocalStore;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  nameSpace?: string,
) => RedisStore;

/**
 * Keys kept in memory without Redis. Past this many, the least recently used count is dropped
 * (the old in-memory map dropped only expired ones, and grew without bound): someone able to make
 * 100,000 fresh keys inside one window could free a locked-out key in this mode. Production sets
 * REDIS_URL, whose store evicts nothing before its expiry.
 */
const LOCAL_KEYS = 100_000;

/** What one check hands the plugin in place of a request: the key, the limit and the window. */
const CHECK = Symbol('rate-limit check');
type Check = { [CHECK]: { key: string; max: number; windowMs: number } };
const checkOf = (req: FastifyRequest) => (req as unknown as Check)[CHECK];

export interface RateLimiterOptions {
  /** REDIS_URL (or a client, in tests); unset: in memory, this process only. */
  redis?: string | Redis;
  /** Prefix of the Redis keys. */
  prefix?: string;
}

/**
 * Registers `@fastify/rate-limit` on the app with no route limited by default (`global: false`)
 * and answers the limiter the services use (deps.limiter), one checker from `createRateLimit()`.
 */
export async function registerRateLimiter(app: FastifyInstance, opts: RateLimiterOptions = {}): Promise<RateLimiter> {
  const redis = typeof opts.redis === 'string' ? new Redis(opts.redis, { maxRetriesPerRequest: 2, lazyConnect: false, enableOfflineQueue: true }) : opts.redis;
  const prefix = opts.prefix ?? 'rl:';
  // Fixed windows, as the lock-out rules were written for: no continueExceeding, no backoff.
  const store = redis ? new RedisStore(false, false, redis, prefix) : new LocalStore(false, false, LOCAL_KEYS);
  await app.register(rateLimit, {
    global: false,
    // The plugin builds its store with `new`; a constructor answering an object makes that object the store.
    store: function sharedStore() {
      return store;
    } as unknown as new () => FastifyRateLimitStore,
    keyGenerator: (req) => checkOf(req).key,
    max: (req) => checkOf(req).max,
    timeWindow: (req) => checkOf(req).windowMs,
    // A store that fails (Redis down) fails the call rather than letting every attempt through.
    skipOnError: false,
  });
  // No options: the checker uses the store above itself (an options object would make a child store).
  const check = app.createRateLimit();

  return {
    async hit(key, limit, windowSeconds) {
      const windowMs = windowSeconds * 1000;
      // The plugin reads only the key generator, `max`, `timeWindow` and `routeOptions.config` (a route's groupId) of a request.
      const req = { routeOptions: {}, [CHECK]: { key, max: limit, windowMs } } as unknown as FastifyRequest;
      const r = await check(req);
      if (r.isAllowed) return { allowed: true, retryAfter: 0 };
      let ttlSeconds = r.ttlInSeconds;
      if (r.ttl < 0 && redis) {
        // The script sets the expiry only on the first hit, so a key it finds without one (not
        // written by it: an older limiter's INCR left alone by a process that stopped before its
        // PEXPIRE) would refuse forever. Give such a key its window; keys the script writes never
        // come here.
        await redis.pexpire(prefix + key, windowMs);
        ttlSeconds = windowSeconds;
      }
      return { allowed: !r.isExceeded, retryAfter: ttlSeconds };
    },
    // The plugin has no reset (a success that clears the count, as a 1C sign-in does): delete the
    // key from the same store, the next hit starts a new window.
    async reset(key) {
      if (redis) await redis.del(prefix + key);
      else (store as LocalStore).lru.delete(key);
    },
    async close() {
      if (redis) {
        if (typeof opts.redis === 'string') await redis.quit();
      } else (store as LocalStore).lru.clear();
    },
  };
}
