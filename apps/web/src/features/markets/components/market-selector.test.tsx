import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@drop/shared';
import { reply } from '../../../test/fetch-stub.ts';
import { market, testUser } from '../../../test/fixtures/markets.ts';
import { renderWithUser } from '../../../test/render.tsx';
import { MarketSelector } from './market-selector.tsx';

const fetchMock = vi.fn((input: RequestInfo | URL) => {
  const { pathname } = new URL(String(input), 'http://x');
  if (pathname === '/api/v1/markets') return reply({ data: [market(3, 'Rozetka'), market(4, 'Prom')] });
  return reply({ message: 'not found' }, 404);
});

describe('MarketSelector', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is hidden for an unverified user, who never asks for stores', () => {
    renderWithUser(<MarketSelector />, testUser(false));
    expect(screen.queryByTestId('market-selector')).toBeNull();
    expect(screen.queryByLabelText('Тип цін')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers the markup profile first, then the stores, and remembers the choice', async () => {
    renderWithUser(<MarketSelector />, testUser(true));
    expect(screen.getByTestId('market-selector')).toBeTruthy();
    const combo = screen.getByRole('combobox', { name: 'Тип цін' });
    expect(combo.textContent).toBe('Мій профіль націнки');
    fireEvent.mouseDown(combo);
    const list = await screen.findByRole('listbox');
    await within(list).findByText('Prom');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Мій профіль націнки', 'Rozetka', 'Prom']);
    fireEvent.click(within(list).getByText('Prom'));
    expect(localStorage.getItem(STORAGE_KEYS.currentMarket)).toBe('4');
  });
});
