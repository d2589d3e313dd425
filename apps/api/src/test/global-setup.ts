import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { bootstrapDatabase } from '../db/bootstrap.ts';
import { createQueue } from '../jobs/queue.ts';
import { testConfig } from './config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templatePath: string;
    templateDb: string;
  }
}

const silentLog = {
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silentLog;
  },
  level: 'silent',
  silent() {},
} as never;

/** Creates its job-queue schema once so each test database starts ready. */
async function prepare(database: Database, connectionString?: string) {
  await bootstrapDatabase(database, testConfig());
  const queue = createQueue(database, { mailer: { send: async () => {}, close() {} }, log: silentLog, pollSeconds: 1, connectionString });
  await queue.start();
  await queue.stop();
}

/** Builds one migrated template per run: a PGlite dump, or a PostgreSQL template database. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB_KIND === 'postgres' || project.name === 'api-postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `drop_tmpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = openPostgres(u.toString(), 4);
    await prepare(database, u.toString());
    await database.close();
    project.provide('templateDb', name);
    project.provide('templatePath', '');
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`drop_t_%_${process.pid}_%`]);
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openPglite();
  await prepare(database);
  const dump = await database.lite!.dumpDataDir('gzip');
  await database.close();
  const file = path.join(os.tmpdir(), `drop-template-${process.pid}-${Date.now()}.tar.gz`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('templatePath', file);
  project.provide('templateDb', '');
  return () => fs.rmSync(file, { force: true });
}
