/**
 * The Printing section's requests: the supplier's requisites (`GET/PUT /admin/printing/requisites`,
 * null until someone fills them in) and order numbers resolved to ids through the orders list's
 * search (an order's `number`, e.g. 100123, is not its id). Keys live under ['admin', 'printing'].
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDto, SupplierRequisitesDto, SupplierRequisitesInput } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import type { Page } from '../api/keys.ts';

export const printingKeys = {
  all: () => ['admin', 'printing'] as const,
  requisites: () => ['admin', 'printing', 'requisites'] as const,
};

export const useRequisites = () =>
  useQuery({
    queryKey: printingKeys.requisites(),
    queryFn: ({ signal }) => api.get<SupplierRequisitesDto | null>('/admin/printing/requisites', undefined, { signal }),
  });

export function useSaveRequisites() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SupplierRequisitesInput) => api.put<SupplierRequisitesDto>('/admin/printing/requisites', input),
    onSuccess: (saved) => qc.setQueryData(printingKeys.requisites(), saved),
  });
}

/** The PDF addresses (under the API base) the page opens. */
export const printUrls = {
  register: (date: string) => `/admin/orders/print/register?date=${encodeURIComponent(date)}`,
  orders: (kind: string, ids: readonly number[]) => `/admin/orders/print/${kind}?ids=${ids.join(',')}`,
};

/** Parallel look-ups at most at once (a long list of numbers must not flood the API). */
const LOOKUPS_AT_ONCE = 6;

/**
 * Each order number's id: `GET /admin/orders?search=<number>` matches the number exactly (and names
 * and phones loosely, so the answer is filtered on `number`). Returns the ids in the given order and
 * the numbers no order has.
 */
export async function resolveOrderNumbers(numbers: readonly string[]): Promise<{ ids: number[]; missing: string[] }> {
  const found = new Map<string, number>();
  let next = 0;
  const worker = async () => {
    while (next < numbers.length) {
      const n = numbers[next++]!;
      const page = await api.raw<Page<Pick<AdminOrderDto, 'id' | 'number'>>>('GET', '/admin/orders', { query: { search: n, per_page: 10 } });
      const hit = page.data.find((o) => o.number === n);
      if (hit) found.set(n, hit.id);
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, numbers.length) }, worker));
  return { ids: numbers.flatMap((n) => (found.has(n) ? [found.get(n)!] : [])), missing: numbers.filter((n) => !found.has(n)) };
}

/** Order numbers typed with commas, spaces, semicolons or new lines ('#' allowed): the distinct ones, and what is not a number. */
export function parseOrderNumbers(raw: string): { numbers: string[]; invalid: string[] } {
  const tokens = raw
    .split(/[\s,;]+/)
    .map((s) => s.replace(/^(#|№)/, ''))
    .filter(Boolean);
  const invalid = tokens.filter((s) => !/^\d{1,12}$/.test(s));
  return { numbers: [...new Set(tokens.filter((s) => /^\d{1,12}$/.test(s)))], invalid: [...new Set(invalid)] };
}
