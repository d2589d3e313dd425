import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buildConfigLists } from '@drop/shared';
import { renderWithProviders } from '../../../test/render.tsx';
import { CheckoutForm, relevantValues } from './checkout-form.tsx';
import { order } from '../../../test/fixtures/orders.ts';

type FetchFn = (url: string, init?: RequestInit) => Promise<Response>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const lists = buildConfigLists('uk');

function fillValidRozetka() {
  fireEvent.click(screen.getByRole('radio', { name: 'Rozetka' }));
  fireEvent.change(screen.getByLabelText(/Прізвище/), { target: { value: 'Шевченко' } });
  fireEvent.change(screen.getByLabelText(/Ім'я/), { target: { value: 'Тарас' } });
  fireEvent.input(screen.getByTestId('checkout-phone'), { target: { value: '+38 (067) 123-45-67' } });
  fireEvent.change(screen.getByTestId('checkout-city-input'), { target: { value: 'Львів' } });
  fireEvent.change(screen.getByTestId('checkout-branch-input'), { target: { value: 'Відділення 5' } });
}

describe('CheckoutForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the address fields of the chosen delivery method and type', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<FetchFn>(() => Promise.resolve(json({ data: [] }))),
    );
    renderWithProviders(<CheckoutForm lists={lists} onPlaced={() => undefined} />);
    expect(screen.getByTestId('checkout-city')).toBeTruthy();
    expect(screen.getByTestId('checkout-branch')).toBeTruthy();
    expect(screen.queryByTestId('checkout-street')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: "Кур'єр" }));
    expect(screen.getByTestId('checkout-street')).toBeTruthy();
    expect(screen.getByLabelText(/Будинок/)).toBeTruthy();
    expect(screen.queryByTestId('checkout-branch')).toBeNull();

    // Courier is Nova Poshta only: another service switches back to a branch.
    fireEvent.click(screen.getByRole('radio', { name: 'Укрпошта' }));
    expect((screen.getByRole('radio', { name: "Кур'єр" }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('checkout-branch')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Власна ТТН' }));
    expect(screen.queryByTestId('checkout-city')).toBeNull();
    expect(screen.getByLabelText(/Номер власної ТТН/)).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Передоплата' }));
    expect(screen.getByLabelText(/Сума передоплати/)).toBeTruthy();
  });

  it('keeps only the fields of the chosen delivery', () => {
    const base = {
      last_name: 'a',
      first_name: 'b',
      phone: 'p',
      delivery_service: 'NovaPoshta',
      delivery_method: 'Branch',
      payment_delivery: 'Recipient',
      payment_method: 'COD',
    } as const;
    expect(relevantValues({ ...base, delivery_type: 'SelfTTN', city_name: 'x', self_ttn: '12345678', prepayment_sum: 5 })).toEqual({
      ...base,
      delivery_type: 'SelfTTN',
      self_ttn: '12345678',
    });
    expect(relevantValues({ ...base, delivery_type: 'NovaPoshta', city_name: 'x', street_name: 's', branch_name: 'b', middle_name: '' })).toEqual({
      ...base,
      delivery_type: 'NovaPoshta',
      city_name: 'x',
      branch_name: 'b',
    });
  });

  it('shows the server 422 errors under the fields', async () => {
    const fetchMock = vi.fn<FetchFn>((url) =>
      Promise.resolve(
        url.includes('/orders')
          ? json({ message: 'Invalid', errors: { last_name: ['Прізвище не підходить'], branch_name: ['Немає такого відділення'] } }, 422)
          : json({ data: [] }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onPlaced = vi.fn();
    renderWithProviders(<CheckoutForm lists={lists} onPlaced={onPlaced} />);

    // Submitting empty: the client-side schema marks the required fields.
    fireEvent.click(screen.getByTestId('checkout-submit'));
    await waitFor(() => expect(screen.getByLabelText(/Прізвище/).getAttribute('aria-invalid')).toBe('true'));

    fillValidRozetka();
    fireEvent.click(screen.getByTestId('checkout-submit'));

    expect(await screen.findByText('Прізвище не підходить')).toBeTruthy();
    expect(screen.getByText('Немає такого відділення')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([u]) => u.includes('/orders'));
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      last_name: 'Шевченко',
      delivery_service: 'Rozetka',
      city_name: 'Львів',
      branch_name: 'Відділення 5',
    });
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it('a double click places one order with one Idempotency-Key; a retry after a network error sends the same key', async () => {
    let fail = true;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const fetchMock = vi.fn<FetchFn>(async (url) => {
      if (!url.includes('/orders')) return json({ data: [] });
      if (fail) {
        fail = false;
        throw new TypeError('Failed to fetch');
      }
      await held;
      return json({ data: order({ id: 7, number: '000777' }) }, 201);
    });
    vi.stubGlobal('fetch', fetchMock);
    const onPlaced = vi.fn();
    renderWithProviders(<CheckoutForm lists={lists} onPlaced={onPlaced} />);
    fillValidRozetka();
    const posts = () => fetchMock.mock.calls.filter(([u, init]) => u.includes('/orders') && init?.method === 'POST');
    const keyOf = (i: number) => (posts()[i]![1]!.headers as Record<string, string>)['Idempotency-Key'];

    fireEvent.click(screen.getByTestId('checkout-submit'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(keyOf(0)).toMatch(/^[\x20-\x7e]{1,255}$/);
    // The network failed: the outcome is unknown, so the retry (two quick clicks) is the same intent.
    await waitFor(() => expect((screen.getByTestId('checkout-submit') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('checkout-submit'));
    fireEvent.click(screen.getByTestId('checkout-submit'));
    await waitFor(() => expect(posts()).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(posts()).toHaveLength(2);
    expect(keyOf(1)).toBe(keyOf(0));
    release();
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    expect(onPlaced.mock.calls[0]![0]).toMatchObject({ id: 7 });
  });

  it('refuses a prepayment larger than the order total before asking the server', async () => {
    const fetchMock = vi.fn<FetchFn>(() => Promise.resolve(json({ data: [] })));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CheckoutForm lists={lists} total={100} onPlaced={() => undefined} />);
    fillValidRozetka();
    fireEvent.click(screen.getByRole('radio', { name: 'Передоплата' }));
    fireEvent.change(screen.getByLabelText(/Сума передоплати/), { target: { value: '500' } });
    fireEvent.click(screen.getByTestId('checkout-submit'));
    expect(await screen.findByText('Передоплата не може бути більшою за суму замовлення')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => u.includes('/orders'))).toBe(false);
  });
});
