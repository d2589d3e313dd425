import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { WithdrawForm } from './withdraw-form.tsx';
import { reply, stubFetch } from '../../../test/fetch-stub.ts';

const VALID_CARD = '4111 1111 1111 1111';

const created = {
  id: 3,
  requisites: '4111 **** **** 1111',
  amount: 250,
  status: 'New',
  decline_reason: null,
  created_at: '2025-03-04T10:00:00Z',
  paid_at: null,
};
let withdrawReply: (body: Record<string, unknown>) => Promise<Response>;
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const { pathname } = new URL(String(input), 'http://x');
  if (init?.method === 'POST' && pathname === '/api/v1/withdraws') return withdrawReply(JSON.parse(String(init.body)) as Record<string, unknown>);
  return reply({ message: 'not found' }, 404);
});
const bodies = () => fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST').map(([, i]) => JSON.parse(String(i?.body)) as Record<string, unknown>);

const card = () => screen.getByTestId<HTMLInputElement>('withdraw-card');
const amount = () => screen.getByTestId<HTMLInputElement>('withdraw-amount');
const type = (el: HTMLInputElement, value: string) => fireEvent.input(el, { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('withdraw-submit'));

describe('WithdrawForm', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    withdrawReply = () => reply({ data: created }, 201);
    stubFetch(fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('masks the card number and refuses one that fails the Luhn check', async () => {
    renderWithProviders(<WithdrawForm balance={1000} />);
    type(card(), '4111111111111112');
    await waitFor(() => expect(card().value).toBe('4111 1111 1111 1112'));
    type(amount(), '100');
    submit();
    expect(await screen.findByText('Невірний номер картки')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an amount above the balance, zero and an empty one', async () => {
    renderWithProviders(<WithdrawForm balance={300} />);
    expect(screen.getByText('Доступно: 300.00 грн.')).toBeTruthy();
    type(card(), VALID_CARD);
    type(amount(), '300.01');
    submit();
    expect(await screen.findByText('Недостатньо коштів на балансі')).toBeTruthy();
    type(amount(), '0');
    submit();
    expect(await screen.findByText('Сума має бути більше 0')).toBeTruthy();
    type(amount(), '');
    submit();
    expect(await screen.findByText("Поле обов'язкове для заповнення")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the mailed code when required and sends the same request with it', async () => {
    withdrawReply = (body) =>
      body.code === undefined
        ? reply({ data: { requires_code: true } })
        : body.code === '123456'
          ? reply({ data: created }, 201)
          : reply({ message: 'Помилка! Ви ввели невірний код', errors: { code: ['Помилка! Ви ввели невірний код'] } }, 422);
    renderWithProviders(<WithdrawForm balance={1000} />);
    type(card(), VALID_CARD);
    type(amount(), '250');
    submit();
    const dialog = await screen.findByTestId('withdraw-code-dialog');
    expect(within(dialog).getByRole('dialog', { name: 'Підтвердження виведення коштів' })).toBeTruthy();
    const confirm = within(dialog).getByTestId<HTMLButtonElement>('withdraw-code-confirm');
    expect(confirm.disabled).toBe(true);

    fireEvent.change(within(dialog).getByTestId('withdraw-code-input'), { target: { value: '000000' } });
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('Помилка! Ви ввели невірний код')).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('withdraw-code-input'), { target: { value: '123456' } });
    fireEvent.click(confirm);
    expect((await screen.findByTestId('toast')).textContent).toContain('Заявку на виведення створено');
    await waitFor(() => expect(screen.queryByTestId('withdraw-code-dialog')).toBeNull());
    expect(bodies()).toEqual([
      { requisites: '4111111111111111', amount: 250 },
      { requisites: '4111111111111111', amount: 250, code: '000000' },
      { requisites: '4111111111111111', amount: 250, code: '123456' },
    ]);
    await waitFor(() => expect(amount().value).toBe(''));
  });

  it('shows the InsufficientBalance refusal under the amount', async () => {
    withdrawReply = () => reply({ message: 'Недостатньо коштів на балансі', code: 'InsufficientBalance' }, 400);
    renderWithProviders(<WithdrawForm balance={undefined} />);
    type(card(), VALID_CARD);
    type(amount(), '5000');
    submit();
    expect(await screen.findByText('Недостатньо коштів на балансі')).toBeTruthy();
    expect(bodies()).toHaveLength(1);
  });
});
