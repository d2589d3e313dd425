import { STAFF_ROLES, type StaffRole } from '@drop/shared';
import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../db/shared-queries.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export interface StaffFilter {
  search?: string;
  role?: StaffRole;
  blocked?: boolean;
}

export type StaffSort = 'newest' | 'name';

const isStaff = inArray(users.role, [...STAFF_ROLES]);

function staffWhere(f: StaffFilter): SQL {
  const parts: (SQL | undefined)[] = [isStaff];
  if (f.search) {
    const s = `%${escapeLike(f.search)}%`;
    parts.push(or(ilike(users.name, s), ilike(users.email, s)));
  }
  if (f.role) parts.push(eq(users.role, f.role));
  if (f.blocked !== undefined) parts.push(eq(users.blocked, f.blocked));
  return and(...parts)!;
}

/**
 * When the person last used any session: the newest `used_at` of their devices (a device row
 * outlives its tokens, so a signed-out or blocked person still shows when they were last there).
 */
const lastSeen = sql<Date | string | null>`(select max(d.used_at) from devices d where d.user_id = "users"."id")`.as('last_seen_at');

export type StaffRow = typeof users.$inferSelect & { lastSeenAt: Date | null };

const withLastSeen = <T extends { user: typeof users.$inferSelect; lastSeenAt: Date | string | null }>(r: T): StaffRow => ({
  ...r.user,
  // A raw subquery comes back as text on some drivers.
  lastSeenAt: r.lastSeenAt === null ? null : new Date(r.lastSeenAt),
});

export const staffRepo = {
  async page(db: Db, f: StaffFilter, sort: StaffSort, page: number, perPage: number) {
    const where = staffWhere(f);
    const order = sort === 'name' ? [asc(users.name), asc(users.id)] : [desc(users.createdAt), desc(users.id)];
    const [rows, total] = await Promise.all([
      db
        .select({ user: users, lastSeenAt: lastSeen })
        .from(users)
        .where(where)
        .orderBy(...order)
        .limit(perPage)
        .offset((page - 1) * perPage),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(where)
        .then((r) => Number(r[0]?.n ?? 0)),
    ]);
    return { rows: rows.map(withLastSeen), total };
  },

  /** A staff member (never a reseller) with when they were last seen. */
  find: (db: Db, id: number) =>
    db
      .select({ user: users, lastSeenAt: lastSeen })
      .from(users)
      .where(and(eq(users.id, id), isStaff))
      .limit(1)
      .then((r) => (r[0] ? withLastSeen(r[0]) : undefined)),

  /** A staff member's row, locked for a change. */
  lock: (db: Db, id: number) =>
    db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isStaff))
      .limit(1)
      .for('update')
      .then((r) => r[0]),

  /**
   * The active (unblocked) admins' ids, locked in id order. Every change that could take an admin
   * away locks this set first, so two admins demoting or blocking each other at the same moment
   * are serialised and the second sees the first's change (the last admin stays).
   */
  lockActiveAdmins: (db: Db) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.blocked, false)))
      .orderBy(asc(users.id))
      .for('update')
      .then((r) => r.map((x) => x.id)),

  /** Whether anyone (staff or reseller) other than `exceptId` has this e-mail. */
  emailTaken: (db: Db, email: string, exceptId?: number) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email))
      .limit(1)
      .then((r) => r.length > 0),

  insert: (db: Db, values: typeof users.$inferInsert) =>
    db
      .insert(users)
      .values(values)
      .returning()
      .then((r) => r[0]!),

  update: (db: Db, id: number, values: Partial<typeof users.$inferInsert>) =>
    db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning()
      .then((r) => r[0]!),
};
