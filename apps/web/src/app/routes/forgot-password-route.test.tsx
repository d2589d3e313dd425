import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { i18n } from '../../lib/i18n.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { Route, Routes } from 'react-router';
import { ForgotPasswordRoute } from './forgot-password-route.tsx';
import { ForgotPasswordForm, inviteOf } from '../../features/auth/components/forgot-password-form.tsx';

vi.mock('../../lib/fingerprint.ts', () => ({ getDeviceToken: () => Promise.resolve('test-device') }));

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
    sessionStorage.setItem(
      'forgot_password',
      JSON.stringify({ email: 'olena@example.com', attempt_id: 'attempt-1', sent_at: Date.now() - 61_000, step: 'restore' }),
    );
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
    sessionStorage.setItem(
      'forgot_password',
      JSON.stringify({ email: 'olena@example.com', attempt_id: 'attempt-1', sent_at: Date.now() - 5_000, step: 'restore' }),
    );
    const calls = mockForgot([]);
    renderWithProviders(<ForgotPasswordForm onRestored={vi.fn()} />);
    fireEvent.click(screen.getByTestId('forgot-back'));
    fireEvent.click(await screen.findByTestId('forgot-send'));
    expect(await screen.findByTestId('forgot-restore-step')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('in ru the countdown reads in Russian', async () => {
    sessionStorage.setItem(
      'forgot_password',
      JSON.stringify({ email: 'olena@example.com', attempt_id: 'attempt-1', sent_at: Date.now() - 30_000, step: 'restore' }),
    );
    mockForgot([]);
    await act(() => i18n.changeLanguage('ru'));
    renderWithProviders(<ForgotPasswordForm onRestored={vi.fn()} />);
    expect(screen.getByTestId('forgot-resend').textContent).toMatch(/Отправить код ещё раз можно через (30|29) с/);
  });
});

describe('a staff invitation link opens on the new-password step', () => {
  const ATTEMPT = '0b9f7a3c-1d2e-4f5a-8b6c-7d8e9f0a1b2c';
  const LINK = `/forgot-password?email=${encodeURIComponent('stepan@example.com')}&attempt_id=${ATTEMPT}&code=482913`;

  /** fetch answering /password/restore with a token (any other call fails the test). */
  function mockRestore() {
    const calls: { url: string; body: Record<string, unknown> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
        const u = String(url);
        calls.push({ url: u, body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {} });
        if (u.includes('/password/restore')) return json({ data: { token: 'staff-token', enabled_2fa: false } });
        return json({ message: 'Not found' }, 404);
      }),
    );
    return calls;
  }

  it('parses only a whole, well-formed link', () => {
    expect(inviteOf(new URLSearchParams(LINK.split('?')[1]))).toEqual({ email: 'stepan@example.com', attempt_id: ATTEMPT, code: '482913' });
    expect(inviteOf(new URLSearchParams(`email=stepan@example.com&attempt_id=${ATTEMPT}&code=48291`))).toBeNull();
    expect(inviteOf(new URLSearchParams(`email=stepan@example.com&attempt_id=nope&code=482913`))).toBeNull();
    expect(inviteOf(new URLSearchParams(`attempt_id=${ATTEMPT}&code=482913`))).toBeNull();
  });

  it('the route shows "Встановіть пароль", the address and the code filled in; the person types the password twice and is signed in', async () => {
    // A code this tab asked for earlier does not win over the link.
    sessionStorage.setItem(
      'forgot_password',
      JSON.stringify({ email: 'other@example.com', attempt_id: 'attempt-1', sent_at: Date.now() - 5_000, step: 'email' }),
    );
    const calls = mockRestore();
    renderWithProviders(
      <Routes>
        <Route path="/forgot-password" element={<ForgotPasswordRoute />} />
        <Route path="/admin" element={<output data-testid="landed">admin</output>} />
      </Routes>,
      { route: LINK },
    );
    expect(await screen.findByRole('heading', { name: 'Встановіть пароль' })).toBeTruthy();
    expect(screen.getByTestId('forgot-restore-step')).toBeTruthy();
    expect(screen.getByTestId('forgot-code-sent').textContent).toContain('stepan@example.com');
    expect(screen.getByTestId('forgot-code-sent').textContent).toContain('Вас запрошено до бек-офісу');
    expect((screen.getByTestId('forgot-code-input') as HTMLInputElement).value).toBe('482913');
    const submit = screen.getByTestId('forgot-restore') as HTMLButtonElement;
    expect(submit.textContent).toBe('Встановити пароль і увійти');
    expect(submit.disabled).toBe(true);

    fireEvent.change(screen.getByTestId('forgot-password'), { target: { value: 'warehouse-pass-1' } });
    fireEvent.change(screen.getByTestId('forgot-password-confirmation'), { target: { value: 'warehouse-pass-1' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    expect(await screen.findByTestId('landed')).toBeTruthy();
    expect(calls.find((c) => c.url.includes('/password/restore'))?.body).toMatchObject({
      email: 'stepan@example.com',
      attempt_id: ATTEMPT,
      code: '482913',
      password: 'warehouse-pass-1',
      password_confirmation: 'warehouse-pass-1',
    });
    expect(sessionStorage.getItem('forgot_password')).toBeNull();
  });

  it('in ru the heading reads "Установите пароль"; a broken link is the ordinary forgot-password page', async () => {
    mockRestore();
    await act(() => i18n.changeLanguage('ru'));
    const first = renderWithProviders(
      <Routes>
        <Route path="/forgot-password" element={<ForgotPasswordRoute />} />
      </Routes>,
      { route: LINK },
    );
    expect(await screen.findByRole('heading', { name: 'Установите пароль' })).toBeTruthy();
    expect(screen.getByTestId('forgot-restore').textContent).toBe('Установить пароль и войти');
    first.unmount();

    await act(() => i18n.changeLanguage('uk'));
    renderWithProviders(
      <Routes>
        <Route path="/forgot-password" element={<ForgotPasswordRoute />} />
      </Routes>,
      { route: LINK.replace('code=482913', 'code=abc') },
    );
    expect(await screen.findByRole('heading', { name: 'Відновлення пароля' })).toBeTruthy();
    expect(screen.getByTestId('forgot-email-step')).toBeTruthy();
  });
});
