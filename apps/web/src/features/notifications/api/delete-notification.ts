import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationsResponse } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './get-notifications.ts';

/** Deletes (reads) one notification; resolves to the unread count after the call. */
export const deleteNotification = (id: number) => api.raw<{ data: { count: number } }>('DELETE', `/notifications/${id}`).then((r) => r.data.count);

export function useDeleteNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: (count, id) =>
      qc.setQueryData<NotificationsResponse>(notificationKeys.list(), (old) => (old ? { data: old.data.filter((n) => n.id !== id), count } : old)),
    onError: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
