import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { RegisterCodeDialog } from './register-code-dialog.tsx';

vi.mock('../../../lib/fingerprint.ts', () => ({ getDeviceToken: () => Promise.resolve('test-device') }));

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
    const fetchMock = vi.fn(async () =>
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
});
