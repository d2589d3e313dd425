import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { i18n as appI18n } from '../../lib/i18n.ts';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

/** The back office's own i18next namespace (features/admin/locales/{uk,ru}.json), loaded with the lazy admin chunk. */
export const ADMIN_NS = 'admin';
const RESOURCES = { uk, ru } as const;

/** Adds the 'admin' namespace to an initialised i18next instance (idempotent). */
export function registerAdminResources(instance: I18n | undefined): void {
  if (!instance || typeof instance.addResourceBundle !== 'function') return;
  for (const [lng, json] of Object.entries(RESOURCES)) {
    if (!instance.hasResourceBundle(lng, ADMIN_NS)) instance.addResourceBundle(lng, ADMIN_NS, json, true, true);
  }
}

// The app's instance gets the namespace as soon as this (lazy) chunk loads.
registerAdminResources(appI18n);

/**
 * useTranslation('admin') on whatever instance the provider gives (a test's or the app's);
 * `tc` reads the app's common namespace (common.*, errors.*, orders.*).
 */
export function useAdminT() {
  const result = useTranslation(ADMIN_NS);
  registerAdminResources(result.i18n);
  const common = useTranslation();
  return { t: result.t, tc: common.t, i18n: result.i18n };
}
