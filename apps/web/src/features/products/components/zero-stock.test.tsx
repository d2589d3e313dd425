import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { QuantityText } from './product-prices.tsx';
import { ProductTable } from './product-table.tsx';
import { makeProduct } from '../../../test/fixtures/products.ts';

// SPEC 9: quantity text is '-' when zero or missing (issue 26, point 7).
describe('zero stock reads "-"', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('uk'));
  });

  it.each([
    ['uk', 'Залишок: -'],
    ['ru', 'Остаток: -'],
  ])('cards, product page and quick view (QuantityText) in %s', async (lang, text) => {
    await act(() => i18n.changeLanguage(lang));
    renderWithProviders(<QuantityText product={{ qty: 0, quantity: '-' }} />);
    expect(screen.getByTestId('product-quantity').textContent).toBe(text);
  });

  it('a product in stock still shows its quantity text', () => {
    renderWithProviders(<QuantityText product={{ qty: 150, quantity: '> 100' }} />);
    expect(screen.getByTestId('product-quantity').textContent).toBe('Залишок: > 100');
  });

  it('the table view shows "-" in the stock column', () => {
    renderWithProviders(
      <ProductTable
        products={[makeProduct({ id: 1, qty: 0, quantity: '-' }), makeProduct({ id: 2, qty: 5, quantity: '5' })]}
        onQuickView={() => undefined}
        onAnalogues={() => undefined}
      />,
    );
    const cells = screen.getAllByTestId('product-quantity');
    expect(cells[0]!.textContent).toBe('-');
    expect(cells[1]!.textContent).toBe('5');
  });
});
