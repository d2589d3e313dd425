import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductResponse } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { productKeys } from './keys.ts';

/** GET /products/{id}: the product with its properties and breadcrumbs (404 when unknown). */
export function getProduct(id: number, marketId?: number, signal?: AbortSignal): Promise<ProductResponse> {
  return api.raw<ProductResponse>('GET', `/products/${id}`, { query: { market_id: marketId }, ...(signal ? { signal } : {}) });
}

export const getProductQueryOptions = (id: number, lang: string, marketId?: number) =>
  queryOptions({ queryKey: productKeys.detail(id, lang, marketId), queryFn: ({ signal }) => getProduct(id, marketId, signal) });

export const useProduct = (id: number, lang: string, { enabled = true, marketId }: { enabled?: boolean; marketId?: number | undefined } = {}) =>
  useQuery({ ...getProductQueryOptions(id, lang, marketId), enabled: enabled && Number.isSafeInteger(id) && id > 0 });
