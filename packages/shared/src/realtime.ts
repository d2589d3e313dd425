/** The realtime channel (Socket.IO) without zod: the web's shell uses it before any contract is loaded. */

/** Private channel of a user (Socket.IO room; Pusher-style clients ask for `private-users.{id}`). */
export const userChannel = (userId: number) => `users.${userId}`;

/** Event names as Laravel Echo clients know them (leading dot: no namespace). */
export const REALTIME_EVENTS = {
  activated: '.users.activated',
  updated: '.users.updated',
  newNotification: '.users.new_notification',
  ordersUpdated: '.orders.updated',
  /** Money moved or a money request changed (see BalanceEventDto): the web reloads the balance, the ledger and the requests. */
  balanceUpdated: '.users.balance_updated',
} as const;
export type RealtimeEvent = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];

/**
 * `.users.balance_updated`: sent to the owner after the commit of every ledger posting (a top-up
 * credited, a withdrawal held or released, a correction, an order's debit, refund or settlement)
 * and of every change of a money request that posts nothing (a top-up asked for or declined, a
 * withdrawal paid). One event per change: `operation_id` names the posting (null when none),
 * `operationable_type`/`operationable_id` what it is about ('payment', 'withdraw', 'order').
 */
export interface BalanceEventDto {
  /** The balance in UAH after the change. */
  balance: number;
  operation_id: number | null;
  operationable_type: string | null;
  operationable_id: number | null;
}

/** Socket.IO path on the API's port. */
export const REALTIME_PATH = '/socket.io';

/** After a new-notification event the web waits this long (more may arrive) before the toast and reload. */
export const NOTIFICATION_RELOAD_DEBOUNCE_MS = 3000;
