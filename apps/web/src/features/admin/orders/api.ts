import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  adminOrderDto,
  adminOrderStatsDto,
  adminOrderSummaryDto,
  type adminOrdersBulkInput,
  bulkResultDto,
  listOf,
  reservationJobDto,
  type AdminOrderDto,
  type AdminOrdersFilter,
  type OrderSort,
  type BulkResultDto,
  type OrderPrintKind,
  type OrderStatus,
  type OrderWorklist,
} from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { createIntent, idempotencyHeader } from '../../../lib/idempotency.ts';
import type { OrdersFilter } from '../../../lib/order/orders-filter.ts';
import { worklistKeys } from '../worklists/api.ts';

/**
 * The operator's orders (`/admin/orders`). Status names come in the request's language, so the
 * language is part of every key; everything is invalidated by the `admin-orders` prefix.
 */
export const adminOrderKeys = {
  all: ['admin-orders'] as const,
  list: (q: object, lang: string) => ['admin-orders', 'list', q, lang] as const,
  stats: ['admin-orders', 'stats'] as const,
  detail: (id: number, lang: string) => ['admin-orders', 'detail', id, lang] as const,
  jobs: (id: number) => ['admin-orders', 'jobs', id] as const,
};

export const adminOrdersResponse = listOf(adminOrderSummaryDto);
export type AdminOrderSummary = z.infer<typeof adminOrderSummaryDto>;
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponse>;
export type AdminOrderStats = z.infer<typeof adminOrderStatsDto>;

/** How many cards a board column shows (the newest). */
export const BOARD_COLUMN_SIZE = 20;
/** The jobs table refetches this often while a job is queued, running or retrying. */
export const JOBS_POLL_MS = 3000;

/** The list's query: the reseller's filters, the staff's own (issue 29: payment method, delivery, city), the sort. */
type Query = Partial<Omit<OrdersFilter, 'page' | 'per_page'>> &
  Partial<Pick<AdminOrdersFilter, 'payment_method' | 'delivery_service' | 'delivery_type' | 'delivery_method' | 'city'>> & {
    page?: number;
    per_page?: number;
    user_id?: number | undefined;
    worklist?: OrderWorklist | undefined;
    sort?: OrderSort | undefined;
  };

export const getAdminOrders = async (query: Query, signal?: AbortSignal) =>
  adminOrdersResponse.parse(await api.raw('GET', '/admin/orders', { query, ...(signal ? { signal } : {}) }));

export function useAdminOrders(query: Query, enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: adminOrderKeys.list(query, i18n.language),
    queryFn: ({ signal }) => getAdminOrders(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAdminOrderStats() {
  return useQuery({ queryKey: adminOrderKeys.stats, queryFn: ({ signal }) => api.get('/admin/orders/stats', adminOrderStatsDto, { signal }) });
}

const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

export function useAdminOrder(id: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: adminOrderKeys.detail(id, i18n.language),
    queryFn: ({ signal }) => api.get(`/admin/orders/${id}`, adminOrderDto, { signal }),
    enabled: validId(id),
  });
}

const pending = (s: string) => s === 'created' || s === 'active' || s === 'retry';

export function useReservationJobs(id: number) {
  return useQuery({
    queryKey: adminOrderKeys.jobs(id),
    queryFn: ({ signal }) => api.get(`/admin/orders/${id}/jobs`, z.array(reservationJobDto), { signal }),
    enabled: validId(id),
    refetchInterval: (q) => (q.state.data?.some((j) => pending(j.state)) ? JOBS_POLL_MS : false),
  });
}

/** Every order mutation answers with the order: it goes into the cache, lists and stats refetch. */
function useOrderMutation<V>(id: number, fn: (v: V) => Promise<AdminOrderDto>) {
  const client = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: fn,
    onSuccess: (order) => {
      client.setQueryData(adminOrderKeys.detail(id, i18n.language), order);
      void client.invalidateQueries({
        queryKey: adminOrderKeys.all,
        predicate: (q) => q.queryKey[1] !== 'detail' || q.queryKey[2] !== id || q.queryKey[3] !== i18n.language,
      });
    },
  });
}

export const useMoveOrder = (id: number) =>
  useOrderMutation(id, (v: { status: OrderStatus; comment?: string; override_reason?: string }) => api.post(`/admin/orders/${id}/status`, v, adminOrderDto));
/** Marks the invoice paid with an `Idempotency-Key` (a retry while the outcome is unknown applies it once). */
export function useMarkPaid(id: number) {
  const [intent] = useState(createIntent);
  const body = { payment_status: 'Paid' as const };
  return useOrderMutation(id, () =>
    intent.run({ id, ...body }, (key) => api.post(`/admin/orders/${id}/payment`, body, adminOrderDto, { headers: idempotencyHeader(key) })),
  );
}
export const useSetTtn = (id: number) =>
  useOrderMutation(id, (v: { ttn: string; cost?: number; override_reason?: string }) => api.put(`/admin/orders/${id}/ttn`, v, adminOrderDto));
export const useCreateTtn = (id: number) =>
  useOrderMutation(id, (v: { weight: number; seats: number; description?: string; override_reason?: string }) =>
    api.post(`/admin/orders/${id}/ttn`, v, adminOrderDto),
  );

export function useRetryJob(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => api.post(`/admin/orders/${id}/jobs/${encodeURIComponent(jobId)}/retry`, undefined, reservationJobDto),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminOrderKeys.all }),
  });
}

/** `GET /admin/orders/{id}/print/{kind}`: one order's PDF (open it with printing/open-pdf.ts). */
export const orderPrintPath = (id: number, kind: OrderPrintKind) => `/admin/orders/${id}/print/${kind}`;

/** The bulk action's input (the `ids` or `filter` target and the action's own fields), as sent. */
export type BulkInput = z.input<typeof adminOrdersBulkInput>;

/**
 * `POST /admin/orders/bulk`: one action on many orders; each row's result comes back (a 200 even
 * when some rows fail), with an `Idempotency-Key`. Afterwards the lists, the stats, the details and the worklist counters reload.
 */
export function useBulkOrders() {
  const client = useQueryClient();
  // One Idempotency-Key per action: a retry while its outcome is unknown gets the first answer (the
  // rows it did), not every row refused as already done.
  const [intent] = useState(createIntent);
  return useMutation({
    mutationFn: async (input: BulkInput): Promise<BulkResultDto> =>
      bulkResultDto.parse(await intent.run(input, (key) => api.raw('POST', '/admin/orders/bulk', { body: input, headers: idempotencyHeader(key) }))),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminOrderKeys.all });
      void client.invalidateQueries({ queryKey: worklistKeys.counts });
    },
  });
}
