import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { REALTIME_EVENTS } from '@drop/shared';
import { clearToken, setToken } from '../../../lib/auth-token.ts';
import { i18n } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { balanceKey } from '../../../lib/balance.ts';
import { financeKeys } from '../../../features/finance/api/keys.ts';
import { orderKeys } from '../../../features/orders/api/keys.ts';
import { RealtimeBridge } from './realtime-bridge.tsx';

/**
 * Issue 26, point 2: a money event, and every connection of the realtime channel (the first one
 * too: what was pushed before it was not heard), reload the balance, the operations, the top-up
 * and withdrawal lists and the top bar's balance.
 */
type Handler = (payload?: unknown) => void;
class FakeSocket {
  handlers = new Map<string, Handler[]>();
  disconnect = vi.fn();
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

const mocks = vi.hoisted(() => ({ sockets: [] as unknown[], io: vi.fn() }));
vi.mock('socket.io-client', () => ({ io: mocks.io }));
vi.mock('../../../lib/toast.tsx', () => ({ useToast: () => ({ show: vi.fn(), success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }) }));
const socket = () => mocks.sockets.at(-1) as FakeSocket;

const filter = { page: 1, per_page: 20 };
/** What a reseller's open finances page and the shell hold (never reloaded by themselves: no observers here). */
const MONEY = [
  balanceKey,
  financeKeys.operationDays(filter),
  financeKeys.operationList(filter),
  financeKeys.statistics(),
  financeKeys.paymentList(1, 5),
  financeKeys.withdrawList(1, 10),
];

async function mount() {
  const qc = createQueryClient();
  for (const key of MONEY) qc.setQueryData(key, { data: [] });
  qc.setQueryData(orderKeys.all, { data: [] });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={qc}>
        <RealtimeBridge />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  // The deferred connection (first screen settled: 1.5 s at least) and the client's dynamic import.
  await act(async () => void (await vi.advanceTimersByTimeAsync(1500)));
  for (let i = 0; i < 10; i++) await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
  expect(mocks.io).toHaveBeenCalledTimes(1);
  return qc;
}
const stale = (qc: QueryClient) => MONEY.filter((key) => qc.getQueryState(key)?.isInvalidated).map((k) => k.join('/'));
const all = MONEY.map((k) => k.join('/'));

describe('RealtimeBridge: money', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mocks.sockets.length = 0;
    mocks.io.mockReset();
    mocks.io.mockImplementation(() => {
      const s = new FakeSocket();
      mocks.sockets.push(s);
      return s;
    });
    setToken('token-1');
  });
  afterEach(() => {
    clearToken();
    vi.useRealTimers();
  });

  it('.users.balance_updated reloads the balance, the operations, the statistics, both request lists and the top bar balance (not the orders)', async () => {
    const qc = await mount();
    expect(stale(qc)).toEqual([]);
    socket().fire(REALTIME_EVENTS.balanceUpdated, { balance: 0, operation_id: null, operationable_type: 'payment', operationable_id: 4 });
    expect(stale(qc)).toEqual(all);
    expect(qc.getQueryState(orderKeys.all)?.isInvalidated).toBe(false);
  });

  it('the first connection reloads them too: a top-up approved before the channel was up is not lost', async () => {
    const qc = await mount();
    expect(stale(qc)).toEqual([]);
    socket().fire('connect');
    expect(stale(qc)).toEqual(all);
  });

  it('so does a reconnection', async () => {
    const qc = await mount();
    socket().fire('connect');
    for (const key of MONEY) qc.setQueryData(key, { data: [1] });
    expect(stale(qc)).toEqual([]);
    socket().fire('connect');
    expect(stale(qc)).toEqual(all);
  });
});
