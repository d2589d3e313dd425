import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderDto, type OrderCreateInput, type OrderDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { orderKeys } from './keys.ts';

/** POST /orders: the cart becomes an order (201 {data: order}); app/ invalidates the cart afterwards. */
export const placeOrder = (input: OrderCreateInput): Promise<OrderDto> => api.post('/orders', input, orderDto);

export function usePlaceOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(order.id), order);
      void qc.invalidateQueries({ queryKey: orderKeys.lists() });
      void qc.invalidateQueries({ queryKey: orderKeys.last() });
    },
  });
}
