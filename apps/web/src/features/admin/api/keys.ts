import type { AdminOperationsQuery, AdminUsersQuery, AuditQuery, ListMeta, TopUpStatus, WithdrawStatus } from '@drop/shared';

/** A page of a list as the API sends it. */
export interface Page<T> {
  data: T[];
  meta: ListMeta;
  pagination: { last_page: number };
}

/** Filters as the pages keep them (query values, before the API's coercion). */
export type UsersFilter = Partial<Pick<AdminUsersQuery, 'search' | 'role' | 'is_verified' | 'blocked'>> & { page: number; per_page: number };
/** The money lists' own filters besides status (issue 29): a reseller and Kyiv days. */
export interface MoneyFilter {
  user_id?: number | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
}
/** The ledger of every reseller (`GET /admin/operations`) as the page keeps it. */
export type LedgerFilter = Partial<Pick<AdminOperationsQuery, 'user_id' | 'type' | 'date_from' | 'date_to'>> & { page: number; per_page: number };
export type AuditFilter = Partial<Omit<AuditQuery, 'page' | 'per_page'>> & { page: number; per_page: number };

/** The back office's query keys (resellers, money queues, audit); everything under ['admin']. */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => ['admin', 'users'] as const,
  userList: (f: UsersFilter) => ['admin', 'users', 'list', f] as const,
  user: (id: number) => ['admin', 'users', 'one', id] as const,
  userSummary: (id: number) => ['admin', 'users', 'one', id, 'summary'] as const,
  userDevices: (id: number) => ['admin', 'users', 'one', id, 'devices'] as const,
  userOperations: (id: number, page: number) => ['admin', 'users', 'one', id, 'operations', page] as const,
  userOrders: (id: number, page: number) => ['admin', 'users', 'one', id, 'orders', page] as const,
  money: () => ['admin', 'money'] as const,
  payments: (status: TopUpStatus | undefined, page: number, f: MoneyFilter = {}) => ['admin', 'money', 'payments', status ?? 'all', page, f] as const,
  withdraws: (status: WithdrawStatus | undefined, page: number, f: MoneyFilter = {}) => ['admin', 'money', 'withdraws', status ?? 'all', page, f] as const,
  ledger: (f: LedgerFilter) => ['admin', 'money', 'ledger', f] as const,
  audit: () => ['admin', 'audit'] as const,
  auditList: (f: AuditFilter) => ['admin', 'audit', 'list', f] as const,
};
