import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AnaloguesDialog } from './analogues-dialog.tsx';
import { makeProduct } from '../../../test/fixtures/products.ts';
import { jsonResponse } from '../../../test/fetch-stub.ts';

// Issue 26 point 8: each analogue shows the drop price and the profit as the product cards do.
describe('AnaloguesDialog prices', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('uk'));
  });

  it.each([
    ['uk', 'РРЦ', 'Ваша ціна', 'Прибуток', 'грн.'],
    ['ru', 'РРЦ', 'Ваша цена', 'Прибыль', 'грн.'],
  ])('drop price, RRP, your price and profit per analogue in %s', async (lang, rrp, yours, profit, currency) => {
    await act(() => i18n.changeLanguage(lang));
    const analogue = makeProduct({ id: 7, drop_price: 212.5, old_drop_price: 250, retail_price: 399, markup_price: 349, profit: 136.5 });
    const fetchMock = vi.fn(async () => jsonResponse({ data: [analogue] }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<AnaloguesDialog product={makeProduct({ id: 1, analogues_count: 1 })} open onClose={() => undefined} />);
    const item = await screen.findByTestId('analogue-item');
    expect(String(fetchMock.mock.calls[0]![0 as never])).toContain('/products/analogues/1');
    const prices = within(item).getByTestId('analogue-prices');
    expect(within(prices).getByTestId('price-drop').textContent).toBe(`212.50 ${currency}`);
    expect(within(prices).getByTestId('price-old-drop').textContent).toBe('250.00');
    expect(within(prices).getByTestId('price-retail').textContent).toBe('399.00');
    expect(within(prices).getByTestId('price-markup').textContent).toBe('349.00');
    expect(within(prices).getByTestId('price-profit').textContent).toBe('136.50');
    // The same labels as on the cards.
    const labels = [...prices.querySelectorAll('dt')].map((d) => d.textContent);
    expect(labels).toEqual([rrp, yours, profit]);
  });
});
