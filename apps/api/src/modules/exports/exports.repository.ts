import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { existingCategoryIds, lockUserRow } from '../../db/shared-queries.ts';
import { exportBuilds, exportSettings, markets } from '../../db/schema/index.ts';

export type ExportSettingRow = typeof exportSettings.$inferSelect;
export type ExportBuildRow = typeof exportBuilds.$inferSelect;
export type ExportSettingFields = Pick<
  ExportSettingRow,
  | 'name'
  | 'fileType'
  | 'shopShortName'
  | 'shopCompany'
  | 'shopUrl'
  | 'marketId'
  | 'priceFromKop'
  | 'priceToKop'
  | 'categories'
  | 'extraFields'
  | 'nameFormat'
  | 'priceSource'
  | 'markup'
  | 'intervalHours'
>;
/** A setting with its store's name and the build in progress. */
export interface ExportSettingView extends ExportSettingRow {
  marketName: string | null;
  running: ExportBuildRow | null;
}

const viewColumns = { setting: exportSettings, marketName: markets.name };

/** Drizzle only; every query on a setting names its owner, so another user's id matches nothing. */
export const exportsRepo = {
  lockUser: lockUserRow,
  /** The user's feeds, oldest first, with their store names and running builds (two queries). */
  listOwned: async (db: Db, userId: number): Promise<ExportSettingView[]> => {
    const rows = await db
      .select(viewColumns)
      .from(exportSettings)
      .leftJoin(markets, eq(markets.id, exportSettings.marketId))
      .where(eq(exportSettings.userId, userId))
      .orderBy(asc(exportSettings.id));
    return withRunning(db, rows);
  },
  findOwned: async (db: Db, userId: number, id: number): Promise<ExportSettingView | undefined> => {
    const rows = await db
      .select(viewColumns)
      .from(exportSettings)
      .leftJoin(markets, eq(markets.id, exportSettings.marketId))
      .where(and(eq(exportSettings.id, id), eq(exportSettings.userId, userId)));
    return (await withRunning(db, rows))[0];
  },
  countOwned: (db: Db, userId: number) =>
    db
      .select({ n: count() })
      .from(exportSettings)
      .where(eq(exportSettings.userId, userId))
      .then((r) => Number(r[0]?.n ?? 0)),
  insert: (db: Db, userId: number, token: string, fields: ExportSettingFields) =>
    db
      .insert(exportSettings)
      .values({ userId, token, ...fields, status: 'queued', nextBuildAt: sql`now() + make_interval(hours => ${fields.intervalHours})` })
      .returning({ id: exportSettings.id })
      .then((r) => r[0]!.id),
  /** Owner in the WHERE: another user's id updates nothing (false). The next scheduled build moves with the change. */
  updateOwned: (db: Db, userId: number, id: number, fields: ExportSettingFields) =>
    db
      .update(exportSettings)
      .set({ ...fields, status: 'queued', updatedAt: new Date(), nextBuildAt: sql`now() + make_interval(hours => ${fields.intervalHours})` })
      .where(and(eq(exportSettings.id, id), eq(exportSettings.userId, userId)))
      .returning({ id: exportSettings.id })
      .then((r) => r.length > 0),
  /** A build asked for by hand: queued, and the schedule counts from now. */
  markQueued: (db: Db, userId: number, id: number) =>
    db
      .update(exportSettings)
      .set({ status: 'queued', nextBuildAt: sql`now() + make_interval(hours => ${exportSettings.intervalHours})` })
      .where(and(eq(exportSettings.id, id), eq(exportSettings.userId, userId)))
      .returning({ id: exportSettings.id })
      .then((r) => r.length > 0),
  deleteOwned: (db: Db, userId: number, id: number) =>
    db
      .delete(exportSettings)
      .where(and(eq(exportSettings.id, id), eq(exportSettings.userId, userId)))
      .returning({ token: exportSettings.token })
      .then((r) => r[0]?.token),
  builds: (db: Db, settingId: number, page: number, perPage: number) =>
    db
      .select()
      .from(exportBuilds)
      .where(eq(exportBuilds.exportSettingId, settingId))
      .orderBy(desc(exportBuilds.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  countBuilds: (db: Db, settingId: number) =>
    db
      .select({ n: count() })
      .from(exportBuilds)
      .where(eq(exportBuilds.exportSettingId, settingId))
      .then((r) => Number(r[0]?.n ?? 0)),
  existingCategoryIds,
  marketOwned: (db: Db, userId: number, id: number) =>
    db
      .select({ id: markets.id })
      .from(markets)
      .where(and(eq(markets.id, id), eq(markets.userId, userId)))
      .then((r) => r[0]),
  /** Feeds due a scheduled build: moved to their next slot under a row lock other processes skip. */
  /**
   * Makes the feeds priced from the drop price (drop + markup, a store) due now: the supplier's
   * recommended-price floor changed their prices. The scheduler builds them in its batches.
   */
  dueNowForFloor: async (db: Db): Promise<number> => {
    const rows = await db
      .update(exportSettings)
      .set({ nextBuildAt: sql`now()` })
      .where(and(inArray(exportSettings.priceSource, ['drop_markup', 'market']), sql`${exportSettings.nextBuildAt} > now()`))
      .returning({ id: exportSettings.id });
    return rows.length;
  },
  takeDue: async (db: Db, limit: number): Promise<number[]> => {
    const due = await db
      .select({ id: exportSettings.id })
      .from(exportSettings)
      .where(lte(exportSettings.nextBuildAt, sql`now()`))
      .orderBy(asc(exportSettings.nextBuildAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((d) => d.id);
    await db
      .update(exportSettings)
      .set({ nextBuildAt: sql`now() + make_interval(hours => ${exportSettings.intervalHours})` })
      .where(inArray(exportSettings.id, ids));
    return ids;
  },
  byToken: (db: Db, token: string) =>
    db
      .select({
        id: exportSettings.id,
        token: exportSettings.token,
        name: exportSettings.name,
        publishedBuildId: exportSettings.publishedBuildId,
        gzipBuildId: exportSettings.gzipBuildId,
        status: exportSettings.status,
      })
      .from(exportSettings)
      .where(eq(exportSettings.token, token))
      .then((r) => r[0]),
  /** At most one write a minute per feed, however often it is downloaded. */
  touchRequested: (db: Db, id: number) =>
    db
      .update(exportSettings)
      .set({ lastRequestedAt: sql`now()` })
      .where(
        and(eq(exportSettings.id, id), sql`(${exportSettings.lastRequestedAt} IS NULL OR ${exportSettings.lastRequestedAt} < now() - interval '1 minute')`),
      ),
};

async function withRunning(db: Db, rows: { setting: ExportSettingRow; marketName: string | null }[]): Promise<ExportSettingView[]> {
  if (rows.length === 0) return [];
  const running = await db
    .select()
    .from(exportBuilds)
    .where(
      and(
        inArray(
          exportBuilds.exportSettingId,
          rows.map((r) => r.setting.id),
        ),
        eq(exportBuilds.status, 'running'),
      ),
    )
    .orderBy(desc(exportBuilds.id));
  return rows.map((r) => ({ ...r.setting, marketName: r.marketName, running: running.find((b) => b.exportSettingId === r.setting.id) ?? null }));
}
