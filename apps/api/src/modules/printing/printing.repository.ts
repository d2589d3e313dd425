import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dayEnd, dayStart } from '../../db/kyiv-day.ts';
import { orderHistory, orderLines, orders, users } from '../../db/schema/index.ts';
import type { OrderLineRow, OrderRow } from '../orders/orders.repository.ts';

export interface PrintOrderRows {
  o: OrderRow;
  lines: OrderLineRow[];
  reseller: { name: string; email: string; phone: string | null };
}

export const printingRepo = {
  /** Orders by id in three queries (orders, their lines, their resellers), in the order of `ids`; unknown ids are left out. */
  async orders(db: Db, ids: number[]): Promise<PrintOrderRows[]> {
    if (ids.length === 0) return [];
    const rows = await db.select().from(orders).where(inArray(orders.id, ids));
    if (rows.length === 0) return [];
    const found = rows.map((r) => r.id);
    const [lines, people] = await Promise.all([
      db.select().from(orderLines).where(inArray(orderLines.orderId, found)).orderBy(asc(orderLines.orderId), asc(orderLines.id)),
      db
        .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
        .from(users)
        .where(inArray(users.id, [...new Set(rows.map((r) => r.userId))])),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const linesOf = new Map<number, OrderLineRow[]>();
    for (const l of lines) (linesOf.get(l.orderId) ?? linesOf.set(l.orderId, []).get(l.orderId)!).push(l);
    const who = new Map(people.map((p) => [p.id, p]));
    return ids.flatMap((id) => {
      const o = byId.get(id);
      if (!o) return [];
      const u = who.get(o.userId);
      return [{ o, lines: linesOf.get(id) ?? [], reseller: { name: u?.name ?? '', email: u?.email ?? '', phone: u?.phone ?? null } }];
    });
  },

  /** The waybills recorded on Kyiv day `day` (order_history kind 'ttn'), oldest first. */
  waybillsOfDay: (db: Db, day: string) =>
    db
      .select({ orderId: orderHistory.orderId, ttn: orderHistory.to, at: orderHistory.createdAt })
      .from(orderHistory)
      .where(and(eq(orderHistory.kind, 'ttn'), gte(orderHistory.createdAt, dayStart(day)), lt(orderHistory.createdAt, dayEnd(day))))
      .orderBy(asc(orderHistory.createdAt), asc(orderHistory.id)),
};
