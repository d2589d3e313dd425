import { featureNamespace } from '../../lib/i18n-namespace.ts';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

/** The 'admin' i18next namespace (locales/{uk,ru}.json), loaded with this lazy chunk (lib/i18n-namespace.ts). */
const adminNs = featureNamespace('admin', { uk, ru });

export const ADMIN_NS = adminNs.ns;
export const registerAdminResources = adminNs.register;
export const useAdminT = adminNs.useT;
