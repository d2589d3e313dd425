import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { renderWithProviders } from '../../../test/render.tsx';
import { FinancesPage } from './finances-page.tsx';
import { reply, stubFetch } from '../../../test/fetch-stub.ts';

const empty = { data: [], meta: { current_page: 1, per_page: 10, total: 0, last_page: 1 }, pagination: { last_page: 1 } };

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

describe('FinancesPage', () => {
  beforeEach(() => stubFetch(() => reply(empty)));
  afterEach(() => vi.unstubAllGlobals());

  it('?top_up=1 (checkout\'s "top up" link) opens the top-up dialog; closing it leaves the plain page', async () => {
    renderWithProviders(
      <>
        <FinancesPage />
        <Where />
      </>,
      { route: '/dashboard/finances?top_up=1' },
    );
    expect(await screen.findByRole('dialog', { name: 'Поповнення балансу' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('topup-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/finances');
  });

  it('without it the page opens without the dialog, and the button opens it', async () => {
    renderWithProviders(<FinancesPage />, { route: '/dashboard/finances' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByTestId('topup-button'));
    expect(await screen.findByRole('dialog', { name: 'Поповнення балансу' })).toBeTruthy();
  });
});
