import {
  HEADER_SEARCH_LIMIT,
  PRODUCT_RESULT_WINDOW,
  PUBLIC_PRICING_USER,
  SEARCH_RESULT_CAP,
  catalogueDropBounds,
  kopToUah,
  parseFilterKey,
  priceProduct,
  uahToKop,
  type FilterGroupDto,
  type FiltersQuery,
  type ProductsQuery,
  type PricingUser,
} from '@drop/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthedCtx, Ctx, UserRow } from '../../lib/ctx.ts';
import { categoryTree, type CategoryNode, type HiddenCategories } from './category-tree.ts';
import { catalogRepo, whereKey, type ProductWhere, type ProductRow } from './catalog.repository.ts';
import {
  categoryCrumbs,
  listCrumbs,
  pick,
  presentCategory,
  presentListPage,
  presentProductListItem,
  presentProductDetail,
  type ListKind,
  type PriceContext,
  type ProductListPage,
  type ProductListResult,
} from './catalog.presenter.ts';
import { normalizeWords } from './search-normalize.ts';
import { catalogueCached } from './catalogue-cache.ts';
import { readModelOf, SLICE_MAX_PRODUCTS, type CatalogueReadModel } from './read-model.ts';
import { pricingMarketFor } from '../markets/markets.service.ts';
import { supplierSetting } from '../settings/supplier-settings.ts';

/**
 * The pricing rule's view of a reseller, with the supplier's price floor in effect: every price
 * computed for them goes through priceProduct with this (DESIGN.md section 7, issue 26).
 */
export async function pricingUser(db: Db, user: UserRow): Promise<PricingUser> {
  return {
    discount: Number(user.discount),
    isVerified: user.isVerified,
    markup: Number(user.markup),
    isDropMarkup: user.isDropMarkup,
    recommendedFloor: await supplierSetting(db, 'enforce_recommended_price'),
  };
}

/**
 * The prices in effect for a request: the store of `market_id` when it is the verified user's
 * own, else the user's markup profile (an unknown, foreign or stale id never fails the call).
 */
export async function priceContext(ctx: AuthedCtx, marketId?: number): Promise<PriceContext> {
  return { user: await pricingUser(ctx.db, ctx.user), market: await pricingMarketFor(ctx.db, ctx.user, marketId) };
}

// ---------- categories ----------

export async function listCategories(ctx: Ctx) {
  const tree = await categoryTree(ctx.db);
  return tree.roots.map((r) => presentCategory(r, ctx.locale));
}

export async function getCategory(ctx: Ctx, id: number) {
  const node = (await categoryTree(ctx.db)).byId.get(id);
  if (!node) throw AppError.notFound();
  return presentCategory(node, ctx.locale);
}

// ---------- search ----------

export interface SearchPlan {
  /** Products whose code or vendor code equals the query: shown first. */
  exactIds: number[];
  /** to_tsquery expression, or null when no word matched anything. */
  tsquery: string | null;
}

const MAX_TOKENS = 8;
const HEADER_SEARCH_WINDOW = 100;

/**
 * Typo-tolerant search: each normalised word of the query becomes the dictionary words close to
 * it (itself, trigram neighbours, completions of the last word); words AND together, their
 * alternatives OR. Words that match nothing in the catalogue are dropped when others remain.
 */
export async function planSearch(db: Db, raw: string, base: ProductWhere): Promise<SearchPlan> {
  const text = raw.trim().slice(0, 200);
  if (!text) return { exactIds: [], tsquery: null };
  const tokens = [...new Set(normalizeWords(text))].slice(0, MAX_TOKENS);
  const endsInWord = !/\s$/.test(raw);
  // One round of queries in parallel (separate connections on PostgreSQL).
  const [exactIds, ...candidates] = await Promise.all([
    sharedPage(readModelOf(db), base, `exact:${whereKey(base)}:${text.toLowerCase()}`, () => catalogRepo.exactCodeIds(db, text, base)),
    ...tokens.map((token, i) => {
      const prefix = endsInWord && i === tokens.length - 1;
      return catalogueCached(db, `terms:${prefix ? 1 : 0}:${token}`, () => catalogRepo.termCandidates(db, token, prefix));
    }),
  ]);
  const groups = (candidates as string[][]).filter((g) => g.length > 0);
  const tsquery = groups.length > 0 ? groups.map((g) => `(${g.map((t) => `'${t}'`).join(' | ')})`).join(' & ') : null;
  return { exactIds: exactIds as number[], tsquery };
}

// ---------- product lists ----------

/** A list's ids from the read model, except within a reseller's favourites (personal: read live). */
function sharedPage<T extends NonNullable<unknown>>(model: CatalogueReadModel, where: ProductWhere, key: string, compute: () => Promise<T>): Promise<T> {
  return where.favoritesOf !== undefined ? compute() : model.page(key, compute);
}

function groupFilters(keys: readonly string[] | undefined): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const key of keys ?? []) {
    const f = parseFilterKey(key);
    if (!f) continue;
    const list = groups.get(f.typeId) ?? [];
    if (!list.includes(f.valueId)) list.push(f.valueId);
    groups.set(f.typeId, list);
  }
  return groups;
}

/** The reseller's category (a hidden one is as unknown), and the hidden categories its listing leaves out. */
async function resolveCategory(db: Db, id: number | undefined): Promise<{ category: CategoryNode | undefined; hidden: HiddenCategories | undefined }> {
  const tree = await categoryTree(db);
  if (id === undefined) return { category: undefined, hidden: tree.hidden };
  const node = tree.byId.get(id);
  if (!node) throw AppError.field('category_id', 'category_not_found');
  return { category: node, hidden: node.hiddenBelow };
}

function listKind(q: ProductsQuery): ListKind {
  if (q.is_favorites) return 'favorites';
  if (q.specials) return 'specials';
  if (q.news) return 'news';
  if (q.search?.trim()) return 'search';
  return 'all';
}

export async function listProducts(ctx: AuthedCtx, q: ProductsQuery): Promise<ProductListResult> {
  return presentListPage(await listProductsPage(ctx, q));
}

/** A list page with its rows not yet presented (list-writer.ts writes them straight to bytes). */
export async function listProductsPage(ctx: AuthedCtx, q: ProductsQuery): Promise<ProductListPage> {
  const { category, hidden } = await resolveCategory(ctx.db, q.category_id);
  const prices = await priceContext(ctx, q.market_id);
  const perPage = q.per_page;
  const page = q.page;
  const bounds = catalogueDropBounds(
    prices.user,
    q.price_from === undefined ? undefined : uahToKop(q.price_from),
    q.price_to === undefined ? undefined : uahToKop(q.price_to),
  );
  const groups = groupFilters(q.filters);
  const narrowed = groups.size > 0 || q.price_from !== undefined || q.price_to !== undefined;
  const where: ProductWhere = {
    ...(category ? { category: { id: category.id, depth: category.ancestors.length } } : {}),
    ...(q.specials ? { specials: true } : {}),
    ...(q.news ? { news: true } : {}),
    ...(q.is_favorites ? { favoritesOf: ctx.user.id } : {}),
    valueGroups: [...groups.values()],
    ...(bounds.minKop !== undefined ? { dropMinKop: bounds.minKop } : {}),
    ...(bounds.maxKop !== undefined ? { dropMaxKop: bounds.maxKop } : {}),
    ...(hidden ? { hidden } : {}),
  };
  const crumbs = category ? categoryCrumbs(category, ctx.locale) : listCrumbs(listKind(q), ctx.locale);
  const currentCategory = category ? presentCategory(category, ctx.locale, 1) : null;
  const envelope = (rows: readonly ProductRow[], total: number): ProductListPage => {
    const lastPage = Math.max(1, Math.ceil(Math.min(total, PRODUCT_RESULT_WINDOW) / perPage));
    return {
      rows,
      locale: ctx.locale,
      prices,
      rest: {
        current_category: currentCategory,
        breadcrumbs: crumbs,
        meta: { current_page: page, per_page: perPage, total, last_page: lastPage },
        pagination: { last_page: lastPage },
      },
    };
  };
  const offset = (page - 1) * perPage;
  if (bounds.empty || offset >= PRODUCT_RESULT_WINDOW) {
    return envelope([], bounds.empty ? 0 : await countFor(ctx.db, where, category, q, narrowed));
  }

  const model = readModelOf(ctx.db);
  const search = q.search?.trim();
  if (search) {
    // The plan (exact codes, each word's dictionary neighbours) of a query asked before, from memory.
    const raw = q.search ?? '';
    const plan = await sharedPage(model, where, `plan:${whereKey(where)}:${/\s$/.test(raw) ? 1 : 0}:${search.slice(0, 200)}`, () =>
      planSearch(ctx.db, raw, where),
    );
    const exact = plan.exactIds;
    const fuzzyWhere: ProductWhere | null = plan.tsquery ? { ...where, tsquery: plan.tsquery, excludeIds: exact } : null;
    // The header search (5 results) looks at a smaller window: it only shows the best few.
    const cap = perPage <= HEADER_SEARCH_LIMIT ? HEADER_SEARCH_WINDOW : SEARCH_RESULT_CAP;
    const exactPage = exact.slice(offset, offset + perPage);
    const fuzzyOffset = Math.max(0, offset - exact.length);
    const fuzzyNeed = Math.max(0, Math.min(perPage - exactPage.length, cap - offset - exactPage.length));
    const fuzzy = fuzzyWhere
      ? await sharedPage(model, where, `search:${whereKey(fuzzyWhere)}:${cap}:${fuzzyNeed}:${fuzzyOffset}`, () =>
          catalogRepo.searchPageIds(ctx.db, fuzzyWhere, cap, fuzzyNeed, fuzzyOffset),
        )
      : { ids: [], total: 0 };
    const total = Math.min(exact.length + fuzzy.total, cap);
    if (offset >= total) return envelope([], total);
    return envelope(await model.products(ctx.user.id, [...exactPage, ...fuzzy.ids]), total);
  }

  // A category's filtered list (property values, a price range): answered from the category's
  // slice in memory, whatever the range and page; the count is the same LIMIT-window count as below.
  if (category && narrowed && !q.is_favorites && !q.specials && !q.news && category.productsCount <= SLICE_MAX_PRODUCTS) {
    const sliced = await model.slicePage(where, perPage, offset, PRODUCT_RESULT_WINDOW);
    if (sliced) {
      return envelope(await model.products(ctx.user.id, sliced.ids), sliced.total);
    }
  }

  const pageIds = () => catalogRepo.pageIds(ctx.db, where, perPage, offset);
  const [ids, total] = await Promise.all([
    sharedPage(model, where, `page:${whereKey(where)}:${perPage}:${offset}`, pageIds),
    countFor(ctx.db, where, category, q, narrowed),
  ]);
  return envelope(await model.products(ctx.user.id, ids), total);
}

/**
 * Precomputed for a plain category and the whole catalogue; a reseller's favourites are counted
 * (a handful of rows); any other list is counted up to the result window and the total shared
 * through the catalogue cache (it is the same for every reseller with the same filters).
 */
async function countFor(db: Db, where: ProductWhere, category: CategoryNode | undefined, q: ProductsQuery, narrowed: boolean) {
  if (q.is_favorites) return catalogRepo.countCapped(db, where, PRODUCT_RESULT_WINDOW);
  if (!narrowed && !q.specials && !q.news) {
    return category ? category.productsCount : (await categoryTree(db)).totalProducts;
  }
  // Specials and news of the whole catalogue are counted in full; filtered lists up to the window.
  const cap = narrowed ? PRODUCT_RESULT_WINDOW : Number.MAX_SAFE_INTEGER;
  return catalogueCached(db, `count:${cap}:${whereKey(where)}`, () => catalogRepo.countCapped(db, where, cap));
}

/** The header search: the best few matches (exact codes first). */
export async function headerSearch(ctx: AuthedCtx, search: string) {
  return listProducts(ctx, { search, per_page: HEADER_SEARCH_LIMIT, page: 1 } as ProductsQuery);
}

// ---------- one product ----------

export async function getProduct(ctx: AuthedCtx, id: number, marketId?: number) {
  const model = readModelOf(ctx.db);
  // The description is read beside the row (lists never read it, so the cached rows leave it out).
  const [[row], tree, description] = await Promise.all([model.products(ctx.user.id, [id]), categoryTree(ctx.db), model.description(id)]);
  // A product of a hidden category is not there for resellers.
  if (!row || !description || tree.hiddenIds.has(row.category_id)) throw AppError.notFound();
  const prices = await priceContext(ctx, marketId);
  const props = (await model.page(`props:${id}`, () => catalogRepo.propertiesOf(ctx.db, id))).map((p) => ({
    id: Number(p.id),
    typeId: Number(p.type_id),
    typeUk: String(p.type_uk),
    typeRu: String(p.type_ru),
    valueUk: String(p.value_uk),
    valueRu: String(p.value_ru),
  }));
  const node = tree.byId.get(row.category_id);
  const data = presentProductDetail(row, description, props, ctx.locale, prices);
  const breadcrumbs = node
    ? [...categoryCrumbs(node, ctx.locale, true), { title: data.name, href: `/dashboard/products/${id}`, disabled: true }]
    : [{ title: data.name, href: `/dashboard/products/${id}`, disabled: true }];
  return { data, breadcrumbs };
}

const ANALOGUES_LIMIT = 50;

export async function listAnalogues(ctx: AuthedCtx, id: number, marketId?: number) {
  const model = readModelOf(ctx.db);
  // null (no such product) is kept as [-1]: the page cache holds values only.
  const ids = await model.page(`analogues:${id}`, async () => (await catalogRepo.analogueIds(ctx.db, id, ANALOGUES_LIMIT)) ?? [-1]);
  if (ids[0] === -1) throw AppError.notFound();
  const tree = await categoryTree(ctx.db);
  if (tree.hiddenIds.size > 0) {
    // The product itself must be visible; its analogues in hidden categories are left out.
    const [own] = await model.products(ctx.user.id, [id]);
    if (!own || tree.hiddenIds.has(own.category_id)) throw AppError.notFound();
  }
  const rows = (await model.products(ctx.user.id, ids)).filter((r) => !tree.hiddenIds.has(r.category_id));
  const prices = await priceContext(ctx, marketId);
  return rows.map((r) => presentProductListItem(r, ctx.locale, prices));
}

// ---------- filters ----------

/** Searches facet over at most this many matches. */
const SEARCH_FACET_SAMPLE = SEARCH_RESULT_CAP;

type FacetRow = Awaited<ReturnType<typeof catalogRepo.facets>>[number];

/** A stable key for a filter selection (type and value order do not matter). */
function selectionKey(selected: Map<number, number[]>): string {
  return [...selected.entries()]
    .sort(([a], [b]) => a - b)
    .map(([t, ids]) => `${t}:${[...ids].sort((x, y) => x - y).join('.')}`)
    .join('|');
}

export async function listFilters(ctx: AuthedCtx, q: FiltersQuery): Promise<FilterGroupDto[]> {
  const { category, hidden } = await resolveCategory(ctx.db, q.category_id);
  const selected = groupFilters([...(q.selected_filters ?? []), ...(q.filters ?? [])]);
  const categoryId = category?.id ?? 0;
  const facetRows = await catalogueCached(ctx.db, `facets:${categoryId}`, () => visibleFacets(ctx.db, categoryId, hidden));
  const search = q.search?.trim();
  // Counts under a selection or a search are the same for every reseller: shared through the cache.
  const counts =
    search || selected.size > 0
      ? new Map(
          await catalogueCached(ctx.db, `facet-counts:${categoryId}:${selectionKey(selected)}:${search ?? ''}`, async () => [
            ...(await selectionCounts(ctx.db, category, hidden, selected, search, facetRows)).entries(),
          ]),
        )
      : null;
  const groups = new Map<number, FilterGroupDto>();
  for (const f of facetRows) {
    const count = counts ? (counts.get(f.valueId) ?? 0) : f.count;
    const isSelected = selected.get(f.typeId)?.includes(f.valueId) ?? false;
    if (search && count === 0 && !isSelected) continue;
    let g = groups.get(f.typeId);
    if (!g) groups.set(f.typeId, (g = { id: f.typeId, name: pick(ctx.locale, f.typeUk, f.typeRu), properties: [] }));
    g.properties.push({ property_type_id: f.typeId, property_value_id: f.valueId, value: pick(ctx.locale, f.valueUk, f.valueRu), count });
  }
  return [...groups.values()].filter((g) => g.properties.length > 0);
}

/**
 * The precomputed facet counts of a category (0: the whole catalogue) less those of the hidden
 * categories below it (their counts cover their subtrees); values left with none are dropped.
 */
async function visibleFacets(db: Db, categoryId: number, hidden: HiddenCategories | undefined): Promise<FacetRow[]> {
  const rows = await catalogRepo.facets(db, categoryId);
  if (!hidden) return rows;
  const minus = new Map<number, number>();
  for (const top of hidden.tops) for (const f of await catalogRepo.facets(db, top)) minus.set(f.valueId, (minus.get(f.valueId) ?? 0) + f.count);
  return rows.map((f) => ({ ...f, count: f.count - (minus.get(f.valueId) ?? 0) })).filter((f) => f.count > 0);
}

/** Each value counts the products that match every selected group but its own type's (and the search). */
async function selectionCounts(
  db: Db,
  category: CategoryNode | undefined,
  hidden: HiddenCategories | undefined,
  selected: Map<number, number[]>,
  search: string | undefined,
  facetRows: FacetRow[],
): Promise<Map<number, number>> {
  const base: ProductWhere = {
    ...(category ? { category: { id: category.id, depth: category.ancestors.length } } : {}),
    ...(hidden ? { hidden } : {}),
  };
  let scope: ProductWhere = base;
  if (search) {
    const plan = await planSearch(db, search, base);
    const ids = [...plan.exactIds];
    if (plan.tsquery) ids.push(...(await catalogRepo.searchIds(db, { ...base, tsquery: plan.tsquery, excludeIds: plan.exactIds }, SEARCH_FACET_SAMPLE)));
    scope = { onlyIds: ids };
  }
  const counts = new Map<number, number>();
  const valuesOf = (pred: (typeId: number) => boolean) => facetRows.filter((f) => pred(f.typeId)).map((f) => f.valueId);
  // One pass for the unselected types, one per selected type (in parallel on PostgreSQL).
  const passes = [
    catalogRepo.valueCounts(
      db,
      { ...scope, valueGroups: [...selected.values()] },
      valuesOf((t) => !selected.has(t)),
    ),
    ...[...selected.keys()].map((typeId) => {
      const others = [...selected.entries()].filter(([t]) => t !== typeId).map(([, ids]) => ids);
      if (others.length === 0 && !search) {
        // Only this type is selected: its own counts are the precomputed ones.
        return Promise.resolve(new Map(facetRows.filter((f) => f.typeId === typeId).map((f) => [f.valueId, f.count])));
      }
      return catalogRepo.valueCounts(
        db,
        { ...scope, valueGroups: others },
        valuesOf((t) => t === typeId),
      );
    }),
  ];
  for (const pass of await Promise.all(passes)) for (const [v, n] of pass) counts.set(v, n);
  return counts;
}

// ---------- promo (public) ----------

const PROMO_LIMIT = 12;

export async function listPromo(ctx: Ctx) {
  const rows = await catalogueCached(ctx.db, 'promo', async () => catalogRepo.promo(ctx.db, PROMO_LIMIT, (await categoryTree(ctx.db)).hidden));
  return rows.map((r) => {
    const p = priceProduct({ dropKop: r.dropKop, oldDropKop: null, retailKop: r.retailKop, categoryPath: [] }, PUBLIC_PRICING_USER);
    return {
      id: r.id,
      name: pick(ctx.locale, r.nameUk, r.nameRu),
      image: r.image,
      drop_price: kopToUah(p.dropKop),
      retail_price: kopToUah(p.retailKop),
      profit: kopToUah(p.profitKop),
    };
  });
}
