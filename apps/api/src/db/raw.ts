import type { Database } from './client.ts';

/**
 * A parameterised statement straight to the driver (bulk loads pass whole arrays as one
 * parameter, which the query builder would expand).
 */
export async function rawQuery<T = Record<string, unknown>>(database: Pick<Database, 'lite' | 'pool'>, text: string, params: unknown[] = []): Promise<T[]> {
  if (database.lite) return (await database.lite.query<T>(text, params)).rows;
  if (database.pool) return (await database.pool.query(text, params)).rows as T[];
  throw new Error('rawQuery: no driver');
}
