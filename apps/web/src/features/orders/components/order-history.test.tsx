/**
 * Issue 27 point 1: a reservation failing again with the same error is one history entry with a
 * count, "×3, востаннє 12:40" (ru "×3, последний раз 12:40"), on the reseller's order page and in
 * the back office (both render OrderHistory).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { buildConfigLists } from '@drop/shared';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { OrderHistory } from '../../../components/order/order-history.tsx';
import { OrderPage } from './order-page.tsx';
import { json, order, type FetchFn } from '../../../test/fixtures/orders.ts';

const lists = buildConfigLists('uk');

const local = (day: number, h: number, m: number) => new Date(2026, 0, day, h, m).toISOString();

const entries = [
  { id: 1, kind: 'status', from: null, to: 'New', note: null, actor: 'Тарас', created_at: local(1, 10, 0), repeat_count: 1, last_at: null },
  {
    id: 2,
    kind: 'reservation_error',
    from: null,
    to: 'create',
    note: 'HTTP 500 Помилка 1С',
    actor: null,
    created_at: local(1, 10, 1),
    repeat_count: 3,
    last_at: local(1, 12, 40),
  },
  {
    id: 3,
    kind: 'reservation_error',
    from: null,
    to: 'confirm',
    note: 'HTTP 503',
    actor: null,
    created_at: local(1, 23, 50),
    repeat_count: 2,
    last_at: local(2, 0, 5),
  },
  { id: 4, kind: 'reservation', from: null, to: 'create', note: 'Номер резерву в 1С: R-1', actor: null, created_at: local(2, 1, 0) },
];

describe('OrderHistory: repeated events are counted', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('uk'));
  });

  it('shows the count and the last time (its date when another day) in uk and ru; once-only entries show none', async () => {
    renderWithProviders(<OrderHistory entries={entries} lists={lists} />);
    const byId = () => new Map(screen.getAllByTestId('history-entry').map((e, i) => [entries.length - i, e]));
    expect(within(byId().get(2)!).getByTestId('history-repeat').textContent).toBe('×3, востаннє 12:40');
    expect(within(byId().get(3)!).getByTestId('history-repeat').textContent).toBe('×2, востаннє 02.01.2026 00:05');
    expect(within(byId().get(1)!).queryByTestId('history-repeat')).toBeNull();
    expect(within(byId().get(4)!).queryByTestId('history-repeat')).toBeNull();
    await act(() => i18n.changeLanguage('ru'));
    await waitFor(() => expect(within(byId().get(2)!).getByTestId('history-repeat').textContent).toBe('×3, последний раз 12:40'));
  });

  it("the reseller's order page shows the counted reservation error", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<FetchFn>(() => Promise.resolve(json({ data: order({ history: entries }) }))),
    );
    renderWithProviders(<OrderPage id={7} lists={lists} />);
    const repeat = await screen.findAllByTestId('history-repeat');
    expect(repeat.map((r) => r.textContent)).toEqual(['×2, востаннє 02.01.2026 00:05', '×3, востаннє 12:40']);
  });
});
