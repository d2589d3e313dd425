/**
 * API processes started at once on an empty database (a fresh deployment with several replicas,
 * or all of them restarting after an upgrade): one migrates and bootstraps under a PostgreSQL
 * advisory lock (withStartupLock), the others wait and find the work done. Without the lock the
 * second process died on `CREATE TABLE` of a migration the first was applying.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { migrationsFolder } from '../db/client.ts';
import { createDatabase, startApi, type ApiProcess } from './harness.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('several API processes starting at once', () => {
  const apis: ApiProcess[] = [];
  let drop: (() => Promise<void>) | undefined;

  afterAll(async () => {
    await Promise.all(apis.map((a) => a.kill()));
    await drop?.();
  });

  test('all come up on an empty database; migrations, the first account and the demo catalogue happen once', async () => {
    const db = await createDatabase(adminUrl!, 'drop_startup');
    drop = db.drop;
    const started = await Promise.allSettled([0, 1, 2].map(() => startApi(db.url, { DEMO_PRODUCTS: '50' })));
    for (const s of started) if (s.status === 'fulfilled') apis.push(s.value);
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason).slice(0, 500) : 'up'))).toEqual(['up', 'up', 'up']);

    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      const count = async (sql: string) => Number((await c.query<{ n: string }>(sql)).rows[0]!.n);
      const files = fs.readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length;
      expect(await count('SELECT count(*) AS n FROM drizzle.__drizzle_migrations')).toBe(files);
      expect(await count('SELECT count(*) AS n FROM users')).toBe(1);
      expect(await count('SELECT count(*) AS n FROM products')).toBe(50);
    } finally {
      await c.end();
    }
    expect(apis.filter((a) => a.output().includes('First admin account')).length).toBe(1);
  });
});
