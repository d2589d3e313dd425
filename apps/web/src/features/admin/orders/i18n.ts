import { featureNamespace } from '../../../lib/i18n-namespace.ts';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

/** The 'admin-orders' i18next namespace (locales/{uk,ru}.json), loaded with this lazy chunk (lib/i18n-namespace.ts). */
const adminOrdersNs = featureNamespace('admin-orders', { uk, ru });

export const useOrdersT = adminOrdersNs.useT;
