import { child, children, textOf, type XNode } from '../cml-reader.ts';
import { idOf, isTrue } from './cml-values.ts';

export interface PropertyValueIn {
  prop: string;
  values: string[];
}

/** One good (Товар) of a catalogue. */
export interface Good {
  ext: string;
  name: string;
  article: string;
  code: string;
  description: string | null;
  groupExt: string | null;
  props: PropertyValueIn[] | null;
  pictures: string[];
  brand: string | null;
  deleted: boolean;
}

export function parseGood(node: XNode): Good {
  const ext = idOf(node, 'Товар');
  const groups = child(node, 'Группы');
  const valuesNode = child(node, 'ЗначенияСвойств');
  const props = valuesNode
    ? children(valuesNode, 'ЗначенияСвойства').map((v) => ({ prop: textOf(v, 'Ид'), values: children(v, 'Значение').map((x) => x.text.trim()) }))
    : null;
  const maker = child(node, 'Изготовитель');
  const status = node.attrs['Статус'] ?? '';
  return {
    ext,
    name: textOf(node, 'Наименование'),
    article: textOf(node, 'Артикул'),
    code: textOf(node, 'Код'),
    description: child(node, 'Описание') ? textOf(node, 'Описание') : null,
    groupExt: groups ? textOf(groups, 'Ид') || null : null,
    props,
    pictures: children(node, 'Картинка')
      .map((x) => x.text.trim())
      .filter(Boolean),
    brand: maker ? textOf(maker, 'Наименование') || null : null,
    deleted: /^удален/i.test(status) || isTrue(textOf(node, 'ПометкаУдаления')),
  };
}
