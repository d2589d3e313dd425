import { useEffect, useEffectEvent } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Socket } from 'socket.io-client';
import { NOTIFICATION_RELOAD_DEBOUNCE_MS, REALTIME_EVENTS, REALTIME_PATH, type BalanceEventDto, type NotificationDto, type UserDto } from '@drop/shared';
import { useToken } from '../../../lib/auth-token.ts';
import { useToast } from '../../../lib/toast.tsx';
import { notificationKeys, setUnreadCount } from '../api/get-notifications.ts';

export type UserEvent = 'activated' | 'updated';

/**
 * How long after the server ended the connection the client connects again. Socket.IO does not
 * come back by itself after 'io server disconnect', which the API sends to every socket when it
 * shuts down (a restart, a deploy) and to a socket whose token it found ended.
 */
export const SERVER_DISCONNECT_RETRY_MS = 2000;

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
export async function connectRealtime(token: string): Promise<Socket> {
  const { io } = await import('socket.io-client');
  return io({ path: REALTIME_PATH, auth: { token }, transports: ['websocket', 'polling'], reconnection: true, forceNew: true });
}

/**
 * Calls `run` once the first screen has settled: at least `minDelayMs` after the shell mounted
 * (its page's code may still be loading, with no query running yet), then once no query is
 * fetching and the browser is idle; at the latest after `maxWaitMs`. The realtime client (its code
 * and its connection) then does not compete with the page's code and data on a slow line.
 * Answers a cancel function.
 */
export function afterFirstScreen(qc: QueryClient, run: () => void, { minDelayMs = 1500, maxWaitMs = 5000 } = {}): () => void {
  let done = false;
  let idle: number | undefined;
  const fire = () => {
    if (done) return;
    done = true;
    cleanup();
    run();
  };
  const whenIdle = () => {
    if (done || idle !== undefined) return;
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(fire, { timeout: 1000 });
    else fire();
  };
  const check = () => {
    waited = true;
    if (qc.isFetching() === 0) whenIdle();
  };
  let waited = false;
  const unsubscribe = qc.getQueryCache().subscribe(() => waited && check());
  const timer = setTimeout(fire, maxWaitMs);
  const cleanup = () => {
    unsubscribe();
    clearTimeout(timer);
    if (idle !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
  };
  const first = setTimeout(check, minDelayMs);
  return () => {
    done = true;
    clearTimeout(first);
    cleanup();
  };
}

const moneyOf = (payload: unknown): BalanceEventDto | null => {
  const p = payload as Partial<BalanceEventDto> | null;
  return p && typeof p === 'object' && typeof p.balance === 'number' ? (p as BalanceEventDto) : null;
};

const userOf = (payload: unknown): UserDto | null => {
  const user = (payload as { user?: unknown } | null)?.user;
  return user && typeof user === 'object' ? (user as UserDto) : null;
};

/**
 * The signed-in user's realtime channel; mount once in the dashboard. It connects with the stored
 * token, reconnects with a new one, disconnects when the token is gone. `onUser` refreshes the
 * cached user (the app wires it to the auth feature). A new notification sets the unread count at
 * once; a 3 s debounce then gives one info toast and one list reload per burst. `onOrder` gets
 * `.orders.updated` (the app reloads the orders and the statistics), `onMoney` gets
 * `.users.balance_updated` (the app reloads the balance, the ledger and the money requests).
 * It connects once the first screen has its data (afterFirstScreen). Whatever was pushed before a
 * connection was made (the first screen's reads came earlier) or while it was down is lost, so
 * every connection, the first one too, reloads the user, the orders, the money and the
 * notifications (`onUser(null)`, `onOrder(null)`, `onMoney(null)`).
 */
export function useRealtime({
  onUser,
  onOrder,
  onMoney,
}: {
  onUser: (user: UserDto | null, event: UserEvent) => void;
  onOrder?: (order: OrderEvent | null) => void;
  onMoney?: (change: BalanceEventDto | null) => void;
}) {
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

  const moneyEvent = useEffectEvent((payload: unknown) => {
    const change = moneyOf(payload);
    if (change) onMoney?.(change);
  });

  const resync = useEffectEvent(() => {
    onUser(null, 'updated');
    onOrder?.(null);
    onMoney?.(null);
    void qc.invalidateQueries({ queryKey: notificationKeys.all });
  });

  useEffect(() => {
    if (!token) return;
    let socket: Socket | undefined;
    let closed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let titles: string[] = [];
    let retry: ReturnType<typeof setTimeout> | undefined;

    const listen = (s: Socket) => {
      socket = s;
      // Events pushed before this connection (the first one comes after the first screen's reads)
      // or while it was down (a reconnect) were not heard: reload what they would have reloaded.
      s.on('connect', () => resync());
      // The server ended the connection: without this the page would stay deaf until a reload.
      // A token that has ended is refused at the handshake (connect_error, not retried), and the
      // page's next API call signs it out.
      s.on('disconnect', (reason: string) => {
        clearTimeout(retry);
        if (reason === 'io server disconnect' && !closed) retry = setTimeout(() => s.connect(), SERVER_DISCONNECT_RETRY_MS);
      });
      s.on('connect_error', (err: Error) => console.warn('[realtime] connect_error:', err.message));
      s.on(REALTIME_EVENTS.activated, (p: unknown) => userEvent(p, 'activated'));
      s.on(REALTIME_EVENTS.updated, (p: unknown) => userEvent(p, 'updated'));
      s.on(REALTIME_EVENTS.ordersUpdated, (p: unknown) => orderEvent(p));
      s.on(REALTIME_EVENTS.balanceUpdated, (p: unknown) => moneyEvent(p));
      s.on(REALTIME_EVENTS.newNotification, (p: unknown) => {
        newNotification(p);
        titles.push((p as { notification?: NotificationDto } | null)?.notification?.data?.title ?? '');
        clearTimeout(timer);
        timer = setTimeout(() => {
          const done = titles;
          titles = [];
          flushNotifications(done);
        }, NOTIFICATION_RELOAD_DEBOUNCE_MS);
      });
    };

    const cancel = afterFirstScreen(qc, () => {
      connectRealtime(token).then(
        (s) => (closed ? s.disconnect() : listen(s)),
        (err: unknown) => console.warn('[realtime] the client did not load:', err),
      );
    });

    return () => {
      closed = true;
      cancel();
      clearTimeout(timer);
      clearTimeout(retry);
      socket?.removeAllListeners();
      socket?.disconnect();
    };
  }, [token, qc]);
}
