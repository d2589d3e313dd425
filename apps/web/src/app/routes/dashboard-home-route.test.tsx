import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { buildConfigLists, type StatisticsDto } from '@drop/shared';
import { renderWithProviders } from '../../test/render.tsx';
import { json, summary, type FetchFn } from '../../test/fixtures/orders.ts';
import { DashboardHomeRoute } from './dashboard-home-route.tsx';

const series = (values: number[], at: string | null) => ({
  labels: ['15.11', '16.11', '17.11', '18.11', '19.11', '20.11', '21.11'],
  values,
  max: Math.max(...values),
  at,
});
const stats: StatisticsDto = {
  last_week: series([0, 2, 5, 1, 0, 0, 3], '17.11'),
  orders_count: { total_count: 42, count_delivered: 7, count_done: 20, count_return: 10, conversion: 66.7 },
  operation_statistics: series([100, 100, 250.5, 250.5, 90, 90, 90], '17.11'),
};

function serve(over: Partial<Record<string, unknown>> = {}) {
  const routes: Record<string, unknown> = {
    '/api/v1/auth/user': { data: { id: 1, name: 'Ірина Мельник', balance: 90, is_verified: true, discount: 0 } },
    '/api/v1/auth/balance': { data: { balance: 90 } },
    '/api/v1/config': { data: buildConfigLists('uk') },
    '/api/v1/statistics': { data: stats },
    '/api/v1/orders/last': {
      data: [
        summary(),
        summary({
          id: 8,
          number: '100008',
          status: 'Done',
          status_name: 'Виконане',
          delivery_method: 'Courier',
          delivery: { city_name: 'Львів', city_ref: null, branch_name: null, branch_ref: null, street_name: 'вул. Городоцька', house: '5', appt: '12' },
        }),
      ],
    },
    '/api/v1/operations': { data: [], meta: { current_page: 1, per_page: 5, total: 0, last_page: 1 }, pagination: { last_page: 1 } },
    ...over,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn<FetchFn>((url) => Promise.resolve(json(routes[new URL(url, 'http://localhost').pathname] ?? { data: null }))),
  );
}

describe('DashboardHomeRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the statistics numbers, the order maximum and the last orders', async () => {
    serve();
    renderWithProviders(<DashboardHomeRoute />, { route: '/dashboard' });
    expect((await screen.findByTestId('orders-count-total')).textContent).toBe('42');
    expect(screen.getByTestId('orders-count-delivered').textContent).toBe('7');
    expect(screen.getByTestId('orders-count-done').textContent).toBe('20');
    expect(screen.getByTestId('orders-count-return').textContent).toBe('10');
    expect(screen.getByTestId('orders-conversion').textContent).toBe('66.7%');
    expect(screen.getByTestId('orders-week-max').textContent).toBe('Максимум: 5 шт. (17/11)');
    expect((await screen.findByTestId('balance-chart-max')).textContent).toBe('Максимум: 250.50 грн. (17/11)');

    const last = await screen.findAllByTestId('last-order');
    expect(last).toHaveLength(2);
    expect(within(last[0]!).getByTestId('last-order-number').textContent).toBe('№100007');
    expect(within(last[0]!).getByTestId('last-order-client').textContent).toBe('Шевченко Тарас · +38 (067) 123-45-67');
    expect(within(last[0]!).getByTestId('last-order-address').textContent).toBe('Київ, Відділення №1');
    expect(within(last[0]!).getByTestId('last-order-total').textContent).toBe('94.00 грн.');
    expect(within(last[0]!).getByRole('link').getAttribute('href')).toBe('/dashboard/order/7');
    expect(within(last[1]!).getByTestId('last-order-status').textContent).toBe('Виконане');
    expect(within(last[1]!).getByTestId('last-order-address').textContent).toBe('Львів, вул. Городоцька, 5, Квартира 12');
    expect(await screen.findByTestId('welcome-name')).toBeTruthy();
  });

  it('says when there are no orders yet', async () => {
    serve({
      '/api/v1/orders/last': { data: [] },
      '/api/v1/statistics': {
        data: {
          ...stats,
          last_week: series([0, 0, 0, 0, 0, 0, 0], null),
          orders_count: { total_count: 0, count_delivered: 0, count_done: 0, count_return: 0, conversion: 0 },
        },
      },
    });
    renderWithProviders(<DashboardHomeRoute />, { route: '/dashboard' });
    expect(await screen.findByTestId('last-orders-empty')).toBeTruthy();
    expect((await screen.findByTestId('orders-conversion')).textContent).toBe('0.0%');
    expect(screen.getByTestId('orders-week-max').textContent).toBe('Максимум: 0 шт.');
  });
});
