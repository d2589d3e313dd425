import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_USER_MS } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

export const getBalance = () => api.get<{ balance: number }>('/auth/balance');

export const getBalanceQueryOptions = () =>
  queryOptions({ queryKey: authKeys.balance, queryFn: getBalance, staleTime: CACHE_USER_MS, select: (d) => d.balance });

export const useBalance = (enabled = true) => useQuery({ ...getBalanceQueryOptions(), enabled });
