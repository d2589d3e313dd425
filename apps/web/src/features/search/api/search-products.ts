import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HEADER_SEARCH_LIMIT, storageUrl, type ProductDto, type ProductsResponse } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';

/** Header search: the 5 best matches (SPEC section 9). */
export const HEADER_SEARCH_PER_PAGE = HEADER_SEARCH_LIMIT;

/** The product's thumb (else another picture) as `/storage/{path}`, or the placeholder. */
export function thumbUrl(p: Pick<ProductDto, 'images'>): string {
  const img = p.images.find((i) => i.type === 'thumb') ?? p.images.find((i) => i.type === 'medium_centered') ?? p.images[0];
  return storageUrl(img?.path);
}

export const searchKeys = {
  all: ['header-search'] as const,
  preview: (term: string, lang: string, marketId?: number) => [...searchKeys.all, term, lang, marketId ?? null] as const,
};

export const searchProducts = (term: string, signal?: AbortSignal, marketId?: number) =>
  api.raw<ProductsResponse>('GET', '/products', { query: { search: term, per_page: HEADER_SEARCH_PER_PAGE, market_id: marketId }, signal });

export function useProductSearch(term: string, lang: string, enabled: boolean, marketId?: number) {
  return useQuery({
    queryKey: searchKeys.preview(term, lang, marketId),
    queryFn: ({ signal }) => searchProducts(term, signal, marketId),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
