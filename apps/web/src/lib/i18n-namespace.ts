import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { i18n as appI18n } from './i18n.ts';

/**
 * A feature's own i18next namespace (its locales/{uk,ru}.json), loaded with the feature's lazy
 * chunk instead of the first page's bundle. The app's instance gets it when the chunk loads;
 * `useT` adds it to whatever instance the provider gives (the app's or a test's) before reading it,
 * and returns `t` for the namespace, `tc` for the app's common one (common.*, errors.*, orders.*)
 * and the instance.
 */
export function featureNamespace(ns: string, resources: { uk: object; ru: object }) {
  /** Adds the namespace to an initialised instance (idempotent; addResourceBundle exists only after init()). */
  const register = (instance: I18n | undefined): void => {
    if (!instance || typeof instance.addResourceBundle !== 'function') return;
    for (const [lng, json] of Object.entries(resources)) {
      if (!instance.hasResourceBundle(lng, ns)) instance.addResourceBundle(lng, ns, json, true, true);
    }
  };
  register(appI18n);
  const useT = () => {
    const common = useTranslation();
    register(common.i18n);
    const own = useTranslation(ns);
    return { t: own.t, tc: common.t, i18n: own.i18n };
  };
  return { ns, register, useT };
}
