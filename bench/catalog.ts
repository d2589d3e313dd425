/**
 * Catalogue benchmark (issue 3): product listing with filters, facet counts and the header
 * search against a real API process on PostgreSQL with the demo catalogue.
 *
 *   npm run bench:catalog [-- --products 1000000 --duration 15 --connections 50]
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/drop_bench) is created when
 * missing and seeded once (reused on later runs). Prints requests/s, p50/p95/p99 and errors per
 * scenario, with a Fastify hello-world on the same machine as the ceiling.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { catalogPaths, ensureCatalogue, percentile, startApi } from './lib.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: '3390' },
    /** Comma-separated subset of: cold, hello, list, list-miss, facets, facets-selected, search. */
    only: { type: 'string', default: 'cold,hello,list,list-miss,facets,facets-selected,search' },
  },
});
const PRODUCTS = Number(values.products);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const PORT = Number(values.port);
const ONLY = new Set(values.only.split(','));
const dbUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/drop_bench';

/** A non-verified reseller with a discount: every price goes through the whole rule. */
async function benchUser(db: pg.Client): Promise<string> {
  const { hashPassword } = await import('../apps/api/src/lib/security.ts');
  const email = 'bench-reseller@drop.local';
  const password = 'bench-password-1';
  await db.query(
    `INSERT INTO users (email, name, password_hash, is_verified, discount, markup, email_verified_at)
     VALUES ($1, 'Bench', $2, false, 5, 15, now())
     ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash, is_verified = false, discount = 5, markup = 15`,
    [email, await hashPassword(password)],
  );
  const r = await fetch(`http://127.0.0.1:${PORT}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, device_token: 'bench' }),
  });
  const body = (await r.json()) as { data: { token: string } };
  return body.data.token;
}

interface Figures {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(name: string, port: number, paths: string[] | ((i: number) => string), headers: Record<string, string>): Promise<Figures> {
  const pathOf = typeof paths === 'function' ? paths : (k: number) => paths[k % paths.length]!;
  let i = 0;
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS,
        duration: DURATION,
        headers,
        requests: [{ setupRequest: (req) => ({ ...req, path: pathOf(i++) }) }],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_c, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  return {
    name,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** One request at a time over `paths` (each once): latency without queueing. */
async function sequential(name: string, paths: string[], headers: Record<string, string>): Promise<Figures> {
  const times: number[] = [];
  let non2xx = 0;
  for (const p of paths) {
    const t0 = performance.now();
    const r = await fetch(`http://127.0.0.1:${PORT}${p}`, { headers });
    await r.arrayBuffer();
    times.push(performance.now() - t0);
    if (r.status < 200 || r.status >= 300) non2xx++;
  }
  times.sort((a, b) => a - b);
  return { name, requests: paths.length, rps: 0, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), errors: 0, non2xx };
}

async function helloWorld(): Promise<Figures> {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: PORT + 1, host: '127.0.0.1' });
  try {
    return await load('fastify hello-world (ceiling)', PORT + 1, ['/'], {});
  } finally {
    await app.close();
  }
}

async function main() {
  await ensureCatalogue(dbUrl, PRODUCTS);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const total = Number((await db.query('SELECT count(*)::int AS n FROM products')).rows[0].n);
  const server = await startApi(dbUrl, PORT);
  try {
    const token = await benchUser(db);
    const headers = { authorization: `Bearer ${token}`, 'x-localization': 'uk' };

    const paths = await catalogPaths(db);
    const { list: listPaths, facets: facetPaths, facetsSelected: facetSelPaths, search: searchPaths } = paths;

    // Cold: each distinct aggregate once, one request at a time, before anything is cached.
    const cold: Figures[] = [];
    if (ONLY.has('cold')) {
      cold.push(await sequential('cold GET /products (count not cached yet)', listPaths.filter((_, k) => k % 3 === 0).slice(0, 200), headers));
      cold.push(await sequential('cold GET /filters with a selected filter', facetSelPaths.slice(0, 200), headers));
      cold.push(await sequential('cold header search', searchPaths.slice(-200), headers));
    }

    // Warm up caches and connections.
    for (const p of [...listPaths.slice(0, 20), ...facetPaths.slice(0, 20), ...searchPaths.slice(0, 20)])
      await fetch(`http://127.0.0.1:${PORT}${p}`, { headers });

    const results: Figures[] = [];
    if (ONLY.has('hello')) results.push(await helloWorld());
    if (ONLY.has('list')) results.push(await load('GET /products: leaf + 2 filters + price range, 20/page', PORT, listPaths, headers));
    if (ONLY.has('list-miss')) {
      // Every request a price range never asked before (the upper bound moves by a kopeck): its
      // count and id page are computed afresh; only product rows may be in memory already.
      const missPath = (k: number) => {
        const base = listPaths[k % listPaths.length]!;
        const cents = String(Math.floor(k / listPaths.length) % 100).padStart(2, '0');
        const bump = Math.floor(k / (listPaths.length * 100));
        return base.replace(/price_to=(\d+)/, (_m, to: string) => `price_to=${Number(to) + bump}.${cents}`);
      };
      results.push(await load('GET /products, never-seen price range each time (no cached page)', PORT, missPath, headers));
    }
    if (ONLY.has('facets')) results.push(await load('GET /filters: category page (no selection)', PORT, facetPaths, headers));
    if (ONLY.has('facets-selected')) results.push(await load('GET /filters: leaf with a selected filter', PORT, facetSelPaths, headers));
    if (ONLY.has('search')) results.push(await load('header search: 5 results, with a typo', PORT, searchPaths, headers));

    const ceiling = ONLY.has('hello') ? results[0]!.rps : Number.NaN;
    if (cold.length > 0) {
      console.log(`\nCold requests, one at a time (first request for each distinct aggregate):`);
      console.log('| scenario | requests | p50 ms | p95 ms | p99 ms | non-2xx |');
      console.log('|---|---:|---:|---:|---:|---:|');
      for (const r of cold) console.log(`| ${r.name} | ${r.requests} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.non2xx} |`);
    }
    console.log(
      `\ndistinct paths: list ${listPaths.length}, facets ${facetPaths.length}, facets with a selection ${facetSelPaths.length}, search ${searchPaths.length}`,
    );
    console.log(`\nCatalogue benchmark: ${total.toLocaleString('en')} products on PostgreSQL, ${CONNECTIONS} connections, ${DURATION} s each`);
    console.log('| scenario | req/s | vs hello | p50 ms | p95 ms | p99 ms | errors | non-2xx |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of results) {
      console.log(
        `| ${r.name} | ${r.rps} | ${((r.rps / ceiling) * 100).toFixed(1)} % | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.non2xx} |`,
      );
    }
    console.log(`\nsample paths:\n  ${listPaths[0]}\n  ${facetSelPaths[0]}\n  ${decodeURIComponent(searchPaths[0]!)}`);
  } finally {
    server.kill('SIGTERM');
    await db.end();
  }
}

await main();
