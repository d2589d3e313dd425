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
});
