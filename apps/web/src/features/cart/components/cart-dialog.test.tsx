import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildConfigLists, type CartDto, type ProductDto } from '@drop/shared';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { draftFromLine, draftFromProduct } from '../lib/cart-form.ts';
import { CartDialog } from './cart-dialog.tsx';
import { cartOf, makeLine } from './test-fixtures.ts';
import { jsonResponse } from '../../../test/fetch-stub.ts';

const product = {
  id: 7,
  b2b_code_id: 100007,
  vendor_code: 'VC-7',
  name: 'Чохол-книжка 7',
  images: [],
  drop_price: 100,
  retail_price: 150,
  markup_price: 160,
  qty: 5,
  quantity: '5',
} as unknown as ProductDto;

type FetchFn = (url: string, init?: RequestInit) => Promise<Response>;
let cartReply: FetchFn;
const fetchMock = vi.fn<FetchFn>((url, init) => cartReply(url, init));
const sent = () =>
  fetchMock.mock.calls
    .filter(([, i]) => i?.method === 'POST' || i?.method === 'PUT')
    .map(([u, i]) => ({ url: u, method: i!.method, body: JSON.parse(String(i!.body)) as unknown }));

const qty = () => screen.getByTestId<HTMLInputElement>('cart-qty');
const price = () => screen.getByTestId<HTMLInputElement>('cart-price');
const confirm = () => screen.getByTestId<HTMLButtonElement>('cart-confirm');
const type = (el: HTMLInputElement, value: string) => fireEvent.change(el, { target: { value } });

function renderAdd(onDone = vi.fn(), onClose = vi.fn()) {
  renderWithProviders(<CartDialog item={draftFromProduct(product)} open onClose={onClose} onDone={onDone} />);
  return { onDone, onClose };
}

describe('CartDialog', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    cartReply = async () => jsonResponse({ data: cartOf([makeLine({ product_id: 7 })]) });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts at one piece and the markup price, and shows drop, recommended and the live profit', () => {
    renderAdd();
    const dialog = screen.getByRole('dialog', { name: 'Додати до кошика' });
    expect(within(dialog).getByText('Чохол-книжка 7')).toBeTruthy();
    expect(qty().value).toBe('1');
    expect(price().value).toBe('160.00');
    expect(screen.getByTestId('cart-drop-price').textContent).toBe('100.00 грн.');
    expect(screen.getByTestId('cart-recommended-price').textContent).toBe('150.00 грн.');
    expect(screen.getByTestId('cart-profit').textContent).toBe('60.00 грн.');
    type(qty(), '3');
    expect(screen.getByTestId('cart-profit').textContent).toBe('180.00 грн.');
    fireEvent.click(screen.getByRole('button', { name: 'Збільшити кількість' }));
    expect(qty().value).toBe('4');
    expect(confirm().disabled).toBe(false);
  });

  it('snaps a price below drop up to the drop price when committed; confirm is disabled until then', () => {
    renderAdd();
    type(price(), '80');
    expect(confirm().disabled).toBe(true);
    expect(screen.getByTestId('cart-warning-drop')).toBeTruthy();
    fireEvent.blur(price());
    expect(price().value).toBe('100.00');
    expect(confirm().disabled).toBe(false);
    expect(screen.queryByTestId('cart-warning-drop')).toBeNull();
    expect(screen.getByTestId('cart-profit').textContent).toBe('0.00 грн.');
  });

  it('disables confirm for a quantity below 1 or empty', () => {
    renderAdd();
    type(qty(), '0');
    expect(confirm().disabled).toBe(true);
    expect(screen.getByText('Щонайменше 1 шт.')).toBeTruthy();
    type(qty(), '');
    expect(confirm().disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Зменшити кількість' })).toHaveProperty('disabled', true);
    type(qty(), '2');
    expect(confirm().disabled).toBe(false);
  });

  it('warns when the price is below recommended and the quantity above stock', () => {
    renderAdd();
    expect(screen.queryByTestId('cart-warning-recommended')).toBeNull();
    expect(screen.queryByTestId('cart-warning-stock')).toBeNull();
    type(price(), '120');
    expect(screen.getByTestId('cart-warning-recommended').textContent).toContain('150.00 грн.');
    type(qty(), '6');
    expect(screen.getByTestId('cart-warning-stock').textContent).toContain('Кількість перевищує залишок на складі (5)');
    expect(confirm().disabled).toBe(false);
  });

  it('shows 422 field errors under the fields and clears one when its field changes', async () => {
    cartReply = async () => jsonResponse({ message: 'Дані некоректні', errors: { retail_price: ['Ціна завелика'], qty: ['Забагато'] } }, 422);
    renderAdd();
    fireEvent.click(confirm());
    expect(await screen.findByText('Ціна завелика')).toBeTruthy();
    expect(screen.getByText('Забагато')).toBeTruthy();
    type(price(), '170');
    expect(screen.queryByText('Ціна завелика')).toBeNull();
    expect(screen.getByText('Забагато')).toBeTruthy();
    type(qty(), '2');
    expect(screen.queryByText('Забагато')).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows a 400 business refusal as a warning toast and stays open', async () => {
    cartReply = async () => jsonResponse({ message: 'Ціна продажу не може бути нижчою за рекомендовану роздрібну ціну', code: 'PriceIsLessRecommended' }, 400);
    const { onDone, onClose } = renderAdd();
    type(price(), '120');
    fireEvent.click(confirm());
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Ціна продажу не може бути нижчою за рекомендовану роздрібну ціну');
    expect(toast.className).toContain('MuiAlert-colorWarning');
    expect(onDone).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('adds: posts product, qty and price, closes, toasts and notifies the parent', async () => {
    const { onDone, onClose } = renderAdd();
    type(qty(), '2');
    type(price(), '175,5');
    fireEvent.blur(price());
    fireEvent.click(confirm());
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual([{ url: '/api/v1/carts', method: 'POST', body: { product_id: 7, qty: 2, retail_price: 175.5 } }]);
    expect((onDone.mock.calls[0]![0] as CartDto).count).toBe(1);
    expect(onClose).toHaveBeenCalled();
    expect((await screen.findByTestId('toast')).textContent).toContain('Товар додано до кошика');
  });

  it('edits a line: starts from its qty and price and puts to /carts/{id}', async () => {
    const line = makeLine({ id: 42, product_id: 7, qty: 3, retail_price: 155 });
    const onDone = vi.fn();
    renderWithProviders(<CartDialog item={draftFromLine(line)} open onClose={() => undefined} onDone={onDone} />);
    expect(screen.getByRole('dialog', { name: 'Зміна товару в кошику' })).toBeTruthy();
    expect(qty().value).toBe('3');
    expect(price().value).toBe('155.00');
    type(qty(), '4');
    fireEvent.click(confirm());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()).toEqual([{ url: '/api/v1/carts/42', method: 'PUT', body: { id: 42, qty: 4, retail_price: 155 } }]);
    expect((await screen.findByTestId('toast')).textContent).toContain('Кошик оновлено');
  });

  it("takes a refusal's warning away when the dialog closes", async () => {
    cartReply = async () => jsonResponse({ message: 'Недостатньо товару на складі', code: 'NotEnoughStock' }, 400);
    function Host() {
      const [open, setOpen] = useState(true);
      return <CartDialog item={draftFromProduct(product)} open={open} onClose={() => setOpen(false)} />;
    }
    renderWithProviders(<Host />);
    type(qty(), '99');
    fireEvent.click(confirm());
    expect((await screen.findByTestId('toast')).textContent).toContain('Недостатньо товару на складі');
    fireEvent.click(screen.getByTestId('cart-cancel'));
    await waitFor(() => expect(screen.queryByTestId('toast')).toBeNull());
  });

  describe("the supplier's price floor (issue 26 p.1)", () => {
    const withFloor = (floor: boolean) => {
      cartReply = async (url) =>
        url.includes('/config')
          ? jsonResponse({ data: { ...buildConfigLists(i18n.language === 'ru' ? 'ru' : 'uk'), enforce_recommended_price: floor } })
          : jsonResponse({ data: cartOf([makeLine({ product_id: 7 })]) });
    };
    afterEach(async () => {
      await act(() => i18n.changeLanguage('uk'));
    });

    it('floor on: a price below the recommended one disables "Додати" and says why; nothing is sent', async () => {
      withFloor(true);
      renderAdd();
      await waitFor(() => expect(screen.getByTestId('cart-price').closest('.MuiFormControl-root')!.textContent).toContain('Не нижче 150.00 грн.'));
      type(price(), '120');
      const refusal = screen.getByTestId('cart-refusal-recommended');
      expect(refusal.textContent).toBe('Ціна нижча за рекомендовану (150.00 грн.): постачальник не дозволяє продавати дешевше');
      expect(screen.queryByTestId('cart-warning-recommended')).toBeNull();
      expect(confirm().disabled).toBe(true);
      expect(confirm().textContent).toBe('Додати');
      fireEvent.submit(confirm().closest('form')!);
      // Below drop the floor's reason is shown (the drop snap alone would not make it acceptable).
      type(price(), '80');
      expect(screen.getByTestId('cart-refusal-recommended')).toBeTruthy();
      expect(screen.queryByTestId('cart-warning-drop')).toBeNull();
      expect(confirm().disabled).toBe(true);
      type(price(), '150');
      expect(screen.queryByTestId('cart-refusal-recommended')).toBeNull();
      expect(confirm().disabled).toBe(false);
      expect(sent()).toEqual([]);
    });

    it('floor on, edit: "Зберегти" is disabled for a line below the recommended price (ru reason)', async () => {
      await act(() => i18n.changeLanguage('ru'));
      withFloor(true);
      renderWithProviders(<CartDialog item={draftFromLine(makeLine({ id: 3, retail_price: 120 }))} open onClose={vi.fn()} />);
      const refusal = await screen.findByTestId('cart-refusal-recommended');
      expect(refusal.textContent).toBe('Цена ниже рекомендованной (150.00 грн.): поставщик не разрешает продавать дешевле');
      expect(confirm().disabled).toBe(true);
      expect(confirm().textContent).toBe('Сохранить');
    });

    it('floor off: the same price is only a warning and can be added; below drop still disables', async () => {
      withFloor(false);
      const { onDone } = renderAdd();
      await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => u.includes('/config'))).toBe(true));
      type(price(), '120');
      expect(screen.getByTestId('cart-warning-recommended').textContent).toContain('150.00 грн.');
      expect(screen.queryByTestId('cart-refusal-recommended')).toBeNull();
      expect(confirm().disabled).toBe(false);
      type(price(), '80');
      expect(screen.getByTestId('cart-warning-drop')).toBeTruthy();
      expect(confirm().disabled).toBe(true);
      type(price(), '120');
      fireEvent.click(confirm());
      await waitFor(() => expect(onDone).toHaveBeenCalled());
      expect(sent()).toEqual([{ url: expect.stringContaining('/carts'), method: 'POST', body: { product_id: 7, qty: 1, retail_price: 120 } }]);
    });
  });
});
