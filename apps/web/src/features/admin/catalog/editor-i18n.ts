import { featureNamespace } from '../../../lib/i18n-namespace.ts';
import ru from './locales/editor-ru.json';
import uk from './locales/editor-uk.json';

/** Creating and archiving products, category delete, picture, icon and colour: their own namespace (./locales/editor-{uk,ru}.json). */
export const useEditorT = featureNamespace('admin-catalog-editor', { uk, ru }).useT;
