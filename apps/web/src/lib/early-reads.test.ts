import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { EARLY_DATA_GLOBAL, EARLY_DATA_SCRIPT, EARLY_SHELL_READS, type EarlyRead } from '@drop/shared';
import { getBalanceQueryOptions } from '../features/auth/api/get-balance.ts';
import { getUserQueryOptions } from '../features/auth/api/get-user.ts';
import { getCartQueryOptions } from '../features/cart/api/get-cart.ts';
import { getCategoriesQueryOptions } from '../features/catalog/api/get-categories.ts';
import { getConfigQueryOptions } from '../features/config/api/get-config.ts';
import { getNotificationsQueryOptions } from '../features/notifications/api/get-notifications.ts';
import { getProductsQueryOptions } from '../features/products/api/get-products.ts';
import { productListParams } from '../features/products/lib/list-params.ts';
import { parseListState, readListDefaults } from '../features/products/lib/list-state.ts';
import { api, EARLY_READ_MAX_AGE_MS } from './api-client.ts';
import { setToken } from './auth-token.ts';

type FetchFn = (url: string, init?: RequestInit) => Promise<Response>;
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const reads = () => (window as unknown as Record<string, Record<string, EarlyRead> | undefined>)[EARLY_DATA_GLOBAL];

/** Runs the dashboard HTML's script in this window (jsdom) at `path`, with `fetch` as the network. */
function runScript(path: string, fetchMock: ReturnType<typeof vi.fn<FetchFn>>) {
  window.history.replaceState(null, '', path);
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  new Function(EARLY_DATA_SCRIPT)();
  const urls = fetchMock.mock.calls.map(([u]) => u);
  fetchMock.mockClear();
  return urls;
}

describe('early reads (EARLY_DATA_SCRIPT) and the API client', () => {
  beforeEach(() => setToken('tok'));
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>)[EARLY_DATA_GLOBAL];
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('the script asks for exactly the URLs the app\'s first queries ask for, so the app takes every answer', async () => {
    const fetchMock = vi.fn<FetchFn>(async () => json({ data: {} }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const appUrls = async (fetchQueries: () => Promise<unknown>[]) => {
      fetchMock.mockClear();
      vi.stubGlobal('fetch', fetchMock);
      client.clear();
      await Promise.allSettled(fetchQueries());
      return fetchMock.mock.calls.map(([u]) => u);
    };
    const shell = () => [getUserQueryOptions(), getConfigQueryOptions('uk'), getBalanceQueryOptions(), getNotificationsQueryOptions(), getCartQueryOptions()].map((o) => client.fetchQuery(o as never));

    expect(await appUrls(shell)).toEqual([...EARLY_SHELL_READS]);
    expect(runScript('/dashboard/cart', fetchMock)).toEqual([...EARLY_SHELL_READS]);

    expect(await appUrls(() => [client.fetchQuery(getCategoriesQueryOptions() as never)])).toEqual(['/api/v1/categories']);
    expect(runScript('/dashboard/catalog', fetchMock).slice(EARLY_SHELL_READS.length)).toEqual(['/api/v1/categories']);

    for (const stored of [null, '30', '7']) {
      if (stored) localStorage.setItem('drop-products-per-page', stored);
      const params = productListParams('category', '53', parseListState(new URLSearchParams(''), readListDefaults()), undefined, 'uk')!;
      const app = await appUrls(() => [client.fetchQuery(getProductsQueryOptions(params) as never)]);
      expect(runScript('/dashboard/catalog/53/products', fetchMock).slice(EARLY_SHELL_READS.length)).toEqual(app);
    }
  });

  it('the client takes an early answer once, for the same URL, token and language, instead of asking', async () => {
    const fetchMock = vi.fn<FetchFn>(async () => json({ data: { items: ['early'] } }));
    runScript('/dashboard/cart', fetchMock);
    const network = vi.fn<FetchFn>(async () => json({ data: { items: ['asked'] } }));
    vi.stubGlobal('fetch', network);

    await expect(api.get('/carts')).resolves.toEqual({ items: ['early'] });
    expect(network).not.toHaveBeenCalled();
    expect(reads()?.['/api/v1/carts']).toBeUndefined();
    // Taken once: the next read asks the API.
    await expect(api.get('/carts')).resolves.toEqual({ items: ['asked'] });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('asks the API instead when the token or the language changed, or the answer is old', async () => {
    const network = vi.fn<FetchFn>(async () => json({ data: 'asked' }));
    const early = (over: Partial<EarlyRead>) => {
      (window as unknown as Record<string, unknown>)[EARLY_DATA_GLOBAL] = {
        '/api/v1/auth/balance': { res: Promise.resolve(json({ data: 'early' })), token: 'tok', lang: 'uk', at: performance.now(), ...over },
      };
    };
    vi.stubGlobal('fetch', network);
    for (const over of [{ token: 'someone-else' }, { lang: 'ru' }, { at: performance.now() - EARLY_READ_MAX_AGE_MS - 1 }]) {
      early(over);
      await expect(api.get('/auth/balance')).resolves.toBe('asked');
    }
    early({});
    await expect(api.get('/auth/balance')).resolves.toBe('early');
    expect(network).toHaveBeenCalledTimes(3);
  });

  it('a 401 answered early signs out as a normal one does', async () => {
    (window as unknown as Record<string, unknown>)[EARLY_DATA_GLOBAL] = {
      '/api/v1/auth/user': { res: Promise.resolve(new Response(JSON.stringify({ message: 'no' }), { status: 401 })), token: 'tok', lang: 'uk', at: performance.now() },
    };
    vi.stubGlobal('fetch', vi.fn<FetchFn>());
    await expect(api.get('/auth/user')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
