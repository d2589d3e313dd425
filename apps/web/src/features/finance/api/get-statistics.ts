import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatisticsSeriesDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { financeKeys } from './keys.ts';

/** The finance part of `/statistics` (the order issues add last_week and orders_count). */
export interface FinanceStatistics {
  operation_statistics: StatisticsSeriesDto;
}

export const getStatistics = () => api.get<FinanceStatistics>('/statistics');

export const getStatisticsQueryOptions = () =>
  queryOptions({ queryKey: financeKeys.statistics(), queryFn: getStatistics, select: (d) => d.operation_statistics });

/** The balance at the end of each of the last 7 days. */
export const useBalanceStatistics = () => useQuery(getStatisticsQueryOptions());
