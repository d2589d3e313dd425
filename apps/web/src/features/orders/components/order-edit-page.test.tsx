import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildConfigLists, type OrderDto } from '@drop/shared';
import { renderWithProviders } from '../../../test/render.tsx';
import { OrderEditPage } from './order-edit-page.tsx';
import { json, order, type FetchFn } from '../../../test/fixtures/orders.ts';

const lists = buildConfigLists('uk');

const twoLines = (over: Partial<OrderDto> = {}) =>
  order({
    delivery: {
      city_name: 'Київ',
      city_ref: '8d5a980d-391c-11dd-90d9-001a92567626',
      branch_name: 'Відділення №1',
      branch_ref: '1ec09d88-e1c2-11e3-8c4a-0050568002cf',
      street_name: null,
      house: null,
      appt: null,
    },
    products: [
      { id: 1, product_id: 3, b2b_code_id: 3, name: 'Чохол', vendor_code: 'BA-1', qty: 1, drop_price: 75.26, retail_price: 94, profit: 18.74 },
      { id: 2, product_id: 4, b2b_code_id: 4, name: 'Скло', vendor_code: 'BA-2', qty: 2, drop_price: 20, retail_price: 30, profit: 20 },
    ],
    ...over,
  });

function serve(o: OrderDto, onPut: (body: unknown) => Response = (b) => json({ data: { ...o, ...(b as object) } })) {
  const fetchMock = vi.fn<FetchFn>((url, init) => {
    if (init?.method === 'PUT') return Promise.resolve(onPut(JSON.parse(String(init.body))));
    if (url.startsWith('/api/v1/orders/')) return Promise.resolve(json({ data: o }));
    return Promise.resolve(json({ data: [] }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const lineEl = (i: number) => screen.getAllByTestId('order-edit-line')[i]!;
const priceOf = (i: number) => within(lineEl(i)).getByTestId('order-edit-price') as HTMLInputElement;
const qtyOf = (i: number) => within(lineEl(i)).getByTestId('order-edit-qty') as HTMLInputElement;
const save = () => screen.getByTestId('order-edit-save') as HTMLButtonElement;

describe('OrderEditPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is prefilled from the order', async () => {
    serve(twoLines({ middle_name: 'Григорович', comment: 'Дзвонити' }));
    renderWithProviders(<OrderEditPage id={7} lists={lists} />);
    await screen.findByTestId('order-edit-form');
    expect((screen.getByLabelText(/Прізвище/) as HTMLInputElement).value).toBe('Шевченко');
    expect((screen.getByLabelText(/По батькові/) as HTMLInputElement).value).toBe('Григорович');
    expect((screen.getByTestId('order-edit-phone') as HTMLInputElement).value).toBe('+38 (067) 123-45-67');
    expect((screen.getByTestId('order-edit-city-input') as HTMLInputElement).value).toBe('Київ');
    expect((screen.getByTestId('order-edit-branch-input') as HTMLInputElement).value).toBe('Відділення №1');
    expect((screen.getByRole('radio', { name: 'Накладений платіж' }) as HTMLInputElement).checked).toBe(true);
    expect(qtyOf(1).value).toBe('2');
    expect(priceOf(0).value).toBe('94.00');
    expect(screen.getByTestId('order-edit-retail').textContent).toBe('154.00 грн.');
    expect(screen.getByTestId('order-edit-profit-total').textContent).toBe('38.74 грн.');
  });

  it('snaps a price below drop up to it and blocks saving while it is lower', async () => {
    serve(twoLines());
    renderWithProviders(<OrderEditPage id={7} lists={lists} />);
    await screen.findByTestId('order-edit-form');
    fireEvent.change(priceOf(0), { target: { value: '50' } });
    expect(within(lineEl(0)).getByText('Нижче дроп-ціни: буде піднято до 75.26 грн.')).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.blur(priceOf(0));
    expect(priceOf(0).value).toBe('75.26');
    expect(save().disabled).toBe(false);
    expect(within(lineEl(0)).getByTestId('order-edit-profit').textContent).toBe('0.00 грн.');

    fireEvent.change(qtyOf(1), { target: { value: '0' } });
    expect(within(lineEl(1)).getByText('Щонайменше 1 шт.')).toBeTruthy();
    expect(save().disabled).toBe(true);
  });

  it('removes a line but keeps the last one', async () => {
    serve(twoLines());
    renderWithProviders(<OrderEditPage id={7} lists={lists} />);
    await screen.findByTestId('order-edit-form');
    fireEvent.click(within(lineEl(1)).getByTestId('order-edit-remove'));
    expect(screen.getAllByTestId('order-edit-line')).toHaveLength(1);
    expect((within(lineEl(0)).getByTestId('order-edit-remove') as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves the whole list of lines and shows the server errors under the fields', async () => {
    let attempt = 0;
    const fetchMock = serve(twoLines(), () => {
      attempt += 1;
      return attempt === 1
        ? json({ message: 'Invalid', errors: { 'products.1.qty': ['Забагато для складу'], first_name: ['Погане ім’я'] } }, 422)
        : json({ data: twoLines() });
    });
    renderWithProviders(<OrderEditPage id={7} lists={lists} />);
    await screen.findByTestId('order-edit-form');
    fireEvent.change(qtyOf(1), { target: { value: '5' } });
    fireEvent.change(priceOf(1), { target: { value: '31,5' } });
    fireEvent.blur(priceOf(1));
    fireEvent.click(save());
    expect(await screen.findByText('Забагато для складу')).toBeTruthy();
    expect(screen.getByText('Погане ім’я')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/v1/orders/7');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
      last_name: 'Шевченко',
      phone: '+380671234567',
      delivery_method: 'Branch',
      city_name: 'Київ',
      branch_name: 'Відділення №1',
      products: [
        { product_id: 3, qty: 1, retail_price: 94 },
        { product_id: 4, qty: 5, retail_price: 31.5 },
      ],
    });

    // Typing clears the line's server message; a second save succeeds with a toast.
    fireEvent.change(qtyOf(1), { target: { value: '4' } });
    expect(screen.queryByText('Забагато для складу')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Ім'я/), { target: { value: 'Тарас' } });
    fireEvent.click(save());
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe('Замовлення №100007 збережено'));
  });

  it('shows a business refusal as a warning toast', async () => {
    serve(twoLines(), () => json({ message: 'Кількість перевищує залишок на складі', code: 'QuantityIsLessRemains' }, 400));
    renderWithProviders(<OrderEditPage id={7} lists={lists} />);
    await screen.findByTestId('order-edit-form');
    fireEvent.click(save());
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toBe('Кількість перевищує залишок на складі');
    expect(toast.className).toContain('Warning');
  });

  it('keeps the payment method of a confirmed order', async () => {
    serve(twoLines({ status: 'Confirmed', status_name: 'Підтверджене' }));
    renderWithProviders(<OrderEditPage id={7} lists={lists} />);
    await screen.findByTestId('order-edit-form');
    expect((screen.getByRole('radio', { name: 'Передоплата' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Накладений платіж' }) as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByTestId('order-edit-payment_method-hint').textContent).toBe('Спосіб оплати підтвердженого замовлення змінити не можна');
  });

  it('says when the order cannot be edited any more, with a link back', async () => {
    serve(twoLines({ status: 'Delivered', status_name: 'Доставляється' }));
    renderWithProviders(<OrderEditPage id={7} lists={lists} />);
    const locked = await screen.findByTestId('order-edit-locked');
    expect(locked.textContent).toContain('Доставляється');
    expect(within(locked).getByRole('link').getAttribute('href')).toBe('/dashboard/order/7');
    expect(screen.queryByTestId('order-edit-form')).toBeNull();
  });
});
