#!/usr/bin/env node
// `npm start`: builds the SPA, then runs the API server (which migrates, takes the data dir and listens).
// A second start on a data dir that a live server owns is refused before the build, so the
// running server's SPA files are never rebuilt under it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = process.env;
if (!process.env.DATABASE_URL) {
  const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR || './data');
  const lock = path.join(dataDir, 'portal.lock');
  const pid = fs.existsSync(lock) ? Number(fs.readFileSync(lock, 'utf8').trim()) : 0;
  let alive = false;
  try {
    if (pid > 0) {
      process.kill(pid, 0);
      alive = true;
    }
  } catch (e) {
    alive = e.code === 'EPERM';
  }
  if (alive) {
    console.error(
      `\n  ✖ The data directory ${dataDir} is in use by another portal process (pid ${pid}). Stop it first, or start this one with another DATA_DIR or with DATABASE_URL.\n`,
    );
    process.exit(1);
  }
}

const build = spawnSync('npm', ['run', '-s', 'build', '-w', 'apps/web', '--', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/api/src/server.ts')], { cwd: root, stdio: 'inherit', env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
