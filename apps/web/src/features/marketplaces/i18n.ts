import { featureNamespace } from '../../lib/i18n-namespace.ts';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

/** The 'marketplaces' i18next namespace (locales/{uk,ru}.json), loaded with this lazy chunk (lib/i18n-namespace.ts). */
const marketplacesNs = featureNamespace('marketplaces', { uk, ru });

export const registerMarketplacesResources = marketplacesNs.register;
export const useMarketplacesT = marketplacesNs.useT;
