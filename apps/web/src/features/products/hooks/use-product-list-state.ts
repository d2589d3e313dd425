import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { applyListPatch, parseListState, readListDefaults, type ProductListState } from '../lib/list-state.ts';

/** The list state read from the URL query; `update` writes a patch back (push, or replace). */
export function useProductListState() {
  const [params, setParams] = useSearchParams();
  // per_page and card_variant fall back to what this browser remembered (read once per page).
  const [defaults] = useState(readListDefaults);
  const state = useMemo(() => parseListState(params, defaults), [params, defaults]);
  const update = useCallback(
    (patch: Partial<ProductListState>, { replace = false }: { replace?: boolean } = {}) => setParams((prev) => applyListPatch(prev, patch), { replace }),
    [setParams],
  );
  return { state, update };
}
