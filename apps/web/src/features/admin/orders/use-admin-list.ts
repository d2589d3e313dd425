import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
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
  // Setters read the newest query through a ref, not the render they were made in: a field that keeps
  // its first callback (the date mask) would otherwise write an old query back, dropping a newer filter.
  const latest = useRef(params);
  const go = useRef(setParams);
  useLayoutEffect(() => {
    latest.current = params;
    go.current = setParams;
  });
  const change = useCallback((fn: (prev: URLSearchParams) => URLSearchParams, replace: boolean) => go.current(fn(latest.current), { replace }), []);
  const setFilter = useCallback((patch: AdminListPatch) => change((prev) => patchListParams(prev, patch), true), [change]);
  const setPage = useCallback((page: number) => change((prev) => patchListParams(prev, { page: page > 1 ? page : null }, true), false), [change]);
  const setSort = useCallback((sort: OrderSort) => change((prev) => patchListParams(prev, { sort }), true), [change]);
  const setPerPage = useCallback((perPage: number) => change((prev) => patchListParams(prev, { per_page: perPage }), true), [change]);
  const setColumns = useCallback(
    (cols: OrderListColumn[]) => {
      storeColumns(cols);
      change((prev) => patchListParams(prev, { cols: cols.join(',') || ',' }, true), true);
    },
    [change],
  );
  const reset = useCallback(() => change(resetListParams, false), [change]);
  const applyView = useCallback(
    (v: OrderViewParams) => {
      storeColumns(v.columns);
      setParams(paramsOfView(v));
    },
    [setParams],
  );
  return { ...state, setFilter, setPage, setSort, setPerPage, setColumns, reset, applyView, active: activeAdminFilters(state.filter) };
}
