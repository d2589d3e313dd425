import { featureNamespace } from '../../lib/i18n-namespace.ts';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

/** The 'search' i18next namespace (locales/{uk,ru}.json), loaded with this lazy chunk (lib/i18n-namespace.ts). */
const searchNs = featureNamespace('search', { uk, ru });

export const useSearchTranslation = searchNs.useT;
