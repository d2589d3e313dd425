import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_FEEDS, uahToKop, type ExportSettingValues, type FeedBuildTrigger } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import type { FeedBuildJobData } from '../../jobs/queue.ts';
import type { AuthedCtx } from '../../lib/ctx.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { repeatEvery } from '../../lib/repeat.ts';
import { feedFileName, feedGzipName, runFeedBuild } from './feed-build.ts';
import { buildInProcess } from './feed-build.process.ts';
import { exportsRepo, type ExportBuildRow, type ExportSettingFields, type ExportSettingView } from './exports.repository.ts';

export const feedsDirOf = (deps: Pick<Deps, 'config'>) => path.join(deps.config.dataDir, 'feeds');

/** The input checked against the catalogue and the user's stores (422 on the field), as columns. */
async function fieldsOf(ctx: AuthedCtx, input: ExportSettingValues): Promise<ExportSettingFields> {
  const existing = await exportsRepo.existingCategoryIds(ctx.db, input.categories);
  // The index as sent, so the form can point at the entry.
  const missing = input.categories.findIndex((id) => !existing.has(id));
  if (missing >= 0) throw AppError.field(`categories.${missing}`, 'category_not_found');
  let marketId: number | null = null;
  if (input.price_source === 'market') {
    if (!ctx.user.isVerified) throw AppError.field('price_source', 'feed_market_not_verified');
    if (!(await exportsRepo.marketOwned(ctx.db, ctx.user.id, input.market_id!))) throw AppError.field('market_id', 'market_not_found');
    marketId = input.market_id!;
  }
  return {
    name: input.name,
    fileType: input.file_type,
    shopShortName: input.shop.short_name,
    shopCompany: input.shop.company,
    shopUrl: input.shop.url,
    marketId,
    priceFromKop: input.price_from === null || input.price_from === undefined ? null : uahToKop(input.price_from),
    priceToKop: input.price_to === null || input.price_to === undefined ? null : uahToKop(input.price_to),
    categories: [...new Set(input.categories)].sort((a, b) => a - b),
    extraFields: input.extra_fields,
    nameFormat: input.name_format,
    priceSource: input.price_source,
    markup: input.markup,
    intervalHours: input.interval_hours,
  };
}

/** Queues a build in the caller's transaction: it runs after the commit. */
const queueBuild = (ctx: Pick<AuthedCtx, 'deps'>, tx: Db, exportSettingId: number, trigger: FeedBuildTrigger) =>
  ctx.deps.queue.enqueue(tx, 'feed-build', { exportSettingId, trigger });

export function listExportSettings(ctx: AuthedCtx): Promise<ExportSettingView[]> {
  return exportsRepo.listOwned(ctx.db, ctx.user.id);
}

export async function getExportSetting(ctx: AuthedCtx, id: number): Promise<ExportSettingView> {
  const s = await exportsRepo.findOwned(ctx.db, ctx.user.id, id);
  if (!s) throw AppError.notFound();
  return s;
}

/** At most MAX_FEEDS per user, also under concurrent requests (the count runs under a lock on the user row). */
export async function createExportSetting(ctx: AuthedCtx, input: ExportSettingValues): Promise<ExportSettingView> {
  const fields = await fieldsOf(ctx, input);
  const id = await ctx.db.transaction(async (tx) => {
    await exportsRepo.lockUser(tx, ctx.user.id);
    if ((await exportsRepo.countOwned(tx, ctx.user.id)) >= MAX_FEEDS) throw AppError.business('FeedsLimit', 'feeds_limit');
    const newId = await exportsRepo.insert(tx, ctx.user.id, crypto.randomBytes(32).toString('base64url'), fields);
    await queueBuild(ctx, tx, newId, 'create');
    return newId;
  });
  return getExportSetting(ctx, id);
}

export async function updateExportSetting(ctx: AuthedCtx, id: number, input: ExportSettingValues): Promise<ExportSettingView> {
  const fields = await fieldsOf(ctx, input);
  await ctx.db.transaction(async (tx) => {
    if (!(await exportsRepo.updateOwned(tx, ctx.user.id, id, fields))) throw AppError.notFound();
    await queueBuild(ctx, tx, id, 'update');
  });
  return getExportSetting(ctx, id);
}

/** Rebuild now (the published file stays until the new one replaces it). */
export async function generateExportSetting(ctx: AuthedCtx, id: number): Promise<ExportSettingView> {
  await ctx.db.transaction(async (tx) => {
    if (!(await exportsRepo.markQueued(tx, ctx.user.id, id))) throw AppError.notFound();
    await queueBuild(ctx, tx, id, 'manual');
  });
  return getExportSetting(ctx, id);
}

/** Deletes the setting, its history and its published files (the address stops answering at once). */
export async function deleteExportSetting(ctx: AuthedCtx, id: number): Promise<void> {
  const token = await exportsRepo.deleteOwned(ctx.db, ctx.user.id, id);
  if (!token) throw AppError.notFound();
  const dir = feedsDirOf(ctx.deps);
  await Promise.all([fsp.rm(path.join(dir, feedFileName(token)), { force: true }), fsp.rm(path.join(dir, feedGzipName(token)), { force: true })]);
}

export async function exportHistory(ctx: AuthedCtx, id: number, page: number, perPage: number): Promise<{ rows: ExportBuildRow[]; total: number }> {
  await getExportSetting(ctx, id);
  const [rows, total] = await Promise.all([exportsRepo.builds(ctx.db, id, page, perPage), exportsRepo.countBuilds(ctx.db, id)]);
  return { rows, total };
}

// ---------------------------------------------------------------------------------------------
// Builds

/**
 * The feed-build job: on PostgreSQL in a child process (a million offers neither grow the
 * API's memory nor hold its event loop), on PGlite (one process owns the database) in this one.
 */
export async function runFeedBuildJob(deps: Deps, job: FeedBuildJobData, log: FastifyBaseLogger): Promise<void> {
  const result =
    deps.database.kind === 'postgres'
      ? await buildInProcess(
          { databaseUrl: deps.config.databaseUrl!, feedsDir: feedsDirOf(deps), publicUrl: deps.config.publicUrl, nodeEnv: deps.config.env },
          job.exportSettingId,
          job.trigger,
        )
      : await runFeedBuild({ database: deps.database, feedsDir: feedsDirOf(deps), publicUrl: deps.config.publicUrl }, job.exportSettingId, job.trigger);
  if (result) {
    const rss = 'maxRssKb' in result ? { maxRssKb: result.maxRssKb } : {};
    log.info(
      { feed: job.exportSettingId, build: result.buildId, status: result.status, offers: result.offers, bytes: result.bytes, ms: result.ms, ...rss },
      'feed built',
    );
  }
}

/** The supplier's recommended-price floor changed: feeds priced from the drop price are rebuilt at the next schedule tick. */
export const recommendedFloorChanged = (db: Db): Promise<number> => exportsRepo.dueNowForFloor(db);

const SCHEDULE_BATCH = 50;

/** Queues the builds that are due (each feed every interval_hours); safe with several API processes. */
export async function scheduleDueFeeds(deps: Deps): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const ids = await exportsRepo.takeDue(tx, SCHEDULE_BATCH);
    for (const id of ids) await deps.queue.enqueue(tx, 'feed-build', { exportSettingId: id, trigger: 'schedule' });
    return ids.length;
  });
}

export function startFeedScheduler(deps: Deps, log: FastifyBaseLogger, intervalMs: number): () => Promise<void> {
  return repeatEvery(intervalMs, async () => (await scheduleDueFeeds(deps)) === SCHEDULE_BATCH, log, 'feed schedule');
}

// ---------------------------------------------------------------------------------------------
// The public file

export interface PublishedFeed {
  settingId: number;
  name: string;
  file: fsp.FileHandle;
  size: number;
  mtime: Date;
  gzip: boolean;
}

/**
 * The published file of `token` (the gzip copy when the client takes gzip and it is the
 * current build's), opened: its stat and content stay together even if a build replaces it
 * meanwhile. `pending` when the feed exists but has no file yet; null when there is no such feed.
 */
export async function openPublishedFeed(deps: Deps, token: string, acceptsGzip: boolean): Promise<PublishedFeed | 'pending' | null> {
  const s = await exportsRepo.byToken(deps.db, token);
  if (!s) return null;
  if (s.publishedBuildId === null) return 'pending';
  const dir = feedsDirOf(deps);
  const useGzip = acceptsGzip && s.gzipBuildId === s.publishedBuildId;
  const tryOpen = async (name: string) => {
    try {
      return await fsp.open(path.join(dir, name), fs.constants.O_RDONLY);
    } catch {
      return null;
    }
  };
  let gzip = false;
  let file = useGzip ? await tryOpen(feedGzipName(token)) : null;
  if (file) gzip = true;
  else file = await tryOpen(feedFileName(token));
  if (!file) return 'pending';
  const st = await file.stat();
  void exportsRepo.touchRequested(deps.db, s.id).catch(() => undefined);
  return { settingId: s.id, name: s.name, file, size: st.size, mtime: st.mtime, gzip };
}
