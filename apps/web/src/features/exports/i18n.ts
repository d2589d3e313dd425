import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { i18n as appI18n } from '../../lib/i18n.ts';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

/** The feature's own i18next namespace (features/exports/locales/{uk,ru}.json). */
export const EXPORTS_NS = 'exports';
const RESOURCES = { uk, ru } as const;

/** Adds the 'exports' namespace to an initialised i18next instance (idempotent). */
export function registerExportsResources(instance: I18n | undefined): void {
  if (!instance || typeof instance.addResourceBundle !== 'function') return;
  for (const [lng, json] of Object.entries(RESOURCES)) {
    if (!instance.hasResourceBundle(lng, EXPORTS_NS)) instance.addResourceBundle(lng, EXPORTS_NS, json, true, true);
  }
}

// The app's instance gets the namespace as soon as this (lazy) chunk loads.
registerExportsResources(appI18n);

/**
 * useTranslation('exports') on whatever instance the provider gives (a test's or the app's);
 * `tc` reads the app's common namespace (common.*, pages.*, errors.*).
 */
export function useExportsT() {
  const result = useTranslation(EXPORTS_NS);
  registerExportsResources(result.i18n);
  const common = useTranslation();
  return { t: result.t, tc: common.t, i18n: result.i18n };
}
