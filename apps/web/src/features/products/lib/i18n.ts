import { featureNamespace } from '../../../lib/i18n-namespace.ts';
import ru from '../locales/ru.json';
import uk from '../locales/uk.json';

/** The 'products' i18next namespace (.locales/{uk,ru}.json), loaded with this lazy chunk (lib/i18n-namespace.ts). */
const productsNs = featureNamespace('products', { uk, ru });

export const useProductsT = productsNs.useT;
