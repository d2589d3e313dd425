import { featureNamespace } from '../../lib/i18n-namespace.ts';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

/** The 'landing' i18next namespace (locales/{uk,ru}.json), see lib/i18n-namespace.ts. */
const landingNs = featureNamespace('landing', { uk, ru });

export const useLandingT = landingNs.useT;
