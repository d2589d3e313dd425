/**
 * What the fault tests share: real API processes (`node --import tsx src/server.ts`, production
 * mode) on a fresh PostgreSQL database, and a private PostgreSQL cluster that a test may stop and
 * start without disturbing the other suites.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashCode } from '../lib/security.ts';

const apiDir = path.resolve(import.meta.dirname, '../..');

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Creates an empty database next to `adminUrl`'s; returns its URL and a drop function. */
export async function createDatabase(adminUrl: string, prefix = 'drop_fault'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export interface ApiProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything the process printed (stdout and stderr). */
  output: () => string;
  /** Sends `signal` and waits for the exit. */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

export const FAULT_OPERATOR = { email: 'operator@fault.local', password: 'operator-password-1' };

/**
 * Starts the API on `databaseUrl` and waits until /api/v1/config answers. `env` overrides
 * (e.g. REDIS_URL, SMTP_URL, NP_API_URL, RESERVATION_SYSTEM, ONEC_URL).
 */
export async function startApi(databaseUrl: string, env: Record<string, string> = {}, port?: number): Promise<ApiProcess> {
  const p = port ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-fault-data-'));
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production refuses to start without the carrier; these processes use the emulator unless a test sets NP_API_URL.
      NP_EMULATOR: '1',
      DATABASE_URL: databaseUrl,
      PORT: String(p),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_PRODUCTS: '0',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      REDIS_URL: '',
      RATE_LIMIT_PER_IP: '100000',
      OPERATOR_EMAIL: FAULT_OPERATOR.email,
      OPERATOR_PASSWORD: FAULT_OPERATOR.password,
      NODE_OPTIONS: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const api: ApiProcess = {
    child,
    port: p,
    url: `http://127.0.0.1:${p}`,
    output: () => out,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}:\n${out}`);
    try {
      if ((await fetch(`${api.url}/api/v1/config`)).ok) return api;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await api.kill('SIGKILL');
  throw new Error(`API did not start in 90 s:\n${out}`);
}

/** A JSON call; returns status and parsed body (null when not JSON). */
/**
 * Signs a staff member in on a process that sends no mail (production without SMTP): staff always
 * confirm with a mailed code, so the test, which owns the database, pins a known code on the
 * attempt the login answered and confirms with it. Answers the token.
 */
export async function signInStaff(base: string, databaseUrl: string, who: { email: string; password: string }, deviceToken: string): Promise<string> {
  const login = await call(base, 'POST', '/api/v1/auth/login', null, { ...who, device_token: deviceToken });
  if (login.status !== 200 || !login.body?.data?.attempt_id) throw new Error(`login ${who.email}: ${login.status} ${JSON.stringify(login.body)}`);
  const code = '424242';
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('UPDATE auth_codes SET code_hash = $1 WHERE attempt_id = $2', [hashCode(who.email, code), login.body.data.attempt_id]);
  } finally {
    await client.end();
  }
  const confirmed = await call(base, 'POST', '/api/v1/auth/confirm-login', null, {
    email: who.email,
    code,
    attempt_id: login.body.data.attempt_id,
    device_token: deviceToken,
  });
  if (confirmed.status !== 200) throw new Error(`confirm-login ${who.email}: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return confirmed.body.data.token as string;
}

export async function call(base: string, method: string, p: string, token?: string | null, body?: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(`${base}${p}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read known API shapes
  return { status: r.status, body: json as any, headers: r.headers };
}

const pgBin = (() => {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort() : [];
  return versions.length ? path.join(base, versions[versions.length - 1]!, 'bin') : '';
})();

/** Whether a private cluster can be made here (PostgreSQL server binaries installed). */
export const canRunPrivateCluster = pgBin !== '' && fs.existsSync(path.join(pgBin, 'initdb'));

/** Runs a PostgreSQL binary as the postgres user when we are root (the server refuses root). */
function pgRun(bin: string, args: string[]) {
  const isRoot = process.getuid?.() === 0;
  const cmd = isRoot ? 'runuser' : path.join(pgBin, bin);
  const argv = isRoot ? ['-u', 'postgres', '--', path.join(pgBin, bin), ...args] : args;
  const r = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
  return r.stdout;
}

export interface PrivateCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  adminUrl: string;
  stop: (mode?: 'fast' | 'immediate') => void;
  start: () => void;
  destroy: () => void;
}

/** initdb + pg_ctl start of a throw-away cluster (trust auth) on a free port. */
export async function privateCluster(): Promise<PrivateCluster> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-pg-'));
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres', dir]);
  pgRun('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () => void pgRun('pg_ctl', ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = (mode: 'fast' | 'immediate' = 'fast') => void pgRun('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
  start();
  return {
    port,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: () => {
      try {
        stop('immediate');
      } catch {
        /* already stopped */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
