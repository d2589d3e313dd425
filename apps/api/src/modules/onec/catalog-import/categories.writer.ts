import { sql } from 'drizzle-orm';
import { ONEC_UNSORTED_CATEGORY } from '@drop/shared';
import { CmlError } from '../cml-reader.ts';
import type { Good } from './goods.reader.ts';
import type { GroupRow } from './groups.reader.ts';
import { p, rows, type ImportScope } from './import-scope.ts';

export interface CategoryPath {
  parentId: number | null;
  rootId: number;
}

/** Groups -> categories by Ид (categories.external_id), and the category paths the products carry. */
export class CategoryWriter {
  private readonly categoryByExt = new Map<string, number>();
  private paths: Map<number, CategoryPath> | null = null;
  /** The unsorted category (goods without a group), once looked up or created. */
  private unsortedId: number | null = null;

  constructor(private readonly s: ImportScope) {}

  async load(): Promise<void> {
    for (const r of await rows<{ id: number; external_id: string }>(this.s.tx, sql`SELECT id, external_id FROM categories WHERE external_id IS NOT NULL`))
      this.categoryByExt.set(r.external_id, r.id);
  }

  async write(list: GroupRow[]): Promise<void> {
    const tx = this.s.tx;
    let moved = false;
    const maxDepth = list.reduce((m, g) => Math.max(m, g.depth), 0);
    for (let depth = 0; depth <= maxDepth; depth++) {
      const level = list.filter((g) => g.depth === depth);
      const parentOf = (g: GroupRow) => (g.parentExt === null ? null : this.categoryByExt.get(g.parentExt)!);
      const fresh = level.filter((g) => !this.categoryByExt.has(g.ext));
      const known = level.filter((g) => this.categoryByExt.has(g.ext));
      if (fresh.length > 0) {
        const inserted = await rows<{ id: number; external_id: string }>(
          tx,
          sql`INSERT INTO categories (parent_id, depth, name_uk, name_ru, sort, external_id)
              SELECT u.parent, u.depth, u.name, u.name, u.sort, u.ext
                FROM unnest(${p(fresh.map(parentOf))}::int[], ${p(fresh.map((g) => g.depth))}::smallint[], ${p(fresh.map((g) => g.name))}::text[],
                            ${p(fresh.map((g) => g.sort))}::int[], ${p(fresh.map((g) => g.ext))}::text[]) AS u(parent, depth, name, sort, ext)
              RETURNING id, external_id`,
        );
        for (const r of inserted) this.categoryByExt.set(r.external_id, r.id);
        this.s.env.stats.categories_created += inserted.length;
        moved = true;
      }
      if (known.length > 0) {
        const updated = await rows<{ id: number; moved: boolean }>(
          tx,
          sql`WITH u AS (
                SELECT * FROM unnest(${p(known.map((g) => this.categoryByExt.get(g.ext)))}::int[], ${p(known.map(parentOf))}::int[],
                                     ${p(known.map((g) => g.depth))}::smallint[], ${p(known.map((g) => g.name))}::text[], ${p(known.map((g) => g.sort))}::int[])
                  AS u(id, parent, depth, name, sort)),
              old AS (SELECT c.id, c.parent_id, c.depth FROM categories c JOIN u ON u.id = c.id)
              UPDATE categories c
                 SET parent_id = u.parent, depth = u.depth, name_uk = u.name, sort = u.sort, updated_at = now(),
                     name_ru = CASE WHEN c.name_ru = c.name_uk THEN u.name ELSE c.name_ru END
                FROM u JOIN old ON old.id = u.id
               WHERE c.id = u.id
                 AND (c.parent_id, c.depth, c.name_uk, c.sort, c.name_ru)
                     IS DISTINCT FROM (u.parent, u.depth, u.name, u.sort, CASE WHEN c.name_ru = c.name_uk THEN u.name ELSE c.name_ru END)
              RETURNING c.id, (old.parent_id IS DISTINCT FROM u.parent OR old.depth IS DISTINCT FROM u.depth) AS moved`,
        );
        this.s.env.stats.categories_updated += updated.length;
        if (updated.some((r) => r.moved)) moved = true;
        if (updated.length > 0) this.s.changed = true;
      }
    }
    if (list.length > 0 && moved) {
      this.s.changed = true;
      this.paths = null;
      // A moved group moves its products' parent_id/root_id (whichever file listed them).
      const paths = await this.categoryPaths();
      const ids = [...paths.keys()];
      await tx.execute(sql`
        UPDATE products pr SET parent_id = u.parent, root_id = u.root, updated_at = now()
          FROM unnest(${p(ids)}::int[], ${p(ids.map((id) => paths.get(id)!.parentId))}::int[], ${p(ids.map((id) => paths.get(id)!.rootId))}::int[]) AS u(id, parent, root)
         WHERE pr.category_id = u.id AND (pr.parent_id, pr.root_id) IS DISTINCT FROM (u.parent, u.root)`);
    }
  }

  /** The category of a good's group (null: the good names none); a group neither in the file nor imported fails the file. */
  categoryOf(g: Good): number | null {
    if (g.groupExt === null) return null;
    const id = this.categoryByExt.get(g.groupExt);
    if (id === undefined) throw new CmlError({ key: 'unknown_group', params: { good: g.ext, group: g.groupExt } });
    return id;
  }

  /** Per category: the depth-1 ancestor at or above it (null for a root) and the root. */
  async categoryPaths(): Promise<Map<number, CategoryPath>> {
    if (this.paths) return this.paths;
    const all = await rows<{ id: number; parent_id: number | null }>(this.s.tx, sql`SELECT id, parent_id FROM categories`);
    const parent = new Map(all.map((r) => [r.id, r.parent_id]));
    const out = new Map<number, CategoryPath>();
    for (const { id } of all) {
      const chain: number[] = [id];
      for (let up = parent.get(id) ?? null; up !== null && chain.length < 64; up = parent.get(up) ?? null) chain.push(up);
      // chain: the category, its parent, ..., the root.
      out.set(id, { rootId: chain[chain.length - 1]!, parentId: chain.length >= 2 ? chain[chain.length - 2]! : null });
    }
    this.paths = out;
    return out;
  }

  /**
   * THE category of goods without a group: a root, hidden from resellers until the supplier
   * publishes it, created on demand (one at most: a partial unique index on `unsorted`).
   */
  async unsortedCategory(): Promise<number> {
    if (this.unsortedId !== null) return this.unsortedId;
    const tx = this.s.tx;
    const created = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO categories (parent_id, depth, name_uk, name_ru, sort, hidden, unsorted)
          SELECT NULL, 0, ${ONEC_UNSORTED_CATEGORY.uk}, ${ONEC_UNSORTED_CATEGORY.ru}, coalesce(max(sort), 0) + 1, true, true FROM categories WHERE parent_id IS NULL
          ON CONFLICT (unsorted) WHERE unsorted DO NOTHING
          RETURNING id`,
    );
    if (created.length > 0) {
      this.s.env.stats.categories_created += 1;
      this.s.changed = true;
    }
    const [row] = await rows<{ id: number }>(tx, sql`SELECT id FROM categories WHERE unsorted LIMIT 1`);
    const id = row!.id;
    const paths = await this.categoryPaths();
    if (!paths.has(id)) paths.set(id, { parentId: null, rootId: id });
    this.unsortedId = id;
    return id;
  }
}
