/**
 * A stand-in API process for the rate-limiter test (lib/rate-limiter.test.ts): registers the
 * limiter on a Fastify app against REDIS_URL with the prefix given, then counts hits over a few
 * keys as fast as it can, printing `hits N` now and then, until it is killed.
 * Usage: node --import tsx src/test/rate-limit-hammer.ts <redis-url> <prefix>
 */
import Fastify from 'fastify';
import { registerRateLimiter } from '../lib/rate-limiter.ts';

const [url, prefix] = process.argv.slice(2);
if (!url || !prefix) throw new Error('usage: rate-limit-hammer.ts <redis-url> <prefix>');
const app = Fastify();
const limiter = await registerRateLimiter(app, { redis: url, prefix });
let hits = 0;
for (;;) {
  // Many hits in flight at once, so the kill lands among them.
  await Promise.all(Array.from({ length: 20 }, (_, i) => limiter.hit(`login:user${(hits + i) % 50}@example.com`, 5, 60)));
  hits += 20;
  if (hits % 200 === 0) process.stdout.write(`hits ${hits}\n`);
}
