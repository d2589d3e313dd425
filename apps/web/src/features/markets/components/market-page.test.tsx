import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders, clientWithUser, renderWithUser } from '../../../test/render.tsx';
import { MAX_MARKETS, productsQuery } from '@drop/shared';
import { makeProduct } from '../../../test/fixtures/products.ts';
import { reply } from '../../../test/fetch-stub.ts';
import { market, testUser } from '../../../test/fixtures/markets.ts';
import { MarketCreatePage, MarketEditPage } from './market-page.tsx';

const productQueries: URLSearchParams[] = [];
let storeCount = 1;
const products = [
  makeProduct({ id: 7, name: 'Без ціни', name_uk: 'Без ціни', name_ru: 'Без ціни', drop_price: 0, retail_price: 0 }),
  makeProduct({ id: 8, name: 'Каструля', name_uk: 'Каструля', name_ru: 'Кастрюля', drop_price: 100, retail_price: 150 }),
];

/** Answers as the API does: the products list validates its query with the shared schema (422 otherwise). */
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://x');
  if (url.pathname === '/api/v1/products') {
    productQueries.push(url.searchParams);
    const q = productsQuery.safeParse(Object.fromEntries(url.searchParams));
    if (!q.success) return reply({ message: 'The given data was invalid.', errors: { per_page: ['invalid'] } }, 422);
    const body = {
      data: products,
      current_category: null,
      breadcrumbs: [],
      meta: { current_page: 1, per_page: q.data.per_page, total: 2, last_page: 1 },
      pagination: { last_page: 1 },
    };
    return reply(body);
  }
  if (url.pathname === '/api/v1/categories') return reply({ data: [] });
  if (url.pathname === '/api/v1/markets' && init?.method === 'POST')
    return reply({ message: 'The given data was invalid.', errors: { name: ['Магазин з такою назвою вже є'] } }, 422);
  if (url.pathname === '/api/v1/markets') return reply({ data: Array.from({ length: storeCount }, (_, i) => market(i + 1)) });
  if (url.pathname === '/api/v1/markets/3') return reply({ data: { ...market(3, 'Rozetka'), base_markup: { type: 1, markup: 20 } } });
  return reply({ message: 'not found' }, 404);
});

describe('MarketPage sample price', () => {
  beforeEach(() => {
    productQueries.length = 0;
    storeCount = 1;
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the products list with an allowed per_page and shows a priced product under the current markup (create)', async () => {
    renderWithUser(<MarketCreatePage />, testUser(true));
    await waitFor(() => expect(screen.getByTestId('market-sample').textContent).toContain('Каструля'));
    expect(productQueries).toHaveLength(1);
    expect([5, 10, 20, 30, 50, 100]).toContain(Number(productQueries[0]!.get('per_page')));
    expect(productsQuery.safeParse(Object.fromEntries(productQueries[0]!)).success).toBe(true);
    const line = () => screen.getByTestId('market-sample').textContent ?? '';
    expect(line()).toContain('100.00');
    fireEvent.change(screen.getByTestId('market-base-markup'), { target: { value: '10' } });
    expect(line()).toContain('110.00');
  });

  it('shows the sample on the edit page with the store markup (+20 % from drop)', async () => {
    render(
      <AppProviders client={clientWithUser(testUser(true))}>
        <MemoryRouter initialEntries={['/dashboard/markets/3']}>
          <Routes>
            <Route path="/dashboard/markets/:id" element={<MarketEditPage />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    await waitFor(() => expect(screen.getByTestId('market-sample').textContent).toContain('120.00'));
    expect(screen.getByTestId('market-sample').textContent).toContain('Каструля');
    expect(productQueries.every((q) => productsQuery.safeParse(Object.fromEntries(q)).success)).toBe(true);
  });
});

describe('MarketCreatePage saving', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());
  const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

  it("sends nothing without a base markup, and shows the server's 422 under the name", async () => {
    renderWithUser(<MarketCreatePage />, testUser(true));
    fireEvent.change(await screen.findByTestId('market-name'), { target: { value: 'Prom' } });
    fireEvent.click(screen.getByTestId('market-save'));
    expect(await screen.findByText("Поле обов'язкове для заповнення")).toBeTruthy();
    expect(posts()).toHaveLength(0);
    fireEvent.change(screen.getByTestId('market-base-markup'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('market-save'));
    expect(await screen.findByText('Магазин з такою назвою вже є')).toBeTruthy();
    expect(posts()).toHaveLength(1);
    expect(screen.getByTestId('market-name').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('MarketCreatePage at the store limit', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    storeCount = 1;
  });

  it(`with ${MAX_MARKETS} stores shows the reason and a way back to the list instead of the form`, async () => {
    storeCount = MAX_MARKETS;
    renderWithUser(<MarketCreatePage />, testUser(true));
    const alert = await screen.findByTestId('market-limit-reached');
    expect(alert.textContent).toContain(`У вас уже ${MAX_MARKETS} магазинів`);
    expect(screen.getByTestId('market-limit-to-list').getAttribute('href')).toBe('/dashboard/profile');
    expect(screen.queryByTestId('market-base-markup')).toBeNull();
    expect(screen.queryByTestId('market-save')).toBeNull();
  });

  it('below the limit the form is there', async () => {
    storeCount = MAX_MARKETS - 1;
    renderWithUser(<MarketCreatePage />, testUser(true));
    await screen.findByTestId('market-base-markup');
    expect(screen.queryByTestId('market-limit-reached')).toBeNull();
  });
});
