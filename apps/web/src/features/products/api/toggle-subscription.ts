import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { patchProductCaches } from './patch-product-caches.ts';

export interface ToggleSubscriptionInput {
  codeId: number;
  /** The new state: true subscribes to the back-in-stock alert, false unsubscribes. */
  subscribed: boolean;
}

export const toggleSubscription = ({ codeId, subscribed }: ToggleSubscriptionInput) =>
  subscribed ? api.post('/product-notifications', { code_id: codeId }).then(() => undefined) : api.delete(`/product-notifications/${codeId}`);

/** POST /product-notifications or DELETE /product-notifications/{code_id}; every product with that code follows. */
export function useToggleSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: toggleSubscription,
    onSuccess: (_r, { codeId, subscribed }) => patchProductCaches(qc, (p) => p.code_id === codeId, { is_subscribed: subscribed }),
  });
}
