import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatisticsDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { financeKeys } from './keys.ts';

/**
 * `GET /statistics` (the dashboard home): the balance series is finance's; the order series and
 * counters are read by app/ for the orders cards (one request for all three home cards).
 */
export type Statistics = Pick<StatisticsDto, 'operation_statistics'> & Partial<Pick<StatisticsDto, 'last_week' | 'orders_count'>>;

export const getStatistics = () => api.get<Statistics>('/statistics');

export const getStatisticsQueryOptions = () => queryOptions({ queryKey: financeKeys.statistics(), queryFn: getStatistics });

/** The whole answer. */
export const useStatistics = () => useQuery(getStatisticsQueryOptions());

/** The balance at the end of each of the last 7 days. */
export const useBalanceStatistics = () => useQuery({ ...getStatisticsQueryOptions(), select: (d: Statistics) => d.operation_statistics });
