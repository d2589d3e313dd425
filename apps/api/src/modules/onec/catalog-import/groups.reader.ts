import { CmlError, child, children, textOf, type XNode } from '../cml-reader.ts';
import { idOf } from './cml-values.ts';

/** One 1C group (Группа) of a classifier, its subgroups flattened after it. */
export interface GroupRow {
  ext: string;
  name: string;
  parentExt: string | null;
  sort: number;
  depth: number;
}

/** The groups of a Группы element, any depth, each after its parent. */
export function readGroups(node: XNode): GroupRow[] {
  const out: GroupRow[] = [];
  flattenGroups(node, null, 0, out);
  return out;
}

function flattenGroups(node: XNode, parentExt: string | null, depth: number, out: GroupRow[]): void {
  children(node, 'Группа').forEach((g, i) => {
    const ext = idOf(g, 'Группа');
    const name = textOf(g, 'Наименование');
    if (!name) throw new CmlError({ key: 'missing_name', params: { element: 'Группа', id: ext } });
    out.push({ ext, name, parentExt, sort: i, depth });
    const sub = child(g, 'Группы');
    if (sub) flattenGroups(sub, ext, depth + 1, out);
  });
}

export function countGroups(node: XNode): number {
  let n = 0;
  for (const g of children(node, 'Группа')) {
    n += 1;
    const sub = child(g, 'Группы');
    if (sub) n += countGroups(sub);
  }
  return n;
}
