import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { exportSettingDto, type ExportSettingDto } from '@drop/shared';
import { api } from './api-client.ts';

/**
 * Product feeds (export settings). Build errors and provider texts come in the request's
 * language, so the language is part of every key; invalidation goes by the `exports` prefix.
 */
export const exportKeys = {
  all: ['exports'] as const,
  list: (lang: string) => ['exports', 'list', lang] as const,
  detail: (id: number, lang: string) => ['exports', 'detail', id, lang] as const,
  history: (id: number, page: number, lang: string) => ['exports', 'history', id, page, lang] as const,
  providers: (lang: string) => ['exports', 'providers', lang] as const,
};

/** The list refetches this often while a feed is queued or building. */
export const LIST_POLL_MS = 2000;
export const feedBusy = (s: Pick<ExportSettingDto, 'status'> | undefined) => s?.status === 'queued' || s?.status === 'building';

export const getExportSettings = (signal?: AbortSignal) => api.get('/export-settings', z.array(exportSettingDto), signal ? { signal } : {});

export const getExportSettingsQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: exportKeys.list(lang),
    queryFn: ({ signal }) => getExportSettings(signal),
    // Progress of queued and building feeds; polling stops once none is.
    refetchInterval: (q) => (q.state.data?.some(feedBusy) ? LIST_POLL_MS : false),
  });
