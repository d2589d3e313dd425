import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favoriteProducts, productNotifications } from '../../db/schema/index.ts';

export const favoritesRepo = {
  async page(db: Db, userId: number, page: number, perPage: number) {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(favoriteProducts)
        .where(eq(favoriteProducts.userId, userId))
        .orderBy(desc(favoriteProducts.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      db.select({ n: count() }).from(favoriteProducts).where(eq(favoriteProducts.userId, userId)),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },
  /** Idempotent: adding twice keeps one row. */
  async upsert(db: Db, userId: number, productId: number) {
    const [row] = await db
      .insert(favoriteProducts)
      .values({ userId, productId })
      .onConflictDoUpdate({ target: [favoriteProducts.userId, favoriteProducts.productId], set: { userId } })
      .returning();
    return row!;
  },
  async deleteOwned(db: Db, userId: number, productId: number) {
    const r = await db
      .delete(favoriteProducts)
      .where(and(eq(favoriteProducts.userId, userId), eq(favoriteProducts.productId, productId)))
      .returning({ id: favoriteProducts.id });
    return r.length;
  },
};

export const subscriptionsRepo = {
  async page(db: Db, userId: number, page: number, perPage: number) {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(productNotifications)
        .where(eq(productNotifications.userId, userId))
        .orderBy(desc(productNotifications.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      db.select({ n: count() }).from(productNotifications).where(eq(productNotifications.userId, userId)),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },
  async upsert(db: Db, userId: number, codeId: number) {
    const [row] = await db
      .insert(productNotifications)
      .values({ userId, codeId })
      .onConflictDoUpdate({ target: [productNotifications.userId, productNotifications.codeId], set: { userId } })
      .returning();
    return row!;
  },
  async deleteOwned(db: Db, userId: number, codeId: number) {
    const r = await db
      .delete(productNotifications)
      .where(and(eq(productNotifications.userId, userId), eq(productNotifications.codeId, codeId)))
      .returning({ id: productNotifications.id });
    return r.length;
  },
};
