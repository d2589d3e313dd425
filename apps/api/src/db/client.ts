import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One type for both drivers: services and repositories take `Db` (a database or a transaction). */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite instance, when embedded. */
  lite?: PGlite;
  /** node-postgres pool, when on PostgreSQL. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

// int8 and numeric come back as strings from node-postgres; bigint columns use mode 'number',
// counts are converted in the repositories with Number().
export async function openPglite(opts: { dataDir?: string; loadFrom?: Blob | File } = {}): Promise<Database> {
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const lite = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadFrom,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(lite, { schema }) as unknown as Db;
  return { db, kind: 'pglite', lite, close: () => lite.close() };
}

export function openPostgres(url: string, max = 10): Database {
  // A request never waits for a connection longer than this: with the server gone it gets 503 (isDatabaseUnavailable).
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000, keepAlive: true });
  pool.on('error', () => {
    /* idle client errors (e.g. the server restarting) are reported by the next query; the pool drops that client */
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * Whether an error (or its cause, e.g. drizzle's DrizzleQueryError around a pg error) says the
 * database cannot be reached right now: refused or lost connections, the server shutting down or
 * starting (57P01-57P03), any connection exception (SQLSTATE class 08), too many connections.
 * The API answers these with 503 and recovers by itself once the server is back.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

/** The session advisory lock that serialises start-up (migrations, first account, demo catalogue) across API processes. */
export const STARTUP_LOCK_KEY = 72_439_610_001;

/**
 * Runs `fn` holding the start-up advisory lock on PostgreSQL, so API processes started at once on
 * one database migrate and bootstrap one after the other (the later ones find the work done). The
 * lock lives on its own pooled connection and goes with it if the process dies. PGlite has one
 * owner (the data dir lock), so `fn` just runs.
 */
export async function withStartupLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  if (!database.pool) return fn();
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await fn();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
    client.release();
  }
}

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    await migratePg(database.db as never, { migrationsFolder });
  }
}
