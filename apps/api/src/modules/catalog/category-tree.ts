import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema/index.ts';
import { readModelOf } from './read-model.ts';

export type CategoryRow = typeof categories.$inferSelect;

export interface CategoryNode extends CategoryRow {
  children: CategoryNode[];
  /** Ancestors from the root down to the parent. */
  ancestors: CategoryNode[];
}

export interface CategoryTree {
  roots: CategoryNode[];
  byId: Map<number, CategoryNode>;
  /** Products in the whole catalogue (sum of the roots' precomputed counts). */
  totalProducts: number;
}

/**
 * The category tree, read once and kept in memory per database (a few hundred rows) with the
 * catalogue's other aggregates: forgotten when any process changes categories (read-model.ts).
 */
export async function categoryTree(db: Db): Promise<CategoryTree> {
  return (await readModelOf(db).aggregates.fetch('category-tree', () => loadTree(db))) as CategoryTree;
}

async function loadTree(db: Db): Promise<CategoryTree> {
  const rows = await db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
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
  const totalProducts = roots.reduce((s, r) => s + r.productsCount, 0);
  return { roots, byId, totalProducts };
}
