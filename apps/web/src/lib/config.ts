import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConfigLists } from '@drop/shared';
import { api } from './api-client.ts';

/** GET /api/v1/config: the reference lists in the request's language and the supplier switches the cabinet needs. */
export interface WebConfig extends ConfigLists {
  /**
   * The supplier's price floor: while it is on, every selling price the portal computes is lifted to at
   * least the recommended retail price and the cart refuses lower ones.
   */
  enforce_recommended_price: boolean;
}

export const configKeys = {
  all: ['config'] as const,
  byLocale: (locale: string) => ['config', locale] as const,
};

export const getConfig = () => api.get<WebConfig>('/config');

/**
 * The lists hardly ever change, but the price floor is an operator's switch: the query goes stale after
 * the same 60 s the API lets the browser cache /config, so a page mounted after that asks again.
 */
export const CONFIG_STALE_MS = 60_000;

export const getConfigQueryOptions = (locale: string) =>
  queryOptions({ queryKey: configKeys.byLocale(locale), queryFn: getConfig, staleTime: CONFIG_STALE_MS });

export const useConfig = (locale: string, enabled = true) => useQuery({ ...getConfigQueryOptions(locale), enabled });

/**
 * Whether the supplier enforces the recommended price, as /config says. Off until /config has answered
 * (or when it cannot be read): the web then blocks nothing and the API still refuses a price below the floor.
 */
export const selectRecommendedFloor = (config: Partial<WebConfig> | null | undefined): boolean => config?.enforce_recommended_price === true;

/** The supplier's price floor for components (see selectRecommendedFloor). */
export function useRecommendedFloor(): boolean {
  const { i18n } = useTranslation();
  const q = useQuery({ ...getConfigQueryOptions(i18n.language), select: selectRecommendedFloor });
  return q.data ?? false;
}
