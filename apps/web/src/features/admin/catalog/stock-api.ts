import { useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkChangeResultDto, lowStockResponse, stockHistoryResponse, type BulkChangeInput } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { createIntent, idempotencyHeader } from '../../../lib/idempotency.ts';
import { catalogKeys, type ProductsQuery } from './api.ts';

/** Stock history, low stock and bulk changes (`/admin/catalog`); keys under the catalogue's `admin-catalog` prefix. */
export const stockKeys = {
  history: (id: number, stamp = '') => [...catalogKeys.all, 'stock-history', id, stamp] as const,
  lowStock: (q: LowStockParams) => [...catalogKeys.all, 'low-stock', q] as const,
};

export interface LowStockParams {
  threshold: number;
  category_id?: number | undefined;
  in_stock_only?: boolean | undefined;
}

export const STOCK_PAGE = 30;

/**
 * A product's stock movements, newest first, page after page (`next_before`). `stamp` is the
 * product's stock as the editor has it (qty:reserved): a saved change of it reads the history again.
 */
export const useStockHistory = (id: number, stamp: string) =>
  useInfiniteQuery({
    queryKey: stockKeys.history(id, stamp),
    queryFn: async ({ pageParam, signal }) =>
      stockHistoryResponse.parse(
        await api.raw('GET', `/admin/catalog/products/${id}/stock-history`, { query: { limit: STOCK_PAGE, before: pageParam }, signal }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
    placeholderData: keepPreviousData,
    enabled: Number.isSafeInteger(id) && id > 0,
  });

export const useLowStock = (q: LowStockParams) =>
  useInfiniteQuery({
    queryKey: stockKeys.lowStock(q),
    queryFn: async ({ pageParam, signal }) =>
      lowStockResponse.parse(
        await api.raw('GET', '/admin/catalog/low-stock', { query: { ...q, in_stock_only: q.in_stock_only || undefined, limit: 50, after: pageParam }, signal }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_after ?? undefined,
    placeholderData: keepPreviousData,
  });

/** The products list's filters as a bulk change's `filter` (no paging; only what is set). */
export function bulkFilterOf(q: ProductsQuery): NonNullable<BulkChangeInput['filter']> {
  const f: NonNullable<BulkChangeInput['filter']> = {};
  if (q.search) f.search = q.search;
  if (q.category_id) f.category_id = q.category_id;
  if (q.in_stock !== undefined) f.in_stock = q.in_stock;
  if (q.is_new !== undefined) f.is_new = q.is_new;
  if (q.specials !== undefined) f.specials = q.specials;
  return f;
}

export const useBulkPreview = () =>
  useMutation({ mutationFn: (input: BulkChangeInput) => api.post('/admin/catalog/products/bulk-change/preview', input, bulkChangeResultDto) });

/** Applies a bulk change with an `Idempotency-Key` (a retry while the outcome is unknown applies it once); the catalogue refetches. */
export function useBulkApply() {
  const client = useQueryClient();
  const [intent] = useState(createIntent);
  return useMutation({
    mutationFn: (input: BulkChangeInput) =>
      intent.run(input, (key) => api.post('/admin/catalog/products/bulk-change', input, bulkChangeResultDto, { headers: idempotencyHeader(key) })),
    onSuccess: () => void client.invalidateQueries({ queryKey: catalogKeys.all }),
  });
}
