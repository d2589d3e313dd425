import type { Db } from '../../db/client.ts';
import type { ChangeSubscriber } from '../../lib/change-listener.ts';
import { EpochCache } from '../../lib/epoch-cache.ts';
import { catalogRepo, type BaseProductRow, type ProductRow } from './catalog.repository.ts';
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
  userSets: CacheStats;
}

/** About how many bytes a cached product row holds (its strings dominate). */
function rowSize(r: BaseProductRow): number {
  return 400 + 2 * (r.name_uk.length + r.name_ru.length + r.description_uk.length + r.description_ru.length + r.vendor_code.length) + 120 * r.images.length;
}

/**
 * The catalogue as the API process keeps it in memory, so that a page of products a reseller has
 * seen before (or another reseller has) is answered without the database:
 *
 * - `aggregates`: list totals, facet counts, search dictionary lookups, the promo grid (these
 *   are also used while nothing listens, for at most a minute each, as before);
 * - `pages`: the ids of a list page, a search window, exact-code hits, analogues, a product's
 *   properties;
 * - `rows`: products by id without anything personal;
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
  readonly aggregates = new EpochCache<string, Value>({ max: 20_000, ttlMs: 60_000 });
  readonly pages = new EpochCache<string, Value>({ max: 50_000, ttlMs: 5 * 60_000 });
  readonly rows = new EpochCache<number, BaseProductRow>({ max: 200_000, maxSize: 96 * 1024 * 1024, sizeOf: rowSize, ttlMs: 15 * 60_000 });
  readonly userSets = new EpochCache<number, UserSets>({ max: 20_000, ttlMs: 15 * 60_000 });

  constructor(private readonly db: Db) {}

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

  /** Everything of the shared catalogue (not the users' marks). */
  forgetCatalogue(): void {
    this.aggregates.clear();
    this.pages.clear();
    this.rows.clear();
  }

  forgetProducts(ids: readonly number[]): void {
    for (const id of ids) this.rows.forget(id);
  }

  forgetUser(userId: number): void {
    this.userSets.forget(userId);
  }

  /** Each cache's hits, misses and entries since the process started (benchmarks, operators). */
  stats(): ReadModelStats {
    return { listening: this.listening, aggregates: this.aggregates.stats(), pages: this.pages.stats(), rows: this.rows.stats(), userSets: this.userSets.stats() };
  }

  /** Cached like `pages` while listening; straight from `compute` otherwise. */
  async page<T extends Value>(key: string, compute: () => Promise<T>): Promise<T> {
    return this.listening ? ((await this.pages.fetch(key, compute)) as T) : compute();
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
      out.push({ ...r, is_favorite: sets.favorites.has(r.id), is_subscribed: sets.subscriptions.has(r.code_id), in_cart: sets.cart.has(r.id) });
    }
    return out;
  }

  private async loadRows(ids: number[]): Promise<BaseProductRow[]> {
    if (ids.length === 0) return [];
    const started = this.rows.begin();
    // Rows are forgotten when a category is hidden or published (forgetCatalogue): their analogue counts follow.
    const { hidden } = await categoryTree(this.db);
    const rows = await catalogRepo.baseByIds(this.db, ids, hidden);
    for (const r of rows) this.rows.set(r.id, r, started);
    return rows;
  }

  private marksOf(userId: number): Promise<UserSets> {
    return this.userSets.fetch(userId, () => catalogRepo.userSets(this.db, userId));
  }
}

const models = new WeakMap<object, CatalogueReadModel>();

/** The read model of a database (one per process and database). */
export function readModelOf(db: Db): CatalogueReadModel {
  let m = models.get(db);
  if (!m) models.set(db, (m = new CatalogueReadModel(db)));
  return m;
}
