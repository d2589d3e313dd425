import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartAddInput, CartDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { useCartChanged } from './cart-changed.tsx';
import { setCartData } from './keys.ts';

/** POST /carts: adds the product, or replaces its line when it is already in the cart. */
export const addToCart = (input: CartAddInput) => api.post<CartDto>('/carts', input);

export function useAddToCart() {
  const qc = useQueryClient();
  const changed = useCartChanged();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: (cart) => {
      setCartData(qc, cart);
      changed();
    },
  });
}
