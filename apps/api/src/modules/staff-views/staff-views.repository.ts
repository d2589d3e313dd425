import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staffViews } from '../../db/schema/index.ts';

export type StaffViewRow = typeof staffViews.$inferSelect;

/** Saved views: every query names its owner, so another person's view is never found. */
export const staffViewsRepo = {
  list: (db: Db, userId: number, list: string) =>
    db
      .select()
      .from(staffViews)
      .where(and(eq(staffViews.userId, userId), eq(staffViews.list, list)))
      .orderBy(asc(staffViews.name), asc(staffViews.id)),
  async count(db: Db, userId: number, list: string): Promise<number> {
    const [r] = await db
      .select({ n: count() })
      .from(staffViews)
      .where(and(eq(staffViews.userId, userId), eq(staffViews.list, list)));
    return Number(r?.n ?? 0);
  },
  owned: (db: Db, userId: number, id: number) =>
    db
      .select()
      .from(staffViews)
      .where(and(eq(staffViews.id, id), eq(staffViews.userId, userId)))
      .then((r) => r[0]),
  insert: (db: Db, v: typeof staffViews.$inferInsert) =>
    db
      .insert(staffViews)
      .values(v)
      .returning()
      .then((r) => r[0]!),
  update: (db: Db, userId: number, id: number, v: Partial<Pick<StaffViewRow, 'name' | 'params'>>) =>
    db
      .update(staffViews)
      .set({ ...v, updatedAt: new Date() })
      .where(and(eq(staffViews.id, id), eq(staffViews.userId, userId)))
      .returning()
      .then((r) => r[0]),
  remove: (db: Db, userId: number, id: number) =>
    db
      .delete(staffViews)
      .where(and(eq(staffViews.id, id), eq(staffViews.userId, userId)))
      .returning({ id: staffViews.id })
      .then((r) => r.length > 0),
};
