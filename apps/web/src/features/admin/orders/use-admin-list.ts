import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { OrderListColumn, OrderSort, OrderViewParams } from '@drop/shared';
import {
  activeAdminFilters,
  paramsOfView,
  parseAdminList,
  patchListParams,
  resetListParams,
  storeColumns,
  storedColumns,
  type AdminListPatch,
} from './list-state.ts';

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
  // Setters build on the newest query through a ref, not on the render they were made in: a field that
  // keeps its first callback (the date mask), or a second change before the router has rendered the
  // first (its navigations are transitions), would otherwise write an older query back and drop a filter.
  const latest = useRef(params);
  const seen = useRef(key);
  const go = useRef(setParams);
  useLayoutEffect(() => {
    if (seen.current !== key) {
      seen.current = key;
      latest.current = params;
    }
    go.current = setParams;
  });
  const change = useCallback((fn: (prev: URLSearchParams) => URLSearchParams, replace: boolean) => {
    const next = fn(latest.current);
    latest.current = next;
    go.current(next, { replace });
  }, []);
  const setFilter = useCallback((patch: AdminListPatch) => change((prev) => patchListParams(prev, patch), true), [change]);
  const setPage = useCallback((page: number) => change((prev) => patchListParams(prev, { page: page > 1 ? page : null }, true), false), [change]);
  const setSort = useCallback((sort: OrderSort) => change((prev) => patchListParams(prev, { sort }), true), [change]);
  const setPerPage = useCallback((perPage: number) => change((prev) => patchListParams(prev, { per_page: perPage }), true), [change]);
  /** The columns, or a change of the shown ones (two quick ticks in the chooser both count). */
  const setColumns = useCallback(
    (next: OrderListColumn[] | ((shown: OrderListColumn[]) => OrderListColumn[])) =>
      change((prev) => {
        const cols = typeof next === 'function' ? next(parseAdminList(prev, storedColumns()).columns) : next;
        storeColumns(cols);
        return patchListParams(prev, { cols: cols.join(',') || ',' }, true);
      }, true),
    [change],
  );
  const reset = useCallback(() => change(resetListParams, false), [change]);
  const applyView = useCallback(
    (v: OrderViewParams) => {
      storeColumns(v.columns);
      change(() => paramsOfView(v), false);
    },
    [change],
  );
  return { ...state, setFilter, setPage, setSort, setPerPage, setColumns, reset, applyView, active: activeAdminFilters(state.filter) };
}
