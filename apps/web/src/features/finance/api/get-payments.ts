import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { financeKeys } from './keys.ts';
import type { ListEnvelope } from './types.ts';

export const getPayments = (page: number, perPage: number) => api.raw<ListEnvelope<PaymentDto>>('GET', '/payments', { query: { page, per_page: perPage } });

export const getPaymentsQueryOptions = (page: number, perPage: number) =>
  queryOptions({ queryKey: financeKeys.paymentList(page, perPage), queryFn: () => getPayments(page, perPage), placeholderData: keepPreviousData });

/** The user's top-up requests with their status, newest first. */
export const usePayments = (page: number, perPage: number) => useQuery(getPaymentsQueryOptions(page, perPage));
