import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API_VERSION, type Locale } from '@drop/shared';
import type { landingSettingSchemas } from './landing-schemas.ts';

/** Settings the landing page reads (DESIGN.md section 7, "Content"); schemas in landing-schemas.ts. */

export type LandingSettingKey = keyof typeof landingSettingSchemas;
export type LegalSettingKey = Exclude<LandingSettingKey, 'faq'>;
export type LandingSettingValue<K extends LandingSettingKey> = z.infer<(typeof landingSettingSchemas)[K]>;

export interface LandingSetting<K extends LandingSettingKey> {
  key: string;
  value: LandingSettingValue<K>;
  updated_at: string;
}

export class SettingRequestError extends Error {
  readonly status: number;

  constructor(key: string, status: number) {
    super(`GET /api/v1/settings/${key} failed with status ${status}`);
    this.name = 'SettingRequestError';
    this.status = status;
  }
}

/** Query keys of the landing feature (one factory per feature, DESIGN.md section 2). */
export const landingQueryKeys = {
  all: ['landing'] as const,
  settings: () => [...landingQueryKeys.all, 'settings'] as const,
  setting: (key: LandingSettingKey, lang: Locale) => [...landingQueryKeys.settings(), key, lang] as const,
};

/** GET /api/v1/settings/{key} in the given language, validated against the shared contract. */
export async function getSetting<K extends LandingSettingKey>(key: K, lang: Locale, signal?: AbortSignal): Promise<LandingSetting<K>> {
  const response = await fetch(`/api/v1/settings/${key}`, {
    headers: {
      'X-Localization': lang,
      'Accept-Language': lang,
      'X-Api-Version': API_VERSION,
      Accept: 'application/json',
    },
    signal,
  });
  if (!response.ok) throw new SettingRequestError(key, response.status);
  const [{ landingSettingSchemas, settingEnvelope }, json] = await Promise.all([import('./landing-schemas.ts'), response.json()]);
  const body = settingEnvelope.parse(json);
  const value = landingSettingSchemas[key].parse(body.data.value) as LandingSettingValue<K>;
  return { key: body.data.key, value, updated_at: body.data.updated_at };
}

export function settingQueryOptions<K extends LandingSettingKey>(key: K, lang: Locale) {
  return queryOptions({
    queryKey: landingQueryKeys.setting(key, lang),
    queryFn: ({ signal }) => getSetting(key, lang, signal),
    staleTime: 5 * 60_000,
  });
}

export function useSetting<K extends LandingSettingKey>(key: K, lang: Locale, options: { enabled?: boolean } = {}) {
  return useQuery({ ...settingQueryOptions(key, lang), enabled: options.enabled ?? true });
}
