import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ROLES, type UserDto } from '@drop/shared';
import { renderWithProviders } from '../../../test/render.tsx';
import { UserMenu } from './user-menu.tsx';

const user = (role: UserDto['role']): UserDto => ({
  id: 3,
  name: 'Олена',
  email: 'olena@example.com',
  phone: null,
  city: null,
  lang: 'uk',
  role,
  markup: 0,
  discount: 0,
  is_verified: true,
  is_drop_markup: false,
  auto_confirm_orders: false,
  login_2fa: true,
  withdraw_2fa: false,
  blocked: false,
  balance: 0,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('UserMenu: the link to the back office', () => {
  it.each(ROLES.filter((r) => r !== 'reseller'))('is there for the %s (every staff role)', (role) => {
    renderWithProviders(<UserMenu user={user(role)} balance={0} onLogout={() => undefined} />);
    fireEvent.click(screen.getByTestId('user-menu-button'));
    expect(screen.getByTestId('user-menu-admin').getAttribute('href')).toBe('/admin');
  });

  it('is not there for a reseller', () => {
    renderWithProviders(<UserMenu user={user('reseller')} balance={0} onLogout={() => undefined} />);
    fireEvent.click(screen.getByTestId('user-menu-button'));
    expect(screen.getByTestId('user-menu-profile')).toBeTruthy();
    expect(screen.queryByTestId('user-menu-admin')).toBeNull();
  });
});
