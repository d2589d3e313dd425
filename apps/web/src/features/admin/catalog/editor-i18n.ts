import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { i18n as appI18n } from '../../../lib/i18n.ts';
import ru from './locales/editor-ru.json';
import uk from './locales/editor-uk.json';

/** Creating and archiving products, category delete, picture, icon and colour: their own namespace (./locales/editor-{uk,ru}.json). */
export const ADMIN_EDITOR_NS = 'admin-catalog-editor';
const RESOURCES = { uk, ru } as const;

export function register(instance: I18n | undefined): void {
  if (!instance || typeof instance.addResourceBundle !== 'function') return;
  for (const [lng, json] of Object.entries(RESOURCES)) {
    if (!instance.hasResourceBundle(lng, ADMIN_EDITOR_NS)) instance.addResourceBundle(lng, ADMIN_EDITOR_NS, json, true, true);
  }
}

register(appI18n);

export function useEditorT() {
  const result = useTranslation(ADMIN_EDITOR_NS);
  register(result.i18n);
  return { t: result.t };
}
