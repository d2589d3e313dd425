import type { OrdersFilter } from '../../../lib/order/orders-filter.ts';

/** The query key factory of the orders feature. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => ['orders', 'list'] as const,
  list: (f: OrdersFilter) => ['orders', 'list', f] as const,
  last: () => ['orders', 'last'] as const,
  /** Every language's copy of one order (to invalidate). */
  detailAll: (id: number) => ['orders', 'detail', id] as const,
  /** One order as the API tells it in a language: history notes and status names follow a language switch. */
  detail: (id: number, lang: string) => ['orders', 'detail', id, lang] as const,
};

export const deliveryKeys = {
  all: ['delivery'] as const,
  cities: (search: string) => ['delivery', 'cities', search] as const,
  warehouses: (cityRef: string, search: string) => ['delivery', 'warehouses', cityRef, search] as const,
  streets: (cityRef: string, search: string) => ['delivery', 'streets', cityRef, search] as const,
};
