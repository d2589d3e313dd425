import type { AdminCategoryDto } from '@drop/shared';

export interface CategoryNode extends AdminCategoryDto {
  children: CategoryNode[];
}

const bySort = (a: AdminCategoryDto, b: AdminCategoryDto) => a.sort - b.sort || a.name_uk.localeCompare(b.name_uk, 'uk') || a.id - b.id;

/** The flat list (parents first) as a tree, siblings by `sort` then name; orphans become roots. */
export function buildTree(flat: readonly AdminCategoryDto[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>(flat.map((c) => [c.id, { ...c, children: [] }]));
  const roots: CategoryNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parent_id === null ? undefined : nodes.get(n.parent_id);
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  const sort = (list: CategoryNode[]) => {
    list.sort(bySort);
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

export interface CategoryOption {
  id: number;
  name: string;
  /** "Parent / Child" in the chosen language. */
  path: string;
  depth: number;
}

/** Every category in tree order with its path, for pickers. */
export function categoryOptions(tree: readonly CategoryNode[], lang: 'uk' | 'ru', prefix = '', depth = 0): CategoryOption[] {
  return tree.flatMap((n) => {
    const name = lang === 'ru' ? n.name_ru || n.name_uk : n.name_uk;
    const path = prefix ? `${prefix} / ${name}` : name;
    return [{ id: n.id, name, path, depth }, ...categoryOptions(n.children, lang, path, depth + 1)];
  });
}

/** The ids of every node that has children (expand all). */
export const parentIds = (tree: readonly CategoryNode[]): number[] => tree.flatMap((n) => (n.children.length ? [n.id, ...parentIds(n.children)] : []));

/** Categories resellers do not see: the hidden ones and everything below them. */
export function hiddenCategoryIds(flat: readonly AdminCategoryDto[]): Set<number> {
  const children = new Map<number, number[]>();
  for (const c of flat) if (c.parent_id !== null) children.set(c.parent_id, [...(children.get(c.parent_id) ?? []), c.id]);
  const out = new Set<number>();
  const stack = flat.filter((c) => c.hidden).map((c) => c.id);
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}
