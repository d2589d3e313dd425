import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { existingCategoryIds, lockUserRow } from '../../db/shared-queries.ts';
import { marketCategoryMarkups, marketplaceConnections, markets } from '../../db/schema/index.ts';

export type MarketRow = typeof markets.$inferSelect;
export type CategoryMarkupRow = { categoryId: number; markup: number };
export type MarketWithMarkups = MarketRow & { categoryMarkups: CategoryMarkupRow[] };

type MarketFields = Pick<MarketRow, 'name' | 'baseType' | 'baseMarkup'>;

/** Drizzle only; every query on a store names its owner, so another user's id matches nothing. */
export const marketsRepo = {
  lockUser: lockUserRow,

  count: (db: Db, userId: number) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(markets)
      .where(eq(markets.userId, userId))
      .then((r) => Number(r[0]?.n ?? 0)),

  /** The user's stores, oldest first, with their category markups (two queries, whatever the count). */
  listOwned: async (db: Db, userId: number): Promise<MarketWithMarkups[]> => {
    const rows = await db.select().from(markets).where(eq(markets.userId, userId)).orderBy(asc(markets.createdAt), asc(markets.id));
    if (rows.length === 0) return [];
    const marks = await db
      .select()
      .from(marketCategoryMarkups)
      .where(
        inArray(
          marketCategoryMarkups.marketId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(marketCategoryMarkups.categoryId));
    return rows.map((r) => ({
      ...r,
      categoryMarkups: marks.filter((m) => m.marketId === r.id).map((m) => ({ categoryId: m.categoryId, markup: Number(m.markup) })),
    }));
  },

  /** One store of the user with its category markups, in one query; undefined when not theirs. */
  findOwned: async (db: Db, userId: number, id: number): Promise<MarketWithMarkups | undefined> => {
    const rows = await db
      .select({ market: markets, categoryId: marketCategoryMarkups.categoryId, markup: marketCategoryMarkups.markup })
      .from(markets)
      .leftJoin(marketCategoryMarkups, eq(marketCategoryMarkups.marketId, markets.id))
      .where(and(eq(markets.id, id), eq(markets.userId, userId)))
      .orderBy(asc(marketCategoryMarkups.categoryId));
    const first = rows[0];
    if (!first) return undefined;
    const categoryMarkups: CategoryMarkupRow[] = [];
    for (const r of rows) if (r.categoryId !== null && r.markup !== null) categoryMarkups.push({ categoryId: r.categoryId, markup: Number(r.markup) });
    return { ...first.market, categoryMarkups };
  },

  insert: (db: Db, userId: number, fields: MarketFields) =>
    db
      .insert(markets)
      .values({ userId, ...fields })
      .returning()
      .then((r) => r[0]!),

  /** Owner in the WHERE: another user's id updates nothing (undefined). */
  updateOwned: (db: Db, userId: number, id: number, fields: MarketFields) =>
    db
      .update(markets)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(eq(markets.id, id), eq(markets.userId, userId)))
      .returning()
      .then((r) => r[0]),

  /** A deleted store's marketplace connections end with it (revoked, their credentials wiped; their orders stay). */
  deleteOwned: (db: Db, userId: number, id: number) =>
    db.transaction(async (tx) => {
      await tx
        .update(marketplaceConnections)
        .set({ revokedAt: new Date(), status: 'revoked', secret: null })
        .where(and(eq(marketplaceConnections.marketId, id), eq(marketplaceConnections.userId, userId), isNull(marketplaceConnections.revokedAt)));
      return tx
        .delete(markets)
        .where(and(eq(markets.id, id), eq(markets.userId, userId)))
        .returning({ id: markets.id })
        .then((r) => r.length);
    }),

  replaceCategoryMarkups: async (db: Db, marketId: number, list: readonly CategoryMarkupRow[]) => {
    await db.delete(marketCategoryMarkups).where(eq(marketCategoryMarkups.marketId, marketId));
    if (list.length > 0) {
      await db.insert(marketCategoryMarkups).values(list.map((m) => ({ marketId, categoryId: m.categoryId, markup: m.markup })));
    }
  },

  existingCategoryIds,
};
