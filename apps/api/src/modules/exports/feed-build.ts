/**
 * One build of a feed, end to end: read the setting, stream the offers to a temp file, replace
 * the published file atomically, record the build in the history, then make the gzip copy.
 *
 * Plain SQL through the drivers (no query builder), so that on PostgreSQL the build can run in
 * a small process of its own (feed-build.worker.ts) that loads nothing else of the API.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import {
  FEED_HISTORY_KEEP,
  feedPricingMarket,
  type FeedBuildError,
  type FeedBuildTrigger,
  type FeedFileType,
  type FeedNameFormat,
  type FeedPriceSource,
} from '@drop/shared/feeds';
import { catalogueDropBounds, RECOMMENDED_FLOOR_DEFAULT, type PricingMarket, type PricingUser } from '@drop/shared/pricing';
import type { Database } from '../../db/client.ts';
import { rawQuery } from '../../db/raw.ts';
import type { FeedExtraField, FeedWarningsSummary } from '../../db/schema/exports.ts';
import { FeedOut } from './feed-out.ts';
import { countFeedProducts, openFeedStream, PRODUCT_FIELDS, type FeedFilter } from './feed-source.ts';
import { FeedWriter, type FeedCategory, type FeedPropertyValue } from './feed-writer.ts';
import { int4 } from './copy-binary.ts';

/** The drivers only: a build never needs the query builder. */
export type FeedDb = Pick<Database, 'kind' | 'lite' | 'pool'>;

export interface FeedBuildEnv {
  database: FeedDb;
  /** Where published files live (DATA_DIR/feeds). */
  feedsDir: string;
  /** Absolute address of the portal (pictures). */
  publicUrl: string;
  /** How often the progress is written, in ms. */
  progressMs?: number;
  /** Gzip the published file (default true). */
  gzip?: boolean;
}

export interface FeedBuildResult {
  buildId: number;
  status: 'done' | 'failed';
  offers: number;
  bytes: number;
  warnings: number;
  error: FeedBuildError | null;
  /** Milliseconds from the start to the published file. */
  ms: number;
  /** Milliseconds the gzip copy took (after publishing). */
  gzipMs: number;
}

/** A failure that is the setting's, not the system's: recorded, not retried. */
class FeedRefused extends Error {
  readonly reason: FeedBuildError;

  constructor(reason: FeedBuildError) {
    super(reason);
    this.reason = reason;
  }
}

export const feedFileName = (token: string) => `${token}.xml`;
export const feedGzipName = (token: string) => `${token}.xml.gz`;

interface SettingRow {
  id: number;
  user_id: number;
  token: string;
  file_type: FeedFileType;
  shop_short_name: string;
  shop_company: string;
  shop_url: string;
  market_id: number | null;
  price_from_kop: number | string | null;
  price_to_kop: number | string | null;
  categories: number[];
  extra_fields: FeedExtraField[];
  name_format: FeedNameFormat;
  price_source: FeedPriceSource;
  markup: number | string;
  discount: number | string;
  is_verified: boolean;
  user_markup: number | string;
  is_drop_markup: boolean;
  /** The supplier's `enforce_recommended_price` (jsonb boolean), null when never set. */
  recommended_floor: boolean | null;
}

const num = (v: number | string | null): number | undefined => (v === null ? undefined : Number(v));

/**
 * Categories of the feed: everything below the chosen ones (for the products) and their ancestors too (for the tree).
 * Hidden categories (and everything below them) are not in a reseller's feed: neither in its tree nor its products.
 */
async function feedCategories(
  database: FeedDb,
  chosen: readonly number[],
): Promise<{ emit: FeedCategory[]; productCategories: number[] | null; hiddenCategories: number[] }> {
  const rows = await rawQuery<{ id: number; parent_id: number | null; name_uk: string; name_ru: string; hidden: boolean }>(
    database,
    'SELECT id, parent_id, name_uk, name_ru, hidden FROM categories ORDER BY sort, id',
  );
  const allRows = rows.map((r) => ({ id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), hidden: r.hidden === true }));
  const hiddenCategories = hiddenBelow(allRows);
  const flat = rows
    .filter((r) => !hiddenCategories.has(Number(r.id)))
    .map((r) => ({ id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), name: r.name_uk || r.name_ru }));
  const byId = new Map(flat.map((c) => [c.id, c]));
  const children = new Map<number, number[]>();
  for (const c of flat) if (c.parentId !== null && byId.has(c.parentId)) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c.id]);
  // Parents before their children (depth first, in the catalogue's order).
  const all: FeedCategory[] = [];
  const visit = (id: number) => {
    const c = byId.get(id)!;
    all.push(c.parentId !== null && !byId.has(c.parentId) ? { ...c, parentId: null } : c);
    for (const c of children.get(id) ?? []) visit(c);
  };
  for (const c of flat) if (c.parentId === null || !byId.has(c.parentId)) visit(c.id);
  const hiddenList = [...hiddenCategories].sort((a, b) => a - b);
  if (chosen.length === 0) return { emit: all, productCategories: null, hiddenCategories: hiddenList };
  const below = new Set<number>();
  const stack = chosen.filter((id) => byId.has(id));
  while (stack.length) {
    const id = stack.pop()!;
    if (below.has(id)) continue;
    below.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  const keep = new Set(below);
  for (const id of below) {
    let p = byId.get(id)?.parentId ?? null;
    while (p !== null && !keep.has(p)) {
      keep.add(p);
      p = byId.get(p)?.parentId ?? null;
    }
  }
  return { emit: all.filter((c) => keep.has(c.id)), productCategories: [...below].sort((a, b) => a - b), hiddenCategories: [] };
}

/** The hidden categories and every category below one. */
function hiddenBelow(rows: readonly { id: number; parentId: number | null; hidden: boolean }[]): Set<number> {
  const children = new Map<number, number[]>();
  for (const r of rows) if (r.parentId !== null) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  const out = new Set<number>();
  const stack = rows.filter((r) => r.hidden).map((r) => r.id);
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

async function loadProperties(database: FeedDb): Promise<Map<number, FeedPropertyValue>> {
  const rows = await rawQuery<{ id: number; type_uk: string; type_ru: string; value_uk: string; value_ru: string }>(
    database,
    'SELECT v.id, t.name_uk AS type_uk, t.name_ru AS type_ru, v.value_uk, v.value_ru FROM property_values v JOIN property_types t ON t.id = v.property_type_id',
  );
  return new Map(rows.map((r) => [Number(r.id), { typeName: r.type_uk || r.type_ru, value: r.value_uk || r.value_ru }]));
}

async function loadMarket(database: FeedDb, userId: number, marketId: number | null): Promise<PricingMarket | null> {
  if (marketId === null) return null;
  const rows = await rawQuery<{ base_type: number; base_markup: number | string; category_id: number | null; markup: number | string | null }>(
    database,
    `SELECT m.base_type, m.base_markup, c.category_id, c.markup
       FROM markets m LEFT JOIN market_category_markups c ON c.market_id = m.id
      WHERE m.id = $1 AND m.user_id = $2`,
    [marketId, userId],
  );
  const first = rows[0];
  if (!first) return null;
  const categoryMarkups = new Map<number, number>();
  for (const r of rows) if (r.category_id !== null && r.markup !== null) categoryMarkups.set(Number(r.category_id), Number(r.markup));
  return { baseType: Number(first.base_type), baseMarkup: Number(first.base_markup), categoryMarkups };
}

/**
 * Builds the feed `settingId`. Answers null when the setting no longer exists. A setting that
 * cannot be built as it stands (its store is gone, its owner lost verification) is recorded as
 * a failed build with the reason and answered normally; anything else is recorded and thrown,
 * so the job is retried.
 */
export async function runFeedBuild(env: FeedBuildEnv, settingId: number, trigger: FeedBuildTrigger): Promise<FeedBuildResult | null> {
  const { database, feedsDir } = env;
  const started = Date.now();
  const [setting] = await rawQuery<SettingRow>(
    database,
    `SELECT s.id, s.user_id, s.token, s.file_type, s.shop_short_name, s.shop_company, s.shop_url, s.market_id, s.price_from_kop, s.price_to_kop,
            s.categories, s.extra_fields, s.name_format, s.price_source, s.markup,
            u.discount, u.is_verified, u.markup AS user_markup, u.is_drop_markup,
            (SELECT (f.value)::boolean FROM supplier_settings f WHERE f.key = 'enforce_recommended_price') AS recommended_floor
       FROM export_settings s JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
    [settingId],
  );
  if (!setting) return null;

  // A build that died with its process (a crash, a deploy) is over: say so in the history.
  await rawQuery(
    database,
    `UPDATE export_builds SET status = 'failed', finished_at = now(), error = 'internal' WHERE export_setting_id = $1 AND status = 'running'`,
    [settingId],
  );
  const [build] = await rawQuery<{ id: number }>(
    database,
    `INSERT INTO export_builds (export_setting_id, trigger, status) VALUES ($1, $2, 'running') RETURNING id`,
    [settingId, trigger],
  );
  const buildId = Number(build!.id);
  await rawQuery(database, `UPDATE export_settings SET status = 'building' WHERE id = $1`, [settingId]);

  fs.mkdirSync(feedsDir, { recursive: true });
  const temp = path.join(feedsDir, `.${setting.token}.${buildId}.tmp`);
  const old = path.join(feedsDir, `.${setting.token}.${buildId}.old`);
  let warnings = 0;
  let offers = 0;
  try {
    const user: PricingUser = {
      discount: Number(setting.discount),
      isVerified: setting.is_verified,
      markup: Number(setting.user_markup),
      isDropMarkup: setting.is_drop_markup,
      // The supplier's price floor: a feed publishes only prices the cart accepts.
      recommendedFloor: setting.recommended_floor ?? RECOMMENDED_FLOOR_DEFAULT,
    };
    let market: PricingMarket | null = null;
    if (setting.price_source === 'market') {
      if (!user.isVerified) throw new FeedRefused('not_verified');
      market = await loadMarket(database, setting.user_id, setting.market_id);
      if (!market) throw new FeedRefused('market_missing');
    }
    const pricing = feedPricingMarket(setting.price_source, Number(setting.markup), market);
    const { emit, productCategories, hiddenCategories } = await feedCategories(database, setting.categories ?? []);
    const bounds = catalogueDropBounds(user, num(setting.price_from_kop), num(setting.price_to_kop));
    const filter: FeedFilter = bounds.empty
      ? { categoryIds: [] }
      : {
          categoryIds: productCategories,
          minDropKop: bounds.minKop,
          maxDropKop: bounds.maxKop,
          ...(hiddenCategories.length ? { excludeCategoryIds: hiddenCategories } : {}),
        };
    const total = await countFeedProducts(database, filter);
    await rawQuery(database, 'UPDATE export_builds SET total = $2 WHERE id = $1', [buildId, total]);

    const properties = await loadProperties(database);
    // No fsync: ext4 (auto_da_alloc) and most filesystems write a file's data before a rename over
    // another commits, and a feed lost to a power cut is rebuilt on schedule.
    const file = fs.createWriteStream(temp);
    const fileDone = new Promise<void>((resolve, reject) => {
      file.once('finish', resolve);
      file.once('error', reject);
    });
    const out = new FeedOut((chunk, release) => file.write(chunk, release));
    const writer = new FeedWriter(
      {
        fileType: setting.file_type,
        shop: { shortName: setting.shop_short_name, company: setting.shop_company, url: setting.shop_url },
        nameFormat: setting.name_format,
        user,
        pricing,
        pictureBase: `${env.publicUrl.replace(/\/+$/, '')}/storage/`,
        properties,
        extraFields: setting.extra_fields ?? [],
        date: new Date(),
      },
      out,
    );
    const stream = await openFeedStream(database, filter, out.arena());
    const progressMs = env.progressMs ?? 1000;
    let lastProgress = Date.now();
    const collect = (globalThis as { gc?: (o: { type: 'minor' | 'major' }) => void }).gc;
    let lastCollect = 0;
    try {
      writer.head(emit);
      for await (const t of stream.products) {
        await stream.pictures.fillTo(int4(t, (t.count - 1) * PRODUCT_FIELDS));
        for (let k = 0; k < t.count; k++) writer.offer(t, k, stream.pictures);
        offers += t.count;
        // Back-pressure: the database waits while the disk catches up.
        if (file.writableLength > 8 << 20) await once(file, 'drain');
        // In its own process (--expose-gc) the build sweeps the young generation every 16 MB of
        // output: the socket's chunk buffers die young but are external memory, which V8 lets
        // pile up to tens of MB between collections of its own.
        if (collect && out.size - lastCollect > 16 << 20) {
          lastCollect = out.size;
          collect({ type: 'minor' });
        }
        if (Date.now() - lastProgress >= progressMs) {
          lastProgress = Date.now();
          await rawQuery(database, 'UPDATE export_builds SET offers = $2, bytes = $3 WHERE id = $1', [buildId, offers, out.size]);
        }
      }
      writer.tail();
      out.flush();
    } finally {
      await stream.close();
    }
    file.end();
    await fileDone;
    const bytes = out.size;
    // The atomic replace: a download sees the old file or the new one, never half of one. The old
    // file keeps a second name meanwhile, so freeing its blocks happens after publishing, not in it.
    const published = path.join(feedsDir, feedFileName(setting.token));
    const kept = await fsp.link(published, old).then(
      () => true,
      () => false,
    );
    await fsp.rename(temp, published);

    ({ total: warnings } = writer.warnings);
    const summary: FeedWarningsSummary = { counts: writer.warnings.counts, samples: writer.warnings.samples };
    const updated = await rawQuery<{ id: number }>(
      database,
      `WITH b AS (
         UPDATE export_builds SET status = 'done', finished_at = now(), offers = $2, total = $2, bytes = $3, warnings_count = $4, warnings = $5::jsonb
          WHERE id = $1 RETURNING export_setting_id
       )
       UPDATE export_settings s
          SET status = CASE WHEN s.status = 'queued' THEN 'queued' ELSE 'ready' END,
              products_count = $2, file_bytes = $3, published_build_id = $1, last_generated_at = now(), last_error = NULL
         FROM b WHERE s.id = b.export_setting_id
       RETURNING s.id`,
      [buildId, offers, bytes, warnings, JSON.stringify(summary)],
    );
    const ms = Date.now() - started;
    if (kept) await fsp.rm(old, { force: true });
    if (updated.length === 0) {
      // Deleted while building: nothing to publish.
      await fsp.rm(path.join(feedsDir, feedFileName(setting.token)), { force: true });
      return { buildId, status: 'done', offers, bytes, warnings, error: null, ms, gzipMs: 0 };
    }
    await rawQuery(
      database,
      `DELETE FROM export_builds WHERE export_setting_id = $1 AND id NOT IN (SELECT id FROM export_builds WHERE export_setting_id = $1 ORDER BY id DESC LIMIT ${FEED_HISTORY_KEEP})`,
      [settingId],
    );
    const gzipMs = env.gzip === false ? 0 : await gzipCopy(env, setting.token, buildId);
    return { buildId, status: 'done', offers, bytes, warnings, error: null, ms, gzipMs };
  } catch (err) {
    await Promise.all([fsp.rm(temp, { force: true }), fsp.rm(old, { force: true })]);
    const reason: FeedBuildError = err instanceof FeedRefused ? err.reason : 'internal';
    await rawQuery(
      database,
      `WITH b AS (
         UPDATE export_builds SET status = 'failed', finished_at = now(), offers = $2, error = $3 WHERE id = $1 RETURNING export_setting_id
       )
       UPDATE export_settings s SET status = CASE WHEN s.status = 'queued' THEN 'queued' ELSE 'error' END, last_error = $3
         FROM b WHERE s.id = b.export_setting_id`,
      [buildId, offers, reason],
    ).catch(() => undefined);
    if (err instanceof FeedRefused) return { buildId, status: 'failed', offers, bytes: 0, warnings, error: reason, ms: Date.now() - started, gzipMs: 0 };
    throw err;
  }
}

/**
 * The gzip copy of the published file, swapped in atomically and served once it matches the
 * published build. Read through one reused buffer (each chunk is handed to zlib only after the
 * last one was consumed), so a big file does not leave a trail of buffers for the collector.
 */
async function gzipCopy(env: FeedBuildEnv, token: string, buildId: number): Promise<number> {
  const started = Date.now();
  const src = path.join(env.feedsDir, feedFileName(token));
  const temp = path.join(env.feedsDir, `.${token}.${buildId}.gz.tmp`);
  let input: fsp.FileHandle | null = null;
  try {
    input = await fsp.open(src, 'r');
    const gzip = zlib.createGzip({ level: 6, chunkSize: 64 << 10 });
    const written = pipeline(gzip, fs.createWriteStream(temp));
    const buf = Buffer.allocUnsafeSlow(1 << 20);
    const collect = (globalThis as { gc?: (o: { type: 'minor' | 'major' }) => void }).gc;
    let read = 0;
    try {
      for (;;) {
        const { bytesRead } = await input.read(buf, 0, buf.length, null);
        if (bytesRead === 0) break;
        // zlib's output chunks are external memory too (see the build loop).
        if (collect && (read += bytesRead) % (16 << 20) < bytesRead) collect({ type: 'minor' });
        await new Promise<void>((resolve, reject) => gzip.write(buf.subarray(0, bytesRead), (e) => (e ? reject(e) : resolve())));
      }
      gzip.end();
    } catch (err) {
      gzip.destroy(err as Error);
    }
    await written;
    const target = path.join(env.feedsDir, feedGzipName(token));
    await fsp.rename(temp, target);
    await rawQuery(env.database, 'UPDATE export_settings SET gzip_build_id = $2 WHERE token = $1 AND published_build_id = $2', [token, buildId]);
    // Deleted while the copy was made: the deletion removed its files before this one appeared.
    // (A deletion after this check removes the copy itself: it deletes the row, then the files.)
    if ((await rawQuery(env.database, 'SELECT 1 FROM export_settings WHERE token = $1', [token])).length === 0) await fsp.rm(target, { force: true });
  } catch {
    // A newer build replaced the file meanwhile, or the setting was deleted: that one makes its own copy.
    await fsp.rm(temp, { force: true });
  } finally {
    await input?.close();
  }
  return Date.now() - started;
}
