import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@drop/shared';
import { reply } from '../test/fetch-stub.ts';
import { market, testUser } from '../test/fixtures/markets.ts';
import { renderHookWithUser } from '../test/render.tsx';
import { useCurrentMarket, useMarketQueryId } from './current-market.ts';

let markets = [market(3), market(4)];
const fetchMock = vi.fn((input: RequestInfo | URL) => {
  const { pathname } = new URL(String(input), 'http://x');
  if (pathname === '/api/v1/markets') return reply({ data: markets });
  return reply({ message: 'not found' }, 404);
});
const marketCalls = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/markets'));

describe('useCurrentMarket', () => {
  beforeEach(() => {
    markets = [market(3), market(4)];
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a stored store that is in the list and switches it', async () => {
    localStorage.setItem(STORAGE_KEYS.currentMarket, '4');
    const { result } = renderHookWithUser(() => useCurrentMarket(), testUser(true));
    expect(result.current.marketId).toBe(4);
    await waitFor(() => expect(result.current.markets).toHaveLength(2));
    expect(result.current.marketId).toBe(4);
    act(() => result.current.setMarketId(3));
    expect(result.current.marketId).toBe(3);
    expect(localStorage.getItem(STORAGE_KEYS.currentMarket)).toBe('3');
    act(() => result.current.setMarketId(null));
    expect(result.current.marketId).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.currentMarket)).toBeNull();
  });

  it('clears the stored store when the list no longer contains it', async () => {
    localStorage.setItem(STORAGE_KEYS.currentMarket, '9');
    const { result } = renderHookWithUser(() => ({ current: useCurrentMarket(), queryId: useMarketQueryId() }), testUser(true));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.currentMarket)).toBeNull());
    expect(result.current.current.marketId).toBeNull();
    expect(result.current.queryId).toBeUndefined();
  });

  it('clears it for an unverified user and never asks for the stores', async () => {
    localStorage.setItem(STORAGE_KEYS.currentMarket, '3');
    const { result } = renderHookWithUser(() => useCurrentMarket(), testUser(false));
    expect(result.current.marketId).toBeNull();
    expect(result.current.markets).toEqual([]);
    expect(result.current.verified).toBe(false);
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.currentMarket)).toBeNull());
    expect(marketCalls()).toHaveLength(0);
  });

  it('ignores a malformed stored value', () => {
    localStorage.setItem(STORAGE_KEYS.currentMarket, 'abc');
    const { result } = renderHookWithUser(() => useCurrentMarket(), testUser(true));
    expect(result.current.marketId).toBeNull();
  });
});
