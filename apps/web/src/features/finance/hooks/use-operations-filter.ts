import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { OPERATION_TYPES, type OperationType } from '@drop/shared';
import type { OperationsFilter } from '../api/keys.ts';

export const OPERATIONS_PER_PAGE = 20;

const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);
const isType = (v: string | null): v is OperationType => !!v && (OPERATION_TYPES as readonly string[]).includes(v);

export type FilterPatch = Partial<Pick<OperationsFilter, 'type' | 'date_from' | 'date_to'>>;

/** The operations filter lives in the URL (page, type, date_from, date_to); a changed filter goes back to page 1. */
export function useOperationsFilter() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const type = params.get('type');
  const from = params.get('date_from');
  const to = params.get('date_to');

  const filter = useMemo<OperationsFilter>(
    () => ({
      page,
      per_page: OPERATIONS_PER_PAGE,
      ...(isType(type) ? { type } : {}),
      ...(isDay(from) ? { date_from: from } : {}),
      ...(isDay(to) ? { date_to: to } : {}),
    }),
    [page, type, from, to],
  );

  const setPage = useCallback(
    (p: number) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (p > 1) next.set('page', String(p));
        else next.delete('page');
        return next;
      }),
    [setParams],
  );

  const setFilter = useCallback(
    (patch: FilterPatch) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        next.delete('page');
        return next;
      }),
    [setParams],
  );

  const reset = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  const active = Boolean(filter.type || filter.date_from || filter.date_to);

  return { filter, setPage, setFilter, reset, active };
}
