import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { cartKeys } from './keys.ts';

/** GET /carts: the lines with today's prices and the totals. */
export const getCart = (signal?: AbortSignal): Promise<CartDto> => api.get<CartDto>('/carts', undefined, signal ? { signal } : {});

export const getCartQueryOptions = () => queryOptions({ queryKey: cartKeys.current(), queryFn: ({ signal }) => getCart(signal) });

/** The cart (the page, the badge and the product actions share this one query). */
export const useCart = (enabled = true) => useQuery({ ...getCartQueryOptions(), enabled });
