import { featureNamespace } from '../../../lib/i18n-namespace.ts';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

/** The 'admin-catalog' i18next namespace (locales/{uk,ru}.json), loaded with this lazy chunk (lib/i18n-namespace.ts). */
const adminCatalogNs = featureNamespace('admin-catalog', { uk, ru });

export const useCatalogT = adminCatalogNs.useT;
