import { featureNamespace } from '../../../lib/i18n-namespace.ts';
import ru from './locales/pictures-ru.json';
import uk from './locales/pictures-uk.json';

/** The picture conversion panel: its own namespace (./locales/pictures-{uk,ru}.json). */
export const usePicturesT = featureNamespace('admin-catalog-pictures', { uk, ru }).useT;
