/**
 * The feed's category choice over the catalogue tree: a chosen category means everything below
 * it, so a chosen category's descendants are implied (shown checked, not stored) and choosing a
 * parent drops its chosen descendants.
 */
import type { CategoryDto } from '@drop/shared';

type Node = Pick<CategoryDto, 'id' | 'child'>;

/** Child id -> parent id over the whole tree. */
export function parentsOf(tree: readonly Node[]): Map<number, number> {
  const out = new Map<number, number>();
  const walk = (list: readonly Node[], parent: number | null) => {
    for (const c of list) {
      if (parent !== null) out.set(c.id, parent);
      walk(c.child, c.id);
    }
  };
  walk(tree, null);
  return out;
}

export function ancestorsOf(id: number, parents: ReadonlyMap<number, number>): number[] {
  const out: number[] = [];
  for (let p = parents.get(id); p !== undefined; p = parents.get(p)) out.push(p);
  return out;
}

export function descendantIds(c: Node): number[] {
  return c.child.flatMap((ch) => [ch.id, ...descendantIds(ch)]);
}

export function findNode(tree: readonly CategoryDto[], id: number): CategoryDto | undefined {
  for (const c of tree) {
    if (c.id === id) return c;
    const found = findNode(c.child, id);
    if (found) return found;
  }
  return undefined;
}

/** True when one of the category's ancestors is chosen (the category is in the feed through it). */
export const impliedBy = (id: number, chosen: ReadonlySet<number>, parents: ReadonlyMap<number, number>) => ancestorsOf(id, parents).some((a) => chosen.has(a));

/** Toggles a category: choosing it drops its chosen descendants (they are implied). */
export function toggleCategory(chosen: readonly number[], node: Node): number[] {
  if (chosen.includes(node.id)) return chosen.filter((id) => id !== node.id);
  const below = new Set(descendantIds(node));
  return [...chosen.filter((id) => !below.has(id)), node.id];
}

/** How many chosen categories lie below a node (for the indeterminate state). */
export function chosenBelow(node: Node, chosen: ReadonlySet<number>): number {
  return descendantIds(node).filter((id) => chosen.has(id)).length;
}
