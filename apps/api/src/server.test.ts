import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

// The real `npm start` path on the embedded database: first start, a refused second owner, restart.
const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
const server = path.resolve(import.meta.dirname, 'server.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drop-start-'));
const port = 3300 + Math.floor(Math.random() * 500);
const children: ChildProcess[] = [];

function start(extraEnv: Record<string, string> = {}) {
  const child = spawn(tsx, [server], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      SMTP_URL: '',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  const ready = async (timeoutMs: number) => {
    const t0 = Date.now();
    while (Date.now() - t0 < timeoutMs) {
      if (out.includes('is ready at')) return Date.now() - t0;
      if (child.exitCode !== null) throw new Error(`exited early: ${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`not ready in ${timeoutMs} ms: ${out}`);
  };
  return { child, output: () => out, exited, ready };
}

const api = (p: string, init?: RequestInit) => fetch(`http://127.0.0.1:${port}${p}`, init);

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.runIf(process.env.TEST_DB_KIND === 'pglite')('npm start on the embedded database', () => {
  test('first start, second process refused, graceful stop, restart keeps data', { timeout: 120_000 }, async () => {
    const first = start({ OPERATOR_EMAIL: 'boss@example.com', OPERATOR_PASSWORD: 'boss-password-1', DEMO_PRODUCTS: '300' });
    const firstMs = await first.ready(60_000);
    expect(first.output()).toContain('e-mail:   boss@example.com');
    expect(first.output()).toContain('password: boss-password-1');
    // The banner says where the admin's sign-in code arrives; staff sign in with it.
    expect(first.output()).toContain('/dev/mailbox?to=boss%40example.com');
    const json = { 'content-type': 'application/json' };
    const login = await api('/api/v1/auth/login', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'boss@example.com', password: 'boss-password-1' }),
    });
    expect(login.status).toBe(200);
    const asked = ((await login.json()) as { data: { enabled_2fa: boolean; attempt_id: string } }).data;
    expect(asked.enabled_2fa).toBe(true);
    let code = '';
    for (let i = 0; i < 100 && !code; i++) {
      const box = (await (await api('/dev/mailbox?to=boss%40example.com')).json()) as { data: { subject: string }[] };
      code = /(\d{6})/.exec(box.data[0]?.subject ?? '')?.[1] ?? '';
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    const confirmed = await api('/api/v1/auth/confirm-login', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'boss@example.com', code, attempt_id: asked.attempt_id }),
    });
    expect(confirmed.status).toBe(200);
    const token = ((await confirmed.json()) as { data: { token: string } }).data.token;
    // The empty catalogue was filled with the demo products.
    const products = await api('/api/v1/products?per_page=5', { headers: { authorization: `Bearer ${token}` } });
    expect(((await products.json()) as { meta: { total: number } }).meta.total).toBe(300);
    expect(first.output()).toContain('300 demo products');
    const reg = await api('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Кept', email: 'kept@example.com', phone: '0671234567', password: 'kept-pass-1', password_confirmation: 'kept-pass-1' }),
    });
    expect(reg.status).toBe(201);

    const second = start({ PORT: String(port + 1) });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain('is in use by another portal process');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);

    const again = start({ DEMO_PRODUCTS: '500' });
    const restartMs = await again.ready(30_000);
    expect(again.output()).not.toContain('password:');
    // A catalogue that is not empty is never regenerated.
    expect(again.output()).not.toContain('demo products');
    const me = await api('/api/v1/auth/user', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    const mail = await api('/dev/mailbox?to=kept@example.com');
    expect(((await mail.json()) as { data: unknown[] }).data).toHaveLength(1);
    console.log(`first start ready in ${firstMs} ms, restart in ${restartMs} ms`);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });
});
