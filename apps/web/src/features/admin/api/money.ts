import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminOperationDto,
  AdminPaymentsBulkInput,
  AdminWithdrawsBulkInput,
  BulkResultDto,
  PaymentDto,
  TopUpStatus,
  WithdrawDto,
  WithdrawStatus,
} from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { createIntent, idempotencyHeader } from '../../../lib/idempotency.ts';
import { worklistKeys } from '../worklists/api.ts';
import { adminKeys, type LedgerFilter, type MoneyFilter, type Page } from './keys.ts';

export type AdminPayment = PaymentDto & { user_id: number };
export type AdminWithdraw = WithdrawDto & { user_id: number; card_number: string };

/** A row of the ledger of every reseller (`GET /admin/operations`, issue 29): the operation and whose it is. */
export type AdminOperation = AdminOperationDto;

export const MONEY_PER_PAGE = 20;

/** `GET /admin/payments?status=&user_id=&date_from=&date_to=`: the top-up queue (reloads on focus). */
export const useAdminPayments = (status: TopUpStatus | undefined, page: number, filter: MoneyFilter = {}) =>
  useQuery({
    queryKey: adminKeys.payments(status, page, filter),
    queryFn: () => api.raw<Page<AdminPayment>>('GET', '/admin/payments', { query: { status, ...filter, page, per_page: MONEY_PER_PAGE } }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });

/** `GET /admin/withdraws?status=&user_id=&date_from=&date_to=`: the withdrawal queue. */
export const useAdminWithdraws = (status: WithdrawStatus | undefined, page: number, filter: MoneyFilter = {}) =>
  useQuery({
    queryKey: adminKeys.withdraws(status, page, filter),
    queryFn: () => api.raw<Page<AdminWithdraw>>('GET', '/admin/withdraws', { query: { status, ...filter, page, per_page: MONEY_PER_PAGE } }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });

/** `GET /admin/operations`: the ledger of every reseller, newest first (issue 29). */
export const useAdminOperations = (filter: LedgerFilter) =>
  useQuery({
    queryKey: adminKeys.ledger(filter),
    queryFn: () => api.raw<Page<AdminOperation>>('GET', '/admin/operations', { query: { ...filter } }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });

/**
 * A decision carries an `Idempotency-Key` (one per decision, kept for a retry while its outcome is
 * unknown: it is applied once). After it: both queues, the resellers (balances) and the audit log reload.
 */
function useMoneyDecision<I extends { id: number }, R>(fn: (input: I, options: { headers: Record<string, string> }) => Promise<R>) {
  const qc = useQueryClient();
  const [intent] = useState(createIntent);
  return useMutation({
    mutationFn: (input: I) => intent.run(input, (key) => fn(input, { headers: idempotencyHeader(key) })),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.money() });
      void qc.invalidateQueries({ queryKey: adminKeys.users() });
      void qc.invalidateQueries({ queryKey: adminKeys.audit() });
      void qc.invalidateQueries({ queryKey: worklistKeys.counts });
    },
  });
}

/** `PUT /admin/payments/{id}`: approve (with `amount` and a reason when another amount is credited), or decline with a reason. */
export const useDecidePayment = () =>
  useMoneyDecision(({ id, status, reason, amount }: { id: number; status: 'Approved' | 'Declined'; reason?: string; amount?: number }, options) =>
    api.put<AdminPayment>(`/admin/payments/${id}`, { status, ...(amount !== undefined ? { amount } : {}), ...(reason ? { reason } : {}) }, undefined, options),
  );

/** `PUT /admin/withdraws/{id}`: mark paid, or decline with a reason. */
export const useDecideWithdraw = () =>
  useMoneyDecision(({ id, status, reason }: { id: number; status: 'Paid' | 'Declined'; reason?: string }, options) =>
    api.put<AdminWithdraw>(`/admin/withdraws/${id}`, { status, ...(reason ? { reason } : {}) }, undefined, options),
  );

/** The open queue's rows for a bulk action on "all of them": at most BULK_MAX, in pages of 100. */
export async function openQueueRows<T extends { id: number; amount: number }>(
  kind: 'payments' | 'withdraws',
  status: 'Pending' | 'New',
  max: number,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; rows.length < max; page++) {
    const r = await api.raw<Page<T>>('GET', `/admin/${kind}`, { query: { status, page, per_page: 100 } });
    rows.push(...r.data);
    if (page >= r.meta.last_page || r.data.length === 0) break;
  }
  return rows.slice(0, max);
}

/**
 * `POST /admin/payments/bulk` (approve, each for its claim) and `POST /admin/withdraws/bulk` (paid):
 * the chosen ids or every open one (`filter`). Each row answers for itself (`data[i].ok`, its `error`);
 * afterwards the queues, the balances, the audit log and the worklist counters reload.
 */
export function useMoneyBulk(kind: 'payments' | 'withdraws') {
  const qc = useQueryClient();
  const [intent] = useState(createIntent);
  return useMutation({
    mutationFn: (body: AdminPaymentsBulkInput | AdminWithdrawsBulkInput) =>
      intent.run(body, (key) => api.raw<BulkResultDto>('POST', `/admin/${kind}/bulk`, { body, headers: idempotencyHeader(key) })),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.money() });
      void qc.invalidateQueries({ queryKey: adminKeys.users() });
      void qc.invalidateQueries({ queryKey: adminKeys.audit() });
      void qc.invalidateQueries({ queryKey: worklistKeys.counts });
    },
  });
}
