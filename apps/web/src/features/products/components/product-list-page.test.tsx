import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProductListPage } from './product-list-page.tsx';
import { makeList, makeProduct } from '../../../test/fixtures/products.ts';
import { jsonResponse } from '../../../test/fetch-stub.ts';

type FetchFn = (url: string, init?: RequestInit) => Promise<Response>;

function renderList(route: string, fetchImpl: FetchFn) {
  const fetchMock = stubFetch(fetchImpl);
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/favorites" element={<ProductListPage mode="favorites" />} />
      <Route path="/dashboard/specials" element={<ProductListPage mode="specials" />} />
      <Route path="/dashboard/search-products" element={<ProductListPage mode="search" />} />
    </Routes>,
    { route },
  );
  return fetchMock;
}

describe('ProductListPage', () => {
  // jsdom has no layout: the page's scroll handling is a no-op here.
  beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows 20 skeleton cards while loading, then the cards; per page comes from local storage', async () => {
    localStorage.setItem('drop-products-per-page', '20');
    let release: (r: Response) => void = () => undefined;
    const fetchMock = renderList('/dashboard/favorites', () => new Promise<Response>((r) => (release = r)));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Обрані товари');
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(20);
    const url = new URL(fetchMock.mock.calls[0]![0], 'http://x');
    expect(url.pathname).toBe('/api/v1/products');
    expect(url.searchParams.get('is_favorites')).toBe('1');
    expect(url.searchParams.get('per_page')).toBe('20');
    expect(url.searchParams.get('page')).toBe('1');
    release(jsonResponse(makeList([makeProduct({ id: 1, is_favorite: true }), makeProduct({ id: 2, is_favorite: true, qty: 0, quantity: '-' })])));
    expect(await screen.findAllByTestId('product-card')).toHaveLength(2);
    expect(screen.queryByTestId('product-card-skeleton')).toBeNull();
    const outOfStock = screen.getAllByTestId('product-card')[1]!;
    expect(within(outOfStock).getByTestId('product-quantity').textContent).toBe('Залишок: -');
    expect(within(outOfStock).getByRole('button', { name: 'Повідомити про надходження' })).toBeTruthy();
    expect(within(outOfStock).getByTestId('out-of-stock-minus')).toHaveProperty('disabled', true);
  });

  it('sends the URL filters and price and counts them on the badge', async () => {
    const fetchMock = renderList('/dashboard/specials?filters=1_2&filters=1_3&price_from=5&page=2', async () =>
      jsonResponse(makeList([makeProduct()], { total: 11, last_page: 2, current_page: 2 })),
    );
    expect((await screen.findByTestId('product-filter-badge')).textContent).toBe('3');
    const url = new URL(fetchMock.mock.calls[0]![0], 'http://x');
    expect(url.searchParams.get('specials')).toBe('1');
    expect(url.searchParams.getAll('filters[]')).toEqual(['1_2', '1_3']);
    expect(url.searchParams.get('price_from')).toBe('5');
    expect(url.searchParams.get('page')).toBe('2');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Акційні пропозиції');
  });

  it('shows the search title and the no-results state', async () => {
    renderList('/dashboard/search-products?search=xyz', async () => jsonResponse(makeList([])));
    expect(await screen.findByText('За запитом «xyz» нічого не знайдено')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Результати пошуку: «xyz»');
  });

  it('the heart adds to favourites, shows a toast and updates the card', async () => {
    const fetchMock = renderList('/dashboard/specials', async (url, init) => {
      if (url.startsWith('/api/v1/favorite-products') && init?.method === 'POST') return jsonResponse({ data: { id: 9, product_id: 7, created_at: '' } }, 201);
      return jsonResponse(makeList([makeProduct({ id: 7 })]));
    });
    const heart = await screen.findByRole('button', { name: 'Додати до обраних' });
    fireEvent.click(heart);
    expect(await screen.findByText('Товар додано до обраних')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('favorite-button').getAttribute('data-active')).toBe('true'));
    expect(screen.getByRole('button', { name: 'Видалити з обраних' })).toBeTruthy();
    const post = fetchMock.mock.calls.find(([u, i]) => u === '/api/v1/favorite-products' && i?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ product_id: 7 });
  });

  it('shows an error state with retry', async () => {
    renderList('/dashboard/specials', async () => jsonResponse({ message: 'Зламалось' }, 500));
    expect(await screen.findByTestId('product-error', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('Зламалось')).toBeTruthy();
  });
});
