import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { serve } from '../../../test/fetch-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';

vi.mock('../../../lib/fingerprint.ts', () => ({ getDeviceToken: () => Promise.resolve('test-device') }));

const ATTEMPT = '5d2f0c1e-8b7a-4e3c-9f10-6a2b3c4d5e6f';
const user = {
  id: 1,
  name: 'Олена',
  email: 'olena@example.com',
  phone: null,
  city: null,
  lang: 'uk',
  role: 'reseller',
  markup: 0,
  discount: 0,
  is_verified: false,
  is_drop_markup: false,
  auto_confirm_orders: false,
  login_2fa: true,
  withdraw_2fa: false,
  blocked: false,
  balance: 0,
  created_at: '2026-01-01T00:00:00.000Z',
};

/** fetch answering by path (without /api/v1); records each call. */
const mockApi = (answers: Record<string, unknown>) => serve(({ path }) => ({ data: answers[path.replace(/^\/api\/v1/, '')] ?? user }));

afterEach(() => vi.unstubAllGlobals());

describe('codes go back with the attempt that asked for them', () => {
  it('login with 2FA: the code step sends the attempt id answered by the login', async () => {
    const calls = mockApi({ '/auth/login': { enabled_2fa: true, attempt_id: ATTEMPT }, '/auth/confirm-login': { token: 't', user } });
    renderWithProviders(<LoginForm onSignedIn={vi.fn()} />);
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'olena@example.com' } });
    fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: 'secret-pass-1' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    fireEvent.change(await screen.findByTestId('login-code-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('login-code-submit'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/auth/confirm-login')).toBe(true));
    expect(calls.find((c) => c.path === '/api/v1/auth/confirm-login')!.body).toMatchObject({ email: 'olena@example.com', attempt_id: ATTEMPT, code: '123456' });
  });

  it('forgot password: step 2 sends the attempt id; the text does not claim the address is registered', async () => {
    const calls = mockApi({ '/password/forgot': { sent: true, attempt_id: ATTEMPT }, '/password/restore': { token: 't', user } });
    renderWithProviders(<ForgotPasswordForm onRestored={vi.fn()} />);
    fireEvent.change(screen.getByTestId('forgot-email'), { target: { value: 'olena@example.com' } });
    fireEvent.click(screen.getByTestId('forgot-send'));
    expect((await screen.findByTestId('forgot-code-sent')).textContent).toContain('Якщо olena@example.com зареєстровано');
    fireEvent.change(screen.getByTestId('forgot-code-input'), { target: { value: '654321' } });
    fireEvent.change(screen.getByTestId('forgot-password'), { target: { value: 'brand-new-pass-1' } });
    fireEvent.change(screen.getByTestId('forgot-password-confirmation'), { target: { value: 'brand-new-pass-1' } });
    fireEvent.click(screen.getByTestId('forgot-restore'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/password/restore')).toBe(true));
    expect(calls.find((c) => c.path === '/api/v1/password/restore')!.body).toMatchObject({
      email: 'olena@example.com',
      attempt_id: ATTEMPT,
      code: '654321',
      password: 'brand-new-pass-1',
    });
  });
});
