import type { ProductListMode, ProductListParams } from '../api/keys.ts';
import type { ProductListState } from './list-state.ts';

/** The category id of a category list's route (`:id`), undefined when it is not a positive integer. */
export const categoryIdParam = (mode: ProductListMode, id: string | undefined): number | undefined =>
  mode === 'category' && id && /^\d+$/.test(id) ? Number(id) : undefined;

/** The products query's parameters (the query key) for a list page's state. */
export const listParams = (
  mode: ProductListMode,
  categoryId: number | undefined,
  state: ProductListState,
  marketId: number | undefined,
  lang: string,
): ProductListParams => ({
  mode,
  categoryId,
  page: state.page,
  perPage: state.perPage,
  search: state.search,
  filters: state.filters,
  priceFrom: state.priceFrom,
  priceTo: state.priceTo,
  marketId,
  lang,
});

/**
 * The same for a route (`id`: its `:id` param), or null when a category list has no valid id
 * (the page asks nothing then). The route's first-visit prefetch uses it.
 */
export function productListParams(
  mode: ProductListMode,
  id: string | undefined,
  state: ProductListState,
  marketId: number | undefined,
  lang: string,
): ProductListParams | null {
  const categoryId = categoryIdParam(mode, id);
  if (mode === 'category' && categoryId === undefined) return null;
  return listParams(mode, categoryId, state, marketId, lang);
}
