import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { bulkPlaceResult, connectionDto, listOf, marketplaceOrderDto, orderDto, type ConnectionCreateInput, type MarketplaceOrderStatus } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';

/** Query keys (TkDodo): drafts carry texts in the UI language (product names), so the language is in their key. */
export const marketplaceKeys = {
  all: ['marketplaces'] as const,
  connections: () => ['marketplaces', 'connections'] as const,
  drafts: (status: MarketplaceOrderStatus, page: number, lang: string) => ['marketplaces', 'drafts', status, page, lang] as const,
};

export const DRAFTS_PER_PAGE = 20;
/** While drafts wait the list refreshes this often (the poller may bring more). */
export const DRAFTS_POLL_MS = 30_000;

const opts = (signal?: AbortSignal) => (signal ? { signal } : {});
export const draftsResponse = listOf(marketplaceOrderDto);
export type DraftsResponse = z.infer<typeof draftsResponse>;

export const getConnections = (signal?: AbortSignal) => api.get('/marketplace-connections', z.array(connectionDto), opts(signal));
export const createConnection = (input: ConnectionCreateInput) => api.post('/marketplace-connections', input, connectionDto);
export const revokeConnection = (id: number) => api.delete(`/marketplace-connections/${id}`);
export const pollConnection = (id: number) => api.post(`/marketplace-connections/${id}/poll`, undefined, connectionDto);
export const getDrafts = async (status: MarketplaceOrderStatus, page: number, signal?: AbortSignal) =>
  draftsResponse.parse(await api.raw('GET', '/marketplace-orders', { query: { status, page, per_page: DRAFTS_PER_PAGE }, ...opts(signal) }));
export const placeDraft = (id: number) => api.post(`/marketplace-orders/${id}/place`, undefined, orderDto);
export const placeDrafts = (ids: number[]) => api.post('/marketplace-orders/place', { ids }, bulkPlaceResult);
export const dismissDraft = (id: number) => api.delete(`/marketplace-orders/${id}`);

export function useConnections(enabled = true) {
  return useQuery({ queryKey: marketplaceKeys.connections(), queryFn: ({ signal }) => getConnections(signal), enabled });
}

export function useDrafts(status: MarketplaceOrderStatus, page: number, enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: marketplaceKeys.drafts(status, page, i18n.language),
    queryFn: ({ signal }) => getDrafts(status, page, signal),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: status === 'draft' ? DRAFTS_POLL_MS : false,
  });
}

/** Connections, drafts and the reseller's orders change together (a placement makes an order, a poll brings drafts). */
const invalidate = (qc: QueryClient) => {
  void qc.invalidateQueries({ queryKey: marketplaceKeys.all });
  void qc.invalidateQueries({ queryKey: ['orders'] });
};

export function useCreateConnection() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createConnection, onSuccess: () => invalidate(qc) });
}
export function useRevokeConnection() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: revokeConnection, onSuccess: () => invalidate(qc) });
}
export function usePollConnection() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: pollConnection, onSettled: () => invalidate(qc) });
}
export function usePlaceDraft() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: placeDraft, onSettled: () => invalidate(qc) });
}
export function usePlaceDrafts() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: placeDrafts, onSettled: () => invalidate(qc) });
}
export function useDismissDraft() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: dismissDraft, onSettled: () => invalidate(qc) });
}
