import i18next, { type i18n as I18n } from 'i18next';
import { getI18n, useTranslation } from 'react-i18next';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

/** The header search's i18n namespace, registered the way features/landing does it. */
export const SEARCH_NS = 'search';
const RESOURCES = { uk, ru } as const;

function register(instance: I18n | undefined, force = false): void {
  if (!instance || typeof instance.addResourceBundle !== 'function') return;
  for (const [lng, json] of Object.entries(RESOURCES)) {
    if (force || !instance.hasResourceBundle(lng, SEARCH_NS)) instance.addResourceBundle(lng, SEARCH_NS, json, true, true);
  }
}

register(i18next, true);
register(getI18n(), true);

/** useTranslation('search') on whatever instance the provider gives (the app's or a test's). */
export function useSearchTranslation() {
  const { i18n } = useTranslation();
  register(i18n);
  return useTranslation(SEARCH_NS);
}
