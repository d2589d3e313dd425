import type { Db } from '../db/client.ts';
import { EpochCache } from './epoch-cache.ts';

type Value = NonNullable<unknown>;

/**
 * Values every user shares, computed from one database and kept in this process's memory for at
 * most a minute (EpochCache: concurrent misses of one key share one computation, and a value
 * computed while it was being forgotten is not stored). The catalogue keeps its aggregates here
 * (the read model's `aggregates`, modules/catalog/read-model.ts) and the settings module the
 * supplier's settings (modules/settings/supplier-settings.ts), which the catalogue's prices
 * follow: forgetting the catalogue forgets them all, and forget() here (a change of the settings)
 * forgets them and then whatever registered with onForget (the read model, which forgets the
 * rest of the catalogue). Neither module imports the other for it.
 */
export class SharedCache {
  readonly values = new EpochCache<string, Value>({ max: 20_000, ttlMs: 60_000 });
  private readonly followers: (() => void)[] = [];

  /** The cached value of `key`, computing it once (concurrent callers share the computation). */
  async fetch<T extends Value>(key: string, compute: () => Promise<T>): Promise<T> {
    return (await this.values.fetch(key, compute)) as T;
  }

  /** Runs `forgetMore` at every forget(), after the values are dropped. */
  onForget(forgetMore: () => void): void {
    this.followers.push(forgetMore);
  }

  /** Drops every value, then tells the followers. */
  forget(): void {
    this.values.clear();
    for (const f of this.followers) f();
  }
}

const caches = new WeakMap<object, SharedCache>();

/** The shared cache of a database (one per process and database). */
export function sharedCacheOf(db: Db): SharedCache {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new SharedCache()));
  return c;
}
