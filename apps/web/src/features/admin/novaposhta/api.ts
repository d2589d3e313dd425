import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { npSenderDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';

/** The Nova Poshta sender (`/admin/novaposhta/sender`): NP's reasons come in the request's language. */
export const npKeys = { sender: (lang: string) => ['admin-novaposhta', 'sender', lang] as const };

export function useNpSender() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: npKeys.sender(i18n.language),
    queryFn: ({ signal }) => api.get('/admin/novaposhta/sender', npSenderDto, { signal }),
    retry: false,
  });
}

/** Asks Nova Poshta again (the API keeps what it found for an hour). */
export function useRefreshNpSender() {
  const client = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: () => api.get('/admin/novaposhta/sender', npSenderDto, { query: { refresh: '1' } }),
    onSuccess: (data) => client.setQueryData(npKeys.sender(i18n.language), data),
  });
}

/** Admins only: the sender address of waybills (null = the only one, when the sender has one). */
export function useSaveNpSenderAddress() {
  const client = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: (address_ref: string | null) => api.put('/admin/novaposhta/sender', { address_ref }, npSenderDto),
    onSuccess: (data) => client.setQueryData(npKeys.sender(i18n.language), data),
  });
}
