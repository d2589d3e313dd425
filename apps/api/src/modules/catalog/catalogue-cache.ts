import type { Db } from '../../db/client.ts';
import { readModelOf } from './read-model.ts';

/**
 * Aggregates of the shared catalogue (list totals, facet counts, search dictionary lookups, the
 * category tree) are the same for every reseller and change only when the catalogue does. They
 * are kept in memory per database for at most a minute, so a reseller paging through a filtered
 * list or ticking filters pays for each distinct aggregate once, not per request. Every process
 * forgets them at the commit of a catalogue change (read-model.ts); concurrent misses of one key
 * share one computation.
 */
export async function catalogueCached<T extends NonNullable<unknown>>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  return (await readModelOf(db).aggregates.fetch(key, compute)) as T;
}

/** Drops everything this process keeps of the catalogue of this database (not the users' marks). */
export function invalidateCatalogue(db: Db): void {
  readModelOf(db).forgetCatalogue();
}
