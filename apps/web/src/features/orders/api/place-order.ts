import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderDto, type OrderCreateInput, type OrderDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { createIntent, idempotencyHeader } from '../../../lib/idempotency.ts';
import { i18n } from '../../../lib/i18n.ts';
import { orderKeys } from './keys.ts';

/** POST /orders: the cart becomes an order (201 {data: order}); app/ invalidates the cart afterwards. */
export const placeOrder = (input: OrderCreateInput, key: string): Promise<OrderDto> =>
  api.post('/orders', input, orderDto, { headers: idempotencyHeader(key) });

/** A second click (or a retry) of the same placement sends the same Idempotency-Key: one order. */
export function usePlaceOrder() {
  const qc = useQueryClient();
  const [intent] = useState(createIntent);
  return useMutation({
    mutationFn: (input: OrderCreateInput) => intent.run(input, (key) => placeOrder(input, key)),
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(order.id, i18n.language || 'uk'), order);
      void qc.invalidateQueries({ queryKey: orderKeys.detailAll(order.id), predicate: (q) => q.queryKey[3] !== (i18n.language || 'uk') });
      void qc.invalidateQueries({ queryKey: orderKeys.lists() });
      void qc.invalidateQueries({ queryKey: orderKeys.last() });
    },
  });
}
