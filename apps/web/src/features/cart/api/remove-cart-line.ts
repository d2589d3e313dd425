import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartDto } from '@drop/shared';
import { request } from '../../../lib/api-client.ts';
import { useCartChanged } from './cart-changed.tsx';
import { setCartData } from './keys.ts';

/** DELETE /carts/{id}: answers the cart without the line. */
export const removeCartLine = async (id: number): Promise<CartDto> => {
  const body = await request<{ data: CartDto }>('DELETE', `/carts/${id}`);
  return body.data;
};

export function useRemoveCartLine() {
  const qc = useQueryClient();
  const changed = useCartChanged();
  return useMutation({
    mutationFn: removeCartLine,
    onSuccess: (cart) => {
      setCartData(qc, cart);
      changed();
    },
  });
}
