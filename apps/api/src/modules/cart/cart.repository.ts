import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartLines, products } from '../../db/schema/index.ts';

const firstImage = sql<string | null>`(SELECT i.medium_centered FROM product_images i WHERE i.product_id = ${products.id} ORDER BY i.sort, i.id LIMIT 1)`;

const productColumns = {
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

  countLines: (db: Db, userId: number) =>
    db
      .select({ n: count() })
      .from(cartLines)
      .where(eq(cartLines.userId, userId))
      .then((r) => Number(r[0]?.n ?? 0)),

  upsert: (db: Db, userId: number, productId: number, qty: number, retailKop: number) =>
    db
      .insert(cartLines)
      .values({ userId, productId, qty, retailKop })
      .onConflictDoUpdate({ target: [cartLines.userId, cartLines.productId], set: { qty, retailKop, updatedAt: new Date() } }),

  update: (db: Db, id: number, qty: number, retailKop: number) => db.update(cartLines).set({ qty, retailKop, updatedAt: new Date() }).where(eq(cartLines.id, id)),

  deleteOwned: (db: Db, userId: number, id: number) =>
    db
      .delete(cartLines)
      .where(and(eq(cartLines.id, id), eq(cartLines.userId, userId)))
      .returning({ id: cartLines.id })
      .then((r) => r.length),
};
