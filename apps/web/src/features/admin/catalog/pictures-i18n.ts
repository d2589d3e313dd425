import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { i18n as appI18n } from '../../../lib/i18n.ts';
import ru from './locales/pictures-ru.json';
import uk from './locales/pictures-uk.json';

/** The picture conversion panel: its own namespace (./locales/pictures-{uk,ru}.json). */
export const ADMIN_PICTURES_NS = 'admin-catalog-pictures';
const RESOURCES = { uk, ru } as const;

export function register(instance: I18n | undefined): void {
  if (!instance || typeof instance.addResourceBundle !== 'function') return;
  for (const [lng, json] of Object.entries(RESOURCES)) {
    if (!instance.hasResourceBundle(lng, ADMIN_PICTURES_NS)) instance.addResourceBundle(lng, ADMIN_PICTURES_NS, json, true, true);
  }
}

register(appI18n);

export function usePicturesT() {
  const result = useTranslation(ADMIN_PICTURES_NS);
  register(result.i18n);
  return { t: result.t, i18n: result.i18n };
}
