import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartDto, CartUpdateInput } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { useCartChanged } from './cart-changed.tsx';
import { setCartData } from './keys.ts';

export interface UpdateCartLineInput extends CartUpdateInput {
  id: number;
}

/** PUT /carts/{id} {id, qty, retail_price}. */
export const updateCartLine = (input: UpdateCartLineInput) => api.put<CartDto>(`/carts/${input.id}`, input);

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
