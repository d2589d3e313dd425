import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Category tree (roots, parents, leaves); products belong to any level, normally leaves. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    depth: smallint('depth').notNull().default(0),
    nameUk: text('name_uk').notNull(),
    nameRu: text('name_ru').notNull(),
    image: text('image'),
    icon: text('icon'),
    iconColor: text('icon_color'),
    sort: integer('sort').notNull().default(0),
    /** Precomputed: products in this category and below (refreshCatalogueStats). */
    productsCount: integer('products_count').notNull().default(0),
    /** 1C Ид of the group this category comes from (the 1C catalogue import), or null. */
    externalId: text('external_id'),
    /**
     * Not shown to resellers (neither the category nor its products) until the supplier publishes
     * it; the 1C import creates the unsorted category hidden (DESIGN.md section 8).
     */
    hidden: boolean('hidden').notNull().default(false),
    /** The one category for 1C goods without a group (created on demand); operators re-home its goods. */
    unsorted: boolean('unsorted').notNull().default(false),
    /**
     * The one category archived products live in (created on demand, hidden): everything that
     * leaves hidden categories out (catalogue, search, cart, orders, feeds) leaves them out too.
     */
    archive: boolean('archive').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('categories_parent_idx').on(t.parentId, t.sort),
    uniqueIndex('categories_external_id_uq').on(t.externalId),
    uniqueIndex('categories_unsorted_uq')
      .on(t.unsorted)
      .where(sql`unsorted`),
    uniqueIndex('categories_archive_uq')
      .on(t.archive)
      .where(sql`archive`),
  ],
);

export const analogueGroups = pgTable('analogue_groups', {
  id: serial('id').primaryKey(),
  name: text('name'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    b2bCodeId: integer('b2b_code_id').notNull(),
    codeId: integer('code_id').notNull(),
    vendorCode: text('vendor_code').notNull(),
    nameUk: text('name_uk').notNull(),
    nameRu: text('name_ru').notNull(),
    descriptionUk: text('description_uk').notNull().default(''),
    descriptionRu: text('description_ru').notNull().default(''),
    brand: text('brand'),
    /**
     * Category of the product and its ancestors (SPEC: parent_id, root_id): parent_id is the
     * second-level category at or above category_id (null for a product in a root), root_id the root.
     */
    categoryId: integer('category_id').notNull(),
    parentId: integer('parent_id'),
    rootId: integer('root_id').notNull(),
    dropKop: bigint('drop_kop', { mode: 'number' }).notNull(),
    oldDropKop: bigint('old_drop_kop', { mode: 'number' }),
    retailKop: bigint('retail_kop', { mode: 'number' }).notNull(),
    qty: integer('qty').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    inStock: boolean('in_stock').generatedAlwaysAs(sql`qty > 0`),
    inetPack: integer('inet_pack').notNull().default(1),
    inPack: integer('in_pack').notNull().default(1),
    isNew: boolean('is_new').notNull().default(false),
    hasImages: boolean('has_images').notNull().default(false),
    analogueGroupId: integer('analogue_group_id'),
    /** Denormalised property value ids for filtering (GIN); product_properties is the source. */
    propertyValueIds: integer('property_value_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /** Normalised search words (both languages, transliterated, codes); see search-normalize.ts. */
    searchText: text('search_text').notNull().default(''),
    searchTsv: tsvector('search_tsv').generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, search_text)`),
    /** 1C Ид of the good this product comes from (the 1C catalogue import), or null. */
    externalId: text('external_id'),
    /** Archived (never deleted: orders name it): moved into the archive category; null = live. */
    archivedAt: ts('archived_at'),
    /** The category it was archived from (restored on unarchive). */
    archivedFromCategoryId: integer('archived_from_category_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_b2b_code_uq').on(t.b2bCodeId),
    index('products_code_idx').on(t.codeId),
    index('products_vendor_code_idx').on(sql`lower(${t.vendorCode}) text_pattern_ops`),
    index('products_stock_id_idx').on(t.inStock.desc(), t.id.desc()),
    // products_category_idx, products_parent_idx, products_root_idx: (column, in_stock, id)
    // INCLUDE (drop_kop, property_value_ids), covering, in the custom migration 0003.
    index('products_specials_idx')
      .on(t.inStock.desc(), t.id.desc())
      .where(sql`old_drop_kop IS NOT NULL`),
    index('products_news_idx')
      .on(t.inStock.desc(), t.id.desc())
      .where(sql`is_new`),
    index('products_analogue_idx').on(t.analogueGroupId),
    index('products_props_gin').using('gin', t.propertyValueIds),
    index('products_search_gin').using('gin', t.searchTsv),
    uniqueIndex('products_external_id_uq').on(t.externalId),
    // The low-stock list (issue 29): live products by free stock.
    index('products_low_stock_idx')
      .on(t.qty, t.id)
      .where(sql`archived_at IS NULL`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sort: smallint('sort').notNull().default(0),
    original: text('original').notNull(),
    mediumCentered: text('medium_centered').notNull(),
    thumb: text('thumb').notNull(),
    /** Why a picture stored before issue 30 could not be converted into variants (missing file, not an image, too big). */
    variantError: text('variant_error'),
  },
  (t) => [
    index('product_images_product_idx').on(t.productId, t.sort),
    // Whether a stored picture is still in use (removal, the conversion of legacy paths) is asked by its original.
    index('product_images_original_idx').on(t.original),
    // Pictures stored before issue 30 (the bytes as they arrived), still to be converted into variants.
    index('product_images_legacy_idx')
      .on(t.id)
      .where(sql`original NOT LIKE 'pictures/%' AND original NOT LIKE 'demo/%' AND variant_error IS NULL`),
  ],
);

/** Runs of the background conversion of pictures stored before issue 30 into variants; the newest is shown to operators. */
export const pictureConversions = pgTable('picture_conversions', {
  id: serial('id').primaryKey(),
  /** running | done | failed (the run itself stopped; a picture that fails only counts in `failed`). */
  status: text('status').notNull().default('running'),
  /** Pictures (product pictures and category pictures) to convert when the run started. */
  total: integer('total').notNull().default(0),
  converted: integer('converted').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  lastError: text('last_error'),
  startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
  startedAt: ts('started_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
});

export const propertyTypes = pgTable(
  'property_types',
  {
    id: serial('id').primaryKey(),
    nameUk: text('name_uk').notNull(),
    nameRu: text('name_ru').notNull(),
    sort: integer('sort').notNull().default(0),
    /** 1C Ид of the property (the 1C catalogue import), or null. */
    externalId: text('external_id'),
  },
  (t) => [uniqueIndex('property_types_external_id_uq').on(t.externalId)],
);

export const propertyValues = pgTable(
  'property_values',
  {
    id: serial('id').primaryKey(),
    propertyTypeId: integer('property_type_id')
      .notNull()
      .references(() => propertyTypes.id, { onDelete: 'cascade' }),
    valueUk: text('value_uk').notNull(),
    valueRu: text('value_ru').notNull(),
    sort: integer('sort').notNull().default(0),
    /**
     * From the 1C import: the ИдЗначения of a dictionary value, or `<property Ид>|<value>` for a
     * string or number value; null otherwise. Unique per property, not across the catalogue: УТ 11
     * gives every boolean property the value ids `true` and `false`.
     */
    externalId: text('external_id'),
  },
  (t) => [index('property_values_type_idx').on(t.propertyTypeId), uniqueIndex('property_values_type_external_id_uq').on(t.propertyTypeId, t.externalId)],
);

export const productProperties = pgTable(
  'product_properties',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    propertyTypeId: integer('property_type_id').notNull(),
    propertyValueId: integer('property_value_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.propertyValueId] })],
);

/** Precomputed facet counts per category (all products below it), refreshed with the catalogue. */
export const categoryFacets = pgTable(
  'category_facets',
  {
    categoryId: integer('category_id').notNull(),
    propertyValueId: integer('property_value_id').notNull(),
    productsCount: integer('products_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.propertyValueId] })],
);

/** Distinct normalised words of the catalogue: the typo-tolerant search dictionary (trigram index). */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
    freq: integer('freq').notNull().default(0),
  },
  (t) => [index('search_terms_trgm').using('gin', t.term.op('gin_trgm_ops')), index('search_terms_prefix').on(sql`${t.term} COLLATE "C"`)],
);

export const favoriteProducts = pgTable(
  'favorite_products',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('favorite_products_user_product_uq').on(t.userId, t.productId)],
);

/** Back-in-stock subscriptions by the etalon code (code_id). */
export const productNotifications = pgTable(
  'product_notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeId: integer('code_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_notifications_user_code_uq').on(t.userId, t.codeId), index('product_notifications_code_idx').on(t.codeId)],
);

/**
 * Stock history (issue 29): one row per change of a product's qty (on hand, free to order) or
 * reserved, written by the trigger of migration 0023 from whatever changes them. The writer
 * names the source with `set_config('drop.stock_source', 'onec'|'operator'|'order'|'return', true)`
 * (and optionally drop.stock_order_id, drop.stock_actor_id, drop.stock_note) in the same
 * transaction; an unnamed change is recorded as 'operator'.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id').notNull(),
    source: text('source', { enum: ['onec', 'operator', 'order', 'return'] }).notNull(),
    qtyDelta: integer('qty_delta').notNull(),
    reservedDelta: integer('reserved_delta').notNull(),
    qtyAfter: integer('qty_after').notNull(),
    reservedAfter: integer('reserved_after').notNull(),
    orderId: integer('order_id'),
    actorId: integer('actor_id'),
    note: text('note'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('stock_movements_product_idx').on(t.productId, t.id)],
);
