import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminSettingDto, broadcastResultDto, listOf, supplierSettingsDto, userDto, type BroadcastInput, type SettingKey } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';

/** Content settings (both languages), the supplier's switches, broadcasts. */
export const contentKeys = {
  settings: ['admin-content', 'settings'] as const,
  supplier: ['admin-content', 'supplier'] as const,
  users: (search: string) => ['admin-content', 'users', search] as const,
};

export const useAdminSettings = () =>
  useQuery({ queryKey: contentKeys.settings, queryFn: ({ signal }) => api.get('/admin/settings', z.array(adminSettingDto), { signal }) });

export function useSaveSetting(key: SettingKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { uk: unknown; ru: unknown }) => api.put(`/admin/settings/${key}`, body, adminSettingDto),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: contentKeys.settings });
      // The public copies (landing FAQ, changelog dialog) read /settings/{key}.
      void client.invalidateQueries({ predicate: (q) => q.queryKey.includes(key) });
    },
  });
}

export const useSupplierSettings = () =>
  useQuery({ queryKey: contentKeys.supplier, queryFn: ({ signal }) => api.get('/admin/supplier-settings', supplierSettingsDto, { signal }) });

export function useSaveSupplierSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { enforce_recommended_price?: boolean }) => api.put('/admin/supplier-settings', body, supplierSettingsDto),
    onSuccess: (data) => client.setQueryData(contentKeys.supplier, data),
  });
}

export const useBroadcast = () => useMutation({ mutationFn: (body: BroadcastInput) => api.post('/admin/notifications/broadcast', body, broadcastResultDto) });

/** Only what the picker shows (the rest of userDto is not needed here). */
const userOption = userDto.pick({ id: true, name: true, email: true, role: true });
const usersResponse = listOf(userOption);
export type UserOption = z.infer<typeof userOption>;

/** Resellers for the broadcast picker: GET /admin/users?search= (first 20). */
export const useUserSearch = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: contentKeys.users(search),
    queryFn: async ({ signal }) => usersResponse.parse(await api.raw('GET', '/admin/users', { query: { search, per_page: 20 }, signal })).data,
    enabled,
    placeholderData: keepPreviousData,
  });
