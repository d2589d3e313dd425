import { eq, inArray } from 'drizzle-orm';
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
