import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

export type UpdateParams = (changes: Record<string, string | null>, keepPage?: boolean) => void;

/**
 * A back-office list's state in the URL: the parameters and a setter that sets or clears them. A
 * filter change goes back to page 1 and replaces the history entry; a page change (keepPage) pushes
 * one, so Back returns to the previous page.
 */
export function useListParams(): [URLSearchParams, UpdateParams] {
  const [params, setParams] = useSearchParams();
  const update: UpdateParams = (changes, keepPage = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!keepPage) next.delete('page');
        return next;
      },
      { replace: !keepPage },
    );
  return [params, update];
}

/** Writes a debounced text field to its URL parameter (cleared when empty) once the typing settles. */
export function useTextParam(key: string, debounced: string, params: URLSearchParams, update: UpdateParams) {
  useEffect(() => {
    const value = debounced.trim();
    if (value !== (params.get(key) ?? '').trim()) update({ [key]: value || null });
    // Only the debounced text drives this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
}
