import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { STORAGE_KEYS } from '@drop/shared';
import { AppProviders } from '../providers.tsx';
import { preloadRoutes } from '../router.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { ProductListPage } from '../../features/products/components/product-list-page.tsx';
import { jsonResponse, makeList, makeProduct } from '../../features/products/components/test-fixtures.ts';
import { prefetchProductList } from './product-list-route.tsx';

type FetchFn = (url: string, init?: RequestInit) => Promise<Response>;

const paths = (fetchMock: ReturnType<typeof vi.fn<FetchFn>>) => fetchMock.mock.calls.map(([u]) => new URL(u, 'http://x'));

function stubFetch() {
  const fetchMock = vi.fn<FetchFn>(async (u) => {
    const url = new URL(u, 'http://x');
    if (url.pathname === '/api/v1/products') return jsonResponse(makeList([makeProduct({ id: 7, name: 'Prefetched' })]));
    if (url.pathname === '/api/v1/categories') return jsonResponse({ data: [] });
    return jsonResponse({ message: 'not here' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('first-visit data prefetch (preloadRoutes withData, a page module\'s prefetch)', () => {
  beforeEach(() => {
    queryClient.clear();
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a category list asks for its products before it renders, and the page uses that answer (one call)', async () => {
    const fetchMock = stubFetch();
    prefetchProductList({ props: { mode: 'category' }, params: { id: '53' }, search: '?page=2&per_page=30' });
    const [url] = paths(fetchMock);
    expect(url?.pathname).toBe('/api/v1/products');
    expect(url?.searchParams.get('category_id')).toBe('53');
    expect(url?.searchParams.get('page')).toBe('2');
    expect(url?.searchParams.get('per_page')).toBe('30');
    expect(url?.searchParams.has('market_id')).toBe(false);

    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/dashboard/catalog/53/products?page=2&per_page=30']}>
          <Routes>
            <Route path="/dashboard/catalog/:id/products" element={<ProductListPage mode="category" />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText('Prefetched')).toBeTruthy();
    expect(paths(fetchMock).filter((u) => u.pathname === '/api/v1/products')).toHaveLength(1);
  });

  it('asks nothing for a category id that is not a number, an unknown mode, or a stored store (the page decides then)', () => {
    const fetchMock = stubFetch();
    prefetchProductList({ props: { mode: 'category' }, params: { id: 'abc' }, search: '' });
    prefetchProductList({ props: { mode: 'nope' }, params: {}, search: '' });
    localStorage.setItem(STORAGE_KEYS.currentMarket, '4');
    prefetchProductList({ props: { mode: 'favorites' }, params: {}, search: '' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('preloadRoutes starts the page\'s queries only for a signed-in visit', async () => {
    const fetchMock = stubFetch();
    preloadRoutes('/dashboard/specials', { search: '?page=3' });
    preloadRoutes('/dashboard/catalog', {});
    // The modules load either way; give them the time to, then nothing has been asked.
    await new Promise((r) => setTimeout(r, 300));
    expect(fetchMock).not.toHaveBeenCalled();

    preloadRoutes('/dashboard/specials', { search: '?page=3', withData: true });
    preloadRoutes('/dashboard/catalog', { withData: true });
    await waitFor(() => expect(paths(fetchMock).map((u) => u.pathname).sort()).toEqual(['/api/v1/categories', '/api/v1/products']));
    const products = paths(fetchMock).find((u) => u.pathname === '/api/v1/products')!;
    expect(products.searchParams.get('specials')).toBe('1');
    expect(products.searchParams.get('page')).toBe('3');
  });
});
