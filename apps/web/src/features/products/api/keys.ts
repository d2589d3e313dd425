/** Query keys of the products feature (one factory, reused for invalidation). */
export type ProductListMode = 'category' | 'favorites' | 'search' | 'specials' | 'news';

export interface ProductListParams {
  mode: ProductListMode;
  categoryId?: number | undefined;
  page: number;
  perPage: number;
  search: string;
  filters: string[];
  priceFrom: number | null;
  priceTo: number | null;
  marketId?: number | undefined;
  lang: string;
}

export interface FilterParams {
  categoryId?: number | undefined;
  filters: string[];
  search: string;
  lang: string;
}

export const productKeys = {
  all: ['products'] as const,
  lists: () => ['products', 'list'] as const,
  list: (params: ProductListParams) => ['products', 'list', params] as const,
  details: () => ['products', 'detail'] as const,
  detail: (id: number, lang: string, marketId?: number) => ['products', 'detail', id, { lang, marketId }] as const,
  analoguesAll: () => ['products', 'analogues'] as const,
  analogues: (id: number, lang: string, marketId?: number) => ['products', 'analogues', id, { lang, marketId }] as const,
  filters: (params: FilterParams) => ['products', 'filters', params] as const,
};
