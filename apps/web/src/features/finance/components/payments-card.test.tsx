import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { PaymentDto } from '@drop/shared';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PaymentsCard } from './payments-card.tsx';
import { reply, stubFetch } from '../../../test/fetch-stub.ts';

const payment = (id: number, over: Partial<PaymentDto> = {}): PaymentDto => ({
  id,
  amount: 1500.5,
  status: 'Approved',
  comment: null,
  decline_reason: null,
  credited_amount: null,
  credit_reason: null,
  document: null,
  created_at: '2025-03-04T10:00:00Z',
  processed_at: '2025-03-05T10:00:00Z',
  ...over,
});
const list = [
  payment(3, { credited_amount: 1200.1, credit_reason: 'На рахунок надійшло 1200.10' }),
  payment(2),
  payment(1, { status: 'Declined', decline_reason: 'Квитанція нечитабельна' }),
];

describe('PaymentsCard: a top-up credited with another amount (issue 27 p.1)', () => {
  beforeEach(() => stubFetch(() => reply({ data: list, meta: { current_page: 1, per_page: 5, total: 3, last_page: 1 } })));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('uk'));
  });

  it('says what was credited of the claim and why; other top-ups say nothing more', async () => {
    await act(() => i18n.changeLanguage('uk'));
    renderWithProviders(<PaymentsCard />);
    const rows = await screen.findAllByTestId('payment-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByTestId('payment-amount').textContent).toBe('1 500.50 грн.');
    expect(within(rows[0]!).getByTestId('payment-credited').textContent).toBe(
      'Зараховано 1 200.10 грн. із заявлених 1 500.50 грн.Причина: На рахунок надійшло 1200.10',
    );
    expect(within(rows[1]!).queryByTestId('payment-credited')).toBeNull();
    expect(within(rows[2]!).queryByTestId('payment-credited')).toBeNull();
    expect(within(rows[2]!).getByTestId('payment-reason').textContent).toBe('Причина: Квитанція нечитабельна');
  });

  it('in Russian too', async () => {
    await act(() => i18n.changeLanguage('ru'));
    renderWithProviders(<PaymentsCard />);
    const rows = await screen.findAllByTestId('payment-row');
    expect(within(rows[0]!).getByTestId('payment-credited').textContent).toBe(
      'Зачислено 1 200.10 грн. из заявленных 1 500.50 грн.Причина: На рахунок надійшло 1200.10',
    );
  });
});
