import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { deliveryStreetDto, type DeliveryStreetDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { deliveryKeys } from './keys.ts';

/** GET /delivery/streets?city_ref=&search= (10 at most). */
export const searchStreets = (cityRef: string, search: string, signal?: AbortSignal): Promise<DeliveryStreetDto[]> =>
  api.get('/delivery/streets', z.array(deliveryStreetDto), { query: { city_ref: cityRef, search }, ...(signal ? { signal } : {}) });

export const searchStreetsQueryOptions = (cityRef: string, search: string) =>
  queryOptions({
    queryKey: deliveryKeys.streets(cityRef, search),
    queryFn: ({ signal }) => searchStreets(cityRef, search, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** Debounced (300 ms); asks from one character. */
export function useStreetSearch(cityRef: string | undefined, input: string) {
  const search = useDebouncedValue(input.trim());
  return useQuery({ ...searchStreetsQueryOptions(cityRef ?? '', search), enabled: Boolean(cityRef) && search.length >= 1, placeholderData: keepPreviousData });
}
