import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderHistory, orderLines, orders, products, users } from '../../db/schema/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export const ordersRepo = {
  async insert(db: Db, values: typeof orders.$inferInsert): Promise<OrderRow> {
    const [row] = await db.insert(orders).values(values).returning();
    return row!;
  },
  insertLines: (db: Db, rows: (typeof orderLines.$inferInsert)[]) => db.insert(orderLines).values(rows),
  history: (db: Db, row: typeof orderHistory.$inferInsert) => db.insert(orderHistory).values(row),

  /** Takes `qty` of a product's stock into reserve, only if that much is left: what is left then, or null. */
  async reserve(db: Db, productId: number, qty: number): Promise<number | null> {
    const r = await db
      .update(products)
      .set({ qty: sql`${products.qty} - ${qty}`, reserved: sql`${products.reserved} + ${qty}` })
      .where(and(eq(products.id, productId), gte(products.qty, qty)))
      .returning({ qty: products.qty });
    return r[0]?.qty ?? null;
  },

  owned: (db: Db, userId: number, id: number) =>
    db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, userId)))
      .then((r) => r[0]),
  lockOwned: (db: Db, userId: number, id: number) =>
    db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, userId)))
      .for('update')
      .then((r) => r[0]),
  async update(db: Db, id: number, values: Partial<typeof orders.$inferInsert>): Promise<OrderRow> {
    const [row] = await db
      .update(orders)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(orders.id, id))
      .returning();
    return row!;
  },
  lines: (db: Db, orderId: number) => db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
  historyOf: (db: Db, orderId: number) =>
    db
      .select({ h: orderHistory, actor: users.name })
      .from(orderHistory)
      .leftJoin(users, eq(users.id, orderHistory.actorId))
      .where(eq(orderHistory.orderId, orderId))
      .orderBy(asc(orderHistory.id)),
};
