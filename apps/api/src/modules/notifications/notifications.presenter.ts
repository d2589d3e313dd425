import type { NotificationDto } from '@drop/shared';
import type { NotificationRow } from './notifications.repository.ts';

export function presentNotification(n: NotificationRow): NotificationDto {
  return {
    id: n.id,
    kind: n.kind,
    created_at: n.createdAt.toISOString(),
    read_at: n.readAt ? n.readAt.toISOString() : null,
    data: { ...n.data, title: n.title, message: n.message },
  };
}
