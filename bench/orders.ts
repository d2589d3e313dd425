/**
 * Order placement benchmark (issue 6): resellers each add a product to their cart and place an
 * order (COD, a Nova Poshta branch), concurrently, against a real API process on PostgreSQL with
 * the demo catalogue. Every order reserves stock and queues its reservation job in the same
 * transaction.
 *
 *   npm run bench:orders [-- --duration 15 --concurrency 50]
 *
 * Uses BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/drop_bench); the catalogue
 * must exist (`npm run bench:catalog` seeds it, or `npm run seed`). Prints orders/s and the
 * placement latency (p50/p95/p99), the reservation jobs queued and done, and a Fastify
 * hello-world on the same machine as the ceiling.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { apiJson, orderBody, percentile, startApi } from './lib.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    concurrency: { type: 'string', default: '50' },
    port: { type: 'string', default: '3392' },
  },
});
const DURATION = Number(values.duration);
const CONCURRENCY = Number(values.concurrency);
const PORT = Number(values.port);
const dbUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/drop_bench';

async function helloWorld(): Promise<number> {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: PORT + 1, host: '127.0.0.1' });
  try {
    const r = await autocannon({ url: `http://127.0.0.1:${PORT + 1}`, connections: CONCURRENCY, duration: 5 });
    return Math.round(r.requests.average);
  } finally {
    await app.close();
  }
}

const json = (method: string, p: string, token: string | null, body?: unknown) => apiJson(PORT, method, p, token, body);

async function main() {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const total = Number((await db.query('SELECT count(*)::int AS n FROM products')).rows[0].n);
  if (total === 0) throw new Error('empty catalogue: run npm run bench:catalog (or npm run seed) first');
  // Products with plenty of stock, so the run measures placement, not running out.
  const products = (await db.query(`SELECT id, retail_kop FROM products WHERE qty > 0 ORDER BY id DESC LIMIT 200`)).rows as {
    id: number;
    retail_kop: string;
  }[];
  await db.query(`UPDATE products SET qty = 1000000 WHERE id = ANY($1::int[])`, [products.map((p) => p.id)]);
  const server = await startApi(dbUrl, PORT);
  try {
    const { hashPassword } = await import('../apps/api/src/lib/security.ts');
    const hash = await hashPassword('bench-password-1');
    const tokens: string[] = [];
    for (let i = 0; i < CONCURRENCY; i++) {
      const email = `bench-buyer-${i}@drop.local`;
      await db.query(
        `INSERT INTO users (email, name, password_hash, is_verified, email_verified_at) VALUES ($1, 'Bench', $2, true, now())
         ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash, is_verified = true, auto_confirm_orders = false`,
        [email, hash],
      );
      const r = await json('POST', '/api/v1/auth/login', null, { email, password: 'bench-password-1', device_token: 'bench' });
      tokens.push(r.body.data.token);
    }
    const city = (await json('GET', `/api/v1/delivery/cities?search=${encodeURIComponent('Київ')}`, tokens[0]!)).body.data[0];
    const branch = (await json('GET', `/api/v1/delivery/warehouses?city_ref=${city.ref}`, tokens[0]!)).body.data[0];
    const order = orderBody(city, branch);
    const ceiling = await helloWorld();

    const jobsBefore = Number((await db.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'reservation'`)).rows[0].n);
    const ordersBefore = Number((await db.query('SELECT count(*)::int AS n FROM orders')).rows[0].n);
    const times: number[] = [];
    let placed = 0;
    let errors = 0;
    const until = Date.now() + DURATION * 1000;
    const started = performance.now();
    await Promise.all(
      tokens.map(async (token, w) => {
        let k = w;
        while (Date.now() < until) {
          const p = products[k++ % products.length]!;
          const cart = await json('POST', '/api/v1/carts', token, { product_id: p.id, qty: 1, retail_price: Math.ceil(Number(p.retail_kop) * 1.3) / 100 });
          if (cart.status !== 200) {
            errors++;
            continue;
          }
          const t0 = performance.now();
          const r = await json('POST', '/api/v1/orders', token, order);
          times.push(performance.now() - t0);
          if (r.status === 201) placed++;
          else errors++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    const ordersAfter = Number((await db.query('SELECT count(*)::int AS n FROM orders')).rows[0].n);
    // Reservation jobs: queued with each order, run by the API's worker.
    await new Promise((r) => setTimeout(r, 3000));
    const jobs = (await db.query(`SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = 'reservation' GROUP BY state`)).rows as {
      state: string;
      n: number;
    }[];
    const queued = jobs.reduce((s, j) => s + j.n, 0) - jobsBefore;

    console.log(`\nOrder placement: ${total.toLocaleString('en')} products on PostgreSQL, ${CONCURRENCY} resellers at once, ${seconds.toFixed(1)} s`);
    console.log('| figure | value |');
    console.log('|---|---:|');
    console.log(`| fastify hello-world (ceiling), req/s | ${ceiling} |`);
    console.log(`| orders placed | ${placed} (database: ${ordersAfter - ordersBefore}) |`);
    console.log(`| orders/s | ${(placed / seconds).toFixed(1)} (target above 200) |`);
    console.log(`| requests/s incl. the cart call before each order | ${((placed * 2) / seconds).toFixed(1)} |`);
    console.log(
      `| placement p50 / p95 / p99, ms | ${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} / ${percentile(times, 99).toFixed(1)} |`,
    );
    console.log(`| errors | ${errors} |`);
    console.log(`| reservation jobs queued in the run | ${queued} (by state now: ${jobs.map((j) => `${j.state} ${j.n}`).join(', ')}) |`);
  } finally {
    server.kill('SIGTERM');
    await db.end();
  }
}

await main();
