import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OperationDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { financeKeys, type OperationsFilter } from './keys.ts';
import type { ListEnvelope } from './types.ts';

export const getOperations = (f: OperationsFilter) => api.raw<ListEnvelope<OperationDto>>('GET', '/operations', { query: { ...f } });

export const getOperationsQueryOptions = (f: OperationsFilter) =>
  queryOptions({ queryKey: financeKeys.operationList(f), queryFn: () => getOperations(f), placeholderData: keepPreviousData });

/** Balance operations, newest first (the dashboard's last operations use per_page 5). */
export const useOperations = (f: OperationsFilter) => useQuery(getOperationsQueryOptions(f));
