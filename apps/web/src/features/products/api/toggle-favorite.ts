import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { productKeys, type ProductListParams } from './keys.ts';
import { patchProductCaches } from './patch-product-caches.ts';

export interface ToggleFavoriteInput {
  productId: number;
  /** The new state: true adds to favourites, false removes. */
  favorite: boolean;
}

export const toggleFavorite = ({ productId, favorite }: ToggleFavoriteInput) =>
  favorite ? api.post('/favorite-products', { product_id: productId }).then(() => undefined) : api.delete(`/favorite-products/${productId}`);

/** POST /favorite-products or DELETE /favorite-products/{product_id}; the caches follow. */
export function useToggleFavorite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: toggleFavorite,
    onSuccess: (_r, { productId, favorite }) => {
      patchProductCaches(qc, (p) => p.id === productId, { is_favorite: favorite });
      // The favourites list itself gains or loses a row: refetch it.
      void qc.invalidateQueries({
        queryKey: productKeys.lists(),
        predicate: (q) => (q.queryKey[2] as ProductListParams | undefined)?.mode === 'favorites',
      });
    },
  });
}
