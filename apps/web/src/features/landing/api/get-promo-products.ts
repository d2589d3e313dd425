import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API_VERSION, type Locale } from '@drop/shared';
import { landingQueryKeys } from './get-setting.ts';
import type { promoItem } from './landing-schemas.ts';

export type PromoProduct = z.infer<typeof promoItem>;

export const promoQueryKey = (lang: Locale) => [...landingQueryKeys.all, 'promo', lang] as const;

/**
 * GET /api/products/promo: public (no token) and outside /api/v1, so it does not go through
 * lib/api-client (whose base is /api/v1 and which would send the token).
 */
export async function getPromoProducts(lang: Locale, signal?: AbortSignal): Promise<PromoProduct[]> {
  const response = await fetch('/api/products/promo', {
    headers: { 'X-Localization': lang, 'Accept-Language': lang, 'X-Api-Version': API_VERSION, Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`GET /api/products/promo failed with status ${response.status}`);
  const [{ promoEnvelope }, json] = await Promise.all([import('./landing-schemas.ts'), response.json()]);
  return promoEnvelope.parse(json).data;
}

export const promoQueryOptions = (lang: Locale) =>
  queryOptions({
    queryKey: promoQueryKey(lang),
    queryFn: ({ signal }) => getPromoProducts(lang, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const usePromoProducts = (lang: Locale) => useQuery(promoQueryOptions(lang));
