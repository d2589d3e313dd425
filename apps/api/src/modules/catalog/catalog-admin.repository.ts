import { ADMIN_COUNT_CAP } from '@drop/shared';
import { and, asc, desc, eq, ilike, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../db/shared-queries.ts';
import type { Db } from '../../db/client.ts';
import { categories, productImages, productProperties, products, propertyTypes, propertyValues } from '../../db/schema/index.ts';

export type ProductRow = typeof products.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;

export interface ProductFilter {
  /** A code (b2b or etalon), else words of the name or a vendor code prefix. */
  search?: string;
  /** The category and everything below it. */
  categoryIds?: number[];
  inStock?: boolean;
  isNew?: boolean;
  specials?: boolean;
  /** true: archived only; false: live only; undefined: both. */
  archived?: boolean;
}

/** Counting a broad filter over a million rows is bounded: past this the total says "at least". */
export const COUNT_CAP = ADMIN_COUNT_CAP;

export function productWhere(f: ProductFilter, words: string[]): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.search) {
    const s = f.search.trim();
    const alternatives: SQL[] = [sql`lower(${products.vendorCode}) LIKE ${`${escapeLike(s.toLowerCase())}%`}`];
    if (/^\d{1,9}$/.test(s)) alternatives.push(eq(products.b2bCodeId, Number(s)), eq(products.codeId, Number(s)));
    if (words.length)
      alternatives.push(
        sql`${products.searchTsv} @@ to_tsquery('simple', ${
          words
            .map((w) => `${w.replace(/[^\p{L}\p{N}]/gu, '')}:*`)
            .filter((w) => w !== ':*')
            .join(' & ') || 'x'
        })`,
      );
    parts.push(sql`(${sql.join(alternatives, sql` OR `)})`);
  }
  if (f.categoryIds) parts.push(inArray(products.categoryId, f.categoryIds.length ? f.categoryIds : [0]));
  if (f.inStock !== undefined) parts.push(f.inStock ? sql`${products.qty} > 0` : sql`${products.qty} <= 0`);
  if (f.isNew !== undefined) parts.push(eq(products.isNew, f.isNew));
  if (f.specials !== undefined) parts.push(f.specials ? isNotNull(products.oldDropKop) : sql`${products.oldDropKop} IS NULL`);
  if (f.archived !== undefined) parts.push(f.archived ? isNotNull(products.archivedAt) : sql`${products.archivedAt} IS NULL`);
  return parts.length ? and(...parts) : undefined;
}

export const catalogAdminRepo = {
  categories: (db: Db) => db.select().from(categories).orderBy(asc(categories.depth), asc(categories.sort), asc(categories.id)),
  deleteCategory: (db: Db, id: number) =>
    db
      .delete(categories)
      .where(eq(categories.id, id))
      .returning()
      .then((r) => r[0]),
  /**
   * Whether any product sits in the category or below it, counted live (not the precomputed
   * count). Products archived from it are in the archive: unarchiving one asks for a category then.
   */
  async categoryHasProducts(db: Db, id: number): Promise<boolean> {
    const r = (await db.execute(sql`
      WITH RECURSIVE sub(id) AS (SELECT ${id}::int UNION ALL SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id)
      SELECT EXISTS (SELECT 1 FROM products WHERE category_id IN (SELECT id FROM sub)) AS has`)) as unknown as {
      rows: { has: boolean }[];
    };
    return r.rows[0]?.has === true;
  },
  /** THE archive category: a hidden root, created on the first archiving (one at most: a partial unique index). */
  async archiveCategory(db: Db, names: { uk: string; ru: string }): Promise<CategoryRow> {
    await db.execute(sql`INSERT INTO categories (parent_id, depth, name_uk, name_ru, sort, hidden, archive)
      SELECT NULL, 0, ${names.uk}, ${names.ru}, coalesce(max(sort), 0) + 1, true, true FROM categories WHERE parent_id IS NULL
      ON CONFLICT (archive) WHERE archive DO NOTHING`);
    return (await db.select().from(categories).where(eq(categories.archive, true)).limit(1))[0]!;
  },
  insertProduct: (db: Db, v: typeof products.$inferInsert) =>
    db
      .insert(products)
      .values(v)
      .returning()
      .then((r) => r[0]!),
  /**
   * The next b2b code (= etalon code_id) for a product made by hand: the code sequence the 1C
   * import uses for its new goods, first moved past every code in use (as the import does), and
   * skipping any number a product already carries as either code.
   */
  async nextProductCode(db: Db): Promise<number> {
    await db.execute(
      sql`SELECT setval('onec_product_code_seq', GREATEST((SELECT last_value FROM onec_product_code_seq), (SELECT coalesce(max(b2b_code_id), 0) FROM products), 1))`,
    );
    for (;;) {
      const r = (await db.execute(
        sql`SELECT n, EXISTS (SELECT 1 FROM products WHERE b2b_code_id = n OR code_id = n) AS taken FROM (SELECT nextval('onec_product_code_seq')::int AS n) s`,
      )) as unknown as {
        rows: { n: number; taken: boolean }[];
      };
      const row = r.rows[0]!;
      if (!row.taken) return Number(row.n);
    }
  },
  /** The first line of a new product's stock history (the history trigger sees only updates). */
  async recordInitialStock(db: Db, productId: number, qty: number, actorId: number): Promise<void> {
    await db.execute(sql`INSERT INTO stock_movements (product_id, source, qty_delta, reserved_delta, qty_after, reserved_after, actor_id, note)
      VALUES (${productId}, 'operator', ${qty}, 0, ${qty}, 0, ${actorId}, 'created')`);
  },
  /** Names the operator as the author of the stock changes of this transaction (the history trigger reads it). */
  async stockAuthor(db: Db, actorId: number): Promise<void> {
    await db.execute(sql`SELECT set_config('drop.stock_source', 'operator', true), set_config('drop.stock_actor_id', ${String(actorId)}, true)`);
  },
  category: (db: Db, id: number) =>
    db
      .select()
      .from(categories)
      .where(eq(categories.id, id))
      .limit(1)
      .then((r) => r[0]),
  insertCategory: (db: Db, v: typeof categories.$inferInsert) =>
    db
      .insert(categories)
      .values(v)
      .returning()
      .then((r) => r[0]!),
  updateCategory: (db: Db, id: number, v: Partial<typeof categories.$inferInsert>) =>
    db
      .update(categories)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(categories.id, id))
      .returning()
      .then((r) => r[0]!),
  /** After a category moved: depths of its subtree, and the derived parent/root of every product below it. */
  async rederiveSubtree(db: Db, id: number): Promise<void> {
    await db.execute(sql`
      WITH RECURSIVE path(id, depth, root_id, second_id) AS (
        SELECT id, 0, id, NULL::int FROM categories WHERE parent_id IS NULL
        UNION ALL
        SELECT c.id, p.depth + 1, p.root_id, CASE WHEN p.depth = 0 THEN c.id ELSE p.second_id END
        FROM categories c JOIN path p ON c.parent_id = p.id),
      sub(id) AS (SELECT ${id}::int UNION ALL SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id),
      upd AS (UPDATE categories c SET depth = path.depth FROM path WHERE path.id = c.id AND c.id IN (SELECT id FROM sub) AND c.depth <> path.depth)
      UPDATE products p SET root_id = path.root_id, parent_id = path.second_id, updated_at = now()
      FROM path WHERE p.category_id = path.id AND path.id IN (SELECT id FROM sub)
        AND (p.root_id IS DISTINCT FROM path.root_id OR p.parent_id IS DISTINCT FROM path.second_id)`);
  },

  async productsPage(db: Db, f: ProductFilter, words: string[], page: number, perPage: number) {
    const where = productWhere(f, words);
    const [rows, counted] = await Promise.all([
      db
        .select({
          p: products,
          thumb: sql<string | null>`(SELECT i.thumb FROM product_images i WHERE i.product_id = products.id ORDER BY i.sort, i.id LIMIT 1)`,
        })
        .from(products)
        .where(where)
        .orderBy(desc(products.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      db.execute(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM products ${where ? sql`WHERE ${where}` : sql``} LIMIT ${COUNT_CAP + 1}) t`),
    ]);
    const n = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    return { rows, total: n };
  },
  product: (db: Db, id: number) =>
    db
      .select()
      .from(products)
      .where(eq(products.id, id))
      .limit(1)
      .then((r) => r[0]),
  lockProduct: (db: Db, id: number) =>
    db
      .select()
      .from(products)
      .where(eq(products.id, id))
      .limit(1)
      .for('update')
      .then((r) => r[0]),
  updateProduct: (db: Db, id: number, v: Partial<typeof products.$inferInsert>) =>
    db
      .update(products)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning()
      .then((r) => r[0]!),
  images: (db: Db, productId: number) =>
    db.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.sort), asc(productImages.id)),
  insertImage: (db: Db, v: typeof productImages.$inferInsert) =>
    db
      .insert(productImages)
      .values(v)
      .returning()
      .then((r) => r[0]!),
  deleteImage: (db: Db, productId: number, imageId: number) =>
    db
      .delete(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
      .returning()
      .then((r) => r[0]),
  properties: (db: Db, productId: number) =>
    db
      .select({
        propertyTypeId: productProperties.propertyTypeId,
        propertyValueId: productProperties.propertyValueId,
        valueUk: propertyValues.valueUk,
        valueRu: propertyValues.valueRu,
      })
      .from(productProperties)
      .innerJoin(propertyValues, eq(propertyValues.id, productProperties.propertyValueId))
      .where(eq(productProperties.productId, productId)),
  valuesByIds: (db: Db, ids: number[]) => (ids.length ? db.select().from(propertyValues).where(inArray(propertyValues.id, ids)) : Promise.resolve([])),
  async replaceProperties(db: Db, productId: number, values: { id: number; propertyTypeId: number }[]): Promise<void> {
    await db.delete(productProperties).where(eq(productProperties.productId, productId));
    if (values.length) await db.insert(productProperties).values(values.map((v) => ({ productId, propertyTypeId: v.propertyTypeId, propertyValueId: v.id })));
  },
  propertyTypes: (db: Db) =>
    db
      .select({ t: propertyTypes, n: sql<number>`(SELECT count(*)::int FROM property_values v WHERE v.property_type_id = property_types.id)` })
      .from(propertyTypes)
      .orderBy(asc(propertyTypes.sort), asc(propertyTypes.id)),
  propertyType: (db: Db, id: number) =>
    db
      .select()
      .from(propertyTypes)
      .where(eq(propertyTypes.id, id))
      .limit(1)
      .then((r) => r[0]),
  propertyValues: (db: Db, typeId: number, search: string | undefined) =>
    db
      .select()
      .from(propertyValues)
      .where(and(eq(propertyValues.propertyTypeId, typeId), search ? ilike(propertyValues.valueUk, `%${escapeLike(search)}%`) : undefined))
      .orderBy(asc(propertyValues.sort), asc(propertyValues.id))
      .limit(100),

  /**
   * Keeps the precomputed counts true after one product moved between categories or changed
   * its property values (instead of recomputing the whole catalogue): the old category and its
   * ancestors lose one, the new ones gain one; facet counts likewise (category 0 = everything).
   */
  async countNew(db: Db, categoryId: number, valueIds: number[]): Promise<void> {
    await db.execute(sql`
      WITH RECURSIVE a(id) AS (SELECT ${categoryId}::int UNION ALL SELECT c.parent_id FROM categories c JOIN a ON c.id = a.id WHERE c.parent_id IS NOT NULL)
      UPDATE categories SET products_count = products_count + 1 WHERE id IN (SELECT id FROM a)`);
    if (!valueIds.length) return;
    const arr = sql`ARRAY[${sql.join(
      valueIds.map((v) => sql`${v}`),
      sql`, `,
    )}]::int[]`;
    await db.execute(sql`
      WITH RECURSIVE a(id) AS (SELECT ${categoryId}::int UNION ALL SELECT c.parent_id FROM categories c JOIN a ON c.id = a.id WHERE c.parent_id IS NOT NULL),
      cats AS (SELECT id FROM a UNION SELECT 0)
      INSERT INTO category_facets (category_id, property_value_id, products_count)
      SELECT cats.id, v, 1 FROM cats, unnest(${arr}) AS v
      ON CONFLICT (category_id, property_value_id) DO UPDATE SET products_count = category_facets.products_count + 1`);
  },

  async adjustCounts(db: Db, before: { categoryId: number; valueIds: number[] }, after: { categoryId: number; valueIds: number[] }): Promise<void> {
    const anc = (id: number) => sql`
      WITH RECURSIVE a(id) AS (SELECT ${id}::int UNION ALL SELECT c.parent_id FROM categories c JOIN a ON c.id = a.id WHERE c.parent_id IS NOT NULL)`;
    if (before.categoryId !== after.categoryId) {
      await db.execute(sql`${anc(before.categoryId)} UPDATE categories SET products_count = greatest(products_count - 1, 0) WHERE id IN (SELECT id FROM a)`);
      await db.execute(sql`${anc(after.categoryId)} UPDATE categories SET products_count = products_count + 1 WHERE id IN (SELECT id FROM a)`);
    }
    const change = async (categoryId: number, valueIds: number[], delta: 1 | -1) => {
      if (!valueIds.length) return;
      const arr = sql`ARRAY[${sql.join(
        valueIds.map((v) => sql`${v}`),
        sql`, `,
      )}]::int[]`;
      await db.execute(sql`${anc(categoryId)}, cats AS (SELECT id FROM a UNION SELECT 0)
        INSERT INTO category_facets (category_id, property_value_id, products_count)
        SELECT cats.id, v, ${delta} FROM cats, unnest(${arr}) AS v
        ON CONFLICT (category_id, property_value_id) DO UPDATE SET products_count = category_facets.products_count + EXCLUDED.products_count`);
    };
    const sameCategory = before.categoryId === after.categoryId;
    const removed = sameCategory ? before.valueIds.filter((v) => !after.valueIds.includes(v)) : before.valueIds;
    const added = sameCategory ? after.valueIds.filter((v) => !before.valueIds.includes(v)) : after.valueIds;
    await change(before.categoryId, removed, -1);
    await change(after.categoryId, added, 1);
    if (removed.length)
      await db.execute(
        sql`DELETE FROM category_facets WHERE property_value_id IN (${sql.join(
          removed.map((v) => sql`${v}`),
          sql`, `,
        )}) AND products_count <= 0`,
      );
  },
};
