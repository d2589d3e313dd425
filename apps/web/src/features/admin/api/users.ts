import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDeviceDto, AdminUserSummaryDto, AdminUserUpdateInput, OperationDto, OrderSummaryDto, UserDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { createIntent, idempotencyHeader } from '../../../lib/idempotency.ts';
import { adminKeys, type Page, type UsersFilter } from './keys.ts';

/** `GET /admin/users/{id}`: the user and the recent audit entries about them. */
export type AdminUserDetail = UserDto & { audit: { id: number; actor_id: number | null; action: string; changes: unknown; created_at: string }[] };
export type AdminOrderSummary = OrderSummaryDto & { user_id: number };

/** Back-office lists reload when the operator comes back to the tab. */
const live = { refetchOnWindowFocus: true } as const;

export const getUsers = (f: UsersFilter) => api.raw<Page<UserDto>>('GET', '/admin/users', { query: { ...f } });
export const useAdminUsers = (f: UsersFilter) =>
  useQuery({ queryKey: adminKeys.userList(f), queryFn: () => getUsers(f), placeholderData: keepPreviousData, ...live });

export const getAdminUser = (id: number) => api.get<AdminUserDetail>(`/admin/users/${id}`);
export const useAdminUser = (id: number, enabled = true) =>
  useQuery({ queryKey: adminKeys.user(id), queryFn: () => getAdminUser(id), enabled: enabled && id > 0, ...live });

export const useAdminUserSummary = (id: number) =>
  useQuery({ queryKey: adminKeys.userSummary(id), queryFn: () => api.get<AdminUserSummaryDto>(`/admin/users/${id}/summary`), ...live });

export const useAdminUserDevices = (id: number) =>
  useQuery({ queryKey: adminKeys.userDevices(id), queryFn: () => api.get<AdminDeviceDto[]>(`/admin/users/${id}/devices`), ...live });

export const useAdminUserOperations = (id: number, page: number, perPage = 10) =>
  useQuery({
    queryKey: adminKeys.userOperations(id, page),
    queryFn: () => api.raw<Page<OperationDto>>('GET', `/admin/users/${id}/operations`, { query: { page, per_page: perPage } }),
    placeholderData: keepPreviousData,
    ...live,
  });

export const useAdminUserOrders = (id: number, page: number, perPage = 10) =>
  useQuery({
    queryKey: adminKeys.userOrders(id, page),
    queryFn: () => api.raw<Page<AdminOrderSummary>>('GET', '/admin/orders', { query: { user_id: id, page, per_page: perPage } }),
    placeholderData: keepPreviousData,
    ...live,
  });

/** `PUT /admin/users/{id}`: verify, discount, block; the detail is replaced and every list reloads. */
export function useUpdateAdminUser(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminUserUpdateInput) => api.put<UserDto>(`/admin/users/${id}`, input),
    onSuccess: (user) => {
      qc.setQueryData<AdminUserDetail>(adminKeys.user(id), (old) => (old ? { ...old, ...user } : old));
      void qc.invalidateQueries({ queryKey: adminKeys.users() });
      void qc.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}

/**
 * `POST /admin/users/{id}/corrections`: a signed amount (UAH) and the reason, with an
 * `Idempotency-Key` (a retry of the same correction posts once); the ledger, lists and audit reload.
 */
export function useCorrectBalance(id: number) {
  const qc = useQueryClient();
  const [intent] = useState(createIntent);
  return useMutation({
    mutationFn: (input: { amount: number; comment: string }) =>
      intent.run(input, (key) => api.post<OperationDto>(`/admin/users/${id}/corrections`, input, undefined, { headers: idempotencyHeader(key) })),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.users() });
      void qc.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
