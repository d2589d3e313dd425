import { LRUCache } from 'lru-cache';

type Value = NonNullable<unknown>;

/**
 * An LRU of computed values whose invalidations cannot be lost to a race: a computation that
 * was running when its key (or the whole cache) was forgotten still answers its callers, but
 * its result is not stored. Concurrent misses of one key share one computation; a failed
 * computation is not stored.
 */
export class EpochCache<K extends NonNullable<unknown>, V extends Value> {
  private readonly lru: LRUCache<K, V>;
  private readonly inflight = new Map<K, { seq: number; promise: Promise<V> }>();
  /** Bumped by every invalidation. */
  private seq = 0;
  /** A computation started before this is never stored (set by clear()). */
  private floor = 0;
  /** When each recently forgotten key was forgotten (bounded; overflow acts as a clear). */
  private readonly forgotten = new Map<K, number>();
  /** Reads answered from the cache, and reads that were not (get() returning nothing, fetch() computing or joining a computation). */
  hits = 0;
  misses = 0;

  constructor(
    opts: { max: number; ttlMs: number; maxSize?: number; sizeOf?: (value: V) => number },
    private readonly maxForgotten = 50_000,
  ) {
    this.lru = new LRUCache<K, V>({
      max: opts.max,
      ttl: opts.ttlMs,
      ...(opts.maxSize && opts.sizeOf ? { maxSize: opts.maxSize, sizeCalculation: opts.sizeOf } : {}),
    });
  }

  get(key: K): V | undefined {
    const value = this.lru.get(key);
    if (value === undefined) this.misses++;
    else this.hits++;
    return value;
  }

  /** Call before reading the source of `key`; pass the result to set(). */
  begin(): number {
    return this.seq;
  }

  /** Stores `value` unless `key` (or everything) was forgotten since begin() returned `started`. */
  set(key: K, value: V, started: number): boolean {
    if (started < this.floor || (this.forgotten.get(key) ?? -1) > started) return false;
    this.lru.set(key, value);
    return true;
  }

  /** The cached value of `key`, computing it once (concurrent callers share the computation). */
  async fetch(key: K, compute: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const running = this.inflight.get(key);
    if (running && running.seq >= this.floor && (this.forgotten.get(key) ?? -1) <= running.seq) return running.promise;
    const started = this.seq;
    const promise = compute().then((value) => {
      this.set(key, value, started);
      return value;
    });
    const entry = { seq: started, promise };
    this.inflight.set(key, entry);
    const done = () => {
      if (this.inflight.get(key) === entry) this.inflight.delete(key);
    };
    promise.then(done, done);
    return promise;
  }

  forget(key: K): void {
    this.seq++;
    this.lru.delete(key);
    if (this.forgotten.size >= this.maxForgotten) {
      this.clear();
      return;
    }
    this.forgotten.set(key, this.seq);
  }

  clear(): void {
    this.seq++;
    this.floor = this.seq;
    this.lru.clear();
    this.forgotten.clear();
    this.inflight.clear();
  }

  get size(): number {
    return this.lru.size;
  }

  /** The counters since the process started, and the entries held now. */
  /** The cached values (without counting reads). */
  values(): IterableIterator<V> {
    return this.lru.values();
  }

  stats(): { hits: number; misses: number; size: number } {
    return { hits: this.hits, misses: this.misses, size: this.lru.size };
  }
}
