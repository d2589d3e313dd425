import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_USER_MS } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { financeKeys } from './keys.ts';

export const getBalance = () => api.get<{ balance: number }>('/auth/balance');

export const getBalanceQueryOptions = () =>
  queryOptions({ queryKey: financeKeys.balance(), queryFn: getBalance, staleTime: CACHE_USER_MS, select: (d) => d.balance });

/** The current balance in UAH (cached 10 s, SPEC 9). */
export const useFinanceBalance = () => useQuery(getBalanceQueryOptions());
