import fsp from 'node:fs/promises';
import { mapLimit } from '../../lib/map-limit.ts';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PictureVariantError } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { storePicture, type PictureSet } from '../../lib/pictures.ts';
import { QUEUES, type PictureConversionJobData } from '../../jobs/queue.ts';
import { IMPORT_LOCK } from '../catalog/catalogue-lock.ts';
import { picturesRepo, type Converted } from './pictures.repository.ts';

/**
 * The background conversion of pictures stored before issue 30 (raw bytes at
 * `products/xx/<uuid>.<ext>` and `onec/xx/<sha256>.<ext>`) into the three variants of
 * lib/pictures.ts. One pg-boss job per slice of a run (the queue is stately: at most one
 * active in every process together, so two workers never convert at once):
 *
 *  - product pictures first, in batches by id (keyset on product_images_legacy_idx), then
 *    categories with a legacy picture (keyset by id);
 *  - each distinct legacy path of a batch is read, stored with storePicture (two at a time),
 *    then one short transaction per batch points every product picture, category and 1C mapping
 *    with that path at the variants; a path that cannot be converted marks its product pictures
 *    with variant_error (missing, not_image, too_big) and they keep being served as they were;
 *  - the legacy file is deleted after that commit once nothing refers to it;
 *  - both transactions take the 1C import's advisory lock, so they wait for an import in progress
 *    (which could otherwise take the old name between the check and the deletion, or deadlock on
 *    the rows both change) and hold it only for their few statements: the import is never kept
 *    waiting for more than that;
 *  - the run row (picture_conversions) gets the batch's counts every batch.
 *
 * The state is in the rows themselves (a converted picture is no longer legacy, a failed one
 * has its reason), so a job that dies is retried by pg-boss (heartbeat) and goes on where the
 * rows say, and a second run finds nothing. A slice stops after SLICE_MS and queues the next
 * slice of the same run, well within the job's expiry.
 */
export const CONVERSION_BATCH = 50;
export const CONVERSION_CONCURRENCY = 2;
const SLICE_MS = 5 * 60_000;
/** 1C pictures were taken up to 20 MB and uploads up to 10 MB: a bigger file is not one of them. */
export const LEGACY_MAX_BYTES = 25 * 1024 * 1024;
/** Where a legacy picture may be (checked before a path from the database reaches the disk). */
const LEGACY_PATH = /^(products|onec)\/[0-9a-f]{2}\/[0-9a-f-]{36,64}\.(jpe?g|png|webp|gif)$/;

type Outcome = { ok: true; set: PictureSet } | { ok: false; reason: PictureVariantError };

export interface ConversionOptions {
  /** Stop the slice after this long (at least one batch done) and queue the next one (tests shorten it). */
  sliceMs?: number;
  /** Rows per batch (tests make it small). */
  batch?: number;
}

async function convertOne(dataDir: string, legacy: string): Promise<Outcome> {
  if (!LEGACY_PATH.test(legacy)) return { ok: false, reason: 'missing' };
  const abs = path.join(dataDir, 'storage', legacy);
  const stat = await fsp.stat(abs).catch(() => null);
  if (!stat?.isFile()) return { ok: false, reason: 'missing' };
  if (stat.size > LEGACY_MAX_BYTES) return { ok: false, reason: 'too_big' };
  const bytes = await fsp.readFile(abs).catch(() => null);
  if (!bytes) return { ok: false, reason: 'missing' };
  const stored = await storePicture(dataDir, bytes);
  return stored.ok ? { ok: true, set: stored.picture } : { ok: false, reason: stored.reason };
}

/** Deletes the legacy files nothing refers to any more (under the 1C import's lock). */
async function deleteUnreferenced(db: Db, dataDir: string, paths: string[]): Promise<number> {
  if (paths.length === 0) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const still = await picturesRepo.referenced(tx, paths);
    let removed = 0;
    for (const rel of paths) {
      if (still.has(rel) || !LEGACY_PATH.test(rel)) continue;
      await fsp.rm(path.join(dataDir, 'storage', rel), { force: true });
      removed++;
    }
    return removed;
  });
}

const describe = (legacy: string, reason: PictureVariantError) => `${legacy}: ${reason}`;

/**
 * Converts one batch of distinct legacy paths: stores the variants, points the rows at them in
 * one transaction, marks the failures, deletes the files left unreferenced, adds to the run.
 */
async function convertBatch(deps: Deps, runId: number, paths: string[], failedCategories: Set<string>): Promise<void> {
  const { db } = deps;
  const dataDir = deps.config.dataDir;
  const outcomes = await mapLimit(paths, CONVERSION_CONCURRENCY, (legacy) => convertOne(dataDir, legacy));
  const converted: Converted[] = [];
  const failed: { legacy: string; reason: PictureVariantError }[] = [];
  outcomes.forEach((o, i) => (o.ok ? converted.push({ legacy: paths[i]!, ...o.set }) : failed.push({ legacy: paths[i]!, reason: o.reason })));
  // Under the 1C import's lock, held for milliseconds: an import holds its rows (product pictures,
  // 1C mappings) until it commits, and taking them in another order here could deadlock with it.
  const { done, marked } = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
    return { done: await picturesRepo.applyConverted(tx, converted), marked: await picturesRepo.markFailed(tx, failed) };
  });
  // A category has no column for the reason: its picture stays as it was, counted once per run.
  const categoryFails = failed.filter((f) => failedCategories.has(f.legacy)).length;
  await deleteUnreferenced(
    db,
    dataDir,
    converted.map((c) => c.legacy),
  );
  const last = failed.at(-1);
  await picturesRepo.addProgress(db, runId, done.images + done.categories, marked + categoryFails, last ? describe(last.legacy, last.reason) : null);
}

/** One slice of a run (the pg-boss handler of QUEUES.pictureConversion). */
export async function runPictureConversionJob(deps: Deps, job: PictureConversionJobData, log: FastifyBaseLogger, opts: ConversionOptions = {}): Promise<void> {
  const { db } = deps;
  const run = await picturesRepo.run(db, job.runId);
  if (!run || run.status !== 'running') return;
  const deadline = Date.now() + (opts.sliceMs ?? SLICE_MS);
  const started = Date.now();
  const batch = opts.batch ?? CONVERSION_BATCH;
  let pictures = 0;
  let batches = 0;
  const outOfTime = () => batches > 0 && Date.now() > deadline;
  try {
    // Product pictures: a failed one leaves the index (variant_error), a converted one too; the
    // keyset only keeps a slice from reading the same rows twice.
    let after = 0;
    for (;;) {
      if (outOfTime()) return await continueLater(deps, job, log);
      const rows = await picturesRepo.legacyImages(db, after, batch);
      if (rows.length === 0) break;
      after = rows.at(-1)!.id;
      const paths = [...new Set(rows.map((r) => r.original))];
      await convertBatch(deps, job.runId, paths, new Set());
      pictures += paths.length;
      batches++;
    }
    // Category pictures: one that fails stays legacy (no column for the reason), so the keyset
    // (from where this slice was told to start) takes each once.
    let afterCategory = job.afterCategory ?? 0;
    for (;;) {
      if (outOfTime()) return await continueLater(deps, { ...job, afterCategory }, log);
      const rows = await picturesRepo.legacyCategories(db, afterCategory, batch);
      if (rows.length === 0) break;
      afterCategory = rows.at(-1)!.id;
      const paths = [...new Set(rows.map((r) => r.image))];
      await convertBatch(deps, job.runId, paths, new Set(paths));
      pictures += paths.length;
      batches++;
    }
    await picturesRepo.finishRun(db, job.runId, 'done');
    log.info({ run: job.runId, pictures, seconds: (Date.now() - started) / 1000 }, 'picture conversion done');
  } catch (err) {
    // The run stops with the reason; the rows keep what was done, and a new run goes on from there.
    log.error({ err, run: job.runId }, 'picture conversion failed');
    await picturesRepo.finishRun(db, job.runId, 'failed', (err as Error).message.slice(0, 500)).catch(() => undefined);
  }
}

async function continueLater(deps: Deps, job: PictureConversionJobData, log: FastifyBaseLogger): Promise<void> {
  log.info({ run: job.runId }, 'picture conversion: next slice');
  await deps.queue.enqueue(deps.db, QUEUES.pictureConversion, job);
}
