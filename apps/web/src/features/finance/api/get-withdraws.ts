import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WithdrawDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { financeKeys } from './keys.ts';
import type { ListEnvelope } from './types.ts';

export const getWithdraws = (page: number, perPage: number) => api.raw<ListEnvelope<WithdrawDto>>('GET', '/withdraws', { query: { page, per_page: perPage } });

export const getWithdrawsQueryOptions = (page: number, perPage: number) =>
  queryOptions({ queryKey: financeKeys.withdrawList(page, perPage), queryFn: () => getWithdraws(page, perPage), placeholderData: keepPreviousData });

/** The user's withdrawal requests, newest first. */
export const useWithdraws = (page: number, perPage: number) => useQuery(getWithdrawsQueryOptions(page, perPage));
