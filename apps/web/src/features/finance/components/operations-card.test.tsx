import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperationDto } from '@drop/shared';
import { renderWithProviders } from '../../../test/render.tsx';
import { OperationsCard } from './operations-card.tsx';

const op = (id: number, over: Partial<OperationDto>): OperationDto => ({
  id,
  type: 'payment',
  amount: 100,
  sum: 100,
  balance: 100,
  comment: null,
  description: 'Поповнення балансу',
  operationable_type: null,
  operationable_id: null,
  created_at: '2025-03-04T10:05:00',
  ...over,
});
const days = [
  {
    date: '2025-03-04',
    total: -250,
    operations: [
      op(3, {
        type: 'order',
        amount: -400,
        sum: -400,
        balance: 600,
        description: 'Оплата замовлення №55',
        operationable_type: 'order',
        operationable_id: 55,
        created_at: '2025-03-04T12:30:00',
      }),
      op(2, { amount: 150, sum: 150, balance: 1000, comment: 'Від ФОП', created_at: '2025-03-04T09:00:00' }),
    ],
  },
  { date: '2025-03-03', total: 850, operations: [op(1, { amount: 850, sum: 850, balance: 850, created_at: '2025-03-03T18:00:00' })] },
];
const fetchMock = vi.fn((_input: RequestInfo | URL) =>
  Promise.resolve({
    ok: true,
    status: 200,
    text: () => Promise.resolve(JSON.stringify({ data: days, meta: { current_page: 1, per_page: 20, total: 3, last_page: 1 }, pagination: { last_page: 1 } })),
  } as Response),
);
const lastQuery = () => new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://x');

describe('OperationsCard', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('groups operations by day with the day total; orders link to their page', async () => {
    renderWithProviders(<OperationsCard />, { route: '/dashboard/finances' });
    expect(screen.getByTestId('operations-loading')).toBeTruthy();
    const groups = await screen.findAllByTestId('operations-day');
    expect(groups).toHaveLength(2);
    expect(groups[0]?.textContent).toContain('04.03.2025');
    expect(within(groups[0]!).getByTestId('operations-day-total').textContent).toBe('За день: \u2212250.00 грн.');
    const rows = within(groups[0]!).getAllByTestId('operation-row');
    expect(rows[0]?.querySelector('a')?.getAttribute('href')).toBe('/dashboard/order/55');
    expect(rows[0]?.textContent).toContain('12:30');
    expect(rows[0]?.textContent).toContain('Баланс: 600.00 грн.');
    expect(rows[1]?.querySelector('a')).toBeNull();
    expect(rows[1]?.textContent).toContain('Від ФОП');
    expect(lastQuery().pathname).toBe('/api/v1/operations/grouped');
    expect(lastQuery().searchParams.get('per_page')).toBe('20');
  });

  it('sends the date range and resets it', async () => {
    renderWithProviders(<OperationsCard />, { route: '/dashboard/finances?page=2' });
    await screen.findAllByTestId('operations-day');
    expect(lastQuery().searchParams.get('page')).toBe('2');
    fireEvent.change(screen.getByTestId('operations-date-from'), { target: { value: '2025-03-01' } });
    await waitFor(() => expect(lastQuery().searchParams.get('date_from')).toBe('2025-03-01'));
    expect(lastQuery().searchParams.get('page')).toBe('1');
    fireEvent.click(screen.getByTestId('operations-reset'));
    await waitFor(() => expect(lastQuery().searchParams.get('date_from')).toBeNull());
  });
});
