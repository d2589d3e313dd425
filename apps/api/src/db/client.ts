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
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    /* idle client errors are reported by the next query */
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    await migratePg(database.db as never, { migrationsFolder });
  }
}
