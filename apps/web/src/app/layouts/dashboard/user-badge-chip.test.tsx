import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { UserBadgeChip } from './user-badge-chip.tsx';

describe('UserBadgeChip', () => {
  it('shows VIP with the discount first', () => {
    render(<UserBadgeChip user={{ discount: 7, is_verified: true }} />);
    expect(screen.getByTestId('user-badge').textContent).toContain('VIP -7%');
    expect(screen.getByTestId('user-badge').getAttribute('data-kind')).toBe('vip');
  });
  it('shows Verified for verified users without a discount', () => {
    render(<UserBadgeChip user={{ discount: 0, is_verified: true }} />);
    expect(screen.getByTestId('user-badge').textContent).toContain('Verified');
  });
  it('shows New otherwise', () => {
    render(<UserBadgeChip user={{ discount: 0, is_verified: false }} />);
    expect(screen.getByTestId('user-badge').textContent).toContain('New');
  });
});
