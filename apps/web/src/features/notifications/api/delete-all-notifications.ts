import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationsResponse } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './get-notifications.ts';

/** Deletes every notification of the user; resolves to the unread count after the call (0). */
export const deleteAllNotifications = () => api.raw<{ data: { count: number } }>('DELETE', '/notifications/').then((r) => r.data.count);

export function useDeleteAllNotifications() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAllNotifications,
    onSuccess: (count) => qc.setQueryData<NotificationsResponse>(notificationKeys.list(), { data: [], count }),
    onError: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
