import { sql, type SQL } from 'drizzle-orm';
import type { OnecImportStats, OnecMessage, OnecPriceTypeMapping } from '@drop/shared';
import type { Db } from '../../../db/client.ts';

/** Where an import reports. `counts` are done counters; `bytes` the second read's position. */
export interface ImportReporter {
  checking(bytes: number): void;
  totals(t: { groups: number; properties: number; products: number; offers: number }): void;
  phase(p: 'groups' | 'properties' | 'products' | 'offers'): void;
  done(kind: 'groups' | 'properties' | 'products' | 'offers', n: number): void;
  writing(bytes: number): void;
  /** A chance to save the progress (only outside the transaction where the driver allows). */
  flush(): Promise<void>;
}

export interface FileImportEnv {
  db: Db;
  dataDir: string;
  /** Absolute directory of the package (relative picture paths start here). */
  dir: string;
  mapping: OnecPriceTypeMapping;
  stats: OnecImportStats;
  warn(msg: OnecMessage): void;
  report: ImportReporter;
}

/** What the writers of one file share: its environment, its transaction and what it did so far. */
export interface ImportScope {
  readonly env: FileImportEnv;
  readonly tx: Db;
  /** Whether the file changed anything. */
  changed: boolean;
  /** Products the file's goods or offers named (a full package zeroes the stock of the others). */
  readonly seen: Set<number>;
}

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
export const p = (v: unknown) => sql.param(v);
