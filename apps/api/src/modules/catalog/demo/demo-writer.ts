import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { rawQuery } from '../../../db/raw.ts';
import { refreshCatalogueStats } from '../catalogue-stats.ts';
import { searchText } from '../search-normalize.ts';
import type { DemoCatalogue, DemoProductRow } from './demo-types.ts';
import type { DemoPhotoPool } from './demo-photos.ts';

export interface LoadDemoOptions {
  seed?: number;
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
  /** Called when a phase of the load ends (for timing output). */
  onPhase?: (phase: string) => void;
  /**
   * DATA_DIR: products then show the photographic pool of demo-photos.ts, put into its storage
   * (drawn once per machine, then copied from the machine's cache). Without it, or with
   * `pictures: false`, products get their SVGs drawn on request.
   */
  dataDir?: string;
  pictures?: boolean;
}

/** Tables the demo catalogue owns; emptied by `replaceCatalogue`. */
const CATALOGUE_TABLES = [
  'favorite_products',
  'cart_lines',
  'market_category_markups',
  'product_properties',
  'product_images',
  'category_facets',
  'search_terms',
  'products',
  'analogue_groups',
  'property_values',
  'property_types',
  'categories',
];

const BULK_THRESHOLD = 100_000;
const BULK_TABLES = ['products', 'product_images', 'product_properties'];

/** Drops the non-constraint indexes of the bulk tables and returns their definitions. */
async function dropSecondaryIndexes(database: Database): Promise<string[]> {
  const rows = await rawQuery<{ indexname: string; indexdef: string }>(
    database,
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
     WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [BULK_TABLES],
  );
  for (const r of rows) await rawQuery(database, `DROP INDEX IF EXISTS "${r.indexname.replace(/"/g, '')}"`);
  return rows.map((r) => r.indexdef);
}

/** Drops a table's primary key for a bulk load; returns the statement that restores it. */
async function dropPrimaryKey(database: Database, table: string): Promise<string[]> {
  const rows = await rawQuery<{ conname: string; def: string }>(
    database,
    `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'p'`,
    [table],
  );
  for (const r of rows) await rawQuery(database, `ALTER TABLE ${table} DROP CONSTRAINT "${r.conname.replace(/"/g, '')}"`);
  return rows.map((r) => `ALTER TABLE ${table} ADD CONSTRAINT "${r.conname.replace(/"/g, '')}" ${r.def}`);
}

/** Rebuilds the dropped indexes, several at once on separate connections. */
async function recreateIndexes(database: Database, defs: string[]): Promise<void> {
  const pool = database.pool;
  if (!pool) {
    for (const d of defs) await rawQuery(database, d);
    return;
  }
  const queue = [...defs];
  const worker = async () => {
    const client = await pool.connect();
    try {
      await client.query(`SET maintenance_work_mem = '256MB'`);
      for (let d = queue.shift(); d !== undefined; d = queue.shift()) await client.query(d);
    } finally {
      client.release();
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

export async function catalogueSize(database: Database): Promise<number> {
  const [row] = await rawQuery<{ n: number | string }>(database, 'SELECT count(*)::int AS n FROM products');
  return Number(row?.n ?? 0);
}

export async function clearCatalogue(database: Database): Promise<void> {
  // Orders stay: their lines keep the names, codes and prices they were placed with, and lose only
  // their link to the product. TRUNCATE refuses a table another one references, so the link's
  // constraint is set aside for it, in the same transaction.
  const statements = [
    'UPDATE order_lines SET product_id = NULL WHERE product_id IS NOT NULL',
    'ALTER TABLE order_lines DROP CONSTRAINT IF EXISTS order_lines_product_id_products_id_fk',
    `TRUNCATE ${CATALOGUE_TABLES.join(', ')} RESTART IDENTITY`,
    'ALTER TABLE order_lines ADD CONSTRAINT order_lines_product_id_products_id_fk FOREIGN KEY (product_id) REFERENCES products(id) ON DELETE SET NULL',
  ];
  if (database.lite)
    await database.lite.transaction(async (tx) => {
      for (const s of statements) await tx.query(s);
    });
  else if (database.pool) {
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      for (const s of statements) await client.query(s);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    } finally {
      client.release();
    }
  }
}

/**
 * The searchable words of a product: both names, the brand and its other spellings. Codes are
 * matched exactly (or by vendor-code prefix) by their own indexes, not through the words.
 */
export function productSearchText(p: Pick<DemoProductRow, 'nameUk' | 'nameRu' | 'brand' | 'brandAliases'>): string {
  return searchText(p.nameUk, p.nameRu, p.brand, ...p.brandAliases);
}

/**
 * Writes a generated catalogue of `count` products into an empty catalogue (same ids for the
 * same seed), then the precomputed counts and the search dictionary. Works on PGlite and
 * PostgreSQL alike: rows go in batches as array parameters through unnest().
 */
export async function loadDemoCatalogue(database: Database, count: number, opts: LoadDemoOptions = {}): Promise<{ pool: DemoPhotoPool | null }> {
  // Loaded on demand: the vocabulary and the drawing are only needed when a catalogue is generated.
  const { generateDemoCatalogue } = await import('./demo-generator.ts');
  const seed = opts.seed ?? 1;
  let pool: DemoPhotoPool | null = null;
  if (opts.dataDir !== undefined && opts.pictures !== false && count > 0) {
    const { installDemoPhotos } = await import('./demo-photos.ts');
    pool = await installDemoPhotos(opts.dataDir, { seed });
    opts.onPhase?.(pool.drawn ? `pictures (${pool.photos.length} photos drawn and stored)` : `pictures (${pool.photos.length} photos copied)`);
  }
  const pictures = pool?.photos.map(({ original, mediumCentered, thumb }) => ({ original, mediumCentered, thumb }));
  await writeCatalogue(database, generateDemoCatalogue(count, seed, pictures), count, opts);
  return { pool };
}

/** Writes a catalogue (generated, or a test fixture of the same shape) into an empty catalogue. */
export async function writeCatalogue(database: Database, cat: DemoCatalogue, count: number, opts: LoadDemoOptions = {}): Promise<void> {
  const batchSize = opts.batchSize ?? 5000;
  const q = (text: string, params: unknown[] = []) => rawQuery(database, text, params);

  const c = cat.categories;
  await q(
    `INSERT INTO categories (id, parent_id, depth, name_uk, name_ru, image, icon, icon_color, sort)
     SELECT * FROM unnest($1::int[], $2::int[], $3::smallint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[])`,
    [
      c.map((r) => r.id),
      c.map((r) => r.parentId),
      c.map((r) => r.depth),
      c.map((r) => r.nameUk),
      c.map((r) => r.nameRu),
      c.map((r) => r.image),
      c.map((r) => r.icon),
      c.map((r) => r.iconColor),
      c.map((r) => r.sort),
    ],
  );
  const t = cat.propertyTypes;
  await q(`INSERT INTO property_types (id, name_uk, name_ru, sort) SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[])`, [
    t.map((r) => r.id),
    t.map((r) => r.nameUk),
    t.map((r) => r.nameRu),
    t.map((r) => r.sort),
  ]);
  const v = cat.propertyValues;
  await q(
    `INSERT INTO property_values (id, property_type_id, value_uk, value_ru, sort) SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::int[])`,
    [v.map((r) => r.id), v.map((r) => r.propertyTypeId), v.map((r) => r.valueUk), v.map((r) => r.valueRu), v.map((r) => r.sort)],
  );
  if (cat.analogueGroups > 0) await q(`INSERT INTO analogue_groups (id) SELECT generate_series(1, $1::int)`, [cat.analogueGroups]);

  // Bulk loads on PostgreSQL: secondary indexes are built once at the end, batches go in parallel.
  const bulk = database.pool !== undefined && count >= BULK_THRESHOLD;
  const dropped = bulk ? await dropSecondaryIndexes(database) : [];
  if (bulk) dropped.push(...(await dropPrimaryKey(database, 'product_properties')));
  const inFlight = new Set<Promise<void>>();
  const maxInFlight = database.pool ? 4 : 1;

  let batch: DemoProductRow[] = [];
  let done = 0;
  const write = async (b: DemoProductRow[]) => {
    await q(
      `INSERT INTO products (id, b2b_code_id, code_id, vendor_code, name_uk, name_ru, description_uk, description_ru, brand,
         category_id, parent_id, root_id, drop_kop, old_drop_kop, retail_kop, qty, reserved, inet_pack, in_pack, is_new,
         has_images, analogue_group_id, property_value_ids, search_text)
       SELECT u.id, u.b2b, u.code, u.vc, u.nuk, u.nru, u.duk, u.dru, u.brand, u.cat, u.par, u.root, u.dk, u.odk, u.rk, u.qty, u.res,
         u.ip, u.inp, u.isnew, u.hasimg, u.ag, string_to_array(u.pv, ',')::int[], u.st
       FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
         $10::int[], $11::int[], $12::int[], $13::bigint[], $14::bigint[], $15::bigint[], $16::int[], $17::int[], $18::int[],
         $19::int[], $20::bool[], $21::bool[], $22::int[], $23::text[], $24::text[])
         AS u(id, b2b, code, vc, nuk, nru, duk, dru, brand, cat, par, root, dk, odk, rk, qty, res, ip, inp, isnew, hasimg, ag, pv, st)`,
      [
        b.map((p) => p.id),
        b.map((p) => p.b2bCodeId),
        b.map((p) => p.codeId),
        b.map((p) => p.vendorCode),
        b.map((p) => p.nameUk),
        b.map((p) => p.nameRu),
        b.map((p) => p.descriptionUk),
        b.map((p) => p.descriptionRu),
        b.map((p) => p.brand),
        b.map((p) => p.categoryId),
        b.map((p) => p.parentId),
        b.map((p) => p.rootId),
        b.map((p) => p.dropKop),
        b.map((p) => p.oldDropKop),
        b.map((p) => p.retailKop),
        b.map((p) => p.qty),
        b.map((p) => p.reserved),
        b.map((p) => p.inetPack),
        b.map((p) => p.inPack),
        b.map((p) => p.isNew),
        b.map((p) => p.images.length > 0),
        b.map((p) => p.analogueGroupId),
        b.map((p) => p.propertyValueIds.join(',')),
        b.map((p) => productSearchText(p)),
      ],
    );
    const img = { pid: [] as number[], sort: [] as number[], o: [] as string[], m: [] as string[], t: [] as string[] };
    for (const p of b) {
      p.images.forEach((im, i) => {
        img.pid.push(p.id);
        img.sort.push(i);
        img.o.push(im.original);
        img.m.push(im.mediumCentered);
        img.t.push(im.thumb);
      });
    }
    if (img.pid.length > 0) {
      await q(
        `INSERT INTO product_images (product_id, sort, original, medium_centered, thumb)
         SELECT * FROM unnest($1::int[], $2::smallint[], $3::text[], $4::text[], $5::text[])`,
        [img.pid, img.sort, img.o, img.m, img.t],
      );
    }
    done += b.length;
    opts.onProgress?.(done, count);
  };
  const flush = async () => {
    if (batch.length === 0) return;
    const p = write(batch).finally(() => inFlight.delete(p));
    batch = [];
    inFlight.add(p);
    if (inFlight.size >= maxInFlight) await Promise.race(inFlight);
  };
  try {
    for (const p of cat.products()) {
      batch.push(p);
      if (batch.length >= batchSize) await flush();
    }
    await flush();
    await Promise.all(inFlight);

    opts.onPhase?.('products and images');
    await q(`INSERT INTO product_properties (product_id, property_type_id, property_value_id)
             SELECT p.id, pv.property_type_id, pv.id FROM products p CROSS JOIN LATERAL unnest(p.property_value_ids) AS v(id)
             JOIN property_values pv ON pv.id = v.id`);
    for (const table of ['categories', 'property_types', 'property_values', 'analogue_groups', 'products', 'product_images']) {
      await q(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), greatest((SELECT max(id) FROM ${table}), 1))`);
    }
    opts.onPhase?.('product properties');
  } finally {
    // Indexes come back even when the load fails, so the schema stays as migrated.
    await Promise.allSettled(inFlight);
    if (dropped.length > 0) {
      await recreateIndexes(database, dropped);
      opts.onPhase?.('indexes');
    }
  }
  await refreshCatalogueStats(database.db);
  opts.onPhase?.('counts, facets, search dictionary');
  // VACUUM sets the visibility map, so category listings are answered from the covering indexes.
  await database.db.execute(sql`VACUUM (ANALYZE) products, product_images, product_properties, category_facets, search_terms, categories`);
  opts.onPhase?.('analyze');
}
