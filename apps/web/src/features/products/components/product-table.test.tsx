import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { setViewport } from '../../../test/media.ts';
import { ProductTable, ProductTableSkeleton } from './product-table.tsx';
import { makeProduct } from '../../../test/fixtures/products.ts';

const products = [
  makeProduct({ id: 1, drop_price: 212.5, old_drop_price: 250, retail_price: 399, markup_price: 349, profit: 136.5, qty: 7, quantity: '7' }),
  makeProduct({ id: 2, qty: 0, quantity: '-' }),
];
const noop = () => undefined;

// Issue 26 point 8: on a phone the table view is a compact list, the price columns are not cut off.
describe('ProductTable on a phone', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('uk'));
  });

  it.each([
    ['uk', ['Дроп ціна', 'Роздрібна ціна', 'Прибуток'], 'Ваша ціна: 349.00', 'Залишок: 7', 'Швидкий перегляд'],
    ['ru', ['Дроп цена', 'Розничная цена', 'Прибыль'], 'Ваша цена: 349.00', 'Остаток: 7', 'Быстрый просмотр'],
  ])('390 px in %s: a list with image, name, prices, profit, stock and the actions', async (lang, labels, markup, stock, quickView) => {
    await act(() => i18n.changeLanguage(lang));
    setViewport(390);
    renderWithProviders(<ProductTable products={products} onQuickView={noop} onAnalogues={noop} />);
    const list = screen.getByTestId('product-table');
    expect(list.getAttribute('data-layout')).toBe('list');
    expect(list.querySelector('table')).toBeNull();
    const rows = within(list).getAllByTestId('product-row');
    expect(rows).toHaveLength(2);
    const row = rows[0]!;
    expect(row.querySelector('img')).not.toBeNull();
    expect(within(row).getByTestId('product-row-name').textContent).toBe('Чохол-книжка 1');
    expect([...row.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(labels);
    expect(within(row).getByTestId('price-drop').textContent).toBe('212.50');
    expect(within(row).getByTestId('price-old-drop').textContent).toBe('250.00');
    expect(within(row).getByTestId('price-retail').textContent).toBe('399.00');
    expect(within(row).getByTestId('price-markup').textContent).toBe(markup);
    expect(within(row).getByTestId('price-profit').textContent).toBe('136.50');
    expect(within(row).getByTestId('product-quantity').textContent).toBe(stock);
    // The actions (the cart slot is filled by app/: see the browser test) and the heart.
    expect(within(row).getByTestId('product-actions')).toBeTruthy();
    expect(within(row).getByRole('button', { name: quickView })).toBeTruthy();
    expect(within(row).getByTestId('favorite-button')).toBeTruthy();
    // Out of stock: '-' and the back-in-stock bell, as in the table.
    expect(within(rows[1]!).getByTestId('product-quantity').getAttribute('data-qty')).toBe('0');
    expect(within(rows[1]!).getByTestId('out-of-stock-minus')).toHaveProperty('disabled', true);
  });

  it('the skeleton is the list too on a phone', () => {
    setViewport(390);
    renderWithProviders(<ProductTableSkeleton />);
    expect(screen.getByTestId('product-table-skeleton').getAttribute('data-layout')).toBe('list');
    expect(screen.getByTestId('product-table-skeleton').querySelector('table')).toBeNull();
  });

  it('a tablet (1000 px) where the columns do not fit gets the list too', () => {
    setViewport(1000);
    renderWithProviders(<ProductTable products={products} onQuickView={noop} onAnalogues={noop} />);
    expect(screen.getByTestId('product-table').getAttribute('data-layout')).toBe('list');
  });

  it('from 1024 px up it stays the table with its columns', () => {
    setViewport(1440);
    renderWithProviders(<ProductTable products={products} onQuickView={noop} onAnalogues={noop} />);
    const table = screen.getByTestId('product-table');
    expect(table.getAttribute('data-layout')).toBe('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'Фото', 'Назва', 'Дроп ціна', 'Роздрібна ціна', 'Прибуток', 'Залишок', 'Дії']);
  });
});
