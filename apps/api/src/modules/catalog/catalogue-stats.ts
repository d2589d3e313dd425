import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invalidateCatalogue } from './catalogue-cache.ts';

/** Every category with itself and each of its ancestors (the roll-up of counts). */
const ANCESTORS = sql`
  WITH RECURSIVE anc(id, up) AS (
    SELECT id, id FROM categories
    UNION ALL
    SELECT a.id, c.parent_id FROM anc a JOIN categories c ON c.id = a.up WHERE c.parent_id IS NOT NULL)`;

/**
 * Recomputes what listings must never count per request: products per category (whole
 * subtree), facet counts per category (category 0 = the whole catalogue) and the search
 * dictionary. Counts are taken per product category once and rolled up the tree. Run after a
 * bulk load or import, in one transaction so readers see old or new.
 */
export async function refreshCatalogueStats(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      ${ANCESTORS},
      own AS (SELECT category_id AS id, count(*)::int AS n FROM products GROUP BY category_id),
      total AS (SELECT anc.up AS id, sum(own.n)::int AS n FROM own JOIN anc ON anc.id = own.id GROUP BY anc.up)
      UPDATE categories SET products_count = coalesce(total.n, 0)
      FROM categories c2 LEFT JOIN total ON total.id = c2.id
      WHERE categories.id = c2.id`);
    await tx.execute(sql`DELETE FROM category_facets`);
    await tx.execute(sql`
      ${ANCESTORS},
      own AS (SELECT p.category_id AS id, v, count(*)::int AS n FROM products p, unnest(p.property_value_ids) AS v GROUP BY 1, 2),
      rolled AS (SELECT anc.up AS id, own.v, sum(own.n)::int AS n FROM own JOIN anc ON anc.id = own.id GROUP BY 1, 2)
      INSERT INTO category_facets (category_id, property_value_id, products_count)
      SELECT id, v, n FROM rolled
      UNION ALL
      SELECT 0, v, sum(n)::int FROM own GROUP BY v`);
    await tx.execute(sql`DELETE FROM search_terms`);
    // ts_stat walks the tsvectors in C. Words with digits (models, sizes) stay out of the
    // dictionary: they are searched as typed, never corrected.
    await tx.execute(sql`
      INSERT INTO search_terms (term, freq)
      SELECT word, ndoc FROM ts_stat('SELECT search_tsv FROM products')
      WHERE word !~ '[0-9]'`);
  });
  invalidateCatalogue(db);
}
