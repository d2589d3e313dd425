import { useEffect, useEffectEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { io, type Socket } from 'socket.io-client';
import {
  NOTIFICATION_RELOAD_DEBOUNCE_MS,
  REALTIME_EVENTS,
  REALTIME_PATH,
  type NotificationDto,
  type UserDto,
} from '@drop/shared';
import { useToken } from '../../../lib/auth-token.ts';
import { useToast } from '../../../lib/toast.tsx';
import { notificationKeys, setUnreadCount } from '../api/get-notifications.ts';

export type UserEvent = 'activated' | 'updated';

/** `.orders.updated`: an order changed (an operator's move, tracking, the reservation). */
export interface OrderEvent {
  id: number;
  status?: string;
  payment_status?: string;
  delivery_status?: string;
}

const orderOf = (payload: unknown): OrderEvent | null => {
  const p = payload as Partial<OrderEvent> | null;
  return p && typeof p === 'object' && typeof p.id === 'number' ? (p as OrderEvent) : null;
};

/** Same origin as the API; the server checks the token and joins the user's private room. */
export function connectRealtime(token: string): Socket {
  return io({ path: REALTIME_PATH, auth: { token }, transports: ['websocket', 'polling'], reconnection: true, forceNew: true });
}

const userOf = (payload: unknown): UserDto | null => {
  const user = (payload as { user?: unknown } | null)?.user;
  return user && typeof user === 'object' ? (user as UserDto) : null;
};

/**
 * The signed-in user's realtime channel; mount once in the dashboard. It connects with the stored
 * token, reconnects with a new one, disconnects when the token is gone. `onUser` refreshes the
 * cached user (the app wires it to the auth feature). A new notification sets the unread count at
 * once; a 3 s debounce then gives one info toast and one list reload per burst. `onOrder` gets
 * `.orders.updated` (the app reloads the orders and the statistics), and null after a reconnect.
 */
export function useRealtime({ onUser, onOrder }: { onUser: (user: UserDto | null, event: UserEvent) => void; onOrder?: (order: OrderEvent | null) => void }) {
  const token = useToken();
  const qc = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation();

  const userEvent = useEffectEvent((payload: unknown, event: UserEvent) => {
    onUser(userOf(payload), event);
    if (event === 'activated') toast.success(t('realtime.userActivated'));
  });

  const newNotification = useEffectEvent((payload: unknown) => {
    const count = (payload as { count?: unknown } | null)?.count;
    if (typeof count === 'number') setUnreadCount(qc, count);
  });

  const flushNotifications = useEffectEvent((titles: string[]) => {
    const title = titles.length === 1 ? titles[0] : undefined;
    toast.info(
      titles.length > 1
        ? t('realtime.newNotifications', { n: titles.length })
        : title
          ? t('realtime.newNotificationTitled', { title })
          : t('realtime.newNotification'),
    );
    void qc.invalidateQueries({ queryKey: notificationKeys.all });
  });

  const orderEvent = useEffectEvent((payload: unknown) => {
    const order = orderOf(payload);
    if (order) onOrder?.(order);
  });

  const resync = useEffectEvent(() => {
    onUser(null, 'updated');
    onOrder?.(null);
    void qc.invalidateQueries({ queryKey: notificationKeys.all });
  });

  useEffect(() => {
    if (!token) return;
    const socket = connectRealtime(token);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let titles: string[] = [];
    let connected = false;

    // After a reconnect (network loss) events may have been missed: reload the user and the list.
    socket.on('connect', () => {
      if (connected) resync();
      connected = true;
    });
    socket.on('connect_error', (err: Error) => console.warn('[realtime] connect_error:', err.message));
    socket.on(REALTIME_EVENTS.activated, (p: unknown) => userEvent(p, 'activated'));
    socket.on(REALTIME_EVENTS.updated, (p: unknown) => userEvent(p, 'updated'));
    socket.on(REALTIME_EVENTS.ordersUpdated, (p: unknown) => orderEvent(p));
    socket.on(REALTIME_EVENTS.newNotification, (p: unknown) => {
      newNotification(p);
      titles.push((p as { notification?: NotificationDto } | null)?.notification?.data?.title ?? '');
      clearTimeout(timer);
      timer = setTimeout(() => {
        const done = titles;
        titles = [];
        flushNotifications(done);
      }, NOTIFICATION_RELOAD_DEBOUNCE_MS);
    });

    return () => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [token]);
}
