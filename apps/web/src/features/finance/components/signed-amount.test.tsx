import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { formatSigned } from '../lib/format.ts';
import { SignedAmount } from './signed-amount.tsx';

describe('SignedAmount', () => {
  it('shows a credit green with a plus and a debit red with a minus sign', () => {
    renderWithProviders(
      <>
        <SignedAmount amount={1250.5} data-testid="credit" />
        <SignedAmount amount={-80} withCurrency data-testid="debit" />
      </>,
    );
    const credit = screen.getByTestId('credit');
    const debit = screen.getByTestId('debit');
    expect(credit.textContent).toBe('+1 250.50');
    expect(credit.getAttribute('data-sign')).toBe('positive');
    expect(getComputedStyle(credit).color).toBe('rgb(46, 125, 50)');
    expect(debit.textContent).toBe('\u221280.00 грн.');
    expect(debit.getAttribute('data-sign')).toBe('negative');
    expect(getComputedStyle(debit).color).toBe('rgb(211, 47, 47)');
  });

  it('treats zero as not positive (red, no sign)', () => {
    renderWithProviders(<SignedAmount amount={0} data-testid="zero" />);
    const zero = screen.getByTestId('zero');
    expect(zero.textContent).toBe('0.00');
    expect(zero.getAttribute('data-sign')).toBe('negative');
  });

  it('formats with grouping and a true minus', () => {
    expect(formatSigned(1234567.8)).toBe('+1 234 567.80');
    expect(formatSigned(-0.5)).toBe('\u22120.50');
  });
});
