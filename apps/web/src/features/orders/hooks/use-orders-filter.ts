import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  activeFilterCount,
  pageParams,
  parseOrdersFilter,
  patchOrdersParams,
  resetOrdersParams,
  type OrdersFilterPatch,
} from '../../../lib/order/orders-filter.ts';

/** The orders list state lives in the URL; a changed filter goes back to page 1. */
export function useOrdersFilter() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the query string is the identity of the filter
  const filter = useMemo(() => parseOrdersFilter(params), [key]);
  const setFilter = useCallback((patch: OrdersFilterPatch) => setParams((prev) => patchOrdersParams(prev, patch)), [setParams]);
  const setPage = useCallback((page: number) => setParams((prev) => pageParams(prev, page)), [setParams]);
  const reset = useCallback(() => setParams((prev) => resetOrdersParams(prev)), [setParams]);
  return { filter, setFilter, setPage, reset, active: activeFilterCount(filter) };
}
