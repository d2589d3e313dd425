import type { QueryClient } from '@tanstack/react-query';
import type { OperationType } from '@drop/shared';
import { reloadBalance } from '../../../lib/balance.ts';

/** Filters of the operations lists (both the flat and the grouped one). */
export interface OperationsFilter {
  page: number;
  per_page: number;
  type?: OperationType | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
}

/** The one query key factory of the finance feature (reused for invalidation). */
export const financeKeys = {
  all: ['finance'] as const,
  operations: () => ['finance', 'operations'] as const,
  operationList: (f: OperationsFilter) => ['finance', 'operations', 'list', f] as const,
  operationDays: (f: OperationsFilter) => ['finance', 'operations', 'grouped', f] as const,
  statistics: () => ['finance', 'statistics'] as const,
  payments: () => ['finance', 'payments'] as const,
  paymentList: (page: number, perPage: number) => ['finance', 'payments', 'list', page, perPage] as const,
  withdraws: () => ['finance', 'withdraws'] as const,
  withdrawList: (page: number, perPage: number) => ['finance', 'withdraws', 'list', page, perPage] as const,
};

/** After money moved: the balance, the ledger, its statistics and both request lists. */
export async function invalidateMoney(qc: QueryClient): Promise<void> {
  await Promise.all([qc.invalidateQueries({ queryKey: financeKeys.all }), reloadBalance(qc)]);
}
