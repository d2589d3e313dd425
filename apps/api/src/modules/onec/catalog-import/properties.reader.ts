import type { OnecMessage } from '@drop/shared';
import { CmlError, child, children, textOf, type XNode } from '../cml-reader.ts';
import { idOf } from './cml-values.ts';

export type PropertyKind = 'dict' | 'string' | 'number';

/** One property (Свойство) of a classifier with its dictionary variants. */
export interface PropertyRow {
  ext: string;
  name: string;
  kind: PropertyKind;
  dict: { ext: string; value: string; sort: number }[];
  sort: number;
}

export const propertyNodes = (node: XNode) => [...children(node, 'Свойство'), ...children(node, 'СвойствоНоменклатуры')];

/** The properties of a Свойства element; a property listed twice: the last one wins. */
export function readProperties(node: XNode, warn: (msg: OnecMessage) => void): PropertyRow[] {
  const parsed = propertyNodes(node).map((n, i) => {
    const ext = idOf(n, 'Свойство');
    const name = textOf(n, 'Наименование');
    if (!name) throw new CmlError({ key: 'missing_name', params: { element: 'Свойство', id: ext } });
    const type = textOf(n, 'ТипЗначений');
    const variants = children(child(n, 'ВариантыЗначений'), 'Справочник');
    const dict = new Map<string, { ext: string; value: string; sort: number }>();
    variants.forEach((v, j) => {
      const valueId = textOf(v, 'ИдЗначения') || textOf(v, 'Ид');
      // УТ 11 writes an empty variant (<ИдЗначения/><Значение/>): nothing can refer to it.
      if (!valueId) {
        warn({ key: 'dictionary_value_without_id', params: { property: ext, line: v.line } });
        return;
      }
      dict.set(valueId, { ext: valueId, value: textOf(v, 'Значение'), sort: j });
    });
    const kind: PropertyKind = type === 'Справочник' || variants.length > 0 ? 'dict' : type === 'Число' ? 'number' : 'string';
    return { ext, name, kind, dict: [...dict.values()], sort: i };
  });
  return [...new Map(parsed.map((x) => [x.ext, x])).values()];
}
