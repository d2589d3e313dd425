import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { STORAGE_KEYS } from '@drop/shared';
import { AppProviders } from '../providers.tsx';
import { preloadRoutes } from '../router.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { ProductListPage } from '../../features/products/components/product-list-page.tsx';
import { makeList, makeProduct } from '../../test/fixtures/products.ts';
import { PRIORITY_CARD_IMAGES } from '../../lib/images.ts';
import { serve, type Call } from '../../test/fetch-stub.ts';
import { prefetchProductList } from './product-list-route.tsx';

const paths = (calls: Call[]) => calls.map((c) => c.url);

/** The API a product list reads: the products and an empty category tree. */
const serveProducts = (products = [makeProduct({ id: 7, name: 'Prefetched' })]) =>
  serve(({ path }) => (path === '/api/v1/products' ? makeList(products) : path === '/api/v1/categories' ? { data: [] } : undefined));

describe("first-visit data prefetch (preloadRoutes withData, a page module's prefetch)", () => {
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
    const calls = serveProducts();
    prefetchProductList({ props: { mode: 'category' }, params: { id: '53' }, search: '?page=2&per_page=30' });
    const [url] = paths(calls);
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
    expect(paths(calls).filter((u) => u.pathname === '/api/v1/products')).toHaveLength(1);
  });

  it("preloads the first cards' pictures (high priority) once the products are known, in the card view only", async () => {
    const imagePreloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];
    imagePreloads().forEach((l) => l.remove()); // an earlier test's page
    serveProducts([1, 2, 3, 4, 5, 6].map((id) => makeProduct({ id })));
    prefetchProductList({ props: { mode: 'category' }, params: { id: '53' }, search: '?card_variant=table' });
    await waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .getAll()
          .some((q) => q.state.status === 'success'),
      ).toBe(true),
    );
    expect(imagePreloads()).toEqual([]);

    prefetchProductList({ props: { mode: 'category' }, params: { id: '53' }, search: '?page=2' });
    await waitFor(() => expect(imagePreloads()).toHaveLength(PRIORITY_CARD_IMAGES));
    expect(imagePreloads().map((l) => new URL(l.href).pathname)).toEqual([1, 2, 3, 4].map((id) => `/storage/p/${id}-t.svg`)); // the card takes the thumb (issue 30)
    expect(imagePreloads().every((l) => l.getAttribute('fetchpriority') === 'high')).toBe(true);
    imagePreloads().forEach((l) => l.remove());
  });

  it('asks nothing for a category id that is not a number, an unknown mode, or a stored store (the page decides then)', () => {
    const calls = serveProducts();
    prefetchProductList({ props: { mode: 'category' }, params: { id: 'abc' }, search: '' });
    prefetchProductList({ props: { mode: 'nope' }, params: {}, search: '' });
    localStorage.setItem(STORAGE_KEYS.currentMarket, '4');
    prefetchProductList({ props: { mode: 'favorites' }, params: {}, search: '' });
    expect(calls).toHaveLength(0);
  });

  it("preloadRoutes starts the page's queries only for a signed-in visit", async () => {
    const calls = serveProducts();
    void preloadRoutes('/dashboard/specials', { search: '?page=3' });
    void preloadRoutes('/dashboard/catalog', {});
    // The modules load either way; give them the time to, then nothing has been asked.
    await new Promise((r) => setTimeout(r, 300));
    expect(calls).toHaveLength(0);

    void preloadRoutes('/dashboard/specials', { search: '?page=3', withData: true });
    void preloadRoutes('/dashboard/catalog', { withData: true });
    await waitFor(() =>
      expect(
        paths(calls)
          .map((u) => u.pathname)
          .sort(),
      ).toEqual(['/api/v1/categories', '/api/v1/products']),
    );
    const products = paths(calls).find((u) => u.pathname === '/api/v1/products')!;
    expect(products.searchParams.get('specials')).toBe('1');
    expect(products.searchParams.get('page')).toBe('3');
  });
});
