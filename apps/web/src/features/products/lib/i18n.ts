import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { i18n as appI18n } from '../../../lib/i18n.ts';
import ru from '../locales/ru.json';
import uk from '../locales/uk.json';

/** The feature's own i18next namespace (features/products/locales/{uk,ru}.json). */
export const PRODUCTS_NS = 'products';
const RESOURCES = { uk, ru } as const;

/** Adds the 'products' namespace to an initialised i18next instance (idempotent). */
export function registerProductsResources(instance: I18n | undefined): void {
  if (!instance || typeof instance.addResourceBundle !== 'function') return;
  for (const [lng, json] of Object.entries(RESOURCES)) {
    if (!instance.hasResourceBundle(lng, PRODUCTS_NS)) instance.addResourceBundle(lng, PRODUCTS_NS, json, true, true);
  }
}

// The app's instance gets the namespace as soon as this (lazy) chunk loads.
registerProductsResources(appI18n);

/** useTranslation('products') on whatever instance the provider gives (a test's or the app's). */
export function useProductsT() {
  const result = useTranslation(PRODUCTS_NS);
  registerProductsResources(result.i18n);
  return result;
}
