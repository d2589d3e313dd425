import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema/index.ts';

export const devicesRepo = {
  page: async (db: Db, userId: number, page: number, perPage: number) => {
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(devices)
        .where(eq(devices.userId, userId))
        .orderBy(desc(devices.usedAt), desc(devices.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(devices)
        .where(eq(devices.userId, userId))
        .then((r) => Number(r[0]?.n ?? 0)),
    ]);
    return { rows, total };
  },
  /** Owner in the WHERE: another user's id deletes nothing. Tokens go with the device (FK cascade). */
  deleteOwned: (db: Db, userId: number, id: number) =>
    db
      .delete(devices)
      .where(and(eq(devices.id, id), eq(devices.userId, userId)))
      .returning({ id: devices.id })
      .then((r) => r.length),
};
