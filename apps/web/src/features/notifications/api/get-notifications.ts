import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { NotificationsResponse } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';

/** The notifications page size (newest first). */
export const NOTIFICATIONS_LIMIT = 50;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
};

export const getNotifications = () => api.raw<NotificationsResponse>('GET', '/notifications', { query: { limit: NOTIFICATIONS_LIMIT } });

/** Loaded once when the dashboard mounts; the popover refetches on open and realtime events invalidate it. */
export const getNotificationsQueryOptions = () => queryOptions({ queryKey: notificationKeys.list(), queryFn: getNotifications, staleTime: Infinity });

export const useNotifications = () => useQuery(getNotificationsQueryOptions());

/** Puts a server-given unread count into the cached list (no-op before the first load). */
export function setUnreadCount(qc: QueryClient, count: number): void {
  qc.setQueryData<NotificationsResponse>(notificationKeys.list(), (old) => (old ? { ...old, count } : old));
}
