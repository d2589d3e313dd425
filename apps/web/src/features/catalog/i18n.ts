import i18next, { type i18n as I18n } from 'i18next';
import { getI18n, useTranslation } from 'react-i18next';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

/** The catalogue's own i18n namespace, registered the way features/landing does it. */
export const CATALOG_NS = 'catalog';
const RESOURCES = { uk, ru } as const;

function register(instance: I18n | undefined, force = false): void {
  // addResourceBundle exists only once init() has created the store.
  if (!instance || typeof instance.addResourceBundle !== 'function') return;
  for (const [lng, json] of Object.entries(RESOURCES)) {
    if (force || !instance.hasResourceBundle(lng, CATALOG_NS)) instance.addResourceBundle(lng, CATALOG_NS, json, true, true);
  }
}

register(i18next, true);
register(getI18n(), true);

/** useTranslation('catalog') on whatever instance the provider gives (the app's or a test's). */
export function useCatalogTranslation() {
  const { i18n } = useTranslation();
  register(i18n);
  return useTranslation(CATALOG_NS);
}
