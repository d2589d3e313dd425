import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { CACHE_USER_MS } from '@drop/shared';
import { api } from './api-client.ts';

/**
 * The reseller's balance (GET /auth/balance): one query, under one key, for everything that shows
 * it (the top bar, the dashboard, the checkout, the money pages). Whatever moves money reloads it
 * with the rest of the money through finance's invalidateMoney, or alone through reloadBalance.
 */
export const balanceKey = ['balance'] as const;

export const getBalance = () => api.get<{ balance: number }>('/auth/balance');

/** The balance in UAH (cached 10 s, SPEC 9). */
export const getBalanceQueryOptions = () => queryOptions({ queryKey: balanceKey, queryFn: getBalance, staleTime: CACHE_USER_MS, select: (d) => d.balance });

export const useBalance = (enabled = true) => useQuery({ ...getBalanceQueryOptions(), enabled });

export const reloadBalance = (qc: QueryClient) => qc.invalidateQueries({ queryKey: balanceKey, exact: true });
