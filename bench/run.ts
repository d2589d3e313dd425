/**
 * The whole benchmark (issue 10): one command, PostgreSQL, 1M products and 10k resellers.
 *
 *   npm run bench [-- --duration 15 --connections 50 --mixed-users 100 --mixed-duration 60]
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/drop_bench) is created when
 * missing; its catalogue (1M products, `npm run seed`) and its 10k resellers (each with a ledger
 * of operations) are built once and reused. The API runs in a process of its own (production
 * mode) and, in the same run, a Fastify hello-world process is measured as the ceiling, so every
 * figure is also a ratio. For each scenario: requests/s, p50/p95/p99, errors and the API's
 * resident memory (peak while it ran). Then 100 concurrent mixed users for 60 s, the feed build,
 * and (unless --skip-web) Lighthouse on the SPA. Writes bench/results/latest.md.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { catalogPaths, ensureCatalogue, orderBody, percentile, rnd, root, rssKb, startApiProcess, startHello } from './lib.ts';
import type { Row as WebRow } from './lighthouse.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000000' },
    resellers: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    'mixed-users': { type: 'string', default: '100' },
    'mixed-duration': { type: 'string', default: '60' },
    port: { type: 'string', default: '3396' },
    /** Comma-separated subset of: hello, list, facets, search, product, cart, orders, operations, mixed, feed, web. */
    only: { type: 'string', default: 'hello,list,facets,search,product,cart,orders,operations,mixed,feed,web' },
    'skip-web': { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(root, 'bench/results/latest.md') },
  },
});
const PRODUCTS = Number(values.products);
const RESELLERS = Number(values.resellers);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const MIXED_USERS = Number(values['mixed-users']);
const MIXED_DURATION = Number(values['mixed-duration']);
const PORT = Number(values.port);
const ONLY = new Set(values.only.split(','));
if (values['skip-web']) ONLY.delete('web');
const dbUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/drop_bench';
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-password-1';
/** Resellers that take part in the load (each has a device and a token of its own). */
const ACTIVE = Math.min(RESELLERS, 1000);

interface Row {
  name: string;
  target?: string;
  met?: boolean;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  rssMb: number;
  note?: string;
}

// ── processes and memory ─────────────────────────────────────────────────────────────────────────

/** Samples the API's RSS every 250 ms while `fn` runs; returns fn's result and the peak in MB. */
async function withRss<T>(pid: number, fn: () => Promise<T>): Promise<{ value: T; peakMb: number }> {
  let peak = rssKb(pid);
  const t = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 250);
  try {
    const value = await fn();
    peak = Math.max(peak, rssKb(pid));
    return { value, peakMb: peak / 1024 };
  } finally {
    clearInterval(t);
  }
}

// ── the dataset ──────────────────────────────────────────────────────────────────────────────────

/**
 * 10k verified resellers `bench-r-<n>@drop.local`, each with 25 ledger rows (top-ups, order
 * payments, corrections) and the balance they sum to. Built once; reused when all are there.
 */
async function ensureResellers(db: pg.Client): Promise<void> {
  const have = Number((await db.query(`SELECT count(*)::int AS n FROM users WHERE email LIKE 'bench-r-%@drop.local'`)).rows[0].n);
  if (have >= RESELLERS) return;
  const started = Date.now();
  const { hashPassword } = await import('../apps/api/src/lib/security.ts');
  const hash = await hashPassword(PASSWORD);
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO users (email, name, phone, password_hash, is_verified, markup, discount, email_verified_at, created_at)
     SELECT format('bench-r-%s@drop.local', n), format('Реселер %s', n), format('+38067%s', lpad(n::text, 7, '0')), $1, true, 10 + n % 20, (n % 4) * 2.5, now(), now() - make_interval(days => n % 365)
     FROM generate_series(1, $2::int) AS n
     ON CONFLICT (email) DO NOTHING`,
    [hash, RESELLERS],
  );
  // 25 operations each, amounts signed; balance_kop is the running sum (the ledger's invariant).
  await db.query(
    `INSERT INTO operations (user_id, type, amount_kop, balance_kop, comment, description_uk, description_ru, idempotency_key, created_at)
     SELECT u.id, o.type, o.amount, sum(o.amount) OVER (PARTITION BY u.id ORDER BY o.k), NULL,
            o.d_uk, o.d_ru, format('bench:%s:%s', u.id, o.k), now() - make_interval(days => 26 - o.k)
     FROM users u
     CROSS JOIN LATERAL (
       SELECT k,
              CASE WHEN k % 5 = 1 THEN 'payment' WHEN k % 5 = 0 THEN 'correction' ELSE 'order' END AS type,
              CASE WHEN k % 5 = 1 THEN 500000 + (u.id % 7) * 10000 WHEN k % 5 = 0 THEN -1000 ELSE 12000 + (u.id * k) % 9000 END::bigint AS amount,
              CASE WHEN k % 5 = 1 THEN 'Поповнення балансу' WHEN k % 5 = 0 THEN 'Коригування' ELSE 'Прибуток із замовлення' END AS d_uk,
              CASE WHEN k % 5 = 1 THEN 'Пополнение баланса' WHEN k % 5 = 0 THEN 'Корректировка' ELSE 'Прибыль с заказа' END AS d_ru
       FROM generate_series(1, 25) AS k
     ) o
     WHERE u.email LIKE 'bench-r-%@drop.local'
       AND NOT EXISTS (SELECT 1 FROM operations x WHERE x.user_id = u.id)`,
  );
  await db.query(
    `UPDATE users u SET balance_kop = s.total FROM (SELECT user_id, sum(amount_kop) AS total FROM operations GROUP BY user_id) s
     WHERE s.user_id = u.id AND u.email LIKE 'bench-r-%@drop.local'`,
  );
  await db.query('COMMIT');
  await db.query('ANALYZE users; ANALYZE operations');
  console.log(`  ${RESELLERS.toLocaleString('en')} resellers with their ledgers built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** A fresh token for each of the first ACTIVE resellers (devices and tokens written directly). */
async function issueTokens(db: pg.Client): Promise<{ id: number; token: string }[]> {
  const { newToken } = await import('../apps/api/src/lib/security.ts');
  const users = (await db.query(`SELECT id FROM users WHERE email LIKE 'bench-r-%@drop.local' ORDER BY id LIMIT $1`, [ACTIVE])).rows as { id: number }[];
  const out: { id: number; token: string }[] = [];
  await db.query('BEGIN');
  await db.query(`DELETE FROM devices WHERE user_id = ANY($1::int[]) AND device_token = 'bench'`, [users.map((u) => u.id)]);
  const devices = (
    await db.query(`INSERT INTO devices (user_id, device_token, name) SELECT unnest($1::int[]), 'bench', 'bench' RETURNING id, user_id`, [
      users.map((u) => u.id),
    ])
  ).rows as { id: number; user_id: number }[];
  const tokens = devices.map((d) => ({ ...d, ...newToken() }));
  await db.query(`INSERT INTO access_tokens (user_id, device_id, token_hash) SELECT * FROM unnest($1::int[], $2::int[], $3::text[])`, [
    tokens.map((t) => t.user_id),
    tokens.map((t) => t.id),
    tokens.map((t) => t.hash),
  ]);
  await db.query('COMMIT');
  for (const t of tokens) out.push({ id: t.user_id, token: t.token });
  return out;
}

// ── load ─────────────────────────────────────────────────────────────────────────────────────────

type Req = { path: string; method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> };

async function load(name: string, pid: number | null, port: number, next: (i: number) => Req, connections = CONNECTIONS, duration = DURATION): Promise<Row> {
  let i = 0;
  const times: number[] = [];
  const run = () =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: `http://127.0.0.1:${port}`,
          connections,
          duration,
          requests: [
            {
              setupRequest: (req) => {
                const r = next(i++);
                return {
                  ...req,
                  path: r.path,
                  method: r.method ?? 'GET',
                  body: r.body,
                  headers: { ...(r.body ? { 'content-type': 'application/json' } : {}), ...r.headers },
                };
              },
            },
          ],
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
      instance.on('response', (_c, _status, _bytes, responseTime) => times.push(responseTime));
    });
  const { value: result, peakMb } = pid ? await withRss(pid, run) : { value: await run(), peakMb: 0 };
  times.sort((a, b) => a - b);
  return {
    name,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: result.errors + result.timeouts + result.non2xx,
    rssMb: peakMb,
  };
}

async function json(method: string, p: string, token: string | null, body?: unknown) {
  const r = await fetch(`${base}${p}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'x-localization': 'uk',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bench scripts reading known API shapes
  return { status: r.status, body: (await r.json().catch(() => null)) as any };
}

// ── main ─────────────────────────────────────────────────────────────────────────────────────────

async function main() {
  const startedAt = new Date();
  console.log(`Benchmark on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
  await ensureCatalogue(dbUrl, PRODUCTS);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  await ensureResellers(db);
  const products = Number((await db.query('SELECT count(*)::int AS n FROM products')).rows[0].n);
  const resellers = Number((await db.query(`SELECT count(*)::int AS n FROM users WHERE role = 'reseller'`)).rows[0].n);
  const opsRows = Number((await db.query('SELECT count(*)::int AS n FROM operations')).rows[0].n);
  const pgVersion = (await db.query('SHOW server_version')).rows[0].server_version as string;
  console.log(`  dataset: ${products.toLocaleString('en')} products, ${resellers.toLocaleString('en')} resellers, ${opsRows.toLocaleString('en')} ledger rows`);

  const tokens = await issueTokens(db);
  const ids = tokens.map((t) => t.id);
  await db.query('DELETE FROM cart_lines WHERE user_id = ANY($1::int[])', [ids]);
  // Products with plenty of stock, so placement is measured, not running out.
  const stock = (await db.query(`SELECT id, retail_kop FROM products WHERE qty > 0 ORDER BY id DESC LIMIT 300`)).rows.map((r) => ({
    id: Number(r.id),
    retailKop: Number(r.retail_kop),
  }));
  await db.query(`UPDATE products SET qty = 1000000 WHERE id = ANY($1::int[])`, [stock.map((p) => p.id)]);
  const paths = await catalogPaths(db);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-bench-'));
  const api = await startApiProcess({ dbUrl, port: PORT, dataDir, publicUrl: base });
  const pid = api.pid!;
  const rows: Row[] = [];
  const extra: string[] = [];
  const tok = (i: number) => tokens[i % tokens.length]!;
  const auth = (i: number) => ({ authorization: `Bearer ${tok(i).token}`, 'x-localization': 'uk' });
  try {
    const city = (await json('GET', `/api/v1/delivery/cities?search=${encodeURIComponent('Київ')}`, tok(0).token)).body.data[0];
    const branch = (await json('GET', `/api/v1/delivery/warehouses?city_ref=${city.ref}`, tok(0).token)).body.data[0];
    const orderJson = JSON.stringify(orderBody(city, branch));
    const cartBody = (k: number) => {
      const p = stock[k % stock.length]!;
      return JSON.stringify({ product_id: p.id, qty: 1, retail_price: Math.ceil(p.retailKop * 1.3) / 100 });
    };
    // Warm up connections and the session cache.
    for (let k = 0; k < 200; k++) await fetch(`${base}${paths.list[k % paths.list.length]}`, { headers: auth(k) });
    const idleRss = rssKb(pid) / 1024;

    let ceiling = Number.NaN;
    if (ONLY.has('hello')) {
      const hello = await startHello(PORT + 1);
      const r = await load('Fastify hello-world (ceiling, own process)', hello.pid!, PORT + 1, () => ({ path: '/' }));
      hello.kill('SIGKILL');
      ceiling = r.rps;
      rows.push(r);
    }
    const scenario = async (key: string, name: string, target: string | undefined, p95Target: number | undefined, next: (i: number) => Req) => {
      if (!ONLY.has(key)) return;
      console.log(`  ${name}…`);
      const r = await load(name, pid, PORT, next);
      r.target = target;
      if (p95Target !== undefined) r.met = r.p95 < p95Target && r.errors === 0;
      rows.push(r);
    };
    await scenario('list', 'Product listing: leaf + 2 filters + price range, 20/page', 'p95 < 25 ms', 25, (k) => ({
      path: paths.list[k % paths.list.length]!,
      headers: auth(k),
    }));
    await scenario('facets', 'Facet counts: category page', 'p95 < 50 ms', 50, (k) => ({ path: paths.facets[k % paths.facets.length]!, headers: auth(k) }));
    await scenario('search', 'Header search: 5 results, with a typo', 'p95 < 30 ms', 30, (k) => ({
      path: paths.search[k % paths.search.length]!,
      headers: auth(k),
    }));
    await scenario('product', 'Product page (20,000 distinct products)', undefined, undefined, (k) => ({
      path: paths.product[k % paths.product.length]!,
      headers: auth(k),
    }));
    await scenario('cart', 'Cart add (1,000 resellers, 300 products)', undefined, undefined, (k) => ({
      path: '/api/v1/carts',
      method: 'POST',
      body: cartBody(k * 7 + Math.floor(k / tokens.length)),
      headers: auth(k),
    }));
    await scenario('operations', 'Operations list (first page of 20 of 25+ rows)', undefined, undefined, (k) => ({
      path: '/api/v1/operations?per_page=20',
      headers: auth(k),
    }));
    if (ONLY.has('cart') || ONLY.has('orders') || ONLY.has('mixed')) await db.query('DELETE FROM cart_lines WHERE user_id = ANY($1::int[])', [ids]);

    if (ONLY.has('orders')) {
      console.log('  order placement…');
      // Each of CONNECTIONS resellers in a loop: add a product to the cart, place a COD order.
      const jobsBefore = Number((await db.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'reservation'`)).rows[0].n);
      const times: number[] = [];
      let placed = 0;
      let errors = 0;
      const until = Date.now() + DURATION * 1000;
      const started = performance.now();
      const { peakMb } = await withRss(pid, () =>
        Promise.all(
          Array.from({ length: CONNECTIONS }, async (_, w) => {
            const t = tok(w).token;
            let k = w;
            while (Date.now() < until) {
              const p = stock[k++ % stock.length]!;
              const cart = await json('POST', '/api/v1/carts', t, { product_id: p.id, qty: 1, retail_price: Math.ceil(p.retailKop * 1.3) / 100 });
              if (cart.status !== 200) {
                errors++;
                continue;
              }
              const t0 = performance.now();
              const r = await fetch(`${base}/api/v1/orders`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', authorization: `Bearer ${t}` },
                body: orderJson,
              });
              await r.arrayBuffer();
              times.push(performance.now() - t0);
              if (r.status === 201) placed++;
              else errors++;
            }
          }),
        ),
      );
      const seconds = (performance.now() - started) / 1000;
      times.sort((a, b) => a - b);
      const rate = placed / seconds;
      rows.push({
        name: `Order placement (cart add + COD order; ${CONNECTIONS} resellers at once)`,
        target: '> 200 orders/s',
        met: rate > 200 && errors === 0,
        requests: placed,
        rps: Math.round(rate),
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        errors,
        rssMb: peakMb,
        note: 'orders/s; latency of the order call',
      });
      await new Promise((r) => setTimeout(r, 3000));
      const jobs = Number((await db.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'reservation'`)).rows[0].n) - jobsBefore;
      extra.push(`Order placement queued ${jobs.toLocaleString('en')} reservation jobs for ${placed.toLocaleString('en')} orders.`);
    }

    if (ONLY.has('mixed')) {
      console.log(`  ${MIXED_USERS} mixed users for ${MIXED_DURATION} s…`);
      await db.query('DELETE FROM cart_lines WHERE user_id = ANY($1::int[])', [ids]);
      // Each virtual user is a reseller browsing and buying: list, facets, search, product pages,
      // cart adds, the ledger and, now and then, an order from their cart.
      const actions: { name: string; weight: number }[] = [
        { name: 'list', weight: 25 },
        { name: 'facets', weight: 12 },
        { name: 'search', weight: 15 },
        { name: 'product', weight: 25 },
        { name: 'cart', weight: 12 },
        { name: 'operations', weight: 8 },
        { name: 'order', weight: 3 },
      ];
      const total = actions.reduce((s, a) => s + a.weight, 0);
      const pick = () => {
        let x = rnd() * total;
        for (const a of actions) if ((x -= a.weight) < 0) return a.name;
        return 'list';
      };
      const byAction = new Map<string, number[]>();
      const failures = new Map<string, number>();
      let requests = 0;
      let errors = 0;
      const until = Date.now() + MIXED_DURATION * 1000;
      const started = performance.now();
      const { peakMb } = await withRss(pid, () =>
        Promise.all(
          Array.from({ length: MIXED_USERS }, async (_, u) => {
            const t = tok(u + 100).token;
            let inCart = 0;
            let k = u;
            while (Date.now() < until) {
              k += 17;
              let action = pick();
              if (action === 'order' && inCart === 0) action = 'cart';
              const req: Req =
                action === 'list'
                  ? { path: paths.list[k % paths.list.length]! }
                  : action === 'facets'
                    ? { path: paths.facets[k % paths.facets.length]! }
                    : action === 'search'
                      ? { path: paths.search[k % paths.search.length]! }
                      : action === 'product'
                        ? { path: paths.product[k % paths.product.length]! }
                        : action === 'operations'
                          ? { path: '/api/v1/operations?per_page=20' }
                          : action === 'cart'
                            ? { path: '/api/v1/carts', method: 'POST', body: cartBody(k) }
                            : { path: '/api/v1/orders', method: 'POST', body: orderJson };
              const t0 = performance.now();
              let status = 0;
              try {
                const r = await fetch(`${base}${req.path}`, {
                  method: req.method ?? 'GET',
                  headers: { ...(req.body ? { 'content-type': 'application/json' } : {}), authorization: `Bearer ${t}`, 'x-localization': 'uk' },
                  body: req.body,
                });
                await r.arrayBuffer();
                status = r.status;
              } catch {
                /* a network error counts as status 0 */
              }
              const ms = performance.now() - t0;
              requests++;
              byAction.set(action, [...(byAction.get(action) ?? []), ms]);
              if (status < 200 || status >= 300) {
                errors++;
                failures.set(`${action} ${status}`, (failures.get(`${action} ${status}`) ?? 0) + 1);
              } else if (action === 'cart') inCart++;
              else if (action === 'order') inCart = 0;
            }
          }),
        ),
      );
      const seconds = (performance.now() - started) / 1000;
      const all = [...byAction.values()].flat().sort((a, b) => a - b);
      rows.push({
        name: `Mixed: ${MIXED_USERS} concurrent resellers for ${MIXED_DURATION} s`,
        target: 'no errors',
        met: errors === 0,
        requests,
        rps: Math.round(requests / seconds),
        p50: percentile(all, 50),
        p95: percentile(all, 95),
        p99: percentile(all, 99),
        errors,
        rssMb: peakMb,
      });
      extra.push(
        `Mixed users, per action (count, p95 ms): ${[...byAction.entries()]
          .map(
            ([a, xs]) =>
              `${a} ${xs.length} / ${percentile(
                xs.sort((x, y) => x - y),
                95,
              ).toFixed(1)}`,
          )
          .join('; ')}.` + (failures.size ? ` Failures: ${[...failures.entries()].map(([k, n]) => `${k} ×${n}`).join(', ')}.` : ''),
      );
    }

    if (ONLY.has('feed')) {
      console.log('  feed build…');
      const t = tok(0).token;
      for (const f of (await json('GET', '/api/v1/export-settings', t)).body.data) await json('DELETE', `/api/v1/export-settings/${f.id}`, t);
      for (const m of (await json('GET', '/api/v1/markets', t)).body.data) await json('DELETE', `/api/v1/markets/${m.id}`, t);
      const cats = (await db.query('SELECT id, depth FROM categories WHERE depth < 2 ORDER BY id')).rows as { id: number; depth: number }[];
      const market = await json('POST', '/api/v1/markets', t, {
        name: 'Bench store',
        base_markup: { type: 1, markup: 15 },
        catalog_markup: cats.map((c, i) => ({ id: c.id, markup: c.depth === 0 ? 20 + (i % 10) : 30 + (i % 7) })),
      });
      if (market.status !== 201) throw new Error(`store: ${JSON.stringify(market.body)}`);
      execFileSync('sync');
      const created = await json('POST', '/api/v1/export-settings', t, {
        name: 'Bench full feed',
        file_type: 'yml',
        shop: { short_name: 'Bench', company: 'ФОП Бенч', url: 'https://bench.example' },
        price_source: 'market',
        market_id: market.body.data.id,
      });
      if (created.status !== 201) throw new Error(`feed: ${JSON.stringify(created.body)}`);
      const id = created.body.data.id as number;
      // The build runs in a child process of the API: sample its peak RSS while it runs.
      let buildPeakKb = 0;
      const sampler = setInterval(() => {
        try {
          for (const child of execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
            .split('\n')
            .filter(Boolean))
            buildPeakKb = Math.max(buildPeakKb, rssKb(Number(child), 'VmHWM'));
        } catch {
          /* no child right now */
        }
      }, 100);
      let build: { status: string; offers: number; bytes: number; started_at: string; finished_at: string | null } | undefined;
      const { peakMb } = await withRss(pid, async () => {
        for (;;) {
          build = (await json('GET', `/api/v1/export-settings/${id}/history`, t)).body.data[0];
          if (build && build.status !== 'running') break;
          await new Promise((r) => setTimeout(r, 200));
        }
      });
      clearInterval(sampler);
      if (!build || build.status !== 'done') throw new Error(`feed build ${build?.status}`);
      const seconds = (Date.parse(build.finished_at!) - Date.parse(build.started_at)) / 1000;
      const rate = build.offers / seconds;
      const buildMb = buildPeakKb / 1024;
      rows.push({
        name: `Feed build: full YML, store prices (${build.offers.toLocaleString('en')} offers, ${(build.bytes / 2 ** 20).toFixed(0)} MB)`,
        target: '≥ 100,000 offers/s, build RSS < 200 MB',
        met: rate >= 100_000 && buildMb > 0 && buildMb < 200,
        requests: build.offers,
        rps: Math.round(rate),
        p50: Number.NaN,
        p95: Number.NaN,
        p99: Number.NaN,
        errors: 0,
        rssMb: peakMb,
        note: `offers/s; build ${seconds.toFixed(2)} s; build process peak RSS ${buildMb.toFixed(0)} MB`,
      });
    }

    let web: WebRow[] = [];
    if (ONLY.has('web')) {
      console.log('  Lighthouse…');
      const { lighthouseRun } = await import('./lighthouse.ts');
      web = await lighthouseRun({ port: PORT, databaseUrl: dbUrl });
    }

    // ── report ──
    const fmt = (n: number) => (Number.isNaN(n) ? '–' : n.toFixed(1));
    const lines: string[] = [];
    lines.push(`# Benchmark results`);
    lines.push('');
    lines.push(
      `\`npm run bench\`, ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, PostgreSQL ${pgVersion} on the same machine.`,
    );
    lines.push(
      `Dataset: ${products.toLocaleString('en')} products, ${resellers.toLocaleString('en')} resellers, ${opsRows.toLocaleString('en')} ledger rows. ${CONNECTIONS} connections, ${DURATION} s per scenario; the load generator runs on the same machine. API idle RSS after warm-up ${idleRss.toFixed(0)} MB.`,
    );
    lines.push('');
    lines.push('| scenario | req/s | vs hello-world | p50 ms | p95 ms | p99 ms | errors | API RSS peak | target | met |');
    lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---|:-:|');
    for (const r of rows) {
      // Offers/s of a feed build are not requests: no ratio to the hello-world.
      const ratio =
        r === rows[0] && ONLY.has('hello') ? '100 %' : Number.isNaN(ceiling) || Number.isNaN(r.p50) ? '–' : `${((r.rps / ceiling) * 100).toFixed(1)} %`;
      lines.push(
        `| ${r.name}${r.note ? ` (${r.note})` : ''} | ${r.rps.toLocaleString('en')} | ${ratio} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.errors} | ${r.rssMb.toFixed(0)} MB | ${r.target ?? ''} | ${r.met === undefined ? '' : r.met ? 'yes' : '**no**'} |`,
      );
    }
    lines.push('');
    for (const e of extra) lines.push(`- ${e}`);
    if (web.length) {
      lines.push('');
      lines.push('Lighthouse (Debian Chromium, production build served by the API; median of runs):');
      lines.push('');
      lines.push('| page | form factor | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | CLS | transfer kB |');
      lines.push('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
      for (const w of web)
        lines.push(
          `| ${w.page} | ${w.formFactor} | ${w.performance} | ${w.accessibility} | ${w.bestPractices} | ${Math.round(w.fcpMs)} | ${Math.round(w.lcpMs)} | ${Math.round(w.tbtMs)} | ${w.cls.toFixed(3)} | ${Math.round(w.transferKb)} |`,
        );
      lines.push('');
      lines.push('Targets: performance ≥ 95 desktop, ≥ 90 mobile; accessibility ≥ 95.');
    }
    const missed = rows.filter((r) => r.met === false).map((r) => r.name);
    const webMissed = web
      .filter((w) => w.accessibility < 95 || w.performance < (w.formFactor === 'desktop' ? 95 : 90))
      .map((w) => `${w.page} (${w.formFactor})`);
    lines.push('');
    lines.push(missed.length + webMissed.length === 0 ? 'Every target met.' : `Targets missed: ${[...missed, ...webMissed].join('; ')}.`);
    const md = `${lines.join('\n')}\n`;
    fs.mkdirSync(path.dirname(values.out), { recursive: true });
    fs.writeFileSync(values.out, md);
    console.log(`\n${md}\nwritten to ${path.relative(root, values.out)}`);
    process.exitCode = missed.length + webMissed.length === 0 ? 0 : 1;
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    await db.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
