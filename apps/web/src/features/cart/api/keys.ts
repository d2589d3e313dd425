import type { QueryClient } from '@tanstack/react-query';
import type { CartDto } from '@drop/shared';

/** The one query key factory of the cart feature (reused for invalidation). */
export const cartKeys = {
  all: ['cart'] as const,
  current: () => ['cart', 'current'] as const,
};

/** Every cart call answers the whole cart: the mutations write it straight into the query. */
export function setCartData(qc: QueryClient, cart: CartDto): void {
  qc.setQueryData(cartKeys.current(), cart);
}
