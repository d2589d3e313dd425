/** What the benchmarks share: the API process under test and percentiles. */
import { spawn, type ChildProcess } from 'node:child_process';
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
    env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(port), LOG_LEVEL: 'warn', DEMO_PRODUCTS: '0', NODE_ENV: 'production', SMTP_URL: '', REDIS_URL: '', NODE_OPTIONS: process.env.BENCH_API_NODE_OPTIONS ?? '' },
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
  await run(path.join(root, 'node_modules/.bin/tsx'), ['apps/api/src/cli/seed.ts', '--products', String(products)], { DATABASE_URL: dbUrl, DEMO_PRODUCTS: '0' });
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
