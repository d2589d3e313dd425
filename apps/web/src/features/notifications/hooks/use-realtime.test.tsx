import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { NOTIFICATION_RELOAD_DEBOUNCE_MS, REALTIME_EVENTS, type NotificationDto, type NotificationsResponse } from '@drop/shared';
import { clearToken, setToken } from '../../../lib/auth-token.ts';
import { i18n } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { notificationKeys } from '../api/get-notifications.ts';
import { SERVER_DISCONNECT_RETRY_MS, useRealtime } from './use-realtime.ts';

type Handler = (payload?: unknown) => void;

class FakeSocket {
  handlers = new Map<string, Handler[]>();
  disconnect = vi.fn();
  connect = vi.fn();
  on(event: string, fn: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  fire(event: string, payload?: unknown) {
    act(() => {
      for (const fn of this.handlers.get(event) ?? []) fn(payload);
    });
  }
}

const mocks = vi.hoisted(() => ({
  sockets: [] as unknown[],
  io: vi.fn(),
  toast: { show: vi.fn(), success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

vi.mock('socket.io-client', () => ({ io: mocks.io }));
vi.mock('../../../lib/toast.tsx', () => ({ useToast: () => mocks.toast }));

const last = () => mocks.sockets.at(-1) as FakeSocket;
const note = (id: number, title: string): NotificationDto => ({
  id,
  kind: 'broadcast',
  created_at: '2025-03-04T10:05:00',
  read_at: null,
  data: { title, message: 'm' },
});
const user = { id: 7, name: 'Ірина', is_verified: true };

/** Lets the deferred connection happen: the first-screen wait (1.5 s at least) and the client's dynamic import. */
async function settle() {
  await act(async () => void (await vi.advanceTimersByTimeAsync(1500)));
  for (let i = 0; i < 10; i++) await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
}

async function setup() {
  const qc = createQueryClient();
  qc.setQueryData<NotificationsResponse>(notificationKeys.list(), { data: [], count: 0 });
  const invalidate = vi.spyOn(qc, 'invalidateQueries');
  const onUser = vi.fn();
  const onOrder = vi.fn();
  const onMoney = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={qc}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
  const view = renderHook(() => useRealtime({ onUser, onOrder, onMoney }), { wrapper });
  const count = () => qc.getQueryData<NotificationsResponse>(notificationKeys.list())?.count;
  await settle();
  return { qc, invalidate, onUser, onOrder, onMoney, count, view };
}

describe('useRealtime', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mocks.sockets.length = 0;
    mocks.io.mockReset();
    mocks.io.mockImplementation(() => {
      const s = new FakeSocket();
      mocks.sockets.push(s);
      return s;
    });
    for (const fn of Object.values(mocks.toast)) fn.mockReset();
    setToken('token-1');
  });
  afterEach(() => {
    clearToken();
    vi.useRealTimers();
  });

  it('connects to the same origin with the token, reconnection on', async () => {
    await setup();
    expect(mocks.io).toHaveBeenCalledTimes(1);
    expect(mocks.io).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/socket.io', auth: { token: 'token-1' }, transports: ['websocket', 'polling'], reconnection: true }),
    );
  });

  it('sets the count at once and gives one toast and one reload per 3 s burst', async () => {
    const { invalidate, count } = await setup();
    last().fire(REALTIME_EVENTS.newNotification, { notification: note(1, 'A'), count: 1 });
    expect(count()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    last().fire(REALTIME_EVENTS.newNotification, { notification: note(2, 'B'), count: 2 });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    last().fire(REALTIME_EVENTS.newNotification, { notification: note(3, 'C'), count: 3 });
    expect(count()).toBe(3);
    act(() => {
      vi.advanceTimersByTime(NOTIFICATION_RELOAD_DEBOUNCE_MS - 1);
    });
    expect(mocks.toast.info).not.toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(mocks.toast.info).toHaveBeenCalledTimes(1);
    expect(mocks.toast.info).toHaveBeenCalledWith('Нові сповіщення: 3');
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: notificationKeys.all });
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(mocks.toast.info).toHaveBeenCalledTimes(1);
  });

  it('names a single new notification in the toast', async () => {
    await setup();
    last().fire(REALTIME_EVENTS.newNotification, { notification: note(1, 'Акаунт верифіковано'), count: 1 });
    act(() => {
      vi.advanceTimersByTime(NOTIFICATION_RELOAD_DEBOUNCE_MS);
    });
    expect(mocks.toast.info).toHaveBeenCalledWith('Нове сповіщення: Акаунт верифіковано');
  });

  it('refreshes the user on activated (with a success toast) and on updated', async () => {
    const { onUser } = await setup();
    last().fire(REALTIME_EVENTS.activated, { user });
    expect(onUser).toHaveBeenCalledWith(user, 'activated');
    expect(mocks.toast.success).toHaveBeenCalledWith('Користувач активовано');
    last().fire(REALTIME_EVENTS.updated, { user });
    expect(onUser).toHaveBeenLastCalledWith(user, 'updated');
    expect(mocks.toast.success).toHaveBeenCalledTimes(1);
  });

  it('passes order changes on (and asks for a reload after a reconnect)', async () => {
    const { onOrder } = await setup();
    last().fire(REALTIME_EVENTS.ordersUpdated, { id: 5, status: 'Complected', payment_status: 'NotPaid', delivery_status: 'New' });
    expect(onOrder).toHaveBeenCalledWith({ id: 5, status: 'Complected', payment_status: 'NotPaid', delivery_status: 'New' });
    last().fire(REALTIME_EVENTS.ordersUpdated, { nope: true });
    expect(onOrder).toHaveBeenCalledTimes(1);
    last().fire('connect');
    expect(onOrder).toHaveBeenLastCalledWith(null);
  });

  it('passes money changes on, ignoring a malformed payload', async () => {
    const { onMoney } = await setup();
    const change = { balance: 800, operation_id: 12, operationable_type: 'payment', operationable_id: 3 };
    last().fire(REALTIME_EVENTS.balanceUpdated, change);
    expect(onMoney).toHaveBeenCalledWith(change);
    last().fire(REALTIME_EVENTS.balanceUpdated, { nope: true });
    last().fire(REALTIME_EVENTS.balanceUpdated, null);
    expect(onMoney).toHaveBeenCalledTimes(1);
  });

  it('connects again when the server ended the connection (an API restart): Socket.IO would not, and the page would stay deaf', async () => {
    const { onMoney, view } = await setup();
    const s = last();
    s.fire('connect');
    // A network loss: Socket.IO reconnects by itself.
    s.fire('disconnect', 'transport close');
    act(() => {
      vi.advanceTimersByTime(SERVER_DISCONNECT_RETRY_MS * 2);
    });
    expect(s.connect).not.toHaveBeenCalled();
    // The server's own disconnect (its shutdown sends it to every socket).
    s.fire('disconnect', 'io server disconnect');
    act(() => {
      vi.advanceTimersByTime(SERVER_DISCONNECT_RETRY_MS - 1);
    });
    expect(s.connect).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(s.connect).toHaveBeenCalledTimes(1);
    s.fire('connect');
    expect(onMoney).toHaveBeenCalledTimes(2);
    // Not after the page let go of the channel.
    s.fire('disconnect', 'io server disconnect');
    view.unmount();
    act(() => {
      vi.advanceTimersByTime(SERVER_DISCONNECT_RETRY_MS * 2);
    });
    expect(s.connect).toHaveBeenCalledTimes(1);
  });

  it('only logs a refused connection', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await setup();
    last().fire('connect_error', new Error('Unauthorized'));
    expect(warn).toHaveBeenCalledWith('[realtime] connect_error:', 'Unauthorized');
    expect(mocks.toast.error).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('reloads the user, the orders, the money and the list on the first connection (what was pushed before it was lost) and after every reconnect', async () => {
    const { onUser, onOrder, onMoney, invalidate } = await setup();
    expect(onMoney).not.toHaveBeenCalled();
    last().fire('connect');
    expect(onUser).toHaveBeenCalledWith(null, 'updated');
    expect(onOrder).toHaveBeenCalledWith(null);
    expect(onMoney).toHaveBeenCalledWith(null);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: notificationKeys.all });
    last().fire('connect');
    expect(onMoney).toHaveBeenCalledTimes(2);
    expect(onUser).toHaveBeenCalledTimes(2);
  });

  it('reconnects with a new token, disconnects on logout and drops a pending reload', async () => {
    const { invalidate } = await setup();
    const first = last();
    act(() => setToken('token-2'));
    await settle();
    expect(first.disconnect).toHaveBeenCalledTimes(1);
    expect(mocks.io).toHaveBeenCalledTimes(2);
    expect(mocks.io).toHaveBeenLastCalledWith(expect.objectContaining({ auth: { token: 'token-2' } }));
    const second = last();
    second.fire(REALTIME_EVENTS.newNotification, { notification: note(1, 'A'), count: 1 });
    act(() => clearToken());
    expect(second.disconnect).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(NOTIFICATION_RELOAD_DEBOUNCE_MS);
    });
    expect(mocks.io).toHaveBeenCalledTimes(2);
    expect(mocks.toast.info).not.toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('connects only once the first screen has its data (1.5 s at least, no query fetching), or after 5 s at most', async () => {
    const qc = createQueryClient();
    let finish: (v: number) => void = () => undefined;
    void qc.fetchQuery({ queryKey: ['page'], queryFn: () => new Promise<number>((r) => (finish = r)) });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={qc}>{children}</QueryClientProvider>
      </I18nextProvider>
    );
    renderHook(() => useRealtime({ onUser: vi.fn() }), { wrapper });
    await settle();
    expect(mocks.io).not.toHaveBeenCalled();
    await act(async () => finish(1));
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    await settle();
    expect(mocks.io).toHaveBeenCalledTimes(1);

    void qc.fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<number>(() => undefined) });
    const other = renderHook(() => useRealtime({ onUser: vi.fn() }), { wrapper });
    await act(async () => void (await vi.advanceTimersByTimeAsync(4990)));
    expect(mocks.io).toHaveBeenCalledTimes(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(20)));
    await settle();
    expect(mocks.io).toHaveBeenCalledTimes(2);
    other.unmount();
  });

  it('waits 1.5 s after mounting even when nothing is loading', async () => {
    const qc = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    renderHook(() => useRealtime({ onUser: vi.fn() }), { wrapper });
    await act(async () => void (await vi.advanceTimersByTimeAsync(1490)));
    expect(mocks.io).not.toHaveBeenCalled();
    await act(async () => void (await vi.advanceTimersByTimeAsync(20)));
    for (let i = 0; i < 10; i++) await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(mocks.io).toHaveBeenCalledTimes(1);
  });

  it('does not connect when it unmounts before the first screen is in', async () => {
    const qc = createQueryClient();
    void qc.fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<number>(() => undefined) });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    const view = renderHook(() => useRealtime({ onUser: vi.fn() }), { wrapper });
    view.unmount();
    await act(async () => void (await vi.advanceTimersByTimeAsync(8000)));
    expect(mocks.io).not.toHaveBeenCalled();
  });

  it('disconnects on unmount', async () => {
    const { view } = await setup();
    view.unmount();
    expect(last().disconnect).toHaveBeenCalledTimes(1);
  });
});
