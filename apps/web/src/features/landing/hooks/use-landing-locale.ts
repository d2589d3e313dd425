import { DEFAULT_LOCALE, isLocale, type Locale } from '@drop/shared';
import { useLandingT } from '../i18n.ts';

/** The current i18n language reduced to a supported API locale (uk | ru). */
export function useLandingLocale(): Locale {
  const { i18n } = useLandingT();
  const raw = i18n.resolvedLanguage ?? i18n.language;
  const base = typeof raw === 'string' ? raw.split('-')[0] : undefined;
  return isLocale(base) ? base : DEFAULT_LOCALE;
}
