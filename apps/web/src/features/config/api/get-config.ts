import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConfigLists } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';

export const configKeys = {
  all: ['config'] as const,
  byLocale: (locale: string) => ['config', locale] as const,
};

export const getConfig = () => api.get<ConfigLists>('/config');

export const getConfigQueryOptions = (locale: string) =>
  queryOptions({ queryKey: configKeys.byLocale(locale), queryFn: getConfig, staleTime: 10 * 60_000 });

export const useConfig = (locale: string, enabled = true) => useQuery({ ...getConfigQueryOptions(locale), enabled });
