import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import { invalidateCategoryTree } from './category-tree.ts';

/**
 * Aggregates of the shared catalogue (list totals, facet counts, search dictionary lookups) are
 * the same for every reseller and change only when the catalogue does. They are kept in memory
 * per database for a short time, so a reseller paging through a filtered list or ticking filters
 * pays for each distinct aggregate once a minute, not per request.
 *
 * Writers call invalidateCatalogue() after changing the catalogue; other API processes see the
 * change within the TTL. Concurrent misses of one key share one computation.
 */
const CATALOGUE_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;

type Value = NonNullable<unknown>;
const caches = new WeakMap<object, LRUCache<string, Value, () => Promise<Value>>>();

function cacheOf(db: Db) {
  let c = caches.get(db);
  if (!c) {
    c = new LRUCache<string, Value, () => Promise<Value>>({
      max: MAX_ENTRIES,
      ttl: CATALOGUE_CACHE_TTL_MS,
      // The computation is passed per call (as the fetch context); a failed one is not cached.
      fetchMethod: async (_key, _stale, { context }) => context(),
    });
    caches.set(db, c);
  }
  return c;
}

/** The cached value of `key`, computing it once (per TTL) with `compute`. */
export async function catalogueCached<T extends Value>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  return (await cacheOf(db).fetch(key, { context: compute })) as T;
}

/** Drops every cached aggregate and the category tree of this database. */
export function invalidateCatalogue(db: Db): void {
  caches.get(db)?.clear();
  invalidateCategoryTree(db);
}
