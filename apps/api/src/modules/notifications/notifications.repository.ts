import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications, productNotifications, products, restockEvents, users } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export const notificationsRepo = {
  async insert(db: Db, values: typeof notifications.$inferInsert): Promise<NotificationRow> {
    const [row] = await db.insert(notifications).values(values).returning();
    return row!;
  },

  latest: (db: Db, userId: number, limit: number) =>
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(limit),

  async unreadCount(db: Db, userId: number): Promise<number> {
    const [r] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return Number(r?.n ?? 0);
  },

  /** Owner in the WHERE: another user's id deletes nothing. */
  async deleteOwned(db: Db, userId: number, id: number): Promise<number> {
    const r = await db
      .delete(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    return r.length;
  },

  deleteAll: (db: Db, userId: number) => db.delete(notifications).where(eq(notifications.userId, userId)),

  /** Takes up to `limit` restock events; rows locked by another worker are skipped. */
  async claimRestocks(db: Db, limit: number): Promise<{ productId: number; codeId: number }[]> {
    const r = await db.execute(sql`
      DELETE FROM restock_events WHERE id IN (SELECT id FROM restock_events ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING product_id, code_id`);
    return (r as unknown as { rows: { product_id: number; code_id: number }[] }).rows.map((x) => ({
      productId: Number(x.product_id),
      codeId: Number(x.code_id),
    }));
  },

  /** Products (still in stock) by id, for the notification text. */
  productsByIds: (db: Db, ids: number[]) =>
    db
      .select({ id: products.id, codeId: products.codeId, b2bCodeId: products.b2bCodeId, nameUk: products.nameUk, nameRu: products.nameRu, qty: products.qty })
      .from(products)
      .where(inArray(products.id, ids)),

  /** Ends the subscriptions of these codes and returns who had them. */
  async takeSubscribers(db: Db, codeIds: number[]) {
    if (codeIds.length === 0) return [];
    const ended = await db
      .delete(productNotifications)
      .where(inArray(productNotifications.codeId, codeIds))
      .returning({ userId: productNotifications.userId, codeId: productNotifications.codeId });
    if (ended.length === 0) return [];
    const people = await db
      .select({ id: users.id, email: users.email, name: users.name, lang: users.lang, blocked: users.blocked })
      .from(users)
      .where(inArray(users.id, [...new Set(ended.map((e) => e.userId))]));
    const byId = new Map(people.map((p) => [p.id, p]));
    return ended.flatMap((e) => {
      const user = byId.get(e.userId);
      return user ? [{ user, codeId: e.codeId }] : [];
    });
  },

  restockBacklog: (db: Db) =>
    db
      .select({ n: count() })
      .from(restockEvents)
      .then((r) => Number(r[0]?.n ?? 0)),
};
