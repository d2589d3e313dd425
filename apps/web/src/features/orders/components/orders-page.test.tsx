import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { buildConfigLists, SEARCH_DEBOUNCE_MS } from '@drop/shared';
import { renderWithProviders } from '../../../test/render.tsx';
import { OrdersPage } from './orders-page.tsx';
import { json, summary, type FetchFn } from '../../../test/fixtures/orders.ts';

const lists = buildConfigLists('uk');

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

const page = (data: ReturnType<typeof summary>[], total = data.length, lastPage = 1, current = 1) => ({
  data,
  meta: { current_page: current, per_page: 10, total, last_page: lastPage },
  pagination: { last_page: lastPage },
});

function serve(body: (url: URL) => unknown) {
  const fetchMock = vi.fn<FetchFn>((url) => Promise.resolve(json(body(new URL(url, 'http://localhost')))));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const orderCalls = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.map(([u]) => new URL(u, 'http://localhost')).filter((u) => u.pathname === '/api/v1/orders');
const search = () => new URLSearchParams(screen.getByTestId('location').textContent ?? '');

describe('OrdersPage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reads the filters from the URL and asks the API with them', async () => {
    const fetchMock = serve(() => page([summary({ status: 'Confirmed', status_name: 'Підтверджене', ttn: '20450000000001' })], 25, 3, 2));
    renderWithProviders(
      <>
        <OrdersPage lists={lists} />
        <Probe />
      </>,
      { route: '/dashboard/orders?status=Confirmed&payment_status=NotPaid&date_from=2026-01-01&search=Шевч&page=2&per_page=20&status_bad=1' },
    );
    const row = await screen.findByTestId('order-row');
    expect(within(row).getByTestId('order-row-number').textContent).toBe('№100007');
    expect(within(row).getByTestId('order-row-status').textContent).toBe('Підтверджене');
    expect(within(row).getByTestId('order-row-ttn').textContent).toBe('ТТН 20450000000001');
    expect(within(row).getByTestId('order-row-address').textContent).toBe('Київ, Відділення №1');
    const q = orderCalls(fetchMock).at(-1)!.searchParams;
    expect(Object.fromEntries(q)).toEqual({
      page: '2',
      per_page: '20',
      status: 'Confirmed',
      payment_status: 'NotPaid',
      date_from: '2026-01-01',
      search: 'Шевч',
    });
    expect((screen.getByTestId('orders-search') as HTMLInputElement).value).toBe('Шевч');
    expect((screen.getByTestId('orders-date-from') as HTMLInputElement).value).toBe('01.01.2026');
    expect(screen.getByTestId('orders-status').textContent).toContain('Підтверджене');
    expect(screen.getByTestId('orders-total').textContent).toBe('Знайдено: 25');
  });

  it('writes filter changes to the URL and goes back to page 1', async () => {
    const fetchMock = serve(() => page([summary()], 30, 3));
    renderWithProviders(
      <>
        <OrdersPage lists={lists} />
        <Probe />
      </>,
      { route: '/dashboard/orders?page=3' },
    );
    await screen.findByTestId('order-row');

    // Dates are typed as DD.MM.YYYY (issue 26 point 8) and reach the URL and the API as YYYY-MM-DD.
    fireEvent.input(screen.getByTestId('orders-date-from'), { target: { value: '01.02.2026' } });
    await waitFor(() => expect(search().get('date_from')).toBe('2026-02-01'));
    expect(search().get('page')).toBeNull();
    await waitFor(() => expect(orderCalls(fetchMock).at(-1)!.searchParams.get('date_from')).toBe('2026-02-01'));
    expect((screen.getByTestId('orders-date-from') as HTMLInputElement).value).toBe('01.02.2026');

    // The delivery status select (MUI menu).
    fireEvent.mouseDown(screen.getByTestId('orders-delivery-status'));
    fireEvent.click(await screen.findByRole('option', { name: 'В дорозі' }));
    await waitFor(() => expect(search().get('delivery_status')).toBe('OnMyWay'));
    await waitFor(() => expect(orderCalls(fetchMock).at(-1)!.searchParams.get('delivery_status')).toBe('OnMyWay'));

    // Search is debounced.
    vi.useFakeTimers();
    fireEvent.change(screen.getByTestId('orders-search'), { target: { value: '  0671 ' } });
    expect(search().get('search')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    vi.useRealTimers();
    await waitFor(() => expect(search().get('search')).toBe('0671'));

    // Reset keeps nothing but the page size.
    fireEvent.click(screen.getByTestId('orders-reset'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(''));
    expect((screen.getByTestId('orders-search') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('orders-date-from') as HTMLInputElement).value).toBe('');
  });

  it('pages through the list', async () => {
    serve((u) =>
      page(
        [summary({ id: Number(u.searchParams.get('page') ?? 1), number: `10000${u.searchParams.get('page') ?? 1}` })],
        30,
        3,
        Number(u.searchParams.get('page') ?? 1),
      ),
    );
    renderWithProviders(
      <>
        <OrdersPage lists={lists} />
        <Probe />
      </>,
      { route: '/dashboard/orders' },
    );
    await screen.findByText('№100001');
    fireEvent.click(within(screen.getByTestId('orders-pagination')).getByRole('button', { name: /2/ }));
    await waitFor(() => expect(search().get('page')).toBe('2'));
    expect(await screen.findByText('№100002')).toBeTruthy();
  });

  it('shows an empty state with a link to the catalogue, and a nothing-matches state when filtered', async () => {
    serve(() => page([], 0, 1));
    const view = renderWithProviders(<OrdersPage lists={lists} />, { route: '/dashboard/orders' });
    const empty = await screen.findByTestId('orders-empty');
    expect(within(empty).getByRole('link').getAttribute('href')).toBe('/dashboard/catalog');
    view.unmount();

    renderWithProviders(<OrdersPage lists={lists} />, { route: '/dashboard/orders?status=Done' });
    expect(await screen.findByTestId('orders-nothing')).toBeTruthy();
    expect(screen.getByTestId('orders-page').getAttribute('data-state')).toBe('nothing');
  });
});
