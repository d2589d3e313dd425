import { sql, type SQL } from 'drizzle-orm';
import type { PictureConversionStatus, PictureVariantError } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import type { PictureSet } from '../../lib/pictures.ts';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const p = (v: unknown) => sql.param(v);
/** int8 and count come back as number from PGlite and as string from pg. */
const num = (v: unknown) => Number(v ?? 0);

/**
 * Product pictures stored before issue 30 and not yet converted: the predicate of the partial
 * index product_images_legacy_idx (migration 0026), written the same way so the planner uses it.
 */
const LEGACY_IMAGE = sql.raw(`original NOT LIKE 'pictures/%' AND original NOT LIKE 'demo/%' AND variant_error IS NULL`);
/** A category picture stored before issue 30 (uploads and 1C); demo pictures are drawn on request. */
const LEGACY_CATEGORY = sql.raw(`(image LIKE 'products/%' OR image LIKE 'onec/%')`);

export interface RunRow {
  id: number;
  status: PictureConversionStatus;
  total: number;
  converted: number;
  failed: number;
  last_error: string | null;
  started_by: number | null;
  started_by_name: string | null;
  started_at: string | Date;
  updated_at: string | Date;
  finished_at: string | Date | null;
}

/** A converted legacy path and its three variants. */
export interface Converted extends PictureSet {
  legacy: string;
}

const RUN_COLUMNS = sql.raw(
  `r.id, r.status, r.total, r.converted, r.failed, r.last_error, r.started_by, u.name AS started_by_name, r.started_at, r.updated_at, r.finished_at`,
);

async function runWhere(db: Db, where: SQL): Promise<RunRow | null> {
  const [row] = rowsOf<RunRow>(
    await db.execute(sql`SELECT ${RUN_COLUMNS} FROM picture_conversions r LEFT JOIN users u ON u.id = r.started_by WHERE ${where} ORDER BY r.id DESC LIMIT 1`),
  );
  return row ?? null;
}

export const picturesRepo = {
  newestRun: (db: Db) => runWhere(db, sql`true`),
  run: (db: Db, id: number) => runWhere(db, sql`r.id = ${id}`),
  runningRun: (db: Db) => runWhere(db, sql`r.status = 'running'`),

  async createRun(tx: Db, total: number, startedBy: number | null): Promise<number> {
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`INSERT INTO picture_conversions (status, total, started_by) VALUES ('running', ${total}, ${startedBy}) RETURNING id`),
    );
    return row!.id;
  },

  /** Adds one batch's outcome to the run (and says it is alive). */
  async addProgress(db: Db, id: number, converted: number, failed: number, lastError: string | null): Promise<void> {
    await db.execute(sql`UPDATE picture_conversions SET converted = converted + ${converted}, failed = failed + ${failed},
      last_error = coalesce(${lastError}, last_error), updated_at = now() WHERE id = ${id}`);
  },

  async finishRun(db: Db, id: number, status: 'done' | 'failed', lastError: string | null = null): Promise<void> {
    await db.execute(sql`UPDATE picture_conversions SET status = ${status}, last_error = coalesce(${lastError}, last_error), updated_at = now(), finished_at = now()
      WHERE id = ${id} AND status = 'running'`);
  },

  /** Legacy product pictures and legacy category pictures still to convert. */
  async pending(db: Db): Promise<number> {
    const split = await picturesRepo.pendingSplit(db);
    return split.images + split.categories;
  },

  async pendingSplit(db: Db): Promise<{ images: number; categories: number }> {
    const [row] = rowsOf<{ images: unknown; categories: unknown }>(
      await db.execute(
        sql`SELECT (SELECT count(*) FROM product_images WHERE ${LEGACY_IMAGE}) AS images, (SELECT count(*) FROM categories WHERE ${LEGACY_CATEGORY}) AS categories`,
      ),
    );
    return { images: num(row?.images), categories: num(row?.categories) };
  },

  /** Product pictures that could not be converted, by reason. */
  async failedByReason(db: Db): Promise<Record<PictureVariantError, number>> {
    const out: Record<PictureVariantError, number> = { missing: 0, not_image: 0, too_big: 0 };
    for (const r of rowsOf<{ reason: string; n: unknown }>(
      await db.execute(sql`SELECT variant_error AS reason, count(*) AS n FROM product_images WHERE variant_error IS NOT NULL GROUP BY 1`),
    )) {
      if (r.reason in out) out[r.reason as PictureVariantError] += num(r.n);
      else out.not_image += num(r.n);
    }
    return out;
  },

  /** Forgets why pictures failed, so the next run tries them again; answers how many. */
  async clearFailed(tx: Db): Promise<number> {
    return rowsOf<{ id: number }>(await tx.execute(sql`UPDATE product_images SET variant_error = NULL WHERE variant_error IS NOT NULL RETURNING id`)).length;
  },

  /** The next legacy product pictures after `afterId` (keyset on the partial index). */
  legacyImages: (db: Db, afterId: number, limit: number) =>
    db
      .execute(sql`SELECT id, original FROM product_images WHERE ${LEGACY_IMAGE} AND id > ${afterId} ORDER BY id LIMIT ${limit}`)
      .then((r) => rowsOf<{ id: number; original: string }>(r)),

  /** The next categories with a legacy picture after `afterId`. */
  legacyCategories: (db: Db, afterId: number, limit: number) =>
    db
      .execute(sql`SELECT id, image FROM categories WHERE ${LEGACY_CATEGORY} AND id > ${afterId} ORDER BY id LIMIT ${limit}`)
      .then((r) => rowsOf<{ id: number; image: string }>(r)),

  /**
   * Points everything that refers to each legacy path at its variants: product pictures (the
   * three columns), category pictures (medium_centered), 1C picture mappings (the new original,
   * so a changes package that does not resend a picture keeps the converted one). Run in one
   * short transaction per batch. Answers the rows changed (product pictures, categories).
   */
  async applyConverted(tx: Db, list: Converted[]): Promise<{ images: number; categories: number }> {
    if (list.length === 0) return { images: 0, categories: 0 };
    const legacy = p(list.map((c) => c.legacy));
    const images = rowsOf<{ id: number }>(
      await tx.execute(sql`UPDATE product_images i SET original = m.o, medium_centered = m.m, thumb = m.t, variant_error = NULL
        FROM unnest(${legacy}::text[], ${p(list.map((c) => c.original))}::text[], ${p(list.map((c) => c.mediumCentered))}::text[], ${p(list.map((c) => c.thumb))}::text[]) AS m(l, o, m, t)
        WHERE i.original = m.l
        RETURNING i.id`),
    ).length;
    // Every statement on categories tells each API process to forget the whole catalogue (migration
    // 0011's statement trigger), so the update runs only when a category has one of these pictures.
    let cats = 0;
    const inCategories = rowsOf<{ n: unknown }>(await tx.execute(sql`SELECT count(*) AS n FROM categories WHERE image = ANY(${legacy}::text[])`))[0];
    if (num(inCategories?.n) > 0) {
      cats = rowsOf<{ id: number }>(
        await tx.execute(
          sql`UPDATE categories c SET image = m.m FROM unnest(${legacy}::text[], ${p(list.map((c) => c.mediumCentered))}::text[]) AS m(l, m) WHERE c.image = m.l RETURNING c.id`,
        ),
      ).length;
    }
    await tx.execute(sql`UPDATE onec_external_ids x SET name = m.o, updated_at = now()
      FROM unnest(${legacy}::text[], ${p(list.map((c) => c.original))}::text[]) AS m(l, o)
      WHERE x.kind = 'picture' AND x.name = m.l`);
    return { images, categories: cats };
  },

  /** Marks the legacy product pictures at these paths as not convertible; answers the rows marked. */
  async markFailed(db: Db, failed: { legacy: string; reason: PictureVariantError }[]): Promise<number> {
    if (failed.length === 0) return 0;
    return rowsOf<{ id: number }>(
      await db.execute(sql`UPDATE product_images i SET variant_error = m.r
        FROM unnest(${p(failed.map((f) => f.legacy))}::text[], ${p(failed.map((f) => f.reason))}::text[]) AS m(l, r)
        WHERE i.original = m.l AND i.variant_error IS NULL
        RETURNING i.id`),
    ).length;
  },

  /** Of these paths, the ones something still refers to (a product picture, a category, a 1C mapping). */
  async referenced(tx: Db, paths: string[]): Promise<Set<string>> {
    if (paths.length === 0) return new Set();
    const list = p(paths);
    const wanted = new Set(paths);
    // Product pictures by their original (product_images_original_idx; a legacy row has one path in all three columns);
    // categories and 1C mappings are small.
    const rows = rowsOf<{ a: string | null; b: string | null; c: string | null }>(
      await tx.execute(sql`SELECT original AS a, medium_centered AS b, thumb AS c FROM product_images WHERE original = ANY(${list}::text[])
        UNION ALL SELECT image, NULL, NULL FROM categories WHERE image = ANY(${list}::text[])
        UNION ALL SELECT name, NULL, NULL FROM onec_external_ids WHERE kind = 'picture' AND name = ANY(${list}::text[])`),
    );
    const out = new Set<string>();
    for (const r of rows) for (const v of [r.a, r.b, r.c]) if (v && wanted.has(v)) out.add(v);
    return out;
  },
};
