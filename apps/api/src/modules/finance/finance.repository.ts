import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { ADMIN_COUNT_CAP, type AdminOperationsQuery, type AdminPaymentsQuery, type AdminWithdrawsQuery, type OperationType } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import { TZ, dayEnd, dayStart } from '../../db/kyiv-day.ts';
import { operations, paymentDocuments, payments, users, withdraws } from '../../db/schema/index.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type WithdrawRow = typeof withdraws.$inferSelect;
export type DocumentRow = typeof paymentDocuments.$inferSelect;

/** Days are Kyiv days (a literal, so GROUP BY sees one expression). */

export interface OperationFilter {
  type?: OperationType;
  dateFrom?: string;
  dateTo?: string;
}

function operationWhere(userId: number, f: OperationFilter): SQL {
  const parts: SQL[] = [eq(operations.userId, userId)];
  if (f.type) parts.push(eq(operations.type, f.type));
  if (f.dateFrom) parts.push(gte(operations.createdAt, dayStart(f.dateFrom)));
  if (f.dateTo) parts.push(lt(operations.createdAt, dayEnd(f.dateTo)));
  return and(...parts)!;
}

/**
 * The back office's ledger of every reseller (`GET /admin/operations` and its export): one WHERE
 * for both, built from the list's query (page and per_page aside).
 */
export interface AdminOperationFilter extends OperationFilter {
  userId?: number;
}
export const adminOperationFilter = (q: Omit<AdminOperationsQuery, 'page' | 'per_page'>): AdminOperationFilter => ({
  userId: q.user_id,
  type: q.type,
  dateFrom: q.date_from,
  dateTo: q.date_to,
});
export function adminOperationWhere(f: AdminOperationFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.userId !== undefined) parts.push(eq(operations.userId, f.userId));
  if (f.type) parts.push(eq(operations.type, f.type));
  if (f.dateFrom) parts.push(gte(operations.createdAt, dayStart(f.dateFrom)));
  if (f.dateTo) parts.push(lt(operations.createdAt, dayEnd(f.dateTo)));
  return parts.length ? and(...parts) : undefined;
}

/** Top-ups and withdrawals: one reseller's (userId), a status and Kyiv days; the list and its export share it. */
export interface MoneyRequestFilter<S extends string> {
  userId?: number;
  status?: S;
  dateFrom?: string;
  dateTo?: string;
}
export const adminPaymentFilter = (q: Omit<AdminPaymentsQuery, 'page' | 'per_page'>): MoneyRequestFilter<PaymentRow['status']> => ({
  userId: q.user_id,
  status: q.status,
  dateFrom: q.date_from,
  dateTo: q.date_to,
});
export const adminWithdrawFilter = (q: Omit<AdminWithdrawsQuery, 'page' | 'per_page'>): MoneyRequestFilter<WithdrawRow['status']> => ({
  userId: q.user_id,
  status: q.status,
  dateFrom: q.date_from,
  dateTo: q.date_to,
});
export function paymentWhere(f: MoneyRequestFilter<PaymentRow['status']>): SQL | undefined {
  return and(
    f.userId !== undefined ? eq(payments.userId, f.userId) : undefined,
    f.status ? eq(payments.status, f.status) : undefined,
    f.dateFrom ? gte(payments.createdAt, dayStart(f.dateFrom)) : undefined,
    f.dateTo ? lt(payments.createdAt, dayEnd(f.dateTo)) : undefined,
  );
}
export function withdrawWhere(f: MoneyRequestFilter<WithdrawRow['status']>): SQL | undefined {
  return and(
    f.userId !== undefined ? eq(withdraws.userId, f.userId) : undefined,
    f.status ? eq(withdraws.status, f.status) : undefined,
    f.dateFrom ? gte(withdraws.createdAt, dayStart(f.dateFrom)) : undefined,
    f.dateTo ? lt(withdraws.createdAt, dayEnd(f.dateTo)) : undefined,
  );
}

const dayOf = sql<string>`to_char(${operations.createdAt} AT TIME ZONE ${TZ}, 'YYYY-MM-DD')`;

export const financeRepo = {
  async operationsPage(db: Db, userId: number, f: OperationFilter, page: number, perPage: number) {
    const where = operationWhere(userId, f);
    const [rows, [total]] = await Promise.all([
      db
        .select({ op: operations, day: dayOf })
        .from(operations)
        .where(where)
        .orderBy(desc(operations.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      db.select({ n: count() }).from(operations).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /**
   * A page of every reseller's ledger, newest first (operations_created_idx), each with its
   * reseller's name; the count stops past ADMIN_COUNT_CAP (a total above it means "more").
   */
  async adminOperationsPage(db: Db, f: AdminOperationFilter, page: number, perPage: number) {
    const where = adminOperationWhere(f);
    const [rows, counted] = await Promise.all([
      db
        .select({ op: operations, userName: users.name })
        .from(operations)
        .innerJoin(users, eq(users.id, operations.userId))
        .where(where)
        .orderBy(desc(operations.createdAt), desc(operations.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      db.execute(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${operations} ${where ? sql`WHERE ${where}` : sql``} LIMIT ${ADMIN_COUNT_CAP + 1}) t`),
    ]);
    return { rows, total: Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) };
  },

  /** Whole-day totals (kopecks) of the given Kyiv days, under the same filter. */
  async dayTotals(db: Db, userId: number, f: OperationFilter, days: string[]): Promise<Map<string, number>> {
    if (days.length === 0) return new Map();
    const rows = await db
      .select({ day: dayOf, total: sql<string>`sum(${operations.amountKop})` })
      .from(operations)
      .where(and(operationWhere(userId, f), gte(operations.createdAt, dayStart(days.at(-1)!)), lt(operations.createdAt, dayEnd(days[0]!))))
      .groupBy(dayOf);
    return new Map(rows.map((r) => [r.day, Number(r.total)]));
  },

  /** The balance at the end of each of the last `days` Kyiv days (oldest first). */
  async balanceByDay(db: Db, userId: number, days: number): Promise<{ day: string; balanceKop: number }[]> {
    const r = (await db.execute(sql`
      SELECT to_char(d, 'YYYY-MM-DD') AS day,
             coalesce((SELECT o.balance_kop FROM operations o
                       WHERE o.user_id = ${userId} AND o.created_at < ((d + 1)::timestamp AT TIME ZONE ${TZ})
                       ORDER BY o.id DESC LIMIT 1), 0) AS balance
      FROM generate_series((now() AT TIME ZONE ${TZ})::date - ${days - 1}::int, (now() AT TIME ZONE ${TZ})::date, interval '1 day') AS g(d0),
           LATERAL (SELECT g.d0::date AS d) x
      ORDER BY d`)) as unknown as { rows: { day: string; balance: string | number }[] };
    return r.rows.map((x) => ({ day: x.day, balanceKop: Number(x.balance) }));
  },

  // ---------- documents and top-ups ----------

  async insertDocument(db: Db, values: typeof paymentDocuments.$inferInsert) {
    const [row] = await db.insert(paymentDocuments).values(values).returning();
    return row!;
  },
  documentById: (db: Db, id: number) =>
    db
      .select()
      .from(paymentDocuments)
      .where(eq(paymentDocuments.id, id))
      .then((r) => r[0]),
  documentsByIds: (db: Db, ids: number[]) => (ids.length ? db.select().from(paymentDocuments).where(inArray(paymentDocuments.id, ids)) : Promise.resolve([])),
  paymentOfDocument: (db: Db, documentId: number) =>
    db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.paymentDocumentId, documentId))
      .then((r) => r[0]),

  async insertPayment(db: Db, values: typeof payments.$inferInsert) {
    const [row] = await db.insert(payments).values(values).returning();
    return row!;
  },
  async paymentsPage(db: Db, where: MoneyRequestFilter<PaymentRow['status']>, page: number, perPage: number) {
    const cond = paymentWhere(where);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(payments)
        .where(cond)
        .orderBy(desc(payments.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      db.select({ n: count() }).from(payments).where(cond),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },
  lockPayment: (db: Db, id: number) =>
    db
      .select()
      .from(payments)
      .where(eq(payments.id, id))
      .for('update')
      .then((r) => r[0]),
  async updatePayment(db: Db, id: number, values: Partial<typeof payments.$inferInsert>) {
    const [row] = await db.update(payments).set(values).where(eq(payments.id, id)).returning();
    return row!;
  },

  // ---------- withdrawals ----------

  async insertWithdraw(db: Db, values: typeof withdraws.$inferInsert) {
    const [row] = await db.insert(withdraws).values(values).returning();
    return row!;
  },
  async withdrawsPage(db: Db, where: MoneyRequestFilter<WithdrawRow['status']>, page: number, perPage: number) {
    const cond = withdrawWhere(where);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(withdraws)
        .where(cond)
        .orderBy(desc(withdraws.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      db.select({ n: count() }).from(withdraws).where(cond),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },
  lockWithdraw: (db: Db, id: number) =>
    db
      .select()
      .from(withdraws)
      .where(eq(withdraws.id, id))
      .for('update')
      .then((r) => r[0]),
  async updateWithdraw(db: Db, id: number, values: Partial<typeof withdraws.$inferInsert>) {
    const [row] = await db.update(withdraws).set(values).where(eq(withdraws.id, id)).returning();
    return row!;
  },

  recipient: (db: Db, id: number) =>
    db
      .select({ id: users.id, email: users.email, name: users.name, lang: users.lang, balanceKop: users.balanceKop })
      .from(users)
      .where(eq(users.id, id))
      .then((r) => r[0]),
};
