/**
 * Issue 26, point 6 (web): a courier street only from the carrier's list (a typed one is not
 * sent), and for Balance the balance beside the debit with a top-up warning when it is short.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildConfigLists } from '@drop/shared';
import { renderWithProviders } from '../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { CheckoutForm } from './checkout-form.tsx';
import { order } from '../../../test/fixtures/orders.ts';

type FetchFn = (url: string, init?: RequestInit) => Promise<Response>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const lists = buildConfigLists('uk');
const KYIV = '8d5a980d-391c-11dd-90d9-001a92567626';
const STREET = 'c55c9056-4148-11dd-9198-001d60451983';

function carrierFetch() {
  return vi.fn<FetchFn>((url) => {
    if (url.includes('/delivery/cities'))
      return Promise.resolve(
        json({ data: [{ ref: KYIV, settlement_ref: KYIV, name: 'Київ', present: 'м. Київ, Київська обл.', area: 'Київська', warehouses: 10 }] }),
      );
    if (url.includes('/delivery/streets'))
      return Promise.resolve(json({ data: url.includes('search=%D0%A5') ? [{ ref: STREET, name: 'Хрещатик', type: 'вул.' }] : [] }));
    if (url.includes('/orders')) return Promise.resolve(json({ data: order({ id: 9, number: '000009' }) }, 201));
    return Promise.resolve(json({ data: [] }));
  });
}
const orderPosts = (f: ReturnType<typeof carrierFetch>) => f.mock.calls.filter(([u, init]) => u.includes('/orders') && init?.method === 'POST');

describe('courier street at checkout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a typed street that is not picked from the list is not submitted; a picked one is sent with its ref', async () => {
    const fetchMock = carrierFetch();
    vi.stubGlobal('fetch', fetchMock);
    const onPlaced = vi.fn();
    renderWithProviders(<CheckoutForm lists={lists} onPlaced={onPlaced} />);
    fireEvent.click(screen.getByRole('radio', { name: "Кур'єр" }));
    fireEvent.change(screen.getByLabelText(/Прізвище/), { target: { value: 'Шевченко' } });
    fireEvent.change(screen.getByLabelText(/Ім'я/), { target: { value: 'Тарас' } });
    fireEvent.input(screen.getByTestId('checkout-phone'), { target: { value: '+38 (067) 123-45-67' } });
    fireEvent.change(screen.getByTestId('checkout-city-input'), { target: { value: 'Київ' } });
    fireEvent.click(await screen.findByRole('option', { name: /Київ/ }));
    await waitFor(() => expect((screen.getByTestId('checkout-city-input') as HTMLInputElement).value).toBe('м. Київ, Київська обл.'));

    const street = screen.getByTestId('checkout-street-input') as HTMLInputElement;
    fireEvent.change(street, { target: { value: 'вул. Вигадана' } });
    // Typed, not picked: the field says to pick from the list at once.
    expect(await screen.findByText('Оберіть вулицю зі списку: Нова Пошта доставляє лише на вулиці зі свого довідника')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Будинок/), { target: { value: '7а' } });
    fireEvent.click(screen.getByTestId('checkout-submit'));
    expect(await screen.findByText('Оберіть вулицю зі списку Нової Пошти')).toBeTruthy();
    expect(street.getAttribute('aria-invalid')).toBe('true');
    await new Promise((r) => setTimeout(r, 50));
    expect(orderPosts(fetchMock)).toHaveLength(0);

    // Picked from the carrier's list: sent with the street's ref.
    fireEvent.change(street, { target: { value: 'Хрещ' } });
    fireEvent.click(await screen.findByRole('option', { name: 'вул. Хрещатик' }));
    await waitFor(() => expect(street.value).toBe('вул. Хрещатик'));
    fireEvent.click(screen.getByTestId('checkout-submit'));
    await waitFor(() => expect(orderPosts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(orderPosts(fetchMock)[0]![1]!.body))).toMatchObject({
      delivery_method: 'Courier',
      city_ref: KYIV,
      street_ref: STREET,
      street_name: 'вул. Хрещатик',
      house: '7а',
    });
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
  }, 20_000);
});

describe('payment from the balance at checkout', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('uk');
  });
  const render = (balance: number | undefined, autoConfirm: boolean, lang: 'uk' | 'ru' = 'uk') => {
    vi.stubGlobal('fetch', carrierFetch());
    renderWithProviders(<CheckoutForm lists={buildConfigLists(lang)} total={300} balance={{ balance, debit: 100, autoConfirm }} onPlaced={() => undefined} />);
  };
  const payment = (name: string) => fireEvent.click(within(screen.getByTestId('checkout-payment_method')).getByRole('radio', { name }));

  it('shows nothing for other payment methods; for Balance the balance beside the debit, no warning when it covers it', () => {
    render(150, false);
    expect(screen.queryByTestId('checkout-balance')).toBeNull();
    payment('З балансу');
    const box = screen.getByTestId('checkout-balance');
    expect(within(box).getByTestId('checkout-balance-amount').textContent).toBe('150.00 грн.');
    expect(within(box).getByTestId('checkout-balance-debit').textContent).toBe('100.00 грн.');
    expect(box.getAttribute('data-short')).toBe('false');
    expect(screen.queryByTestId('checkout-balance-warning')).toBeNull();
    payment('Накладений платіж');
    expect(screen.queryByTestId('checkout-balance')).toBeNull();
  });

  it('short without auto-confirm: warns with the missing sum and a top-up link; the order can still be placed', () => {
    render(40, false);
    payment('З балансу');
    const warning = screen.getByTestId('checkout-balance-warning');
    expect(warning.textContent).toContain('На балансі не вистачає 60.00 грн.');
    expect(warning.textContent).toContain('Замовлення буде оформлено, але підтвердити його можна буде лише після поповнення балансу.');
    const link = within(warning).getByRole('link', { name: 'Поповнити баланс' });
    expect(link.getAttribute('href')).toBe('/dashboard/finances?top_up=1');
  });

  it('short with auto-confirm (ru): says the order will not be placed until topped up', async () => {
    await i18n.changeLanguage('ru');
    render(0, true, 'ru');
    payment('С баланса');
    expect(screen.getByTestId('checkout-balance-amount').textContent).toBe('0.00 грн.');
    const warning = screen.getByTestId('checkout-balance-warning');
    expect(warning.textContent).toContain('На балансе не хватает 100.00 грн.');
    expect(warning.textContent).toContain('поэтому он не будет оформлен, пока вы не пополните баланс');
    expect(within(warning).getByRole('link', { name: 'Пополнить баланс' }).getAttribute('href')).toBe('/dashboard/finances?top_up=1');
  });
});
