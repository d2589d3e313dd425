/** The realtime channel (Socket.IO) without zod: the web's shell uses it before any contract is loaded. */

/** Private channel of a user (Socket.IO room; Pusher-style clients ask for `private-users.{id}`). */
export const userChannel = (userId: number) => `users.${userId}`;

/** Event names as Laravel Echo clients know them (leading dot: no namespace). */
export const REALTIME_EVENTS = {
  activated: '.users.activated',
  updated: '.users.updated',
  newNotification: '.users.new_notification',
  ordersUpdated: '.orders.updated',
} as const;
export type RealtimeEvent = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];

/** Socket.IO path on the API's port. */
export const REALTIME_PATH = '/socket.io';

/** After a new-notification event the web waits this long (more may arrive) before the toast and reload. */
export const NOTIFICATION_RELOAD_DEBOUNCE_MS = 3000;
