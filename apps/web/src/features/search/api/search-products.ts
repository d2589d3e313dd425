import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HEADER_SEARCH_LIMIT, type ProductListItemDto, type ProductsResponse } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { firstPicture, smallSource, type ImgSource } from '../../../lib/images.ts';

/** Header search: the 5 best matches (SPEC section 9). */
export const HEADER_SEARCH_PER_PAGE = HEADER_SEARCH_LIMIT;

/** Side of a result's picture, CSS px. */
export const SEARCH_THUMB_PX = 48;

/** The product's first picture as a thumb of SEARCH_THUMB_PX (the medium as its 600w), or the placeholder. */
export const searchThumb = (p: Pick<ProductListItemDto, 'images'>): ImgSource => smallSource(firstPicture(p.images), SEARCH_THUMB_PX);

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
