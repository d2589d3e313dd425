/**
 * Runs one feed build in a process of its own (feed-build.worker.ts) and answers its result;
 * the job queue does this on PostgreSQL, and the benchmark measures the same thing.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FeedBuildTrigger } from '@drop/shared/feeds';
import type { FeedBuildResult } from './feed-build.ts';

const workerPath = fileURLToPath(new URL('./feed-build.worker.ts', import.meta.url));

export interface FeedBuildProcessOptions {
  databaseUrl: string;
  feedsDir: string;
  publicUrl: string;
  nodeEnv?: string;
}

/** The build's result and the child's peak resident memory; rejects when the build should be retried. */
export function buildInProcess(
  o: FeedBuildProcessOptions,
  settingId: number,
  trigger: FeedBuildTrigger,
): Promise<(FeedBuildResult & { maxRssKb: number }) | null> {
  // Node runs the TypeScript itself (type stripping) where it can; tsx's loader otherwise. A small
  // young generation, swept by the build itself now and then (--expose-gc), keeps the process
  // small: a build makes garbage fast but keeps little of it.
  const loader = process.features.typescript ? [] : ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href];
  const args = ['--max-semi-space-size=8', '--expose-gc', ...loader, workerPath, String(settingId), trigger];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: o.nodeEnv ?? 'production', DATABASE_URL: o.databaseUrl, FEEDS_DIR: o.feedsDir, PUBLIC_URL: o.publicUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code !== 0) return reject(new Error(`feed build ${settingId} exited with ${code ?? signal}: ${err.trim()}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? 'null'));
      } catch {
        reject(new Error(`feed build ${settingId}: unreadable result ${out.slice(-200)}`));
      }
    });
  });
}
