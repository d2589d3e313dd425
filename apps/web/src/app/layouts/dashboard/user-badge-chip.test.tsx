import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { UserBadgeChip } from '../../../components/ui/user-badge-chip.tsx';

const badge = () => screen.getByTestId('user-badge');

describe('UserBadgeChip', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('uk'));
  });

  it('shows VIP with the discount first', () => {
    renderWithProviders(<UserBadgeChip user={{ discount: 7, is_verified: true }} />);
    expect(badge().textContent).toBe('VIP -7%');
    expect(badge().getAttribute('data-kind')).toBe('vip');
  });

  it('shows Verified (uk) for verified users without a discount, and New otherwise', () => {
    renderWithProviders(
      <>
        <UserBadgeChip user={{ discount: 0, is_verified: true }} />
        <UserBadgeChip user={{ discount: 0, is_verified: false }} />
      </>,
    );
    const [verified, fresh] = screen.getAllByTestId('user-badge');
    expect(verified!.textContent).toBe('Верифікований');
    expect(verified!.getAttribute('data-kind')).toBe('verified');
    expect(fresh!.textContent).toBe('Новий');
    expect(fresh!.getAttribute('data-kind')).toBe('new');
  });

  it('speaks Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    renderWithProviders(
      <>
        <UserBadgeChip user={{ discount: 10, is_verified: false }} />
        <UserBadgeChip user={{ discount: 0, is_verified: true }} />
        <UserBadgeChip user={{ discount: 0, is_verified: false }} />
      </>,
    );
    expect(screen.getAllByTestId('user-badge').map((b) => b.textContent)).toEqual(['VIP -10%', 'Верифицированный', 'Новый']);
  });
});
