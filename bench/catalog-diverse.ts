/**
 * Catalogue reads under diverse traffic (issue 31): what resellers do, not the same pages again.
 *
 *   npm run bench:diverse [-- --products 1000000 --duration 10 --connections 50 --threads 2 --only hello,list-new]
 *
 * wrk (Debian's package: a C load generator, so the generator is not the bottleneck; its own CPU
 * is printed per scenario) drives a real API process on PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/drop_bench, seeded once with the demo catalogue) next to a
 * Fastify hello-world in a process of its own, in the same run. Each wrk thread builds its requests in Lua:
 *
 * - `list-seen`: 40 filtered list pages (two property filters and a price range), again and again;
 * - `list-new`: the same category pages with a price range never asked before on every request
 *   (a bound moved by a kopeck per request) and a page of 1-5;
 * - `search`: the header search over 2,500 distinct queries with a typo, from the words of the
 *   catalogue's names (its warm-up asks 500 others);
 * - `product`: product pages uniform over the whole catalogue;
 * - `facets`: the facet counts of 40 categories;
 * - `user`: `/auth/user` (a signed-in request that reads almost nothing).
 *
 * Each scenario first runs `--warmup` seconds of the same traffic, not counted. Per scenario: requests/s and its share of the hello-world's, p50/p95/p99 (wrk's histogram),
 * errors and non-2xx answers, the read model's hit rate of its `pages`, `slices` and `rows` caches
 * (GET /admin/catalog/read-model before and after), the API's peak RSS and wrk's CPU.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { catalogPaths, ensureCatalogue, rssKb, startApiProcess, startHello, typo } from './lib.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    threads: { type: 'string', default: '2' },
    port: { type: 'string', default: '3392' },
    /** Seconds of the same traffic before each measured run (JIT, connection pool), not counted. */
    warmup: { type: 'string', default: '3' },
    only: { type: 'string', default: 'hello,list-seen,list-new,search,product,facets,user' },
  },
});
const PRODUCTS = Number(values.products);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const THREADS = Number(values.threads);
const WARMUP = Number(values.warmup);
const PORT = Number(values.port);
const HELLO_PORT = PORT + 1;
const ONLY = values.only.split(',');
const dbUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/drop_bench';
const WRK = process.env.WRK ?? '/usr/bin/wrk';

interface Row {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  pagesHit: string;
  slicesHit: string;
  rowsHit: string;
  rssMb: number;
  wrkCpu: string;
  note: string;
}

/** user + system CPU seconds of a process so far (/proc/<pid>/stat). */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in clock ticks of 1/100 s (USER_HZ on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return -1;
  }
}

/** A user of `role` with a known password, signed in: the reseller has a discount (every price goes through the whole rule). */
async function tokenOf(db: pg.Client, role: 'reseller' | 'admin'): Promise<string> {
  const { hashPassword, newToken } = await import('../apps/api/src/lib/security.ts');
  const email = `bench-diverse-${role}@drop.local`;
  const password = 'bench-password-1';
  const { rows } = await db.query(
    `INSERT INTO users (email, name, password_hash, is_verified, discount, markup, email_verified_at, role)
     VALUES ($1, 'Bench', $2, false, 5, 15, now(), $3)
     ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash, role = EXCLUDED.role RETURNING id`,
    [email, await hashPassword(password), role],
  );
  if (role === 'admin') {
    // Staff sign in with a mailed code and the bench sends no mail: its session is written as sign-in would write it.
    const userId = Number(rows[0].id);
    const device = await db.query(
      `INSERT INTO devices (user_id, device_token, name) VALUES ($1, 'bench-diverse', 'bench')
       ON CONFLICT (user_id, device_token) DO UPDATE SET used_at = now() RETURNING id`,
      [userId],
    );
    const { token, hash } = newToken();
    await db.query('INSERT INTO access_tokens (user_id, device_id, token_hash) VALUES ($1, $2, $3)', [userId, Number(device.rows[0].id), hash]);
    return token;
  }
  const r = await fetch(`http://127.0.0.1:${PORT}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, device_token: `bench-diverse-${role}` }),
  });
  if (!r.ok) throw new Error(`login of ${email}: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { data: { token: string } }).data.token;
}

type CacheStats = { hits: number; misses: number };
async function readModel(token: string): Promise<{ pages: CacheStats; slices: CacheStats; rows: CacheStats }> {
  const r = await fetch(`http://127.0.0.1:${PORT}/api/v1/admin/catalog/read-model`, { headers: { authorization: `Bearer ${token}` } });
  if (!r.ok) throw new Error(`read-model: ${r.status}`);
  return ((await r.json()) as { data: { pages: CacheStats; slices: CacheStats; rows: CacheStats } }).data;
}

const rate = (a: CacheStats, b: CacheStats) => {
  const hits = b.hits - a.hits;
  const all = hits + b.misses - a.misses;
  return all === 0 ? '–' : `${((100 * hits) / all).toFixed(0)} % of ${all.toLocaleString('en-US')}`;
};

const lua = (s: string) => JSON.stringify(s); // a JSON string is a valid Lua string literal for these ASCII paths

/**
 * The wrk script of a scenario: `body` defines `path()` returning the next request's path; every
 * thread seeds its own generator, and done() prints the summary as one JSON line.
 */
function script(body: string, token: string | null): string {
  return `
local tid = 0
local counter = 0
setup = function(thread) thread:set("tid", tid); tid = tid + 1 end
init = function(args)
  math.randomseed(os.time() * 1000 + tid * 7919)
  ${token ? `wrk.headers["Authorization"] = ${lua(`Bearer ${token}`)}` : ''}
  wrk.headers["Accept"] = "application/json"
  wrk.headers["X-Localization"] = "uk"
end
${body}
request = function()
  counter = counter + 1
  return wrk.format("GET", path())
end
done = function(summary, latency, requests)
  io.write(string.format('{"requests":%d,"duration_us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p95":%d,"p99":%d}\\n',
    summary.requests, summary.duration, summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.status, summary.errors.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`;
}

const table = (name: string, paths: string[]) => `local ${name} = {${paths.map(lua).join(',')}}`;

/** Runs wrk for `seconds` on `port` with the scenario's script file (nothing is measured here). */
const spawnWrk = (file: string, port: number, seconds: number) =>
  spawn(WRK, ['-t', String(THREADS), '-c', String(CONNECTIONS), '-d', `${seconds}s`, '--timeout', '10s', '-s', file, `http://127.0.0.1:${port}`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });

async function wrk(
  name: string,
  port: number,
  scriptText: string,
  warmText: string,
  rssPid: number | null,
  before?: () => Promise<void>,
): Promise<Omit<Row, 'pagesHit' | 'slicesHit' | 'rowsHit' | 'note'>> {
  const file = path.join(os.tmpdir(), `drop-bench-${name}.lua`);
  fs.writeFileSync(file, scriptText);
  if (WARMUP > 0) {
    const warmFile = path.join(os.tmpdir(), `drop-bench-${name}-warm.lua`);
    fs.writeFileSync(warmFile, warmText);
    const warm = spawnWrk(warmFile, port, WARMUP);
    warm.stdout.resume();
    await new Promise((resolve) => warm.on('exit', resolve));
  }
  await before?.();
  const child = spawnWrk(file, port, DURATION);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  let cpu = 0;
  let peak = 0;
  const sample = setInterval(() => {
    const c = cpuSeconds(child.pid!);
    if (c >= 0) cpu = c;
    if (rssPid) peak = Math.max(peak, rssKb(rssPid));
  }, 100);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(sample);
  if (code !== 0) throw new Error(`wrk ${name} exited with ${code}:\n${out}`);
  const json = out.split('\n').find((l) => l.startsWith('{"requests"'));
  if (!json) throw new Error(`wrk ${name} printed no summary:\n${out}`);
  const s = JSON.parse(json) as {
    requests: number;
    duration_us: number;
    connect: number;
    read: number;
    write: number;
    status: number;
    timeout: number;
    p50: number;
    p95: number;
    p99: number;
  };
  const seconds = s.duration_us / 1e6;
  return {
    name,
    rps: Math.round(s.requests / seconds),
    p50: s.p50 / 1000,
    p95: s.p95 / 1000,
    p99: s.p99 / 1000,
    requests: s.requests,
    errors: s.connect + s.read + s.write + s.timeout,
    non2xx: s.status,
    rssMb: Math.round(peak / 1024),
    wrkCpu: `${((100 * cpu) / seconds).toFixed(0)} % of a core`,
  };
}

/** At least `n` distinct header-search queries with a typo, from the words of the catalogue's names. */
async function typoQueries(db: pg.Client, n: number): Promise<string[]> {
  const words = (
    await db.query(
      `SELECT DISTINCT w FROM (SELECT regexp_split_to_table(lower(name_uk || ' ' || name_ru), '\\s+') AS w FROM products TABLESAMPLE SYSTEM (1)) s
       WHERE length(w) >= 5 AND w ~ '^[[:alpha:]]+$'`,
    )
  ).rows.map((r) => String(r.w));
  const out = new Set<string>();
  for (let k = 0; out.size < n && k < words.length * 4; k++) {
    const w = words[k % words.length]!;
    const other = words[(k * 7 + 3) % words.length]!;
    // One word with a typo, or it and a second word (the header search takes both).
    out.add(k < words.length ? typo(w) : `${typo(w)} ${other}`);
  }
  if (out.size < n) throw new Error(`only ${out.size} distinct typo queries from ${words.length} words`);
  return [...out].map((q) => `/api/v1/products?search=${encodeURIComponent(q)}&per_page=5`);
}

async function main() {
  if (!fs.existsSync(WRK)) throw new Error(`${WRK} is missing: apt-get install -y wrk`);
  await ensureCatalogue(dbUrl, PRODUCTS);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const hello = await startHello(HELLO_PORT);
  const api = await startApiProcess({ dbUrl, port: PORT, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'drop-bench-diverse-')) });
  const rows: Row[] = [];
  try {
    const reseller = await tokenOf(db, 'reseller');
    const admin = await tokenOf(db, 'admin');
    const paths = await catalogPaths(db);
    const seen = paths.list.filter((p) => p.includes('&page=1')).slice(0, 40);
    // The same category pages without their price range and page: the script adds both per request.
    const bases = paths.list.filter((p) => p.includes('&page=1')).map((p) => p.replace(/&price_from=[^&]*&price_to=[^&]*/, '').replace(/&page=1$/, ''));
    // The measured queries and, apart from them, the warm-up's: the measured run starts on queries not asked before.
    const allSearch = await typoQueries(db, 3000);
    const search = allSearch.slice(0, 2500);
    const warmSearch = allSearch.slice(2500);
    const { rows: ids } = await db.query('SELECT min(id) AS a, max(id) AS b FROM products');
    const minId = Number(ids[0].a);
    const maxId = Number(ids[0].b);
    const facets = paths.facets.slice(0, 40);
    const scenarios: Record<string, { port: number; note: string; body: string; token: string | null; warm?: string }> = {
      hello: { port: HELLO_PORT, note: 'Fastify hello-world, a process of its own', body: 'path = function() return "/" end', token: null },
      'list-seen': {
        port: PORT,
        note: `${seen.length} filtered pages, again and again`,
        body: `${table('P', seen)}\npath = function() return P[math.random(#P)] end`,
        token: reseller,
      },
      'list-new': {
        port: PORT,
        note: `${bases.length} category pages, a price range never asked before on each request, page 1-5`,
        // price_to moves by a kopeck per request of each thread (threads apart by their id): never the same range twice,
        // and always above price_from (a range the wrong way round is a 422).
        body: `${table('B', bases)}\npath = function()\n  local to = 600 + (counter * ${THREADS} + tid) / 100\n  return B[math.random(#B)] .. "&price_from=" .. math.random(50, 400) .. "&price_to=" .. string.format("%.2f", to) .. "&page=" .. math.random(5)\nend`,
        token: reseller,
      },
      search: {
        port: PORT,
        note: `${search.length} distinct queries with a typo (the warm-up asks ${warmSearch.length} others)`,
        body: `${table('S', search)}\npath = function() return S[math.random(#S)] end`,
        warm: `${table('S', warmSearch)}\npath = function() return S[math.random(#S)] end`,
        token: reseller,
      },
      product: {
        port: PORT,
        note: `uniform over ids ${minId}-${maxId}`,
        body: `path = function() return "/api/v1/products/" .. math.random(${minId}, ${maxId}) end`,
        token: reseller,
      },
      facets: {
        port: PORT,
        note: `${facets.length} categories`,
        body: `${table('F', facets)}\npath = function() return F[math.random(#F)] end`,
        token: reseller,
      },
      user: { port: PORT, note: 'signed-in, reads one row', body: 'path = function() return "/api/v1/auth/user" end', token: reseller },
    };
    for (const name of ONLY) {
      const s = scenarios[name];
      if (!s) throw new Error(`unknown scenario ${name}`);
      let before: Awaited<ReturnType<typeof readModel>> | null = null;
      const r = await wrk(name, s.port, script(s.body, s.token), script(s.warm ?? s.body, s.token), s.port === PORT ? api.pid! : null, async () => {
        if (s.port === PORT) before = await readModel(admin);
      });
      const after = s.port === PORT ? await readModel(admin) : null;
      const b = before as Awaited<ReturnType<typeof readModel>> | null;
      rows.push({
        ...r,
        note: s.note,
        pagesHit: b && after ? rate(b.pages, after.pages) : '–',
        slicesHit: b && after ? rate(b.slices, after.slices) : '–',
        rowsHit: b && after ? rate(b.rows, after.rows) : '–',
      });
      console.error(`${name}: ${r.rps} req/s, p95 ${r.p95} ms, p99 ${r.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}`);
    }
  } finally {
    api.kill('SIGTERM');
    hello.kill('SIGTERM');
    await db.end();
  }
  const helloRps = rows.find((r) => r.name === 'hello')?.rps ?? 0;
  console.log(
    `\nCatalogue reads under diverse traffic: ${new Date().toISOString()}, ${os.cpus().length} cores, ${PRODUCTS.toLocaleString('en-US')} products on PostgreSQL, wrk ${THREADS} threads, ${CONNECTIONS} connections, ${DURATION} s each.\n`,
  );
  console.log(
    '| scenario | req/s | vs hello-world | p50 ms | p95 ms | p99 ms | errors | non-2xx | read model: pages hit | slices hit | rows hit | API RSS peak | wrk CPU | what |',
  );
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|---|---|---|--:|---|---|');
  for (const r of rows) {
    const share = helloRps ? `${((100 * r.rps) / helloRps).toFixed(1)} %` : '–';
    console.log(
      `| ${r.name} | ${r.rps.toLocaleString('en-US')} | ${share} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.non2xx} | ${r.pagesHit} | ${r.slicesHit} | ${r.rowsHit} | ${r.rssMb ? `${r.rssMb} MB` : '–'} | ${r.wrkCpu} | ${r.note} |`,
    );
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
