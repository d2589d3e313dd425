import type { OrdersFilter } from '../lib/orders-filter.ts';

/** The query key factory of the orders feature. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => ['orders', 'list'] as const,
  list: (f: OrdersFilter) => ['orders', 'list', f] as const,
  last: () => ['orders', 'last'] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
};

export const deliveryKeys = {
  all: ['delivery'] as const,
  cities: (search: string) => ['delivery', 'cities', search] as const,
  warehouses: (cityRef: string, search: string) => ['delivery', 'warehouses', cityRef, search] as const,
  streets: (cityRef: string, search: string) => ['delivery', 'streets', cityRef, search] as const,
};
