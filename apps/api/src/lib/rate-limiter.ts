import { Redis } from 'ioredis';

/**
 * Fixed-window counters: in Redis when REDIS_URL is set (shared by every API process),
 * in memory otherwise. `hit` counts one attempt and says whether it is allowed.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; retryAfter: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryRateLimiter(): RateLimiter {
  const buckets = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowSeconds) {
      const now = Date.now();
      let b = buckets.get(key);
      if (!b || b.resetAt <= now) {
        b = { count: 0, resetAt: now + windowSeconds * 1000 };
        buckets.set(key, b);
        if (buckets.size > 100_000) for (const [k, v] of buckets) if (v.resetAt <= now) buckets.delete(k);
      }
      b.count += 1;
      return { allowed: b.count <= limit, retryAfter: Math.ceil((b.resetAt - now) / 1000) };
    },
    async reset(key) {
      buckets.delete(key);
    },
    async close() {
      buckets.clear();
    },
  };
}

/**
 * The Redis store. A hit is one MULTI/EXEC: the key is created with its window's expiry
 * (SET NX PX) in the same transaction that counts, so no key is ever left without one (an
 * INCR followed by a separate PEXPIRE, as before, left a permanent lock-out when the process
 * stopped between the two). A key found without an expiry (written before) gets one.
 */
export function redisRateLimiter(url: string | Redis, prefix = 'rl:'): RateLimiter {
  const redis = typeof url === 'string' ? new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false, enableOfflineQueue: true }) : url;
  return {
    async hit(key, limit, windowSeconds) {
      const k = prefix + key;
      const windowMs = windowSeconds * 1000;
      const res = await redis.multi().set(k, '0', 'PX', windowMs, 'NX').incr(k).pttl(k).exec();
      const failed = res?.find(([err]) => err);
      if (!res || failed) throw failed?.[0] ?? new Error('rate limiter: transaction discarded');
      const count = Number(res[1]![1]);
      let ttl = Number(res[2]![1]);
      if (ttl < 0) {
        await redis.pexpire(k, windowMs);
        ttl = windowMs;
      }
      return { allowed: count <= limit, retryAfter: Math.ceil(ttl / 1000) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
