import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductDto, ProductsResponse } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';

/*
 * The header search lives in the dashboard shell: it imports only types from the catalogue
 * contract, because any value from packages/shared/src/catalog.ts brings its zod schemas (and
 * zod) into the shell's chunk. Hence the two copies below (HEADER_SEARCH_LIMIT, storageUrl).
 */

/** Header search: the 5 best matches (SPEC section 9; HEADER_SEARCH_LIMIT in the contract). */
export const HEADER_SEARCH_PER_PAGE = 5;
const PLACEHOLDER = '/images/no-img-200pad.svg';

/** The product's thumb (else another picture) as `/storage/{path}`, or the placeholder. */
export function thumbUrl(p: Pick<ProductDto, 'images'>): string {
  const img = p.images.find((i) => i.type === 'thumb') ?? p.images.find((i) => i.type === 'medium_centered') ?? p.images[0];
  return img?.path ? `/storage/${img.path.replace(/^\/+/, '')}` : PLACEHOLDER;
}

export const searchKeys = {
  all: ['header-search'] as const,
  preview: (term: string, lang: string) => [...searchKeys.all, term, lang] as const,
};

export const searchProducts = (term: string, signal?: AbortSignal) =>
  api.raw<ProductsResponse>('GET', '/products', { query: { search: term, per_page: HEADER_SEARCH_PER_PAGE }, signal });

export function useProductSearch(term: string, lang: string, enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.preview(term, lang),
    queryFn: ({ signal }) => searchProducts(term, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
