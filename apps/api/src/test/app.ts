import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app.ts';
import type { Config } from '../config.ts';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/security.ts';
import { startSmtp, type CapturedMail } from './smtp.ts';
import { testConfig, TEST_OPERATOR } from './config.ts';

let seq = 0;

/** A fresh database for one test file, from the migrated template of this run. */
export async function openTestDatabase(): Promise<{ database: Database; url?: string }> {
  if (process.env.TEST_DB_KIND === 'postgres') {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `drop_t_${seq++}_${process.ppid}_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    const url = u.toString();
    const database = openPostgres(url, 8);
    const close = database.close;
    database.close = async () => {
      await close();
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
    return { database, url };
  }
  const buf = fs.readFileSync(inject('templatePath'));
  return { database: await openPglite({ loadFrom: new Blob([buf]) }) };
}

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  mails: CapturedMail[];
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  request<T = any>(method: string, url: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string }): Promise<Res<T>>;
  waitForMail(to: string, match?: RegExp, after?: number): Promise<CapturedMail>;
  codeFrom(mail: CapturedMail): string;
  /** A confirmed reseller inserted directly, signed in through the API. */
  user(over?: Partial<typeof users.$inferInsert> & { password?: string }): Promise<{ id: number; email: string; password: string; token: string }>;
  login(email: string, password: string, deviceToken?: string, headers?: Record<string, string>): Promise<string>;
  operator(): Promise<string>;
  close(): Promise<void>;
}

export async function buildTestApp(over: Partial<Config> = {}, build: Omit<BuildOptions, 'database'> = {}): Promise<TestApp> {
  const smtp = await startSmtp();
  const { database, url } = await openTestDatabase();
  const config = testConfig({ smtpUrl: smtp.url, databaseUrl: url, ...over });
  const app = await buildApp(config, { ...build, database });
  await app.ready();

  const request: TestApp['request'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let payload: string | undefined;
    if (opts.raw !== undefined) {
      payload = opts.raw;
      headers['content-type'] ??= 'application/json';
    } else if (opts.body !== undefined) {
      payload = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const res = await app.inject({ method: method as 'GET', url, headers, payload });
    let body: unknown = res.body;
    try {
      body = res.body ? JSON.parse(res.body) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body, headers: res.headers } as Res;
  };

  const waitForMail: TestApp['waitForMail'] = async (to, match, after = 0) => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const found = smtp.mails
        .slice(after)
        .reverse()
        .find((m) => m.to === to && (!match || match.test(m.subject)));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail to ${to} matching ${match} within 15 s; got: ${smtp.mails.map((m) => `${m.to}: ${m.subject}`).join('; ')}`);
  };

  const codeFrom = (mail: CapturedMail) => {
    const m = /(\d{6})/.exec(mail.subject);
    if (!m?.[1]) throw new Error(`no code in ${mail.subject}`);
    return m[1];
  };

  const login: TestApp['login'] = async (email, password, deviceToken = `dev-${Math.random()}`, headers = {}) => {
    const after = smtp.mails.length;
    const r = await request('POST', '/api/v1/auth/login', { body: { email, password, device_token: deviceToken }, headers });
    if (r.status === 200 && r.body.data.enabled_2fa) {
      // Staff (and users who turned 2FA on) confirm with the mailed code.
      const code = codeFrom(await waitForMail(email, /\d{6}/, after));
      const c = await request('POST', '/api/v1/auth/confirm-login', {
        body: { email, code, attempt_id: r.body.data.attempt_id, device_token: deviceToken },
        headers,
      });
      if (c.status !== 200 || !c.body.data.token) throw new Error(`confirm-login failed: ${c.status} ${JSON.stringify(c.body)}`);
      return c.body.data.token as string;
    }
    if (r.status !== 200 || !r.body.data.token) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data.token as string;
  };

  let operatorToken: Promise<string> | undefined;
  let userSeq = 0;
  const user: TestApp['user'] = async (o = {}) => {
    const password = o.password ?? 'password-123';
    const email = o.email ?? `reseller${++userSeq}-${Date.now()}@example.com`;
    const { password: _p, ...rest } = o;
    const [row] = await database.db
      .insert(users)
      .values({ name: 'Тест Реселер', phone: '+380501234567', passwordHash: await hashPassword(password), emailVerifiedAt: new Date(), ...rest, email })
      .returning();
    const token = await login(email, password);
    return { id: row!.id, email, password, token };
  };

  return {
    app,
    database,
    mails: smtp.mails,
    smtp,
    request,
    waitForMail,
    codeFrom,
    user,
    login,
    // The first admin, signed in once per test app (staff confirm every sign-in with a mailed code).
    operator: () => (operatorToken ??= login(TEST_OPERATOR.email, TEST_OPERATOR.password, 'test-operator-device')),
    async close() {
      await app.close();
      await database.close();
      await smtp.close();
    },
  };
}
