import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { i18n as appI18n } from '../../../lib/i18n.ts';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

/** The Reports section's own i18next namespace (./locales/{uk,ru}.json), loaded with this lazy chunk. */
export const ADMIN_REPORTS_NS = 'admin-reports';
const RESOURCES = { uk, ru } as const;

/** Adds the namespace to an initialised i18next instance (idempotent). */
export function register(instance: I18n | undefined): void {
  if (!instance || typeof instance.addResourceBundle !== 'function') return;
  for (const [lng, json] of Object.entries(RESOURCES)) {
    if (!instance.hasResourceBundle(lng, ADMIN_REPORTS_NS)) instance.addResourceBundle(lng, ADMIN_REPORTS_NS, json, true, true);
  }
}

register(appI18n);

/** useTranslation('admin-reports') on the provider's instance; `tc` reads the app's common namespace. */
export function useReportsT() {
  const result = useTranslation(ADMIN_REPORTS_NS);
  register(result.i18n);
  const common = useTranslation();
  return { t: result.t, tc: common.t, i18n: result.i18n };
}
