import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { emptyOnecImportProgress, emptyOnecImportStats, type OnecImportProgress, type OnecImportStats, type OnecMessage } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import { rawQuery } from '../../db/raw.ts';
import type { Deps } from '../../lib/deps.ts';
import { writeAudit } from '../../lib/audit.ts';
import { refreshCatalogueStats } from '../catalog/catalogue-stats.ts';
import { checkCatalogFile, importCatalogFile, safeRelative, type ImportReporter } from './catalog-import.ts';
import { CmlError } from './cml-reader.ts';
import { onecRepo, type OnecImportRunRow } from './onec.repository.ts';
import { unpackZips } from './zip.ts';

/**
 * Runs imports in the background of the API process that starts them. The run row is the state
 * every process reads: its status, progress (written at most twice a second, with a heartbeat)
 * and result. A run whose process died (no heartbeat for STALE_RUN_SECONDS) is taken over by the
 * next process that asks about it; since each file is one transaction, the files not finished are
 * simply imported again.
 *
 * On PGlite the import's transaction holds the only connection: the progress of the writing read
 * is kept in memory (this process is the only one) and saved when the file is done.
 */

const WARNINGS_KEPT = 50;
const PROGRESS_EVERY_MS = 500;
const HEARTBEAT_MS = 20_000;

interface LiveRun {
  promise: Promise<void>;
  progress: OnecImportProgress;
}

const registries = new WeakMap<object, Map<number, LiveRun>>();
const registryOf = (db: Db) => {
  let r = registries.get(db);
  if (!r) registries.set(db, (r = new Map()));
  return r;
};

/** The run as this process is running it (live progress), if it is. */
export function liveRun(db: Db, id: number): LiveRun | undefined {
  return registryOf(db).get(id);
}

/** Where a run's files live: DATA_DIR/onec/... (stored relative in the row). */
export const exchangeDirOf = (sessionId: number) => path.join('onec', 'exchange', String(sessionId));
export const uploadDirOf = (key: string) => path.join('onec', 'uploads', key);

/**
 * Starts the run in this process if nobody runs it (queued, or stale): answers its completion, or
 * that of the run already going on here, or null when another process has it (or it is over).
 */
export async function ensureRunning(deps: Deps, run: OnecImportRunRow, log: FastifyBaseLogger): Promise<{ done: Promise<void> } | null> {
  const live = liveRun(deps.db, run.id);
  if (live) return { done: live.promise };
  if (run.status === 'done' || run.status === 'failed') return null;
  const claimed = await onecRepo.claimRun(deps.db, run.id);
  if (!claimed) return null;
  const registry = registryOf(deps.db);
  const entry: LiveRun = { promise: Promise.resolve(), progress: { ...claimed.progress } };
  entry.promise = execute(deps, claimed, entry, log).finally(() => registry.delete(run.id));
  registry.set(run.id, entry);
  return { done: entry.promise };
}

/** The XML files under `dir` (relative, '/'), pictures' folders and 1C's order documents left out. */
async function xmlFilesUnder(dir: string, rel = '', depth = 0): Promise<string[]> {
  const out: string[] = [];
  for (const e of await fsp.readdir(path.join(dir, rel), { withFileTypes: true })) {
    const name = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (depth < 4 && !/^(import_files|documents)$/i.test(e.name)) out.push(...(await xmlFilesUnder(dir, name, depth + 1)));
    } else if (e.isFile() && /\.xml$/i.test(e.name)) out.push(name);
  }
  return out;
}

/**
 * The order 1C imports a package in: the root's files (the classifier), then the properties
 * (УТ 11's properties/<n>/), then each part of the goods (goods/<n>/ in order) with its goods
 * before its offers, prices and stock.
 */
export function uploadOrder(names: string[]): string[] {
  const kind = (n: string) => {
    const base = n.slice(n.lastIndexOf('/') + 1);
    return /^(import|properties)/i.test(base) ? 0 : /^offers/i.test(base) ? 1 : /^prices/i.test(base) ? 2 : /^rests/i.test(base) ? 3 : 1;
  };
  const area = (n: string) => (!n.includes('/') ? 0 : /^properties\//i.test(n) ? 1 : /^goods\//i.test(n) ? 2 : 3);
  const part = (n: string) => Number(/^[^/]+\/(\d+)\//.exec(n)?.[1] ?? 0);
  return [...names].sort((a, b) => area(a) - area(b) || part(a) - part(b) || kind(a) - kind(b) || a.localeCompare(b));
}

/** Which files the run imports, in order, once its archives are unpacked. */
async function filesOf(deps: Deps, run: OnecImportRunRow, dir: string): Promise<string[]> {
  const exists = async (rel: string) => (await fsp.stat(path.join(dir, rel)).catch(() => null))?.isFile() ?? false;
  if (run.source === 'upload') return uploadOrder(await xmlFilesUnder(dir));
  const requested = run.requestedFile!;
  const files = [requested];
  // Offers asked for while the goods of the same package were not imported in this session
  // (an 1C that asks in the other order, or one that was interrupted): the goods go first.
  const m = /^(.*\/)?(offers|prices|rests)([^/]*)$/i.exec(requested);
  if (m && run.sessionId !== null) {
    const goods = `${m[1] ?? ''}import${m[3]}`;
    if ((await exists(goods)) && !(await onecRepo.sessionRunFor(deps.db, run.sessionId, run.generation, goods))) files.unshift(goods);
  }
  return files;
}

async function execute(deps: Deps, run: OnecImportRunRow, live: LiveRun, log: FastifyBaseLogger): Promise<void> {
  const { db, database, config } = deps;
  const dir = path.join(config.dataDir, run.dir);
  const progress = live.progress;
  const stats: OnecImportStats = emptyOnecImportStats();
  const warnings: OnecMessage[] = [];
  let warningsCount = 0;
  let inTransaction = false;
  let lastWrite = 0;
  let changed = false;
  let error: OnecMessage | null = null;
  let files: string[] = run.files;
  const sizes: number[] = [];
  let fileIndex = 0;

  const percent = (bytesInPass: number, pass: 0 | 1) => {
    const total = sizes.reduce((s, n) => s + 2 * n, 0);
    if (total === 0) return 0;
    const done = sizes.slice(0, fileIndex).reduce((s, n) => s + 2 * n, 0) + pass * (sizes[fileIndex] ?? 0) + bytesInPass;
    return Math.min(100, Math.round((done / total) * 1000) / 10);
  };
  const save = async (force = false) => {
    if (!force && Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
    // Inside the file's transaction only PostgreSQL has another connection to write with.
    if (inTransaction && database.kind !== 'postgres') return;
    lastWrite = Date.now();
    await rawQuery(database, `UPDATE onec_import_runs SET progress = $2::jsonb, heartbeat_at = now() WHERE id = $1`, [run.id, JSON.stringify(progress)]);
  };
  const reporter: ImportReporter = {
    checking: (b) => {
      progress.phase = 'checking';
      progress.percent = percent(b, 0);
      void save().catch(() => undefined);
    },
    totals: (t) => {
      progress.groups = { done: 0, total: t.groups };
      progress.properties = { done: 0, total: t.properties };
      progress.products = { done: 0, total: t.products };
      progress.offers = { done: 0, total: t.offers };
    },
    phase: (p) => {
      progress.phase = p;
    },
    done: (kind, n) => {
      progress[kind].done = n;
    },
    writing: (b) => {
      progress.percent = percent(b, 1);
    },
    flush: () => save().catch(() => undefined),
  };

  // On PostgreSQL the heartbeat goes on while the run waits (for the import lock, or a slow
  // statement), so that another process never takes over a run that is alive.
  const beat =
    database.kind === 'postgres'
      ? setInterval(
          () => void rawQuery(database, 'UPDATE onec_import_runs SET heartbeat_at = now() WHERE id = $1', [run.id]).catch(() => undefined),
          HEARTBEAT_MS,
        )
      : null;
  beat?.unref();
  try {
    await fsp.mkdir(dir, { recursive: true });
    progress.phase = 'unpacking';
    await save(true);
    await unpackZips(dir);
    files = await filesOf(deps, run, dir);
    if (files.length === 0) throw new CmlError({ key: 'file_not_found', params: { file: '*.xml' } });
    for (const f of files) {
      const safe = safeRelative(f);
      const stat = safe ? await fsp.stat(path.join(dir, safe)).catch(() => null) : null;
      if (!safe || !stat?.isFile()) throw new CmlError({ key: 'file_not_found', params: { file: f } });
      sizes.push(stat.size);
    }
    progress.files_total = files.length;
    await onecRepo.updateRun(db, run.id, { files, progress });
    const { mapping } = await onecRepo.priceMapping(db);
    for (fileIndex = 0; fileIndex < files.length; fileIndex++) {
      const file = files[fileIndex]!;
      const abs = path.join(dir, file);
      progress.file = file;
      progress.files_done = fileIndex;
      const checked = await checkCatalogFile(abs, file, reporter);
      // Known before the import: the back office offers them for the mapping even if it fails.
      await onecRepo.rememberPriceTypes(db, checked.priceTypes);
      await save(true);
      inTransaction = true;
      try {
        const fileChanged = await importCatalogFile(
          {
            db,
            dataDir: config.dataDir,
            dir,
            mapping,
            stats,
            report: reporter,
            warn: (w) => {
              warningsCount += 1;
              if (warnings.length < WARNINGS_KEPT) warnings.push(w);
            },
          },
          abs,
          file,
        );
        changed ||= fileChanged;
      } finally {
        inTransaction = false;
      }
      progress.files_done = fileIndex + 1;
      await save(true);
    }
    progress.phase = 'stats';
    progress.percent = 100;
  } catch (err) {
    if (err instanceof CmlError) error = err.reason;
    else {
      log.error({ err, run: run.id }, '1C import failed');
      error = { key: 'internal', params: {} };
    }
  }
  if (beat) clearInterval(beat);
  try {
    if (changed) await refreshCatalogueStats(db);
  } catch (err) {
    log.error({ err, run: run.id }, 'catalogue statistics after the 1C import');
  }
  progress.phase = 'done';
  // Uploaded files are not needed once imported (an exchange session keeps its own until it expires).
  if (run.source === 'upload') await fsp.rm(dir, { recursive: true, force: true }).catch(() => undefined);
  await db.transaction(async (tx) => {
    await onecRepo.updateRun(tx, run.id, {
      status: error ? 'failed' : 'done',
      files,
      progress,
      stats,
      warnings,
      warningsCount,
      error,
      heartbeatAt: new Date(),
      finishedAt: new Date(),
    });
    await writeAudit(tx, {
      actorId: run.actorId,
      action: 'onec.import',
      entity: 'onec_import_run',
      entityId: run.id,
      changes: { source: run.source, status: error ? 'failed' : 'done', files, ...stats, warnings: warningsCount, ...(error ? { error: error.key } : {}) },
    });
  });
}

/** A new run, started in the background at once. */
export async function createRun(
  deps: Deps,
  v: {
    source: 'exchange' | 'upload';
    sessionId: number | null;
    generation?: number;
    actorId: number | null;
    requestedFile: string | null;
    dir: string;
    files: string[];
  },
  log: FastifyBaseLogger,
): Promise<{ run: OnecImportRunRow; running: { done: Promise<void> } | null }> {
  const run = await onecRepo.insertRun(deps.db, { ...v, status: 'queued', progress: emptyOnecImportProgress(v.files.length) });
  const running = await ensureRunning(deps, run, log);
  return { run, running };
}
