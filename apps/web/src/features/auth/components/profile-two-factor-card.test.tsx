import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserDto } from '@drop/shared';
import { i18n } from '../../../lib/i18n.ts';
import { serve } from '../../../test/fetch-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProfileTwoFactorCard } from './profile-two-factor-card.tsx';

const user: UserDto = {
  id: 7,
  name: 'Олена',
  email: 'olena@example.com',
  phone: '+380671234567',
  city: null,
  lang: 'uk',
  role: 'reseller',
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
};

const ATTEMPT = '0b6c7e6e-3f1a-4c55-9a43-2f7b1c9d8e01';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** fetch answering the step-up and profile calls; records each call's method, path and body. */
function mockApi(profile: (body: Record<string, unknown>) => Response) {
  return serve(({ path, body }) => {
    if (path.endsWith('/auth/step-up')) return { data: { attempt_id: ATTEMPT } };
    if (path.endsWith('/auth/profile')) return profile((body ?? {}) as Record<string, unknown>);
    return { data: user };
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('ProfileTwoFactorCard', () => {
  it('turning a switch on saves at once, with nothing more asked', async () => {
    const calls = mockApi(() => json({ data: { ...user, withdraw_2fa: true } }));
    renderWithProviders(<ProfileTwoFactorCard user={user} />);
    fireEvent.click(screen.getByTestId('profile-withdraw-2fa').querySelector('input')!);
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/auth/profile'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/auth/profile'))!.body).toEqual({ withdraw_2fa: true });
    expect(screen.queryByTestId('two-factor-off-dialog')).toBeNull();
  });

  it('turning a switch off asks for the current password and shows a wrong one under the field', async () => {
    const calls = mockApi((body) =>
      body.old_password === 'right-password'
        ? json({ data: { ...user, login_2fa: false } })
        : json({ message: 'Поточний пароль вказано невірно', code: 'BadOldPassword', errors: { old_password: ['Поточний пароль вказано невірно'] } }, 422),
    );
    renderWithProviders(<ProfileTwoFactorCard user={user} />);
    fireEvent.click(screen.getByTestId('profile-login-2fa').querySelector('input')!);
    const dialog = await screen.findByTestId('two-factor-off-dialog');
    expect(dialog.textContent).toContain('olena@example.com');
    expect(calls.filter((c) => c.path.endsWith('/auth/profile'))).toHaveLength(0);
    const confirm = screen.getByTestId('two-factor-off-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Поточний пароль'), { target: { value: 'wrong-password' } });
    fireEvent.click(confirm);
    expect(await screen.findByText('Поточний пароль вказано невірно')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Поточний пароль'), { target: { value: 'right-password' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByTestId('two-factor-off-dialog')).toBeNull());
    expect(calls.filter((c) => c.path.endsWith('/auth/profile')).map((c) => c.body)).toEqual([
      { login_2fa: false, old_password: 'wrong-password' },
      { login_2fa: false, old_password: 'right-password' },
    ]);
  });

  it('or asks for a mailed code and sends it with its attempt id', async () => {
    const calls = mockApi(() => json({ data: { ...user, login_2fa: false } }));
    renderWithProviders(<ProfileTwoFactorCard user={user} />);
    fireEvent.click(screen.getByTestId('profile-login-2fa').querySelector('input')!);
    fireEvent.click(await screen.findByTestId('two-factor-off-send-code'));
    const code = await screen.findByTestId('two-factor-off-code-input');
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/auth/step-up'))).toBe(true);
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('two-factor-off-confirm'));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/auth/profile'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/auth/profile'))!.body).toEqual({ login_2fa: false, attempt_id: ATTEMPT, code: '123456' });
  });

  it('staff: the login code switch is on and cannot be turned off, with a line saying why (uk and ru)', async () => {
    const calls = mockApi(() => json({ data: user }));
    // Even a staff record that still says login_2fa false shows it on: the API asks the code anyway.
    const { unmount } = renderWithProviders(<ProfileTwoFactorCard user={{ ...user, role: 'warehouse', login_2fa: false }} />);
    const input = screen.getByTestId('profile-login-2fa').querySelector('input')!;
    expect(input.checked).toBe(true);
    expect(input.disabled).toBe(true);
    const line = screen.getByTestId('profile-login-2fa-staff');
    expect(line.textContent).toBe('Працівники постачальника завжди входять із кодом з листа: цей захист не вимикається.');
    expect(input.getAttribute('aria-describedby')).toBe(line.id);
    fireEvent.click(input);
    expect(screen.queryByTestId('two-factor-off-dialog')).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/auth/profile'))).toEqual([]);
    // The withdrawal switch stays theirs.
    expect(screen.getByTestId('profile-withdraw-2fa').querySelector('input')!.disabled).toBe(false);
    unmount();
    await act(() => i18n.changeLanguage('ru'));
    try {
      renderWithProviders(<ProfileTwoFactorCard user={{ ...user, role: 'admin' }} />);
      expect(screen.getByTestId('profile-login-2fa-staff').textContent).toBe(
        'Сотрудники поставщика всегда входят с кодом из письма: эта защита не отключается.',
      );
    } finally {
      await act(() => i18n.changeLanguage('uk'));
    }
  });

  it('a reseller gets no such line and a working switch', () => {
    mockApi(() => json({ data: user }));
    renderWithProviders(<ProfileTwoFactorCard user={user} />);
    expect(screen.queryByTestId('profile-login-2fa-staff')).toBeNull();
    expect(screen.getByTestId('profile-login-2fa').querySelector('input')!.disabled).toBe(false);
  });
});
