/**
 * The Staff section's queries and mutations: `GET/POST /admin/staff`, `PUT /admin/staff/{id}`
 * (edit, block, unblock) and `POST /admin/staff/{id}/invite` (a fresh invitation while the person
 * has no password). Keys live under ['admin', 'staff'], beside the other back-office keys.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffCreateInput, StaffDto, StaffRole, StaffUpdateInput } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, type Page } from '../api/keys.ts';

/** The list's filter as the page keeps it (URL values). */
export interface StaffFilter {
  page: number;
  per_page: number;
  search?: string;
  role?: StaffRole;
}

export const staffKeys = {
  all: () => ['admin', 'staff'] as const,
  list: (f: StaffFilter) => ['admin', 'staff', 'list', f] as const,
  one: (id: number) => ['admin', 'staff', 'one', id] as const,
};

export const getStaff = (f: StaffFilter) => api.raw<Page<StaffDto>>('GET', '/admin/staff', { query: { ...f } });

export const useStaffList = (f: StaffFilter) =>
  useQuery({ queryKey: staffKeys.list(f), queryFn: () => getStaff(f), placeholderData: keepPreviousData, refetchOnWindowFocus: true });

/** Every change reloads the lists and the audit log (each change is an audit row). */
function useInvalidate() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: staffKeys.all() });
    void qc.invalidateQueries({ queryKey: adminKeys.audit() });
  };
}

export function useCreateStaff() {
  const done = useInvalidate();
  return useMutation({ mutationFn: (input: StaffCreateInput) => api.post<StaffDto>('/admin/staff', input), onSuccess: done });
}

export function useUpdateStaff() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: StaffUpdateInput }) => api.put<StaffDto>(`/admin/staff/${id}`, input),
    onSuccess: done,
  });
}

export function useInviteStaff() {
  const done = useInvalidate();
  return useMutation({ mutationFn: (id: number) => api.post<unknown>(`/admin/staff/${id}/invite`, {}), onSuccess: done });
}
