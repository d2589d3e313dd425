/** What the benchmarks share: the API process under test and percentiles. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

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
