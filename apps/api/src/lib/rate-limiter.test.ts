import { Redis } from 'ioredis';
import { describe, expect, test } from 'vitest';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './rate-limiter.ts';

async function exercise(l: RateLimiter, key: string) {
  const results = [];
  for (let i = 0; i < 4; i++) results.push(await l.hit(key, 3, 60));
  expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
  expect(results[3]!.retryAfter).toBeGreaterThan(0);
  expect(results[3]!.retryAfter).toBeLessThanOrEqual(60);
  expect((await l.hit(`${key}:other`, 3, 60)).allowed).toBe(true);
  await l.reset(key);
  expect((await l.hit(key, 3, 60)).allowed).toBe(true);
}

describe('rate limiter', () => {
  test('memory store counts per key in a window', async () => {
    const l = memoryRateLimiter();
    await exercise(l, 'k');
    await l.close();
  });

  // CI sets TEST_REDIS_URL (the local Redis); two limiters share the counts as two API processes would.
  test.runIf(!!process.env.TEST_REDIS_URL)('redis store is shared between processes', async () => {
    const prefix = `test:${process.pid}:${Date.now()}:`;
    const a = redisRateLimiter(process.env.TEST_REDIS_URL!, prefix);
    const b = redisRateLimiter(process.env.TEST_REDIS_URL!, prefix);
    await exercise(a, 'k');
    await a.reset('shared');
    await a.hit('shared', 2, 60);
    await b.hit('shared', 2, 60);
    expect((await a.hit('shared', 2, 60)).allowed).toBe(false);
    await a.close();
    await b.close();
  });

  test.runIf(!!process.env.TEST_REDIS_URL)('every key a hit writes has its expiry, even when the process stops right after the hit', async () => {
    const prefix = `test:${process.pid}:${Date.now()}:ttl:`;
    const real = new Redis(process.env.TEST_REDIS_URL!);
    // A process that stops after its first round trip: any later command fails.
    const stopping = new Proxy(real, {
      get(target, name) {
        if (name === 'pexpire' || name === 'expire') return () => Promise.reject(new Error('the process stopped'));
        const v: unknown = Reflect.get(target, name);
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    const l = redisRateLimiter(stopping, prefix);
    for (let i = 0; i < 3; i++) await l.hit('login:someone@example.com', 5, 60).catch(() => undefined);
    const ttl = await real.pttl(`${prefix}login:someone@example.com`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await real.get(`${prefix}login:someone@example.com`)).toBe('3');
    // A key written without an expiry (by the limiter before this one) gets one at its next hit.
    await real.set(`${prefix}legacy`, '9');
    const healing = redisRateLimiter(real, prefix);
    expect(await healing.hit('legacy', 5, 30)).toEqual({ allowed: false, retryAfter: 30 });
    expect(await real.pttl(`${prefix}legacy`)).toBeGreaterThan(0);
    await real.del(`${prefix}login:someone@example.com`, `${prefix}legacy`);
    await real.quit();
  });
});
