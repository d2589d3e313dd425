import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invalidateCategoryTree } from './category-tree.ts';

/**
 * Recomputes what listings must never count per request: products per category (whole
 * subtree), facet counts per category (category 0 = the whole catalogue) and the search
 * dictionary. Run after a bulk load or import, in one transaction so readers see old or new.
 */
export async function refreshCatalogueStats(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      WITH counts AS (
        SELECT c.x AS id, count(*)::int AS n
        FROM products p,
             LATERAL (SELECT DISTINCT x FROM unnest(ARRAY[p.category_id, p.parent_id, p.root_id]) AS x WHERE x IS NOT NULL) c
        GROUP BY c.x)
      UPDATE categories SET products_count = coalesce(counts.n, 0)
      FROM categories c2 LEFT JOIN counts ON counts.id = c2.id
      WHERE categories.id = c2.id`);
    await tx.execute(sql`DELETE FROM category_facets`);
    await tx.execute(sql`
      INSERT INTO category_facets (category_id, property_value_id, products_count)
      SELECT c.x, v, count(*)::int
      FROM products p,
           LATERAL (SELECT DISTINCT x FROM unnest(ARRAY[p.category_id, p.parent_id, p.root_id, 0]) AS x WHERE x IS NOT NULL) c,
           unnest(p.property_value_ids) AS v
      GROUP BY c.x, v`);
    await tx.execute(sql`DELETE FROM search_terms`);
    await tx.execute(sql`
      INSERT INTO search_terms (term, freq)
      SELECT w, count(*)::int FROM products, unnest(string_to_array(search_text, ' ')) AS w
      WHERE w <> '' GROUP BY w HAVING count(*) > 1 OR w !~ '[0-9]'`);
  });
  invalidateCategoryTree(db);
}
