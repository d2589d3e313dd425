import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { useBalance } from '../lib/balance.ts';
import { invalidateMoney } from '../features/finance/api/keys.ts';
import { BalanceSummary } from '../features/finance/components/balance-summary.tsx';
import { reply, stubFetch } from '../test/fetch-stub.ts';

let balance = 1234.5;
const fetchMock = vi.fn((input: RequestInfo | URL) => {
  const { pathname } = new URL(String(input), 'http://x');
  return pathname === '/api/v1/auth/balance' ? reply({ data: { balance } }) : reply({ data: null });
});
const balanceReads = () => fetchMock.mock.calls.filter(([input]) => String(input).includes('/auth/balance')).length;

/** What the top bar shows (the dashboard layout's useBalance). */
function TopBarBalance() {
  const b = useBalance();
  return <span data-testid="top-bar-balance">{b.data ?? '…'}</span>;
}

describe('the balance: one query for everything that shows it (issue 32, point 2)', () => {
  beforeEach(() => {
    balance = 1234.5;
    fetchMock.mockClear();
    stubFetch(fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the top bar and the money page share one read, and money moving reloads both with one more', async () => {
    const client = createQueryClient();
    render(
      <AppProviders client={client}>
        <MemoryRouter>
          <TopBarBalance />
          <BalanceSummary />
        </MemoryRouter>
      </AppProviders>,
    );
    await waitFor(() => expect(screen.getByTestId('top-bar-balance').textContent).toBe('1234.5'));
    await waitFor(() => expect(screen.getByTestId('finance-balance').textContent).toMatch(/1[\s\u00a0]?234\.50/));
    expect(balanceReads()).toBe(1);

    balance = 99;
    await act(() => invalidateMoney(client));
    await waitFor(() => expect(screen.getByTestId('top-bar-balance').textContent).toBe('99'));
    expect(screen.getByTestId('finance-balance').textContent).toMatch(/99\.00/);
    expect(balanceReads()).toBe(2);
  });

  it('only lib/balance.ts asks the API for the balance', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const askers: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && fs.readFileSync(p, 'utf8').includes("'/auth/balance'"))
          askers.push(path.relative(src, p));
      }
    };
    walk(src);
    expect(askers).toEqual(['lib/balance.ts']);
  });
});
