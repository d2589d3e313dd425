import { featureNamespace } from '../../lib/i18n-namespace.ts';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

/** The 'exports' i18next namespace (locales/{uk,ru}.json), loaded with this lazy chunk (lib/i18n-namespace.ts). */
const exportsNs = featureNamespace('exports', { uk, ru });

export const registerExportsResources = exportsNs.register;
export const useExportsT = exportsNs.useT;
