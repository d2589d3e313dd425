import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { categories } from './catalog.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A reseller's stores (markets): price settings used instead of the markup profile when the
 * browser sends `market_id` (DESIGN.md section 7). Percents are numeric(7,2), as users.markup,
 * because pricing.ts takes percents with up to 2 decimals. At most MAX_MARKETS per user.
 */
export const markets = pgTable(
  'markets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 1 = the markup starts from the drop price, 2 = from the recommended retail price. */
    baseType: smallint('base_type').notNull(),
    /** Base markup percent (0..1000, 2 decimals). */
    baseMarkup: numeric('base_markup', { precision: 7, scale: 2, mode: 'number' }).notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('markets_user_idx').on(t.userId, t.id),
    check('markets_base_type_ck', sql`${t.baseType} IN (1, 2)`),
    check('markets_base_markup_ck', sql`${t.baseMarkup} >= 0 AND ${t.baseMarkup} <= 1000`),
    check('markets_name_ck', sql`char_length(${t.name}) BETWEEN 1 AND 100`),
  ],
);

/** A store's markup for one category (and everything below it unless a deeper one has its own). */
export const marketCategoryMarkups = pgTable(
  'market_category_markups',
  {
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    markup: numeric('markup', { precision: 7, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'market_category_markups_pk', columns: [t.marketId, t.categoryId] }),
    // Deleting a category cascades here without a scan.
    index('market_category_markups_category_idx').on(t.categoryId),
    check('market_category_markups_markup_ck', sql`${t.markup} >= 0 AND ${t.markup} <= 1000`),
  ],
);
