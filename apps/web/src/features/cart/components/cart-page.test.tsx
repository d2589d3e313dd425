import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProductDto } from '@drop/shared';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CartChangedProvider } from '../api/cart-changed.tsx';
import { CartButton } from './cart-button.tsx';
import { CartPage } from './cart-page.tsx';
import { ProductCartAction } from './product-cart-action.tsx';
import { cartOf, makeLine } from './test-fixtures.ts';
import { jsonResponse } from '../../../test/fetch-stub.ts';

type FetchFn = (url: string, init?: RequestInit) => Promise<Response>;
const stub = (impl: FetchFn) => stubFetch(impl);

describe('CartPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows skeletons, then the lines with their prices and the totals; the badge counts lines', async () => {
    let release: (r: Response) => void = () => undefined;
    stub(() => new Promise<Response>((r) => (release = r)));
    renderWithProviders(
      <>
        <CartButton />
        <CartPage />
      </>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Кошик');
    expect(screen.getByTestId('cart-lines-skeleton')).toBeTruthy();
    expect(screen.queryByTestId('cart-badge')).toBeNull();
    release(
      jsonResponse({
        data: cartOf([
          makeLine({ id: 1, qty: 2, retail_price: 180 }),
          makeLine({ id: 2, retail_price: 120, product: { name: 'Павербанк', vendor_code: '', image: 'p/2.jpg', quantity: '> 100', qty: 300 } }),
        ]),
      }),
    );
    const lines = await screen.findAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByTestId('cart-line-name').textContent).toBe('Чохол-книжка 1');
    expect(within(lines[0]!).getByTestId('cart-line-name').getAttribute('href')).toBe('/dashboard/products/11');
    expect(within(lines[0]!).getByTestId('cart-line-qty').textContent).toBe('2');
    expect(within(lines[0]!).getByTestId('cart-line-price').textContent).toBe('180.00 грн.');
    expect(within(lines[0]!).getByTestId('cart-line-drop').textContent).toBe('100.00 грн.');
    expect(within(lines[0]!).getByTestId('cart-line-profit').textContent).toBe('160.00 грн.');
    expect(within(lines[1]!).getByTestId('cart-line-stock').textContent).toBe('> 100');
    expect(within(lines[1]!).getByTestId('cart-line-warning-recommended')).toBeTruthy();
    expect(within(lines[1]!).getByTestId('cart-image').getAttribute('src')).toBe('/storage/p/2.jpg');
    const totals = screen.getByTestId('cart-totals');
    expect(within(totals).getByTestId('cart-total-count').textContent).toBe('2');
    expect(within(totals).getByTestId('cart-total-drop').textContent).toBe('300.00 грн.');
    expect(within(totals).getByTestId('cart-total-retail').textContent).toBe('480.00 грн.');
    expect(within(totals).getByTestId('cart-total-profit').textContent).toBe('180.00 грн.');
    expect(screen.getByTestId('cart-badge').textContent).toBe('2');
    expect(screen.getByRole('link', { name: 'Кошик: позицій 2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Оформити/ })).toBeNull();
  });

  it('removes a line after a confirmation, notifies the app and shows the empty state', async () => {
    const line = makeLine({ id: 5 });
    const fetchMock = stub(async (url, init) => {
      if (init?.method === 'DELETE' && url === '/api/v1/carts/5') return jsonResponse({ data: cartOf([]) });
      return jsonResponse({ data: cartOf([line]) });
    });
    const onChanged = vi.fn();
    renderWithProviders(
      <CartChangedProvider onChanged={onChanged}>
        <CartButton />
        <CartPage />
      </CartChangedProvider>,
    );
    fireEvent.click(await screen.findByTestId('cart-line-remove'));
    const dialog = await screen.findByTestId('cart-remove-dialog');
    expect(within(dialog).getByText('«Чохол-книжка 5» буде видалено з кошика.')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('cart-remove-confirm'));
    expect(await screen.findByTestId('cart-empty')).toBeTruthy();
    expect(screen.getByText('Кошик порожній')).toBeTruthy();
    expect(screen.getByTestId('cart-empty-catalog').getAttribute('href')).toBe('/dashboard/catalog');
    expect(screen.queryByTestId('cart-badge')).toBeNull();
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'DELETE')).toHaveLength(1);
    expect((await screen.findByTestId('toast')).textContent).toContain('Товар видалено з кошика');
  });

  it('edit opens the edit dialog with the line', async () => {
    stub(async () => jsonResponse({ data: cartOf([makeLine({ id: 3, qty: 4, retail_price: 170 })]) }));
    renderWithProviders(<CartPage />);
    fireEvent.click(await screen.findByTestId('cart-line-edit'));
    const dialog = await screen.findByRole('dialog', { name: 'Зміна товару в кошику' });
    expect(within(dialog).getByTestId<HTMLInputElement>('cart-qty').value).toBe('4');
    expect(within(dialog).getByTestId<HTMLInputElement>('cart-price').value).toBe('170.00');
  });
});

describe('ProductCartAction', () => {
  afterEach(() => vi.unstubAllGlobals());
  const product = (over: Partial<ProductDto>) =>
    ({
      id: 11,
      b2b_code_id: 100011,
      vendor_code: 'VC',
      name: 'Товар',
      images: [],
      drop_price: 100,
      retail_price: 150,
      markup_price: 150,
      qty: 5,
      quantity: '5',
      in_cart: false,
      ...over,
    }) as ProductDto;

  it('offers add when in stock and not in the cart, edit (with the line) when in the cart, nothing at stock 0', async () => {
    stub(async () => jsonResponse({ data: cartOf([makeLine({ id: 1, qty: 2 })]) }));
    renderWithProviders(
      <>
        <ProductCartAction product={product({ id: 11, in_cart: true })} />
        <ProductCartAction product={product({ id: 12 })} />
        <ProductCartAction product={product({ id: 13, qty: 0, quantity: '-' })} />
      </>,
    );
    const edit = await screen.findByTestId('edit-cart-button');
    await waitFor(() => expect(edit.getAttribute('data-line-id')).toBe('1'));
    expect(screen.getAllByTestId('add-to-cart-button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Змінити в кошику' })).toBeTruthy();
    fireEvent.click(edit);
    expect(within(await screen.findByTestId('cart-dialog')).getByTestId<HTMLInputElement>('cart-qty').value).toBe('2');
  });
});
