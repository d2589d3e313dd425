import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketDto } from '@drop/shared';
import { api } from './api-client.ts';

/** The reseller's stores list (shared: the current store, the stores card, the feed form). Query keys (names carry no language, so no locale in the key). */
export const marketKeys = {
  all: ['markets'] as const,
  list: () => ['markets', 'list'] as const,
  detail: (id: number) => ['markets', 'detail', id] as const,
};

export const getMarkets = (signal?: AbortSignal) => api.get<MarketDto[]>('/markets', undefined, signal ? { signal } : {});

export const getMarketsQueryOptions = () => queryOptions({ queryKey: marketKeys.list(), queryFn: ({ signal }) => getMarkets(signal), staleTime: 60_000 });

/** GET /markets: verified users only (others get 403 NotVerified, so the call is never made for them). */
export const useMarkets = (enabled: boolean) => useQuery({ ...getMarketsQueryOptions(), enabled });
