import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { market, renderWithUser, reply, testUser } from '../test-utils.tsx';
import { MarketsCard } from './markets-card.tsx';

let list = [market(3, 'Rozetka')];
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const { pathname } = new URL(String(input), 'http://x');
  if (init?.method === 'DELETE' && pathname === '/api/v1/markets/3') {
    list = [];
    return reply(undefined, 204);
  }
  if (pathname === '/api/v1/markets') return reply({ data: list });
  return reply({ message: 'not found' }, 404);
});

describe('MarketsCard', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the stores with their base markup and deletes one after confirmation', async () => {
    list = [{ ...market(3, 'Rozetka'), base_markup: { type: 2, markup: 15 } }];
    renderWithUser(<MarketsCard />, testUser(true));
    expect(await screen.findByText('Rozetka')).toBeTruthy();
    expect(screen.getByText('+15% від рекомендованої ціни')).toBeTruthy();
    expect(screen.getByTestId('market-create').getAttribute('href')).toBe('/dashboard/markets/create');
    fireEvent.click(screen.getByTestId('market-delete-3'));
    fireEvent.click(await screen.findByTestId('market-delete-dialog-confirm'));
    expect(await screen.findByText('Магазин видалено')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('markets-empty')).toBeTruthy());
  });

  it('disables creating at 5 stores with a hint', async () => {
    list = [1, 2, 3, 4, 5].map((id) => market(id));
    renderWithUser(<MarketsCard />, testUser(true));
    expect(await screen.findByTestId('markets-limit')).toBeTruthy();
    expect(screen.getByTestId('market-create').getAttribute('aria-disabled')).toBe('true');
  });
});
