import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { deliveryCityDto, type DeliveryCityDto } from '@drop/shared';
import { api, isApiError } from '../../../lib/api-client.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { deliveryKeys } from './keys.ts';

/** GET /delivery/cities?search= (10 at most; 503 CarrierUnavailable when Nova Poshta is down). */
export const searchCities = (search: string, signal?: AbortSignal): Promise<DeliveryCityDto[]> =>
  api.get('/delivery/cities', z.array(deliveryCityDto), { query: { search }, ...(signal ? { signal } : {}) });

export const searchCitiesQueryOptions = (search: string) =>
  queryOptions({ queryKey: deliveryKeys.cities(search), queryFn: ({ signal }) => searchCities(search, signal), staleTime: 5 * 60_000, retry: false });

/** Debounced (300 ms); asks from one character. */
export function useCitySearch(input: string, enabled = true) {
  const search = useDebouncedValue(input.trim());
  return useQuery({ ...searchCitiesQueryOptions(search), enabled: enabled && search.length >= 1, placeholderData: keepPreviousData });
}

/** The carrier's message when Nova Poshta is unavailable. */
export const carrierError = (e: unknown): string | undefined => (isApiError(e) ? e.message : undefined);
