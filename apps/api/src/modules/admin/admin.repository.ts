import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const adminRepo = {
  pageUsers: async (db: Db, search: string | undefined, page: number, perPage: number) => {
    const where = search
      ? or(ilike(users.email, `%${escapeLike(search)}%`), ilike(users.name, `%${escapeLike(search)}%`), ilike(users.phone, `%${escapeLike(search.replace(/\D/g, '') || search)}%`))
      : undefined;
    const [rows, total] = await Promise.all([
      db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(perPage).offset((page - 1) * perPage),
      db.select({ n: sql<number>`count(*)::int` }).from(users).where(where).then((r) => Number(r[0]?.n ?? 0)),
    ]);
    return { rows, total };
  },
  findUser: (db: Db, id: number) => db.select().from(users).where(eq(users.id, id)).limit(1).then((r) => r[0]),
  lockUser: (db: Db, id: number) => db.select().from(users).where(eq(users.id, id)).limit(1).for('update').then((r) => r[0]),
  updateUser: (db: Db, id: number, values: Partial<typeof users.$inferInsert>) =>
    db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id)).returning().then((r) => r[0]!),
  audit: (db: Db, v: typeof auditLog.$inferInsert) => db.insert(auditLog).values(v),
  auditOf: (db: Db, entity: string, entityId: number) =>
    db.select().from(auditLog).where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId))).orderBy(desc(auditLog.id)).limit(50),
};
