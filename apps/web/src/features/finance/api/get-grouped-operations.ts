import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OperationDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { financeKeys, type OperationsFilter } from './keys.ts';
import type { ListEnvelope } from './types.ts';

/** One day of operations: `date` is YYYY-MM-DD, `total` the day's signed sum. */
export interface OperationsDay {
  date: string;
  total: number;
  operations: OperationDto[];
}

export const getGroupedOperations = (f: OperationsFilter) => api.raw<ListEnvelope<OperationsDay>>('GET', '/operations/grouped', { query: { ...f } });

export const getGroupedOperationsQueryOptions = (f: OperationsFilter) =>
  queryOptions({ queryKey: financeKeys.operationDays(f), queryFn: () => getGroupedOperations(f), placeholderData: keepPreviousData });

/** A page of operations grouped by day, newest first (meta counts operations). */
export const useGroupedOperations = (f: OperationsFilter) => useQuery(getGroupedOperationsQueryOptions(f));
