import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listOf, orderSummaryDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import type { OrdersFilter } from '../../../lib/order/orders-filter.ts';
import { orderKeys } from './keys.ts';

const ordersList = listOf(orderSummaryDto);

/** GET /orders (filters, pagination; newest first). */
export const getOrders = async (f: OrdersFilter, signal?: AbortSignal) =>
  ordersList.parse(await api.raw('GET', '/orders', { query: { ...f }, ...(signal ? { signal } : {}) }));

export const getOrdersQueryOptions = (f: OrdersFilter) =>
  queryOptions({ queryKey: orderKeys.list(f), queryFn: ({ signal }) => getOrders(f, signal), placeholderData: keepPreviousData });

export const useOrders = (f: OrdersFilter) => useQuery(getOrdersQueryOptions(f));
