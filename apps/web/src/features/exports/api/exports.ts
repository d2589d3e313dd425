import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { exportBuildDto, exportSettingDto, feedProviderDto, listOf, type ExportSettingDto, type ExportSettingInput } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { exportKeys, feedBusy, getExportSettingsQueryOptions } from '../../../lib/feeds.ts';

/** The history page refetches this often while a build runs. */
export const HISTORY_POLL_MS = 1500;
export const HISTORY_PER_PAGE = 10;

const opts = (signal?: AbortSignal) => (signal ? { signal } : {});
export const historyResponse = listOf(exportBuildDto);
export type HistoryResponse = z.infer<typeof historyResponse>;

export const getExportSetting = (id: number, signal?: AbortSignal) => api.get(`/export-settings/${id}`, exportSettingDto, opts(signal));
export const getProviders = (signal?: AbortSignal) => api.get('/providers', z.array(feedProviderDto), opts(signal));
export const getExportHistory = async (id: number, page: number, signal?: AbortSignal) =>
  historyResponse.parse(await api.raw('GET', `/export-settings/${id}/history`, { query: { page, per_page: HISTORY_PER_PAGE }, ...opts(signal) }));
export const createExportSetting = (input: ExportSettingInput) => api.post('/export-settings', input, exportSettingDto);
export const updateExportSetting = (id: number, input: ExportSettingInput) => api.put(`/export-settings/${id}`, input, exportSettingDto);
export const deleteExportSetting = (id: number) => api.delete(`/export-settings/${id}`);
export const generateExportSetting = (id: number) => api.post(`/export-settings/${id}/generate`, undefined, exportSettingDto);

const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

/** GET /export-settings (oldest first), polled every 2 s while any feed is queued or building. */
export function useExportSettings() {
  const { i18n } = useTranslation();
  return useQuery(getExportSettingsQueryOptions(i18n.language));
}

/** GET /export-settings/{id}; `poll` refetches it while it is queued or building (the history page). */
export function useExportSetting(id: number, { poll = false }: { poll?: boolean } = {}) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: exportKeys.detail(id, i18n.language),
    queryFn: ({ signal }) => getExportSetting(id, signal),
    enabled: validId(id),
    refetchInterval: poll ? (q) => (feedBusy(q.state.data) ? HISTORY_POLL_MS : false) : false,
  });
}

/** GET /export-settings/{id}/history, newest first; polled while a build on the page runs or `busy` (the feed is queued or building). */
export function useExportHistory(id: number, page: number, busy: boolean) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: exportKeys.history(id, page, i18n.language),
    queryFn: ({ signal }) => getExportHistory(id, page, signal),
    enabled: validId(id),
    placeholderData: (prev) => prev,
    refetchInterval: (q) => (busy || q.state.data?.data.some((b) => b.status === 'running') ? HISTORY_POLL_MS : false),
  });
}

/** GET /providers: the formats on offer, in the UI language. */
export function useProviders() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: exportKeys.providers(i18n.language), queryFn: ({ signal }) => getProviders(signal), staleTime: 10 * 60_000 });
}

/** Puts a fresh DTO into every cached list and detail of this feed (any language keeps its own texts until refetched). */
function storeSetting(qc: QueryClient, s: ExportSettingDto) {
  qc.setQueriesData<ExportSettingDto[]>({ queryKey: ['exports', 'list'] }, (list) => list?.map((x) => (x.id === s.id ? { ...x, ...s } : x)));
  qc.setQueriesData<ExportSettingDto>({ queryKey: ['exports', 'detail', s.id] }, (d) => (d ? { ...d, ...s } : d));
}

const invalidateAll = (qc: QueryClient) => qc.invalidateQueries({ queryKey: exportKeys.all });

export function useCreateExportSetting() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createExportSetting, onSuccess: () => void invalidateAll(qc) });
}

export function useUpdateExportSetting(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ExportSettingInput) => updateExportSetting(id, input),
    onSuccess: (s) => {
      storeSetting(qc, s);
      void invalidateAll(qc);
    },
  });
}

export function useDeleteExportSetting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteExportSetting,
    onSuccess: (_v, id) => {
      qc.setQueriesData<ExportSettingDto[]>({ queryKey: ['exports', 'list'] }, (list) => list?.filter((x) => x.id !== id));
      qc.removeQueries({ queryKey: ['exports', 'detail', id] });
      void qc.invalidateQueries({ queryKey: ['exports', 'list'] });
    },
  });
}

/** POST /export-settings/{id}/generate: the feed turns queued at once, so the list starts polling. */
export function useGenerateExportSetting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: generateExportSetting,
    onSuccess: (s) => {
      storeSetting(qc, s);
      void invalidateAll(qc);
    },
  });
}
