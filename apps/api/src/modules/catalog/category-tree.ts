import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema/index.ts';
import { readModelOf } from './read-model.ts';

export type CategoryRow = typeof categories.$inferSelect;

export interface CategoryNode extends CategoryRow {
  children: CategoryNode[];
  /** Ancestors from the root down to the parent. */
  ancestors: CategoryNode[];
  /** Hidden categories below this one (its products' listings leave them out); absent when none. */
  hiddenBelow?: HiddenCategories;
}

/**
 * The hidden categories as product conditions: a hidden category takes everything below it, so
 * only the topmost hidden ones are named, by the product column that names them (root_id for a
 * root, parent_id for a second-level category, category_id for the whole subtree of a deeper one).
 */
export interface HiddenCategories {
  /** The topmost hidden categories themselves (their precomputed counts cover their subtrees). */
  tops: number[];
  roots: number[];
  parents: number[];
  categories: number[];
}

/**
 * The category tree as resellers see it: hidden categories (and everything below them) are left
 * out, and the counts of their ancestors and of the whole catalogue do not include their products.
 */
export interface CategoryTree {
  roots: CategoryNode[];
  byId: Map<number, CategoryNode>;
  /** Products in the whole catalogue (sum of the roots' precomputed counts). */
  totalProducts: number;
  /** Every hidden category and every one below a hidden one (empty when nothing is hidden). */
  hiddenIds: ReadonlySet<number>;
  /** The product conditions for the whole catalogue; absent when nothing is hidden (the usual case). */
  hidden?: HiddenCategories;
}

/**
 * The category tree, read once and kept in memory per database (a few hundred rows) with the
 * catalogue's other aggregates: forgotten when any process changes categories (read-model.ts).
 */
export async function categoryTree(db: Db): Promise<CategoryTree> {
  return (await readModelOf(db).aggregates.fetch('category-tree', () => loadTree(db))) as CategoryTree;
}

function link(rows: readonly CategoryRow[]): { roots: CategoryNode[]; byId: Map<number, CategoryNode> } {
  const byId = new Map<number, CategoryNode>();
  for (const r of rows) byId.set(r.id, { ...r, children: [], ancestors: [] });
  const roots: CategoryNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const walk = (node: CategoryNode, ancestors: CategoryNode[]) => {
    node.ancestors = ancestors;
    for (const c of node.children) walk(c, [...ancestors, node]);
  };
  for (const r of roots) walk(r, []);
  return { roots, byId };
}

const addHidden = (set: HiddenCategories, top: CategoryNode) => {
  set.tops.push(top.id);
  const depth = top.ancestors.length;
  if (depth === 0) set.roots.push(top.id);
  else if (depth === 1) set.parents.push(top.id);
  else {
    const stack = [top];
    while (stack.length) {
      const n = stack.pop()!;
      set.categories.push(n.id);
      stack.push(...n.children);
    }
  }
};

/** The reseller's tree of `rows` (exported for tests). */
export function buildCategoryTree(rows: readonly CategoryRow[]): CategoryTree {
  const full = link(rows);
  // The topmost hidden categories (a hidden one below a hidden one adds nothing).
  const tops: CategoryNode[] = [];
  const hiddenIds = new Set<number>();
  const mark = (node: CategoryNode, underHidden: boolean) => {
    const hidden = underHidden || node.hidden;
    if (hidden) hiddenIds.add(node.id);
    if (hidden && !underHidden) tops.push(node);
    for (const c of node.children) mark(c, hidden);
  };
  for (const r of full.roots) mark(r, false);
  if (tops.length === 0) {
    return { roots: full.roots, byId: full.byId, hiddenIds, totalProducts: full.roots.reduce((s, r) => s + r.productsCount, 0) };
  }

  const visible = link(rows.filter((r) => !hiddenIds.has(r.id)));
  const hidden: HiddenCategories = { tops: [], roots: [], parents: [], categories: [] };
  for (const top of tops) {
    addHidden(hidden, top);
    for (const a of top.ancestors) {
      const node = visible.byId.get(a.id);
      if (!node) continue;
      node.productsCount = Math.max(0, node.productsCount - top.productsCount);
      addHidden((node.hiddenBelow ??= { tops: [], roots: [], parents: [], categories: [] }), top);
    }
  }
  const totalProducts = visible.roots.reduce((s, r) => s + r.productsCount, 0);
  return { roots: visible.roots, byId: visible.byId, hiddenIds, totalProducts, hidden };
}

async function loadTree(db: Db): Promise<CategoryTree> {
  return buildCategoryTree(await db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id)));
}
