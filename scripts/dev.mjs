#!/usr/bin/env node
// `npm run dev`: the API (restarted by `tsx watch` when its code changes) and the web's Vite dev
// server (hot reload) side by side, their output prefixed. Open the web's address: Vite passes
// the API's paths (/api, /storage, /feeds, /1c, /socket.io, the emulators: apps/web/vite.config.ts
// API_PREFIXES) to the API. Ctrl+C stops both; either one ending stops the other.
//
//   API_PORT  the API's port (3000)        WEB_PORT  Vite's port (5173)
// Everything else is the API's own configuration (README), e.g. DATABASE_URL for PostgreSQL.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const apiPort = process.env.API_PORT ?? process.env.PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';
const webUrl = `http://localhost:${webPort}`;

const colour = process.stdout.isTTY ? (code, text) => `\x1b[${code}m${text}\x1b[0m` : (_code, text) => text;

/** Runs `cmd`, each line of its output prefixed with its name. */
function run(name, code, cmd, args, opts) {
  const child = spawn(cmd, args, { ...opts, stdio: ['inherit', 'pipe', 'pipe'] });
  const prefix = colour(code, `[${name}]`);
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix} ${line}\n`);
    });
    stream.on('end', () => rest && process.stdout.write(`${prefix} ${rest}\n`));
  }
  return child;
}

const api = run('api', 36, bin('tsx'), ['watch', '--clear-screen=false', 'apps/api/src/server.ts'], {
  cwd: root,
  env: {
    LOG_FORMAT: 'pretty',
    // Links the API writes (feeds, mails) point at the page the developer has open.
    PUBLIC_URL: webUrl,
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    PORT: apiPort,
  },
});
const web = run('web', 35, bin('vite'), ['--port', webPort, '--strictPort'], {
  cwd: path.join(root, 'apps/web'),
  env: { ...process.env, API_URL: `http://localhost:${apiPort}` },
});

const children = [api, web];
let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.on('exit', r))))).then(() => process.exit(code));
}
for (const c of children) c.on('exit', (code) => stop(code ?? 0));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(0));
console.log(`\n  Drop portal, development: open ${colour(32, webUrl)} (the API itself: http://localhost:${apiPort})\n`);
