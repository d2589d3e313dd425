import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductListItemDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { productKeys } from './keys.ts';

/** GET /products/analogues/{id}: the other products of the product's analogue group. */
export const getAnalogues = (id: number, marketId?: number, signal?: AbortSignal): Promise<ProductListItemDto[]> =>
  api.get('/products/analogues/' + id, undefined, { query: { market_id: marketId }, ...(signal ? { signal } : {}) });

export const getAnaloguesQueryOptions = (id: number, lang: string, marketId?: number) =>
  queryOptions({ queryKey: productKeys.analogues(id, lang, marketId), queryFn: ({ signal }) => getAnalogues(id, marketId, signal) });

export const useAnalogues = (id: number, lang: string, { enabled = true, marketId }: { enabled?: boolean; marketId?: number | undefined } = {}) =>
  useQuery({ ...getAnaloguesQueryOptions(id, lang, marketId), enabled });
