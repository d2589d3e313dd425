import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceDto, ListMeta } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';

export const deviceKeys = {
  all: ['devices'] as const,
  list: (page: number) => ['devices', 'list', page] as const,
};

export interface DeviceList {
  data: DeviceDto[];
  meta?: ListMeta;
  pagination?: { last_page: number };
}

export const getDevices = (page = 1) => api.raw<DeviceList>('GET', '/user-devices', { query: { page, per_page: 50 } });

export const getDevicesQueryOptions = (page = 1) => queryOptions({ queryKey: deviceKeys.list(page), queryFn: () => getDevices(page) });

export const useDevices = (page = 1) => useQuery(getDevicesQueryOptions(page));
