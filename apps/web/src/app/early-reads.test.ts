import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import {
  EARLY_DATA_GLOBAL,
  EARLY_DATA_SCRIPT,
  EARLY_SHELL_READS,
  PRIORITY_CARD_IMAGES,
  STORAGE_KEYS,
  type EarlyRead,
  type ProductImageDto,
} from '@drop/shared';
import { getBalanceQueryOptions } from '../lib/balance.ts';
import { getUserQueryOptions } from '../lib/user.ts';
import { getCartQueryOptions } from '../features/cart/api/get-cart.ts';
import { getCategoriesQueryOptions } from '../lib/categories-query.ts';
import { getConfigQueryOptions } from '../lib/config.ts';
import { getNotificationsQueryOptions } from '../features/notifications/api/get-notifications.ts';
import { getProductsQueryOptions } from '../features/products/api/get-products.ts';
import { cardSource } from '../lib/images.ts';
import { productListParams } from '../features/products/lib/list-params.ts';
import { parseListState, readListDefaults } from '../features/products/lib/list-state.ts';
import { api, EARLY_READ_MAX_AGE_MS } from '../lib/api-client.ts';
import { setToken } from '../lib/auth-token.ts';

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

  it("the script asks for exactly the URLs the app's first queries ask for, so the app takes every answer", async () => {
    const fetchMock = vi.fn<FetchFn>(async () => json({ data: {} }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const appUrls = async (fetchQueries: () => Promise<unknown>[]) => {
      fetchMock.mockClear();
      vi.stubGlobal('fetch', fetchMock);
      client.clear();
      await Promise.allSettled(fetchQueries());
      return fetchMock.mock.calls.map(([u]) => u);
    };
    const shell = () =>
      [getUserQueryOptions(), getConfigQueryOptions('uk'), getBalanceQueryOptions(), getNotificationsQueryOptions(), getCartQueryOptions()].map((o) =>
        client.fetchQuery(o as never),
      );

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
      '/api/v1/auth/user': {
        res: Promise.resolve(new Response(JSON.stringify({ message: 'no' }), { status: 401 })),
        token: 'tok',
        lang: 'uk',
        at: performance.now(),
      },
    };
    vi.stubGlobal('fetch', vi.fn<FetchFn>());
    await expect(api.get('/auth/user')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it("on a category's card list, preloads the first cards' pictures with the card's own src, srcset and sizes, once the list answers", async () => {
    const hash = (c: string) => `pictures/${c}${c}/${c.repeat(64)}`;
    const stored = (c: string): ProductImageDto[] =>
      [
        { type: 'thumb', path: `${hash(c)}-t.webp` },
        { type: 'medium_centered', path: `${hash(c)}-m.webp` },
        { type: 'original', path: `${hash(c)}.jpg` },
      ] as ProductImageDto[];
    const legacy = (path: string): ProductImageDto[] => (['thumb', 'medium_centered', 'original'] as const).map((type) => ({ type, path }) as ProductImageDto);
    // Every kind of first picture a card can show: a picture of the store as lists give it (its
    // thumb alone, the other variants follow from its path), one file stored before issue 30, none,
    // the demo's SVGs (three paths); then more than the first screen.
    const products = [
      { id: 1, images: [{ type: 'thumb', path: `${hash('a')}-t.webp` }] },
      { id: 2, images: legacy('products/old/9.jpg') },
      { id: 3, images: [] },
      {
        id: 4,
        images: [
          { type: 'thumb', path: 'demo/p/4-1-t.svg' },
          { type: 'medium_centered', path: 'demo/p/4-1-m.svg' },
          { type: 'original', path: 'demo/p/4-1-m.svg' },
        ],
      },
      { id: 5, images: stored('c') },
    ] as { id: number; images: ProductImageDto[] }[];
    const links = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((l) => ({
        href: l.getAttribute('href'),
        srcSet: l.getAttribute('imagesrcset') ?? undefined,
        sizes: l.getAttribute('imagesizes') ?? undefined,
        priority: l.getAttribute('fetchpriority'),
      }));
    const expected = products
      .slice(0, PRIORITY_CARD_IMAGES)
      .filter((p) => p.images.length > 0)
      .map((p) => {
        const { src, srcSet, sizes } = cardSource(p.images);
        return { href: src, srcSet, sizes: srcSet ? sizes : undefined, priority: 'high' };
      });
    const fetchMock = vi.fn<FetchFn>(async (url) => (url.startsWith('/api/v1/products?') ? json({ data: products, meta: {} }) : json({ data: {} })));
    const run = async (path: string) => {
      document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove());
      runScript(path, fetchMock);
      await vi.waitFor(async () => {
        const list = reads()?.[`/api/v1/products?category_id=53&page=1&per_page=10`];
        if (list) await list.res;
      });
      // The preloads follow the list's answer (a few microtasks later).
      await new Promise((r) => setTimeout(r, 20));
      return links();
    };
    try {
      const got = await run('/dashboard/catalog/53/products');
      expect(got).toEqual(expected);
      // The store's variants: 200w, the 400 px step, 600w; the legacy file and the SVG without a srcset.
      expect(got[0]!.srcSet).toBe(`/storage/${hash('a')}-t.webp 200w, /storage/${hash('a')}-s.webp 400w, /storage/${hash('a')}-m.webp 600w`);
      expect(got.map((l) => l.href)).toEqual([`/storage/${hash('a')}-t.webp`, '/storage/products/old/9.jpg', '/storage/demo/p/4-1-t.svg']);
      // The app still reads the whole answer the script asked for.
      const early = reads()!['/api/v1/products?category_id=53&page=1&per_page=10']!;
      await expect((await early.res).json()).resolves.toMatchObject({ data: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }] });
      // The table view shows no card pictures: nothing preloaded; nor on pages that are not a list.
      localStorage.setItem(STORAGE_KEYS.productVariant, 'table');
      expect(await run('/dashboard/catalog/53/products')).toEqual([]);
      localStorage.removeItem(STORAGE_KEYS.productVariant);
      document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove());
      runScript('/dashboard/cart', fetchMock);
      await new Promise((r) => setTimeout(r, 10));
      expect(links()).toEqual([]);
    } finally {
      localStorage.removeItem(STORAGE_KEYS.productVariant);
      document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove());
    }
  });
});
