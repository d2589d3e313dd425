import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

vi.mock('../../../lib/fingerprint.ts', () => ({ getDeviceToken: () => Promise.resolve('test-device') }));

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** fetch for /password/forgot answering the given attempts in turn (then a 429 with Retry-After 42). */
function mockForgot(attempts: string[]) {
  const calls: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      calls.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      const next = attempts.shift();
      return next
        ? json({ data: { sent: true, attempt_id: next } })
        : json({ message: 'Новий код можна отримати через хвилину', code: 'TooManyAttempts' }, 429, { 'Retry-After': '42' });
    }),
  );
  return calls;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  await act(() => i18n.changeLanguage('uk'));
});

describe('forgot password keeps its step and counts down to a resend', () => {
  it('after the code is sent: the countdown runs, a remount (reload) keeps step 2 and its attempt', async () => {
    mockForgot(['attempt-1']);
    const first = renderWithProviders(<ForgotPasswordForm onRestored={vi.fn()} />);
    fireEvent.change(screen.getByTestId('forgot-email'), { target: { value: 'olena@example.com' } });
    fireEvent.click(screen.getByTestId('forgot-send'));
    const resend = await screen.findByTestId('forgot-resend');
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect(resend.textContent).toMatch(/Надіслати код ще раз можна через (60|59) с/);
    first.unmount();

    renderWithProviders(<ForgotPasswordForm onRestored={vi.fn()} />);
    expect(screen.getByTestId('forgot-restore-step')).toBeTruthy();
    expect(screen.getByTestId('forgot-code-sent').textContent).toContain('olena@example.com');
    expect((screen.getByTestId('forgot-resend') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a resend after the countdown stays on step 2 with the new attempt; too early, it keeps the old one', async () => {
    sessionStorage.setItem('forgot_password', JSON.stringify({ email: 'olena@example.com', attempt_id: 'attempt-1', sent_at: Date.now() - 61_000, step: 'restore' }));
    const calls = mockForgot(['attempt-2']);
    renderWithProviders(<ForgotPasswordForm onRestored={vi.fn()} />);
    const resend = screen.getByTestId('forgot-resend');
    expect((resend as HTMLButtonElement).disabled).toBe(false);
    expect(resend.textContent).toBe('Надіслати код ще раз');
    fireEvent.click(resend);
    await waitFor(() => expect((screen.getByTestId('forgot-resend') as HTMLButtonElement).disabled).toBe(true));
    expect(calls).toEqual([expect.objectContaining({ email: 'olena@example.com' })]);
    expect(screen.getByTestId('forgot-restore-step')).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem('forgot_password')!)).toMatchObject({ attempt_id: 'attempt-2', step: 'restore' });
  });

  it('Back to step 1 and the same address again within the minute: step 2 without a new request', async () => {
    sessionStorage.setItem('forgot_password', JSON.stringify({ email: 'olena@example.com', attempt_id: 'attempt-1', sent_at: Date.now() - 5_000, step: 'restore' }));
    const calls = mockForgot([]);
    renderWithProviders(<ForgotPasswordForm onRestored={vi.fn()} />);
    fireEvent.click(screen.getByTestId('forgot-back'));
    fireEvent.click(await screen.findByTestId('forgot-send'));
    expect(await screen.findByTestId('forgot-restore-step')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('in ru the countdown reads in Russian', async () => {
    sessionStorage.setItem('forgot_password', JSON.stringify({ email: 'olena@example.com', attempt_id: 'attempt-1', sent_at: Date.now() - 30_000, step: 'restore' }));
    mockForgot([]);
    await act(() => i18n.changeLanguage('ru'));
    renderWithProviders(<ForgotPasswordForm onRestored={vi.fn()} />);
    expect(screen.getByTestId('forgot-resend').textContent).toMatch(/Отправить код ещё раз можно через (30|29) с/);
  });
});
