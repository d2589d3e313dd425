import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { deliveryWarehouseDto, type DeliveryWarehouseDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { deliveryKeys } from './keys.ts';

/** GET /delivery/warehouses?city_ref=&search= (30 at most). */
export const searchWarehouses = (cityRef: string, search: string, signal?: AbortSignal): Promise<DeliveryWarehouseDto[]> =>
  api.get('/delivery/warehouses', z.array(deliveryWarehouseDto), { query: { city_ref: cityRef, search }, ...(signal ? { signal } : {}) });

export const searchWarehousesQueryOptions = (cityRef: string, search: string) =>
  queryOptions({
    queryKey: deliveryKeys.warehouses(cityRef, search),
    queryFn: ({ signal }) => searchWarehouses(cityRef, search, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** Debounced (300 ms); lists the city's branches also before typing. */
export function useWarehouseSearch(cityRef: string | undefined, input: string) {
  const search = useDebouncedValue(input.trim());
  return useQuery({ ...searchWarehousesQueryOptions(cityRef ?? '', search), enabled: Boolean(cityRef), placeholderData: keepPreviousData });
}
