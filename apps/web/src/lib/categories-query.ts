import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryDto } from '@drop/shared';
import { api } from './api-client.ts';
import { findCategory } from './categories.ts';

/** Query keys of the catalogue tree (shared by the catalogue, products, stores and feeds). Names come in both languages, so no locale in the key. */
export const catalogKeys = {
  all: ['catalog'] as const,
  tree: () => [...catalogKeys.all, 'tree'] as const,
  category: (id: number) => [...catalogKeys.all, 'category', id] as const,
};

export const getCategories = (signal?: AbortSignal) => api.get<CategoryDto[]>('/categories', undefined, { signal });

/** The whole tree is loaded once per session (SPEC: "categories load only if not yet loaded"). */
export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: catalogKeys.tree(),
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const useCategories = () => useQuery(getCategoriesQueryOptions());

export const getCategory = (id: number, signal?: AbortSignal) => api.get<CategoryDto>(`/categories/${id}`, undefined, { signal });

/** One category with its children; answered from the loaded tree when there is one. */
export function useCategory(id: number) {
  const qc = useQueryClient();
  const valid = Number.isInteger(id) && id > 0;
  return useQuery({
    queryKey: catalogKeys.category(id),
    queryFn: ({ signal }) => getCategory(id, signal),
    enabled: valid,
    staleTime: 10 * 60_000,
    initialData: () => findCategory(qc.getQueryData<CategoryDto[]>(catalogKeys.tree()), id),
    initialDataUpdatedAt: () => qc.getQueryState(catalogKeys.tree())?.dataUpdatedAt,
  });
}
