export const LOCALES = ['uk', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'uk';
export const isLocale = (v: unknown): v is Locale => v === 'uk' || v === 'ru';
/** uk and ru text pair used for seeded and server-side content. */
export type I18nText = Record<Locale, string>;
