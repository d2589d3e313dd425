import { and, count, desc, eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, devices, exportSettings, markets, orders, payments, users, withdraws } from '../../db/schema/index.ts';
import { dayEnd, dayStart } from '../../db/kyiv-day.ts';
import { escapeLike, userWhere, type UserFilter } from '../../db/shared-queries.ts';

export interface AuditFilter {
  actorId?: number;
  action?: string;
  entity?: string;
  entityId?: number;
  dateFrom?: string;
  dateTo?: string;
}

function auditWhere(f: AuditFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.actorId) parts.push(eq(auditLog.actorId, f.actorId));
  if (f.action) parts.push(like(auditLog.action, `${escapeLike(f.action)}%`));
  if (f.entity) parts.push(eq(auditLog.entity, f.entity));
  if (f.entityId) parts.push(eq(auditLog.entityId, f.entityId));
  if (f.dateFrom) parts.push(gte(auditLog.createdAt, dayStart(f.dateFrom)));
  if (f.dateTo) parts.push(lt(auditLog.createdAt, dayEnd(f.dateTo)));
  return parts.length ? and(...parts) : undefined;
}

export const adminRepo = {
  pageUsers: async (db: Db, f: UserFilter, page: number, perPage: number) => {
    const where = userWhere(f);
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(where)
        .then((r) => Number(r[0]?.n ?? 0)),
    ]);
    return { rows, total };
  },
  findUser: (db: Db, id: number) =>
    db
      .select()
      .from(users)
      .where(eq(users.id, id))
      .limit(1)
      .then((r) => r[0]),
  lockUser: (db: Db, id: number) =>
    db
      .select()
      .from(users)
      .where(eq(users.id, id))
      .limit(1)
      .for('update')
      .then((r) => r[0]),
  updateUser: (db: Db, id: number, values: Partial<typeof users.$inferInsert>) =>
    db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning()
      .then((r) => r[0]!),
  devicesOf: (db: Db, userId: number) => db.select().from(devices).where(eq(devices.userId, userId)).orderBy(desc(devices.usedAt), desc(devices.id)).limit(100),

  /** The reseller at a glance: orders by status, delivered profit, open money requests, stores and feeds. */
  async summaryOf(db: Db, userId: number) {
    const [byStatus, [profit], [topUps], [outs], [ms], [fs]] = await Promise.all([
      db.select({ status: orders.status, n: count() }).from(orders).where(eq(orders.userId, userId)).groupBy(orders.status),
      db
        .select({ kop: sql<string>`coalesce(sum(${orders.profitKop}), 0)` })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.status, 'Done'))),
      db
        .select({ n: count() })
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.status, 'Pending'))),
      db
        .select({ n: count() })
        .from(withdraws)
        .where(and(eq(withdraws.userId, userId), eq(withdraws.status, 'New'))),
      db.select({ n: count() }).from(markets).where(eq(markets.userId, userId)),
      db.select({ n: count() }).from(exportSettings).where(eq(exportSettings.userId, userId)),
    ]);
    const ordersByStatus = Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)]));
    return {
      ordersByStatus,
      ordersTotal: Object.values(ordersByStatus).reduce((a, b) => a + b, 0),
      profitKop: Number(profit?.kop ?? 0),
      pendingTopUps: Number(topUps?.n ?? 0),
      pendingWithdrawals: Number(outs?.n ?? 0),
      markets: Number(ms?.n ?? 0),
      feeds: Number(fs?.n ?? 0),
    };
  },

  auditOf: (db: Db, entity: string, entityId: number) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
      .orderBy(desc(auditLog.id))
      .limit(50),
  /** The audit log, newest first, with each actor's name (bounded pages; the filters use the log's indexes). */
  async auditPage(db: Db, f: AuditFilter, page: number, perPage: number) {
    const where = auditWhere(f);
    const [rows, [total]] = await Promise.all([
      db
        .select({ entry: auditLog, actorName: users.name, actorEmail: users.email, actorRole: users.role })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      db.select({ n: count() }).from(auditLog).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },
};
