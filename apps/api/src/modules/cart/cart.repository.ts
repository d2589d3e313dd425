import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartLines, products } from '../../db/schema/index.ts';

const firstImage = sql<string | null>`(SELECT i.medium_centered FROM product_images i WHERE i.product_id = ${products.id} ORDER BY i.sort, i.id LIMIT 1)`;

export const productColumns = {
  id: products.id,
  b2bCodeId: products.b2bCodeId,
  vendorCode: products.vendorCode,
  nameUk: products.nameUk,
  nameRu: products.nameRu,
  dropKop: products.dropKop,
  oldDropKop: products.oldDropKop,
  retailKop: products.retailKop,
  qty: products.qty,
  categoryId: products.categoryId,
  parentId: products.parentId,
  rootId: products.rootId,
};

export type CartProduct = Awaited<ReturnType<typeof cartRepo.product>> & object;

export const cartRepo = {
  lines: (db: Db, userId: number) =>
    db
      .select({ line: cartLines, product: { ...productColumns, image: firstImage } })
      .from(cartLines)
      .innerJoin(products, eq(products.id, cartLines.productId))
      .where(eq(cartLines.userId, userId))
      .orderBy(cartLines.id),

  /**
   * Locks the reseller's cart lines (in id order) for the rest of the transaction, so placements
   * from one cart run one after another: the later one waits, then finds the lines gone. Only
   * cart rows: the user's row would be taken before the products', the reverse of a cancellation's
   * order (stock released, then the refund locks the user), and two such could deadlock.
   */
  lockCart: (db: Db, userId: number) => db.execute(sql`SELECT id FROM cart_lines WHERE user_id = ${userId} ORDER BY id FOR UPDATE`),

  product: (db: Db, productId: number) =>
    db
      .select(productColumns)
      .from(products)
      .where(eq(products.id, productId))
      .then((r) => r[0]),

  lineOwned: (db: Db, userId: number, id: number) =>
    db
      .select()
      .from(cartLines)
      .where(and(eq(cartLines.id, id), eq(cartLines.userId, userId)))
      .then((r) => r[0]),

  /**
   * Adds a line, or replaces the product's line; a new line only while the cart has fewer than
   * `maxLines`. One statement; false when the cart was full.
   */
  async upsert(db: Db, userId: number, productId: number, qty: number, retailKop: number, maxLines: number): Promise<boolean> {
    const res = (await db.execute(sql`
      INSERT INTO cart_lines (user_id, product_id, qty, retail_kop)
      SELECT ${userId}, ${productId}, ${qty}, ${retailKop}
      WHERE (SELECT count(*) FROM cart_lines WHERE user_id = ${userId}) < ${maxLines}
         OR EXISTS (SELECT 1 FROM cart_lines WHERE user_id = ${userId} AND product_id = ${productId})
      ON CONFLICT (user_id, product_id) DO UPDATE SET qty = EXCLUDED.qty, retail_kop = EXCLUDED.retail_kop, updated_at = now()
      RETURNING id`)) as unknown as { rows: unknown[] };
    return res.rows.length === 1;
  },

  update: (db: Db, id: number, qty: number, retailKop: number) =>
    db.update(cartLines).set({ qty, retailKop, updatedAt: new Date() }).where(eq(cartLines.id, id)),

  deleteOwned: (db: Db, userId: number, id: number) =>
    db
      .delete(cartLines)
      .where(and(eq(cartLines.id, id), eq(cartLines.userId, userId)))
      .returning({ id: cartLines.id })
      .then((r) => r.length),
};
