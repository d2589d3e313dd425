import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FilterGroupDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { productKeys, type FilterParams } from './keys.ts';

/** GET /filters: groups with per-value counts that already reflect the other groups' selection. */
export const getFilters = (p: FilterParams, signal?: AbortSignal): Promise<FilterGroupDto[]> =>
  api.get<FilterGroupDto[]>('/filters', undefined, {
    query: {
      category_id: p.categoryId,
      selected_filters: p.filters.length > 0 ? p.filters : undefined,
      search: p.search || undefined,
    },
    ...(signal ? { signal } : {}),
  });

export const getFiltersQueryOptions = (p: FilterParams) =>
  queryOptions({ queryKey: productKeys.filters(p), queryFn: ({ signal }) => getFilters(p, signal), placeholderData: keepPreviousData });

export const useFilters = (p: FilterParams, enabled = true) => useQuery({ ...getFiltersQueryOptions(p), enabled });
