import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductsResponse } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { productKeys, type ProductListParams } from './keys.ts';

/** GET /products: the query of SPEC section 7 for one list state. */
export function productsRequestQuery(p: ProductListParams) {
  return {
    category_id: p.mode === 'category' ? p.categoryId : undefined,
    specials: p.mode === 'specials' ? 1 : undefined,
    news: p.mode === 'news' ? 1 : undefined,
    is_favorites: p.mode === 'favorites' ? 1 : undefined,
    page: p.page,
    per_page: p.perPage,
    search: p.search || undefined,
    filters: p.filters.length > 0 ? p.filters : undefined,
    price_from: p.priceFrom ?? undefined,
    price_to: p.priceTo ?? undefined,
    market_id: p.marketId,
  };
}

export function getProducts(p: ProductListParams, signal?: AbortSignal): Promise<ProductsResponse> {
  return api.raw<ProductsResponse>('GET', '/products', { query: productsRequestQuery(p), ...(signal ? { signal } : {}) });
}

export const getProductsQueryOptions = (p: ProductListParams) =>
  queryOptions({
    queryKey: productKeys.list(p),
    queryFn: ({ signal }) => getProducts(p, signal),
    // Paging and filtering keep the current rows on screen (dimmed) until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export const useProducts = (p: ProductListParams, enabled = true) => useQuery({ ...getProductsQueryOptions(p), enabled });
