import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { orderSummaryDto, type OrderSummaryDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { orderKeys } from './keys.ts';

/** GET /orders/last: the 5 newest orders (the dashboard home). */
export const getLastOrders = (signal?: AbortSignal): Promise<OrderSummaryDto[]> => api.get('/orders/last', z.array(orderSummaryDto), signal ? { signal } : {});

export const getLastOrdersQueryOptions = () => queryOptions({ queryKey: orderKeys.last(), queryFn: ({ signal }) => getLastOrders(signal) });

export const useLastOrders = () => useQuery(getLastOrdersQueryOptions());
