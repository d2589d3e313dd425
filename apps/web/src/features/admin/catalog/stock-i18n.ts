import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { i18n as appI18n } from '../../../lib/i18n.ts';
import ru from './locales/stock-ru.json';
import uk from './locales/stock-uk.json';

/** Stock history, low stock and bulk changes: their own namespace (./locales/stock-{uk,ru}.json). */
export const ADMIN_STOCK_NS = 'admin-catalog-stock';
const RESOURCES = { uk, ru } as const;

export function register(instance: I18n | undefined): void {
  if (!instance || typeof instance.addResourceBundle !== 'function') return;
  for (const [lng, json] of Object.entries(RESOURCES)) {
    if (!instance.hasResourceBundle(lng, ADMIN_STOCK_NS)) instance.addResourceBundle(lng, ADMIN_STOCK_NS, json, true, true);
  }
}

register(appI18n);

export function useStockT() {
  const result = useTranslation(ADMIN_STOCK_NS);
  register(result.i18n);
  const common = useTranslation();
  return { t: result.t, tc: common.t, i18n: result.i18n };
}
