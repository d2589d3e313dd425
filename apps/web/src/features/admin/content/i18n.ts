import { featureNamespace } from '../../../lib/i18n-namespace.ts';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

/** The 'admin-content' i18next namespace (locales/{uk,ru}.json), loaded with this lazy chunk (lib/i18n-namespace.ts). */
const adminContentNs = featureNamespace('admin-content', { uk, ru });

export const useContentT = adminContentNs.useT;
