import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { markets } from './markets.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface FeedExtraField {
  type: 'param' | 'field';
  param: string;
  value: string;
}

/**
 * A reseller's product feed (export setting): what goes into the file and how it is priced.
 * The published file lives in DATA_DIR/feeds/{token}.xml (and .xml.gz), served without sign-in
 * at /feeds/{token}.xml; the token is 256-bit random, so the address cannot be guessed.
 */
export const exportSettings = pgTable(
  'export_settings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    name: text('name').notNull(),
    fileType: text('file_type').notNull(),
    shopShortName: text('shop_short_name').notNull(),
    shopCompany: text('shop_company').notNull().default(''),
    shopUrl: text('shop_url').notNull().default(''),
    /** The store of the `market` price source; a deleted store leaves null and the next build fails with a clear reason. */
    marketId: integer('market_id').references(() => markets.id, { onDelete: 'set null' }),
    priceFromKop: bigint('price_from_kop', { mode: 'number' }),
    priceToKop: bigint('price_to_kop', { mode: 'number' }),
    /** Category ids (each with everything below it); empty = the whole catalogue. */
    categories: integer('categories')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    extraFields: jsonb('extra_fields').$type<FeedExtraField[]>().notNull().default([]),
    nameFormat: text('name_format').notNull().default('name'),
    priceSource: text('price_source').notNull().default('recommended'),
    markup: numeric('markup', { precision: 7, scale: 2, mode: 'number' }).notNull().default(0),
    intervalHours: smallint('interval_hours').notNull().default(1),
    /** queued | building | ready | error */
    status: text('status').notNull().default('queued'),
    productsCount: integer('products_count').notNull().default(0),
    fileBytes: bigint('file_bytes', { mode: 'number' }).notNull().default(0),
    /** The build whose file is published (its id names the ETag). */
    publishedBuildId: integer('published_build_id'),
    /** The build whose gzip copy ({token}.xml.gz) is ready; served only while it equals publishedBuildId. */
    gzipBuildId: integer('gzip_build_id'),
    lastGeneratedAt: ts('last_generated_at'),
    lastRequestedAt: ts('last_requested_at'),
    /** When the scheduler queues the next build. */
    nextBuildAt: ts('next_build_at').notNull().defaultNow(),
    /** The message key of the last build's failure (null when it went through). */
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('export_settings_token_uq').on(t.token),
    index('export_settings_user_idx').on(t.userId, t.id),
    index('export_settings_next_build_idx').on(t.nextBuildAt),
    index('export_settings_market_idx').on(t.marketId),
    check('export_settings_file_type_ck', sql`${t.fileType} IN ('yml', 'rozetka')`),
    check('export_settings_price_source_ck', sql`${t.priceSource} IN ('recommended', 'drop_markup', 'recommended_markup', 'market')`),
    check('export_settings_name_format_ck', sql`${t.nameFormat} IN ('name', 'name_vendor_code')`),
    check('export_settings_status_ck', sql`${t.status} IN ('queued', 'building', 'ready', 'error')`),
    check('export_settings_markup_ck', sql`${t.markup} >= 0 AND ${t.markup} <= 1000`),
    check('export_settings_name_ck', sql`char_length(${t.name}) BETWEEN 1 AND 100`),
  ],
);

export interface FeedWarningsSummary {
  counts: Record<string, number>;
  samples: { kind: string; offer_id: number; product_id: number; name: string }[];
}

/** One build of a feed (the history): started, finished, offers, bytes, warnings, error. */
export const exportBuilds = pgTable(
  'export_builds',
  {
    id: serial('id').primaryKey(),
    exportSettingId: integer('export_setting_id')
      .notNull()
      .references(() => exportSettings.id, { onDelete: 'cascade' }),
    trigger: text('trigger').notNull(),
    /** running | done | failed */
    status: text('status').notNull().default('running'),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    /** Offers written (updated while running: the progress). */
    offers: integer('offers').notNull().default(0),
    /** Offers the build goes through (known at its start). */
    total: integer('total'),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    warningsCount: integer('warnings_count').notNull().default(0),
    warnings: jsonb('warnings').$type<FeedWarningsSummary>().notNull().default({ counts: {}, samples: [] }),
    /** Message key of the failure. */
    error: text('error'),
  },
  (t) => [index('export_builds_setting_idx').on(t.exportSettingId, t.id), check('export_builds_status_ck', sql`${t.status} IN ('running', 'done', 'failed')`)],
);
