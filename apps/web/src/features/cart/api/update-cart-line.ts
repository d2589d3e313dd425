import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartDto, type CartUpdateInput } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { useCartChanged } from './cart-changed.tsx';
import { setCartData } from './keys.ts';

export interface UpdateCartLineInput extends CartUpdateInput {
  id: number;
}

/** PUT /carts/{id} {id, qty, retail_price}. */
export const updateCartLine = (input: UpdateCartLineInput) => api.put(`/carts/${input.id}`, input, cartDto);

export function useUpdateCartLine() {
  const qc = useQueryClient();
  const changed = useCartChanged();
  return useMutation({
    mutationFn: updateCartLine,
    onSuccess: (cart) => {
      setCartData(qc, cart);
      changed();
    },
  });
}
