import { and, asc, desc, eq, gt, inArray, lt, sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { operations, orderLines, orders, payments, users, withdraws } from '../../db/schema/index.ts';
import { orderWhere, type OrderFilter } from '../orders/orders.repository.ts';
import {
  adminOperationWhere,
  paymentWhere,
  withdrawWhere,
  type AdminOperationFilter,
  type MoneyRequestFilter,
  type PaymentRow,
  type WithdrawRow,
} from '../finance/finance.repository.ts';
import { userWhere, type UserFilter } from '../../db/shared-queries.ts';

/**
 * Keyset pages of the back office's lists for their exports (issue 29): each page takes the rows
 * after the last one of the previous page, in the list's own order and under the WHERE the list
 * builds (the same exported function), so a 100,000-row export reads one page at a time.
 *
 * Times are compared as the database's own text (microseconds), not a JS Date (milliseconds),
 * so two rows in the same millisecond are neither skipped nor repeated.
 */

/** The cursor of a (created_at, id) order: the timestamp as text and the id. */
export interface TimeCursor {
  at: string;
  id: number;
}
const before = (at: Column, id: Column, c: TimeCursor | undefined): SQL | undefined => (c ? sql`(${at}, ${id}) < (${c.at}::timestamptz, ${c.id})` : undefined);

export type OperationExportRow = typeof operations.$inferSelect & { userName: string; cursor: string };
export type OrderExportRow = typeof orders.$inferSelect & { userName: string; cursor: string };
export type OrderLineExportRow = typeof orderLines.$inferSelect;
export type UserExportRow = typeof users.$inferSelect & { cursor: string };
export type PaymentExportRow = PaymentRow & { userName: string };
export type WithdrawExportRow = WithdrawRow & { userName: string };

export const adminExportsRepo = {
  /** The ledger of every reseller, newest first (operations_created_idx). */
  async operations(db: Db, f: AdminOperationFilter, after: TimeCursor | undefined, limit: number): Promise<OperationExportRow[]> {
    const rows = await db
      .select({ op: operations, userName: users.name, cursor: sql<string>`${operations.createdAt}::text` })
      .from(operations)
      .innerJoin(users, eq(users.id, operations.userId))
      .where(and(adminOperationWhere(f), before(operations.createdAt, operations.id, after)))
      .orderBy(desc(operations.createdAt), desc(operations.id))
      .limit(limit);
    return rows.map((r) => ({ ...r.op, userName: r.userName, cursor: r.cursor }));
  },

  /** Orders of the staff list's filter, newest first (the list's default order). */
  async orders(db: Db, userId: number | null, f: OrderFilter, after: TimeCursor | undefined, limit: number): Promise<OrderExportRow[]> {
    const rows = await db
      .select({ o: orders, userName: users.name, cursor: sql<string>`${orders.createdAt}::text` })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(orderWhere(userId, f), before(orders.createdAt, orders.id, after)))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
    return rows.map((r) => ({ ...r.o, userName: r.userName, cursor: r.cursor }));
  },
  /** The lines of the given orders, each order's in its own order. */
  lines: (db: Db, orderIds: number[]): Promise<OrderLineExportRow[]> =>
    orderIds.length
      ? db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.orderId), asc(orderLines.id))
      : Promise.resolve([]),

  /** Users of the resellers list's filter, newest first (users_created_idx). */
  async users(db: Db, f: UserFilter, after: TimeCursor | undefined, limit: number): Promise<UserExportRow[]> {
    const rows = await db
      .select({ u: users, cursor: sql<string>`${users.createdAt}::text` })
      .from(users)
      .where(and(userWhere(f), before(users.createdAt, users.id, after)))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit);
    return rows.map((r) => ({ ...r.u, cursor: r.cursor }));
  },

  /** Top-ups, newest first (as the list: by id). */
  async payments(db: Db, f: MoneyRequestFilter<PaymentRow['status']>, afterId: number | undefined, limit: number): Promise<PaymentExportRow[]> {
    const rows = await db
      .select({ p: payments, userName: users.name })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(and(paymentWhere(f), afterId !== undefined ? lt(payments.id, afterId) : undefined))
      .orderBy(desc(payments.id))
      .limit(limit);
    return rows.map((r) => ({ ...r.p, userName: r.userName }));
  },

  /** Withdrawals, newest first (as the list: by id). */
  async withdraws(db: Db, f: MoneyRequestFilter<WithdrawRow['status']>, afterId: number | undefined, limit: number): Promise<WithdrawExportRow[]> {
    const rows = await db
      .select({ w: withdraws, userName: users.name })
      .from(withdraws)
      .innerJoin(users, eq(users.id, withdraws.userId))
      .where(and(withdrawWhere(f), afterId !== undefined ? lt(withdraws.id, afterId) : undefined))
      .orderBy(desc(withdraws.id))
      .limit(limit);
    return rows.map((r) => ({ ...r.w, userName: r.userName }));
  },

  /** The withdrawals to pay (New), oldest first (the queue's order), optionally only `ids`. */
  async payouts(db: Db, ids: number[] | undefined, afterId: number | undefined, limit: number): Promise<WithdrawExportRow[]> {
    const rows = await db
      .select({ w: withdraws, userName: users.name })
      .from(withdraws)
      .innerJoin(users, eq(users.id, withdraws.userId))
      .where(and(eq(withdraws.status, 'New'), ids ? inArray(withdraws.id, ids) : undefined, afterId !== undefined ? gt(withdraws.id, afterId) : undefined))
      .orderBy(asc(withdraws.id))
      .limit(limit);
    return rows.map((r) => ({ ...r.w, userName: r.userName }));
  },
};
