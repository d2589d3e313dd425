/** What the benchmarks share: the API process under test and percentiles. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * Starts the API (production mode, no mail, no Redis, no demo data) on `dbUrl` and waits until
 * it answers. BENCH_API_NODE_OPTIONS is passed on (e.g. --cpu-prof).
 */
export async function startApi(dbUrl: string, port: number): Promise<ChildProcess> {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DEMO_PRODUCTS: '0',
      NODE_ENV: 'production',
      NP_EMULATOR: '1',
      SMTP_URL: '',
      REDIS_URL: '',
      NODE_OPTIONS: process.env.BENCH_API_NODE_OPTIONS ?? '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/config`)).ok) return child;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill();
  throw new Error('API did not start');
}

/** Resident memory of a process in kB (`VmHWM`: its peak so far); 0 when it is gone. */
export function rssKb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Waits until `url` answers 200 (two minutes at most); fails when `child` exits first. */
export async function waitFor(url: string, child: ChildProcess, what: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGKILL');
  throw new Error(`${what} did not start`);
}

/**
 * The API in production mode on `dbUrl`, as its own node process (its pid is the server's, for
 * RSS and profiles), with no mail, no Redis, no demo data and per-IP limits out of the way.
 * BENCH_API_NODE_OPTIONS is passed on (e.g. --cpu-prof).
 */
export async function startApiProcess(opts: { dbUrl: string; port: number; dataDir: string; publicUrl?: string }): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: opts.dbUrl,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      ...(opts.publicUrl ? { PUBLIC_URL: opts.publicUrl } : {}),
      LOG_LEVEL: 'warn',
      DEMO_PRODUCTS: '0',
      NODE_ENV: 'production',
      // The built-in Nova Poshta emulator, as production refuses to start without a carrier.
      NP_EMULATOR: '1',
      SMTP_URL: '',
      REDIS_URL: '',
      RATE_LIMIT_PER_IP: '1000000',
      NODE_OPTIONS: process.env.BENCH_API_NODE_OPTIONS ?? '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${opts.port}/api/v1/config`, child, 'API');
  return child;
}

/** Fastify's hello-world in a process of its own, like the API: the ceiling of a run. */
export async function startHello(port: number): Promise<ChildProcess> {
  const code = `import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => ({ hello: 'world' })); await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: path.join(root, 'apps/api'), stdio: ['ignore', 'ignore', 'inherit'] });
  await waitFor(`http://127.0.0.1:${port}/`, child, 'hello-world');
  return child;
}

/** The p-th percentile of ascending `sorted` (0 when empty). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function run(cmd: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`))));
  });
}

/**
 * Creates the database `dbUrl` when missing and fills its catalogue with `products` demo
 * products (reused when it already has that many; `npm run seed` does the work).
 */
export async function ensureCatalogue(dbUrl: string, products: number): Promise<void> {
  const u = new URL(dbUrl);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  await admin.end();
  await run(path.join(root, 'node_modules/.bin/tsx'), ['apps/api/src/cli/seed.ts', '--products', String(products)], {
    DATABASE_URL: dbUrl,
    DEMO_PRODUCTS: '0',
  });
}

/** A JSON call to the API on `port` (benchmarks read known shapes). */
export async function apiJson(port: number, method: string, p: string, token: string | null, body?: unknown) {
  const r = await fetch(`http://127.0.0.1:${port}${p}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bench scripts reading known API shapes
  return { status: r.status, body: (await r.json().catch(() => null)) as any };
}

/** A deterministic pseudo-random number in [0, 1). */
export const rnd = (() => {
  let s = 42;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
})();

/** `word` with one letter dropped or two swapped. */
export function typo(word: string): string {
  const i = 1 + Math.floor(rnd() * (word.length - 2));
  const chars = [...word];
  if (rnd() < 0.5) chars.splice(i, 1);
  else [chars[i], chars[i + 1]] = [chars[i + 1]!, chars[i]!];
  return chars.join('');
}

/**
 * The request paths of the catalogue scenarios: filtered list pages of every leaf (two property
 * filters and a price range, pages 1-3), facet counts with and without a selection, 2000 header
 * searches with a typo each, and 20,000 product pages over the whole catalogue.
 */
export async function catalogPaths(db: pg.Client) {
  const leaves = (await db.query(`SELECT id FROM categories c WHERE NOT EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c.id) ORDER BY id`)).rows.map(
    (r) => Number(r.id),
  );
  const list: string[] = [];
  const facetsSelected: string[] = [];
  for (const leaf of leaves) {
    const facets = (
      await db.query(
        `SELECT v.property_type_id AS t, cf.property_value_id AS v FROM category_facets cf JOIN property_values v ON v.id = cf.property_value_id
         WHERE cf.category_id = $1 ORDER BY cf.products_count DESC`,
        [leaf],
      )
    ).rows as { t: number; v: number }[];
    const byType = new Map<number, number[]>();
    for (const f of facets) byType.set(f.t, [...(byType.get(f.t) ?? []), f.v]);
    const types = [...byType.entries()].slice(0, 2);
    if (types.length < 2) continue;
    const prices = (
      await db.query(`SELECT percentile_disc(ARRAY[0.1, 0.9]) WITHIN GROUP (ORDER BY drop_kop) AS p FROM products WHERE category_id = $1`, [leaf])
    ).rows[0].p as number[];
    const from = Math.floor(Number(prices[0]) / 100);
    const to = Math.ceil((Number(prices[1]) * 1.12) / 100);
    for (let k = 0; k < 3; k++) {
      const a = types[0]![1][k % types[0]![1].length]!;
      const b = types[1]![1][k % types[1]![1].length]!;
      for (let page = 1; page <= 3; page++) {
        list.push(
          `/api/v1/products?category_id=${leaf}&filters[]=${types[0]![0]}_${a}&filters[]=${types[1]![0]}_${b}&price_from=${from}&price_to=${to}&per_page=20&page=${page}`,
        );
      }
      facetsSelected.push(`/api/v1/filters?category_id=${leaf}&selected_filters[]=${types[0]![0]}_${a}`);
    }
  }
  const facets = (await db.query('SELECT id FROM categories ORDER BY id')).rows.map((r) => `/api/v1/filters?category_id=${Number(r.id)}`);
  const names = (await db.query(`SELECT name_uk, name_ru FROM products WHERE id % 499 = 0 LIMIT 2000`)).rows as { name_uk: string; name_ru: string }[];
  const search = names.map((n, k) => {
    const words = (k % 2 ? n.name_ru : n.name_uk).split(/\s+/).filter((w) => w.length >= 5 && /^\p{L}+$/u.test(w));
    const w = words[k % Math.max(1, words.length)] ?? n.name_uk.split(' ')[0]!;
    const other = words.find((x) => x !== w);
    return `/api/v1/products?search=${encodeURIComponent(other ? `${typo(w)} ${other}` : typo(w))}&per_page=5`;
  });
  const maxId = Number((await db.query('SELECT max(id) AS m FROM products')).rows[0].m);
  // 20,000 distinct product pages spread over the whole catalogue.
  const product = Array.from({ length: 20_000 }, () => `/api/v1/products/${1 + Math.floor(rnd() * maxId)}`);
  return { list, facets, facetsSelected, search, product };
}

/** A COD order to a Nova Poshta branch (the recipient pays the delivery). */
export const orderBody = (city: { ref: string; name: string }, branch: { ref: string; name: string }) => ({
  last_name: 'Бенчмарк',
  first_name: 'Олена',
  phone: '0671234567',
  delivery_service: 'NovaPoshta',
  delivery_method: 'Branch',
  delivery_type: 'NovaPoshta',
  payment_delivery: 'Recipient',
  payment_method: 'COD',
  city_ref: city.ref,
  city_name: city.name,
  branch_ref: branch.ref,
  branch_name: branch.name,
});
