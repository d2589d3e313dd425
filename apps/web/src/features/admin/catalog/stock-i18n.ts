import { featureNamespace } from '../../../lib/i18n-namespace.ts';
import ru from './locales/stock-ru.json';
import uk from './locales/stock-uk.json';

/** Stock history, low stock and bulk changes: their own namespace (./locales/stock-{uk,ru}.json). */
export const useStockT = featureNamespace('admin-catalog-stock', { uk, ru }).useT;
