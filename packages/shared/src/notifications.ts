import { z } from 'zod';

/**
 * Notifications and the realtime channel (SPEC sections 3, 4 and 7). A notification's title and
 * message are written in the user's language when it is created; `data` carries what the kind
 * adds (product_id, code_id, order_id ...).
 */
export const NOTIFICATION_KINDS = [
  'back_in_stock',
  'account_verified',
  'broadcast',
  'payment_credited',
  'payment_declined',
  'withdraw_paid',
  'withdraw_declined',
  'order_status',
  'delivery_status',
  'order_settled',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationDto = z.object({
  id: z.number(),
  kind: z.string(),
  created_at: z.string(),
  /** null = unread. */
  read_at: z.string().nullable(),
  data: z.looseObject({ title: z.string(), message: z.string() }),
});
export type NotificationDto = z.infer<typeof notificationDto>;

/** `GET /notifications`: the newest first, `count` = unread. */
export const notificationsResponse = z.object({ data: z.array(notificationDto), count: z.number().int() });
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

export const notificationsQuery = z.object({
  limit: z.coerce.number('invalid_type').int('invalid_type').min(1, 'too_small').max(100, 'too_big').default(50),
});

/** `DELETE /notifications/{id}` and `DELETE /notifications/`: the unread count after the call. */
export const notificationsCountResponse = z.object({ data: z.object({ count: z.number().int() }) });

export const broadcastingAuthInput = z.object({
  socket_id: z.string('required').min(1, 'required').max(100, 'too_big'),
  channel_name: z.string('required').min(1, 'required').max(200, 'too_big'),
});
/** `{auth}` for a private channel; a presence channel adds the signed `channel_data` (JSON `{user_id, user_info}`). */
export const broadcastingAuthResponse = z.object({ auth: z.string(), channel_data: z.string().optional() });
