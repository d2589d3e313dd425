import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingKey } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';

export interface SettingResponse<T> {
  key: string;
  value: T;
  updated_at: string;
}

export const settingKeys = {
  all: ['settings'] as const,
  one: (key: SettingKey, locale: string) => ['settings', key, locale] as const,
};

export const getSetting = <T>(key: SettingKey) => api.get<SettingResponse<T>>(`/settings/${key}`, undefined, { redirectOn401: false });

export const getSettingQueryOptions = <T>(key: SettingKey, locale: string) =>
  queryOptions({ queryKey: settingKeys.one(key, locale), queryFn: () => getSetting<T>(key), staleTime: 10 * 60_000 });

export const useSetting = <T>(key: SettingKey, locale: string, enabled = true) => useQuery({ ...getSettingQueryOptions<T>(key, locale), enabled });
