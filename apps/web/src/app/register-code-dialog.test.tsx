import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router';
import { clearToken } from '../lib/auth-token.ts';
import { renderWithProviders } from '../test/render.tsx';
import { GuestOnly } from './guards.tsx';
import { RegisterCodeDialog } from '../features/auth/components/register-code-dialog.tsx';

vi.mock('../lib/fingerprint.ts', () => ({ getDeviceToken: () => Promise.resolve('test-device') }));

describe('RegisterCodeDialog', () => {
  it('enables confirm only with exactly 6 digits and drops non-digits', () => {
    renderWithProviders(<RegisterCodeDialog open email="a@b.ua" attemptId="0b6c7e6e-3f1a-4c55-9a43-2f7b1c9d8e01" onCancel={vi.fn()} onConfirmed={vi.fn()} />);
    const input = screen.getByTestId<HTMLInputElement>('register-code-input');
    const confirm = screen.getByTestId('register-code-confirm');
    expect(input.maxLength).toBe(6);
    expect(input.inputMode).toBe('numeric');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(input, { target: { value: '12a34' } });
    expect(input.value).toBe('1234');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(input, { target: { value: '123456' } });
    expect((confirm as HTMLButtonElement).disabled).toBe(false);

    fireEvent.change(input, { target: { value: '12345' } });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
  });

  it('ignores Escape (blocking) and calls onCancel from the cancel button', () => {
    const onCancel = vi.fn();
    renderWithProviders(<RegisterCodeDialog open email="a@b.ua" attemptId="0b6c7e6e-3f1a-4c55-9a43-2f7b1c9d8e01" onCancel={onCancel} onConfirmed={vi.fn()} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByTestId('register-code-cancel'));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('shows the bad-code error under the field on a 422', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'Помилка! Ви ввели невірний код', code: 'BadCode', errors: { code: ['Помилка! Ви ввели невірний код'] } }), {
          status: 422,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<RegisterCodeDialog open email="a@b.ua" attemptId="0b6c7e6e-3f1a-4c55-9a43-2f7b1c9d8e01" onCancel={vi.fn()} onConfirmed={vi.fn()} />);
    fireEvent.change(screen.getByTestId('register-code-input'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('register-code-confirm'));
    expect(await screen.findAllByText('Помилка! Ви ввели невірний код')).not.toHaveLength(0);
    expect((await screen.findByTestId('toast')).textContent).toContain('Помилка! Ви ввели невірний код');
    // The code goes with the attempt this dialog belongs to.
    const sent = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(sent).toMatchObject({ email: 'a@b.ua', attempt_id: '0b6c7e6e-3f1a-4c55-9a43-2f7b1c9d8e01', code: '000000' });
    vi.unstubAllGlobals();
  });

  it('opens the dashboard with the confirmation, not the earlier wrong-code warning', async () => {
    const replies = [
      () =>
        new Response(JSON.stringify({ message: 'Помилка! Ви ввели невірний код', code: 'BadCode', errors: { code: ['Помилка! Ви ввели невірний код'] } }), {
          status: 422,
          headers: { 'Content-Type': 'application/json' },
        }),
      () =>
        new Response(JSON.stringify({ data: { token: 't0k3n', user: { id: 1, email: 'a@b.ua' } } }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (replies.shift() ?? replies[0]!)()),
    );
    function Register() {
      const [open, setOpen] = useState(true);
      const navigate = useNavigate();
      return (
        <RegisterCodeDialog
          open={open}
          email="a@b.ua"
          attemptId="0b6c7e6e-3f1a-4c55-9a43-2f7b1c9d8e01"
          onCancel={vi.fn()}
          onConfirmed={() => {
            setOpen(false);
            void navigate('/dashboard', { replace: true });
          }}
        />
      );
    }
    renderWithProviders(
      <Routes>
        <Route path="/register" element={<Register />} />
        <Route path="/dashboard" element={<h1>Кабінет</h1>} />
      </Routes>,
      { route: '/register' },
    );
    fireEvent.change(screen.getByTestId('register-code-input'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('register-code-confirm'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Помилка! Ви ввели невірний код');
    fireEvent.change(screen.getByTestId('register-code-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('register-code-confirm'));
    expect(await screen.findByText('Кабінет')).toBeTruthy();
    // The confirmation shows at once on the new screen; the wrong code's warning is gone with the dialog.
    await waitFor(() => expect(screen.getAllByTestId('toast').map((el) => el.textContent)).toEqual(['Реєстрацію підтверджено']));
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.getAllByTestId('toast').map((el) => el.textContent)).toEqual(['Реєстрацію підтверджено']);
    clearToken();
    vi.unstubAllGlobals();
  });

  it("behind /register's guest guard (which leaves for the dashboard as soon as the session starts) the confirmation still greets the dashboard", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ data: { token: 't0k3n', user: { id: 1, email: 'a@b.ua' } } }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    renderWithProviders(
      <Routes>
        <Route
          path="/register"
          element={
            <GuestOnly>
              <RegisterCodeDialog open email="a@b.ua" attemptId="0b6c7e6e-3f1a-4c55-9a43-2f7b1c9d8e01" onCancel={vi.fn()} onConfirmed={vi.fn()} />
            </GuestOnly>
          }
        />
        <Route path="/dashboard" element={<h1>Кабінет</h1>} />
      </Routes>,
      { route: '/register' },
    );
    fireEvent.change(screen.getByTestId('register-code-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('register-code-confirm'));
    expect(await screen.findByText('Кабінет')).toBeTruthy();
    expect((await screen.findByTestId('toast')).textContent).toBe('Реєстрацію підтверджено');
    clearToken();
    vi.unstubAllGlobals();
  });
});
