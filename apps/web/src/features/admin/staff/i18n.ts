import { featureNamespace } from '../../../lib/i18n-namespace.ts';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

/** The 'admin-staff' i18next namespace (locales/{uk,ru}.json), loaded with this lazy chunk (lib/i18n-namespace.ts). */
const adminStaffNs = featureNamespace('admin-staff', { uk, ru });

export const useStaffT = adminStaffNs.useT;
