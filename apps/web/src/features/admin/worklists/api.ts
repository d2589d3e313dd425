import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { worklistCountsDto, WORKLIST_AREAS, WORKLISTS, mayAccess, type Worklist, type WorklistCountsDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';

/** The counters refetch this often while the tab is visible (TanStack pauses the interval in a hidden tab). */
export const WORKLIST_POLL_MS = 20_000;

export const worklistKeys = { counts: ['admin-worklists', 'counts'] as const };

/**
 * `GET /admin/worklists`: how many items each worklist the role may see holds. Polled every
 * WORKLIST_POLL_MS while the tab is visible and refetched when the window regains focus; any
 * mutation in the back office refetches it at once (useWorklistInvalidation).
 */
export function useWorklistCounts(enabled = true) {
  return useQuery({
    queryKey: worklistKeys.counts,
    queryFn: ({ signal }) => api.get<WorklistCountsDto>('/admin/worklists', worklistCountsDto, { signal }),
    refetchInterval: WORKLIST_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
    enabled,
  });
}

/**
 * Whenever a mutation settles anywhere in the back office (an order moved, a waybill made, a top-up
 * approved, a bulk action), the counters are refetched so they drop at once instead of at the next poll.
 */
export function useWorklistInvalidation() {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated') return;
        const { type } = event.action;
        if (type === 'success' || type === 'error') void client.invalidateQueries({ queryKey: worklistKeys.counts });
      }),
    [client],
  );
}

/** The worklists `role` may see (WORKLIST_AREAS), in navigation order. */
export const visibleWorklists = (role: string | undefined | null): Worklist[] => WORKLISTS.filter((w) => mayAccess(role, WORKLIST_AREAS[w]));

/** Where a worklist opens: the orders list filtered to it, or the money page's open queue. */
export function worklistPath(w: Worklist): string {
  if (w === 'topups') return '/admin/money?tab=topups&status=Pending';
  if (w === 'withdrawals') return '/admin/money?tab=withdrawals&status=New';
  return `/admin/orders?view=list&worklist=${w}`;
}

/** The back-office section a worklist belongs to (its sub-links go under that section's item). */
export const worklistSection = (w: Worklist): 'orders' | 'money' => (w === 'topups' || w === 'withdrawals' ? 'money' : 'orders');
