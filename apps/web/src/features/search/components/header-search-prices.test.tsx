import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { STORAGE_KEYS } from '@drop/shared';
import { AppProviders, clientWithUser } from '../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { reply } from '../../../test/fetch-stub.ts';
import { market, testUser } from '../../../test/fixtures/markets.ts';
import { makeProduct } from '../../../test/fixtures/products.ts';
import { HeaderSearch } from './header-search.tsx';

/** Prices as the API computes them under store 3 (+20 % from drop) and under the markup profile. */
const priced = (storeId: string | null) =>
  makeProduct({
    id: 7,
    name: 'Чайник Bosch',
    name_uk: 'Чайник Bosch',
    name_ru: 'Чайник Bosch',
    drop_price: 1000,
    retail_price: 1100,
    markup_price: storeId === '3' ? 1200 : 1100,
    profit: storeId === '3' ? 200 : 100,
    qty: 4,
    quantity: '4',
  });

const searches: URLSearchParams[] = [];
const fetchMock = vi.fn((input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://x');
  if (url.pathname === '/api/v1/markets') return reply({ data: [market(3, 'Rozetka')] });
  if (url.pathname === '/api/v1/products') {
    searches.push(url.searchParams);
    return reply({
      data: [priced(url.searchParams.get('market_id'))],
      current_category: null,
      breadcrumbs: [],
      meta: { current_page: 1, per_page: 5, total: 1, last_page: 1 },
      pagination: { last_page: 1 },
    });
  }
  return reply({ message: 'not found' }, 404);
});

function renderSearch() {
  return render(
    <AppProviders client={clientWithUser(testUser(true))}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <HeaderSearch />
      </MemoryRouter>
    </AppProviders>,
  );
}

async function typeAndWait() {
  const box = screen.getByTestId('header-search');
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: 'чайник' } });
  return screen.findByTestId('search-result', {}, { timeout: 2000 });
}

describe('HeaderSearch prices under the selected store', () => {
  beforeEach(() => {
    searches.length = 0;
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.removeItem(STORAGE_KEYS.currentMarket);
    await act(() => i18n.changeLanguage('uk'));
  });

  it('asks with the catalogue store (market_id) and shows "Ваша ціна" and the profit under it (uk)', async () => {
    localStorage.setItem(STORAGE_KEYS.currentMarket, '3');
    renderSearch();
    const row = await typeAndWait();
    expect(searches.at(-1)?.get('market_id')).toBe('3');
    expect(row.querySelector('[data-testid="search-result-markup"]')?.textContent).toBe('Ваша ціна: 1 200.00');
    expect(row.querySelector('[data-testid="search-result-profit"]')?.textContent).toBe('Прибуток: 200.00');
    expect(row.querySelector('[data-testid="search-result-drop"]')?.textContent).toBe('1 000.00 грн.');
  });

  it('without a store: the markup profile prices, no market_id; labels in ru', async () => {
    await act(() => i18n.changeLanguage('ru'));
    renderSearch();
    const row = await typeAndWait();
    expect(searches.at(-1)?.has('market_id')).toBe(false);
    expect(row.querySelector('[data-testid="search-result-markup"]')?.textContent).toBe('Ваша цена: 1 100.00');
    expect(row.querySelector('[data-testid="search-result-profit"]')?.textContent).toBe('Прибыль: 100.00');
  });
});
