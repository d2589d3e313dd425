import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { orderDto, type OrderDto } from '@drop/shared';
import { api, isApiError } from '../../../lib/api-client.ts';
import { orderKeys } from './keys.ts';

/** GET /orders/{id}. */
export const getOrder = (id: number, signal?: AbortSignal): Promise<OrderDto> => api.get(`/orders/${id}`, orderDto, signal ? { signal } : {});

export const getOrderQueryOptions = (id: number, lang: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id, lang),
    queryFn: ({ signal }) => getOrder(id, signal),
    retry: (count, e) => !(isApiError(e) && (e.status === 404 || e.status === 403)) && count < 2,
  });

/** The order in the UI's language: a language switch reads the order again (the API words history and statuses). */
export const useOrder = (id: number) => {
  const { i18n } = useTranslation();
  return useQuery({ ...getOrderQueryOptions(id, i18n.language || 'uk'), enabled: Number.isInteger(id) && id > 0 });
};
