import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router';
import { renderWithProviders } from '../test/render.tsx';
import { useScopedToast, useToast, type ToastApi } from './toast.tsx';

const shown = () => screen.queryAllByTestId('toast').map((el) => el.textContent);

/** Exposes the toast API to the test body. */
function Grab({ onApi }: { onApi: (api: ToastApi) => void }) {
  onApi(useToast());
  return null;
}

/** A dialog-like form whose refusals are scoped to it. */
function ScopedForm({ open }: { open: boolean }) {
  const toast = useScopedToast(open);
  return (
    <>
      <button type="button" data-testid="refuse" onClick={() => toast.warning('Недостатньо товару')}>
        refuse
      </button>
      <button type="button" data-testid="fail" onClick={() => toast.error('Помилка сервера')}>
        fail
      </button>
      <button type="button" data-testid="ok" onClick={() => toast.success('Товар додано до кошика')}>
        ok
      </button>
    </>
  );
}

function Host() {
  const [open, setOpen] = useState(true);
  const [mounted, setMounted] = useState(true);
  return (
    <>
      <button type="button" data-testid="close" onClick={() => setOpen(false)}>
        close
      </button>
      <button type="button" data-testid="unmount" onClick={() => setMounted(false)}>
        unmount
      </button>
      {mounted && <ScopedForm open={open} />}
    </>
  );
}

describe('toasts', () => {
  it('shows the newest message at once and drops the earlier one', () => {
    let api!: ToastApi;
    renderWithProviders(<Grab onApi={(a) => (api = a)} />);
    act(() => void api.success('Товар додано до кошика'));
    expect(shown()).toEqual(['Товар додано до кошика']);
    act(() => void api.warning('Недостатньо товару: доступно 5'));
    // No queue behind a 5 s timer: the refusal is on screen now, the earlier success is gone.
    expect(shown()).toEqual(['Недостатньо товару: доступно 5']);
    act(() => void api.error('Файл має бути PDF або зображенням'));
    expect(shown()).toEqual(['Файл має бути PDF або зображенням']);
  });

  it("takes a dialog's warning or error away when the dialog closes", async () => {
    renderWithProviders(<Host />);
    fireEvent.click(screen.getByTestId('refuse'));
    expect(shown()).toEqual(['Недостатньо товару']);
    fireEvent.click(screen.getByTestId('close'));
    await waitFor(() => expect(shown()).toEqual([]));

    fireEvent.click(screen.getByTestId('fail'));
    expect(shown()).toEqual(['Помилка сервера']);
    fireEvent.click(screen.getByTestId('unmount'));
    await waitFor(() => expect(shown()).toEqual([]));
  });

  it('leaves a newer toast alone when the dialog closes', async () => {
    let api!: ToastApi;
    renderWithProviders(
      <>
        <Grab onApi={(a) => (api = a)} />
        <Host />
      </>,
    );
    fireEvent.click(screen.getByTestId('refuse'));
    act(() => void api.info('Нове сповіщення'));
    fireEvent.click(screen.getByTestId('unmount'));
    await new Promise((r) => setTimeout(r, 400));
    expect(shown()).toEqual(['Нове сповіщення']);
  });

  it('keeps a success notice raised inside a closing dialog', async () => {
    renderWithProviders(<Host />);
    fireEvent.click(screen.getByTestId('refuse'));
    fireEvent.click(screen.getByTestId('ok'));
    fireEvent.click(screen.getByTestId('unmount'));
    await new Promise((r) => setTimeout(r, 400));
    expect(shown()).toEqual(['Товар додано до кошика']);
  });

  it('keeps a success notice fired before a navigation on the new screen', async () => {
    function CreateStore() {
      const toast = useScopedToast();
      const navigate = useNavigate();
      return (
        <button
          type="button"
          data-testid="create"
          onClick={() => {
            toast.warning('Перевірте націнку');
            toast.success('Магазин створено');
            void navigate('/dashboard/markets');
          }}
        >
          create
        </button>
      );
    }
    renderWithProviders(
      <Routes>
        <Route path="/dashboard/markets/create" element={<CreateStore />} />
        <Route path="/dashboard/markets" element={<h1>Мої магазини</h1>} />
      </Routes>,
      { route: '/dashboard/markets/create' },
    );
    fireEvent.click(screen.getByTestId('create'));
    expect(await screen.findByText('Мої магазини')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 400));
    expect(shown()).toEqual(['Магазин створено']);
  });
});
