import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ExportSettingDto } from '@drop/shared';
import { feed } from '../../../test/fixtures/feeds.ts';
import { reply } from '../../../test/fetch-stub.ts';
import { market, testUser } from '../../../test/fixtures/markets.ts';
import { renderWithUser } from '../../../test/render.tsx';
import { MarketsCard } from './markets-card.tsx';

let list = [market(3, 'Rozetka')];
let feeds: ExportSettingDto[] | null = null;
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const { pathname } = new URL(String(input), 'http://x');
  if (init?.method === 'DELETE' && pathname === '/api/v1/markets/3') {
    list = [];
    return reply(undefined, 204);
  }
  if (pathname === '/api/v1/markets') return reply({ data: list });
  if (pathname === '/api/v1/export-settings' && feeds) return reply({ data: feeds });
  return reply({ message: 'not found' }, 404);
});

describe('MarketsCard', () => {
  beforeEach(() => {
    feeds = null;
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

  it('says how many feeds price by the store before deleting it; cancel sends nothing', async () => {
    list = [market(3, 'Rozetka'), market(4, 'Prom')];
    feeds = [
      feed(1, { price_source: 'market', market_id: 3, market_name: 'Rozetka' }),
      feed(2, { price_source: 'market', market_id: 3, market_name: 'Rozetka' }),
      feed(3, { price_source: 'market', market_id: 4, market_name: 'Prom' }),
      feed(4, { price_source: 'recommended', market_id: null, market_name: null }),
    ];
    renderWithUser(<MarketsCard />, testUser(true));
    expect(await screen.findByText('Rozetka')).toBeTruthy();
    fireEvent.click(screen.getByTestId('market-delete-3'));
    const dialog = await screen.findByTestId('market-delete-dialog');
    await waitFor(() => expect(dialog.textContent).toContain('Фідів, що рахують ціни за цим магазином: 2.'));
    expect(dialog.textContent).toContain('перестануть оновлюватися');
    fireEvent.click(screen.getByTestId('market-delete-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('market-delete-dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'DELETE')).toBe(false);
    expect(screen.getByText('Rozetka')).toBeTruthy();
  });

  it('warns about feeds in general when the feed list is not at hand', async () => {
    list = [market(3, 'Rozetka')];
    renderWithUser(<MarketsCard />, testUser(true));
    fireEvent.click(await screen.findByTestId('market-delete-3'));
    const dialog = await screen.findByTestId('market-delete-dialog');
    expect(dialog.textContent).toContain('Фіди, що рахують ціни за цим магазином, перестануть оновлюватися');
    expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'DELETE')).toBe(false);
  });

  it('disables creating at 5 stores with a hint', async () => {
    list = [1, 2, 3, 4, 5].map((id) => market(id));
    renderWithUser(<MarketsCard />, testUser(true));
    expect(await screen.findByTestId('markets-limit')).toBeTruthy();
    expect(screen.getByTestId('market-create').getAttribute('aria-disabled')).toBe('true');
  });
});
