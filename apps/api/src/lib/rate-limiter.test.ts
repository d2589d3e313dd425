import { spawn } from 'node:child_process';
import path from 'node:path';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, test } from 'vitest';
import { registerRateLimiter, type RateLimiter } from './rate-limiter.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const apps: ReturnType<typeof Fastify>[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

/** A limiter as an API process has one: registered on its own Fastify app. */
async function limiterOf(opts: Parameters<typeof registerRateLimiter>[1] = {}): Promise<RateLimiter> {
  const app = Fastify();
  apps.push(app);
  return registerRateLimiter(app, opts);
}

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

/** Every key under the prefix with its PTTL (ms; -1: no expiry). */
async function ttls(redis: Redis, prefix: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    for (const k of keys) out.set(k, await redis.pttl(k));
  } while (cursor !== '0');
  return out;
}

describe('rate limiter (@fastify/rate-limit)', () => {
  test('memory store (no REDIS_URL) counts per key in a window', async () => {
    await exercise(await limiterOf(), 'k');
  });

  test('memory store: the window ends, and the count starts again', async () => {
    const l = await limiterOf();
    expect((await l.hit('w', 1, 0.2)).allowed).toBe(true);
    expect(await l.hit('w', 1, 0.2)).toEqual({ allowed: false, retryAfter: 1 });
    await new Promise((r) => setTimeout(r, 250));
    expect((await l.hit('w', 1, 0.2)).allowed).toBe(true);
  });

  // CI sets TEST_REDIS_URL (the local Redis); two limiters share the counts as two API processes would.
  test.runIf(!!redisUrl)('redis store is shared between processes', async () => {
    const prefix = `test:${process.pid}:${Date.now()}:`;
    const a = await limiterOf({ redis: redisUrl, prefix });
    const b = await limiterOf({ redis: redisUrl, prefix });
    await exercise(a, 'k');
    await a.reset('shared');
    await a.hit('shared', 2, 60);
    await b.hit('shared', 2, 60);
    expect((await a.hit('shared', 2, 60)).allowed).toBe(false);
    expect((await b.hit('shared', 2, 60)).allowed).toBe(false);
    await a.close();
    await b.close();
    const real = new Redis(redisUrl!);
    for (const k of (await ttls(real, prefix)).keys()) await real.del(k);
    await real.quit();
  });

  test.runIf(!!redisUrl)('a hit is one atomic script (count and expiry together): every key has its expiry, refused hits keep it', async () => {
    const prefix = `test:${process.pid}:${Date.now()}:ttl:`;
    const real = new Redis(redisUrl!);
    await real.ping(); // connected: the handshake's commands are not counted
    // Every command the limiter sends: a hit must be one script, never a count and a separate PEXPIRE.
    const sent: string[] = [];
    const send = real.sendCommand.bind(real);
    real.sendCommand = ((cmd: { name: string }, ...rest: unknown[]) => {
      sent.push(cmd.name.toLowerCase());
      return (send as (...a: unknown[]) => unknown)(cmd, ...rest);
    }) as typeof real.sendCommand;
    const l = await limiterOf({ redis: real, prefix });
    const results = [];
    for (let i = 0; i < 8; i++) results.push(await l.hit('login:someone@example.com', 5, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, false, false, false]);
    expect(new Set(sent)).toEqual(new Set(['evalsha']));
    expect(sent).toHaveLength(8);
    const ttl = await real.pttl(`${prefix}login:someone@example.com`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await real.get(`${prefix}login:someone@example.com`)).toBe('8');
    // Refused hits do not stretch the window (fixed window, no continueExceeding).
    expect(results[7]!.retryAfter).toBeLessThanOrEqual(60);

    // A key left without an expiry (by the hand-written limiter that INCRed, then PEXPIREd in a
    // second command, and stopped in between) gets the window at its next hit: no lock-out for ever.
    await real.set(`${prefix}legacy`, '9');
    expect(await l.hit('legacy', 5, 30)).toEqual({ allowed: false, retryAfter: 30 });
    const healed = await real.pttl(`${prefix}legacy`);
    expect(healed).toBeGreaterThan(0);
    expect(healed).toBeLessThanOrEqual(30_000);
    await real.del(`${prefix}login:someone@example.com`, `${prefix}legacy`);
    await real.quit();
  });

  test.runIf(!!redisUrl)(
    'an API process killed (SIGKILL) among its hits leaves no key without an expiry',
    async () => {
      const prefix = `test:${process.pid}:${Date.now()}:kill:`;
      const real = new Redis(redisUrl!);
      for (let round = 0; round < 2; round++) {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/rate-limit-hammer.ts', redisUrl!, prefix], {
          cwd: path.resolve(import.meta.dirname, '../..'),
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let err = '';
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        const exited = new Promise((r) => child.once('exit', r));
        // Killed at a different point each round, while hits are in flight.
        const target = 400 + round * 800;
        await new Promise<void>((resolve, reject) => {
          child.stdout.on('data', (d: Buffer) => {
            const m = /hits (\d+)\s*$/.exec(d.toString());
            if (m && Number(m[1]) >= target) resolve();
          });
          child.once('exit', (code) => reject(new Error(`the hammer exited (${code}): ${err}`)));
        });
        child.kill('SIGKILL');
        await exited;
      }
      const keys = await ttls(real, prefix);
      expect(keys.size).toBe(50);
      for (const [k, ttl] of keys) {
        expect(ttl, k).toBeGreaterThan(0);
        expect(ttl, k).toBeLessThanOrEqual(60_000);
      }
      for (const k of keys.keys()) await real.del(k);
      await real.quit();
    },
    120_000,
  );
});
