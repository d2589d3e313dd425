import type { Role } from '@drop/shared';
import { and, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';
import { categories, users } from './schema/index.ts';

/**
 * Serialises a user's creations that are capped per user (stores, feeds): the count runs under
 * this lock. `FOR NO KEY UPDATE` does not block other rows that reference the user.
 */
export const lockUserRow = (db: Db, userId: number) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update')
    .then((r) => r[0]);

/** Which of these category ids exist. */
export async function existingCategoryIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

/** `s` matched literally by LIKE / ILIKE: its `%`, `_` and backslashes escaped. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface UserFilter {
  search?: string;
  role?: Role;
  isVerified?: boolean;
  blocked?: boolean;
}

/** The WHERE of the resellers list; its export (issue 29) builds the same. */
export function userWhere(f: UserFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.search) {
    const s = escapeLike(f.search);
    const digits = f.search.replace(/\D/g, '');
    parts.push(
      or(
        ilike(users.email, `%${s}%`),
        ilike(users.name, `%${s}%`),
        ilike(users.phone, `%${escapeLike(digits || f.search)}%`),
        /^\d{1,9}$/.test(f.search) ? eq(users.id, Number(f.search)) : undefined,
      ),
    );
  }
  if (f.role) parts.push(eq(users.role, f.role));
  if (f.isVerified !== undefined) parts.push(eq(users.isVerified, f.isVerified));
  if (f.blocked !== undefined) parts.push(eq(users.blocked, f.blocked));
  return parts.length ? and(...parts) : undefined;
}
