import type { Db } from '../../db/client.ts';
import type { ChangeSubscriber } from '../../lib/change-listener.ts';
import { EpochCache } from '../../lib/epoch-cache.ts';
import { sharedCacheOf, type SharedCache } from '../../lib/shared-cache.ts';
import { BASE_ROW, catalogRepo, whereKey, type BaseProductRow, type ProductRow, type ProductWhere } from './catalog.repository.ts';
import { buildSlice, parseSliceText, scanSlice, SUBSET_BYTES_FACTOR, type CategorySlice } from './category-slice.ts';
import { categoryTree } from './category-tree.ts';

/** The channels of migration 0011's triggers. */
export const CATALOGUE_CHANNEL = 'drop_catalogue';
export const USER_SETS_CHANNEL = 'drop_user_sets';

/** A reseller's marks on products: favourites and cart lines by product id, subscriptions by code id. */
export interface UserSets {
  favorites: Set<number>;
  subscriptions: Set<number>;
  cart: Set<number>;
}

type Value = NonNullable<unknown>;
type Description = { uk: string; ru: string };

interface CacheStats {
  hits: number;
  misses: number;
  size: number;
}

export interface ReadModelStats {
  listening: boolean;
  aggregates: CacheStats;
  pages: CacheStats;
  rows: CacheStats;
  slices: CacheStats & { bytes: number };
  userSets: CacheStats;
}

/** Categories with more products than this are not held as slices (their filtered lists stay in PostgreSQL). */
export const SLICE_MAX_PRODUCTS = 60_000;

/** A cached row's bytes: its fields, and what list-writer.ts keeps with it (an item's unchanging JSON, about 600 bytes a language). */
function rowSize(r: BaseProductRow): number {
  return 400 + 2 * (r.name_uk.length + r.name_ru.length + r.vendor_code.length) + 120 * r.images.length + 600;
}

/**
 * The catalogue as the API process keeps it in memory, so that a page of products a reseller has
 * seen before (or another reseller has) is answered without the database:
 *
 * - `aggregates`: list totals, facet counts, search dictionary lookups, the promo grid (these
 *   are also used while nothing listens, for at most a minute each, as before); they are the
 *   database's SharedCache (lib/shared-cache.ts), where the supplier's settings are kept too, so
 *   forgetting the catalogue forgets those, and forgetting those forgets the catalogue;
 * - `pages`: the ids of a list page, a search window, exact-code hits, analogues, a product's
 *   properties;
 * - `rows`: products by id without anything personal, and without their descriptions, which only
 *   the product page shows: `descriptions` holds those by product id;
 * - `slices`: a category's products in list order with their drop price and property values
 *   (category-slice.ts), which answer its filtered lists, any price range and page, from a subset;
 * - `userSets`: each reseller's favourites, subscriptions and cart, for the per-row flags.
 *
 * All but `aggregates` are used only while the process LISTENs: the triggers of migration 0011
 * tell every process at commit which products (or that everything) changed and whose marks
 * changed, and a request that changed something forgets its user's marks before it answers.
 * A read that raced an invalidation is not stored (EpochCache).
 */
export class CatalogueReadModel implements ChangeSubscriber {
  readonly channels = [CATALOGUE_CHANNEL, USER_SETS_CHANNEL];
  listening = false;
  private readonly shared: SharedCache;
  readonly aggregates: EpochCache<string, Value>;
  readonly pages = new EpochCache<string, Value>({ max: 50_000, ttlMs: 5 * 60_000 });
  readonly rows = new EpochCache<number, BaseProductRow>({ max: 200_000, maxSize: 160 * 1024 * 1024, sizeOf: rowSize, ttlMs: 15 * 60_000 });
  /** A product's description in both languages; false: no such product (a cache holds values only). */
  readonly descriptions = new EpochCache<number, Description | false>({
    max: 50_000,
    maxSize: 32 * 1024 * 1024,
    sizeOf: (d) => (d ? 100 + 2 * (d.uk.length + d.ru.length) : 100),
    ttlMs: 15 * 60_000,
  });
  readonly userSets = new EpochCache<number, UserSets>({ max: 20_000, ttlMs: 15 * 60_000 });
  /** A false entry: the category cannot be held (too many distinct property values). */
  readonly slices = new EpochCache<string, CategorySlice | false>({
    max: 5_000,
    maxSize: 128 * 1024 * 1024,
    // A slice's subsets may grow to SUBSET_BYTES_FACTOR times its own size.
    sizeOf: (s) => (s ? s.bytes * (1 + SUBSET_BYTES_FACTOR) : 100),
    ttlMs: 15 * 60_000,
  });

  constructor(private readonly db: Db) {
    this.shared = sharedCacheOf(db);
    this.aggregates = this.shared.values;
    this.shared.onForget(() => this.forgetDerived());
  }

  onChange(channel: string, payload: string | undefined): void {
    if (channel === USER_SETS_CHANNEL) {
      const id = Number(payload);
      if (Number.isInteger(id)) this.userSets.forget(id);
      else this.userSets.clear();
      return;
    }
    if (!payload || payload === '*') {
      this.forgetCatalogue();
      return;
    }
    const ids = payload.split(',').map(Number);
    if (ids.some((n) => !Number.isInteger(n))) this.forgetCatalogue();
    else this.forgetProducts(ids);
  }

  setListening(on: boolean): void {
    this.forgetCatalogue();
    this.userSets.clear();
    this.listening = on;
  }

  /** Everything of the shared catalogue (not the users' marks): the aggregates, then the rest. */
  forgetCatalogue(): void {
    this.shared.forget();
  }

  /** All but the aggregates (the SharedCache calls this when it is forgotten). */
  private forgetDerived(): void {
    this.pages.clear();
    this.rows.clear();
    this.descriptions.clear();
    this.slices.clear();
  }

  forgetProducts(ids: readonly number[]): void {
    for (const id of ids) {
      this.rows.forget(id);
      this.descriptions.forget(id);
    }
  }

  forgetUser(userId: number): void {
    this.userSets.forget(userId);
  }

  /** What the held slices and their subsets take now. */
  private sliceBytes(): number {
    let bytes = 0;
    for (const s of this.slices.values()) if (s) bytes += s.bytes + s.subsetBytes;
    return bytes;
  }

  /** Each cache's hits, misses and entries since the process started (benchmarks, operators). */
  stats(): ReadModelStats {
    return {
      listening: this.listening,
      aggregates: this.aggregates.stats(),
      pages: this.pages.stats(),
      rows: this.rows.stats(),
      slices: { ...this.slices.stats(), bytes: this.sliceBytes() },
      userSets: this.userSets.stats(),
    };
  }

  /** Cached like `pages` while listening; straight from `compute` otherwise. */
  async page<T extends Value>(key: string, compute: () => Promise<T>): Promise<T> {
    return this.listening ? ((await this.pages.fetch(key, compute)) as T) : compute();
  }

  /** A product's description in both languages (null: no such product), cached like `rows`. */
  async description(id: number): Promise<Description | null> {
    if (!this.listening) return catalogRepo.descriptionOf(this.db, id);
    const d = await this.descriptions.fetch(id, async () => (await catalogRepo.descriptionOf(this.db, id)) ?? false);
    return d || null;
  }

  /**
   * One page of a category's filtered list and its count up to `cap`, from the category's slice
   * (loaded once, shared by every filter, price range and page); null while not listening or
   * when the category cannot be held.
   */
  async slicePage(where: ProductWhere, limit: number, offset: number, cap: number) {
    if (!this.listening || !where.category) return null;
    const scope = { category: where.category, hidden: where.hidden };
    const slice = await this.slices.fetch(whereKey(scope), async () => buildSlice(parseSliceText(await catalogRepo.sliceText(this.db, scope))) ?? false);
    if (!slice) return null;
    return scanSlice(slice, where, limit, offset, cap);
  }

  /**
   * The products of `ids` in that order (ids that no longer exist are left out), with the
   * user's marks. Rows come from memory when cached, the rest in one query.
   */
  async products(userId: number, ids: readonly number[]): Promise<ProductRow[]> {
    if (ids.length === 0) return [];
    if (!this.listening) {
      const { hidden } = await categoryTree(this.db);
      const byId = new Map((await catalogRepo.byIds(this.db, userId, [...ids], hidden)).map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
    }
    const found = new Map<number, BaseProductRow>();
    const missing: number[] = [];
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row) found.set(id, row);
      else missing.push(id);
    }
    const [loaded, sets] = await Promise.all([this.loadRows(missing), this.marksOf(userId)]);
    for (const r of loaded) found.set(r.id, r);
    const out: ProductRow[] = [];
    for (const id of ids) {
      const r = found.get(id);
      if (!r) continue;
      out.push({ ...r, is_favorite: sets.favorites.has(r.id), is_subscribed: sets.subscriptions.has(r.code_id), in_cart: sets.cart.has(r.id), [BASE_ROW]: r });
    }
    return out;
  }

  /**
   * Rows missing from the cache, read in batches: while ROW_READS_AT_ONCE reads are running,
   * the ids every other request misses gather into the next one (one query of many rows costs
   * about what a query of one does, and under load most list answers miss a row or two).
   */
  private loadRows(ids: number[]): Promise<BaseProductRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    let batch = this.nextBatch;
    if (!batch) {
      let resolve!: (rows: Map<number, BaseProductRow>) => void;
      let reject!: (err: unknown) => void;
      const done = new Promise<Map<number, BaseProductRow>>((res, rej) => ((resolve = res), (reject = rej)));
      batch = this.nextBatch = { ids: new Set(), done, resolve, reject };
      // The requests read in the same turn of the event loop join it.
      setImmediate(() => this.startBatches());
    }
    for (const id of ids) batch.ids.add(id);
    return batch.done.then((byId) => {
      const out: BaseProductRow[] = [];
      for (const id of ids) {
        const r = byId.get(id);
        if (r) out.push(r);
      }
      return out;
    });
  }

  private nextBatch: RowBatch | null = null;
  private rowReads = 0;

  private startBatches(): void {
    const batch = this.nextBatch;
    if (!batch || this.rowReads >= ROW_READS_AT_ONCE) return;
    this.nextBatch = null;
    this.rowReads++;
    this.readBatch([...batch.ids])
      .then(batch.resolve, batch.reject)
      .finally(() => {
        this.rowReads--;
        this.startBatches();
      });
  }

  private async readBatch(ids: number[]): Promise<Map<number, BaseProductRow>> {
    const started = this.rows.begin();
    // Rows are forgotten when a category is hidden or published (forgetCatalogue): their analogue counts follow.
    const { hidden } = await categoryTree(this.db);
    const byId = new Map<number, BaseProductRow>();
    for (const r of await catalogRepo.baseByIds(this.db, ids, hidden)) {
      this.rows.set(r.id, r, started);
      byId.set(r.id, r);
    }
    return byId;
  }

  private marksOf(userId: number): Promise<UserSets> {
    return this.userSets.fetch(userId, () => catalogRepo.userSets(this.db, userId));
  }
}

/** Reads of missing rows running at once; the misses of requests meanwhile wait for the next. */
const ROW_READS_AT_ONCE = 2;

interface RowBatch {
  ids: Set<number>;
  done: Promise<Map<number, BaseProductRow>>;
  resolve: (rows: Map<number, BaseProductRow>) => void;
  reject: (err: unknown) => void;
}

const models = new WeakMap<object, CatalogueReadModel>();

/** The read model of a database (one per process and database). */
export function readModelOf(db: Db): CatalogueReadModel {
  let m = models.get(db);
  if (!m) models.set(db, (m = new CatalogueReadModel(db)));
  return m;
}
