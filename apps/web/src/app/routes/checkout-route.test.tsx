import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.tsx';
import { checkoutSummaryOf } from '../../features/orders/lib/checkout-summary.ts';
import { CheckoutRoute } from './checkout-route.tsx';
import { reply, stubFetch } from '../../test/fetch-stub.ts';

const line = (id: number, qty: number) => ({
  id,
  product_id: id,
  b2b_code_id: 100 + id,
  qty,
  retail_price: 150,
  drop_price: 100,
  recommended_price: 150,
  profit: 50 * qty,
  product: { name: `Товар ${id}`, vendor_code: `VC-${id}`, image: null, quantity: '25', qty: 25 },
});
// Two lines, 2 + 3 = 5 pieces; the API's count is the badge's line count.
const cart = { items: [line(1, 2), line(2, 3)], count: 2, drop_sum: 500, retail_sum: 750, profit: 250 };

const fetchMock = vi.fn((input: RequestInfo | URL) => {
  const { pathname } = new URL(String(input), 'http://x');
  if (pathname === '/api/v1/carts') return reply({ data: cart });
  return reply({ message: 'not found' }, 404);
});

describe('Checkout summary "Товарів, шт."', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    stubFetch(fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('counts pieces (sum of qty), not lines', () => {
    expect(checkoutSummaryOf(cart)).toEqual({ lines: 2, count: 5, drop_sum: 500, retail_sum: 750, profit: 250 });
  });

  it('the checkout page shows 2 lines and 5 pieces', async () => {
    renderWithProviders(<CheckoutRoute />, { route: '/dashboard/checkout' });
    await waitFor(() => expect(screen.getByTestId('checkout-summary-count').textContent).toContain('5'));
    expect(screen.getByTestId('checkout-summary-lines').textContent).toContain('2');
  });
});
