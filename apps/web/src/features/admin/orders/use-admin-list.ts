import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { OrderListColumn, OrderSort, OrderViewParams } from '@drop/shared';
import { activeAdminFilters, paramsOfView, parseAdminList, patchListParams, resetListParams, storeColumns, storedColumns, type AdminListPatch } from './list-state.ts';

/**
 * The staff's orders list state from the URL (list-state.ts) and its setters: a filter, sort or
 * page-size change goes back to page 1; the columns go to the URL and to localStorage; a saved
 * view replaces the whole query.
 */
export function useAdminList() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the query string is the identity of the state
  const state = useMemo(() => parseAdminList(params, storedColumns()), [key]);
  const setFilter = useCallback((patch: AdminListPatch) => setParams((prev) => patchListParams(prev, patch), { replace: true }), [setParams]);
  const setPage = useCallback((page: number) => setParams((prev) => patchListParams(prev, { page: page > 1 ? page : null }, true)), [setParams]);
  const setSort = useCallback((sort: OrderSort) => setParams((prev) => patchListParams(prev, { sort }), { replace: true }), [setParams]);
  const setPerPage = useCallback((perPage: number) => setParams((prev) => patchListParams(prev, { per_page: perPage }), { replace: true }), [setParams]);
  const setColumns = useCallback(
    (cols: OrderListColumn[]) => {
      storeColumns(cols);
      setParams((prev) => patchListParams(prev, { cols: cols.join(',') || ',' }, true), { replace: true });
    },
    [setParams],
  );
  const reset = useCallback(() => setParams((prev) => resetListParams(prev)), [setParams]);
  const applyView = useCallback(
    (v: OrderViewParams) => {
      storeColumns(v.columns);
      setParams(paramsOfView(v));
    },
    [setParams],
  );
  return { ...state, setFilter, setPage, setSort, setPerPage, setColumns, reset, applyView, active: activeAdminFilters(state.filter) };
}
