import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderDto, type OrderDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { orderKeys } from './keys.ts';

/** POST /orders/{id}/confirm: New -> Confirmed. */
export const confirmOrder = (id: number): Promise<OrderDto> => api.post(`/orders/${id}/confirm`, undefined, orderDto);

export function useConfirmOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: confirmOrder,
    onSuccess: (order) => qc.setQueryData(orderKeys.detail(order.id), order),
  });
}
