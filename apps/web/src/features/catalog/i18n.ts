import { featureNamespace } from '../../lib/i18n-namespace.ts';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

/** The 'catalog' i18next namespace (locales/{uk,ru}.json), loaded with this lazy chunk (lib/i18n-namespace.ts). */
const catalogNs = featureNamespace('catalog', { uk, ru });

export const useCatalogTranslation = catalogNs.useT;
