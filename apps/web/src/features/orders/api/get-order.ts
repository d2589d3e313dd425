import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderDto, type OrderDto } from '@drop/shared';
import { api, isApiError } from '../../../lib/api-client.ts';
import { orderKeys } from './keys.ts';

/** GET /orders/{id}. */
export const getOrder = (id: number, signal?: AbortSignal): Promise<OrderDto> => api.get(`/orders/${id}`, orderDto, signal ? { signal } : {});

export const getOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    retry: (count, e) => !(isApiError(e) && (e.status === 404 || e.status === 403)) && count < 2,
  });

export const useOrder = (id: number) => useQuery({ ...getOrderQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
