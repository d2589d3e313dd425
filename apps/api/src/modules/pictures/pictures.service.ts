import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PictureConversionRunDto, PictureConversionStateDto } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { picturesRepo, type RunRow } from './pictures.repository.ts';

/** Starting a run is serialised (a double submit, the boot of two processes): one run at a time. */
const START_LOCK = 0x1c_a7_30;

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

function runDto(r: RunRow): PictureConversionRunDto {
  return {
    id: r.id,
    status: r.status,
    total: r.total,
    converted: r.converted,
    failed: r.failed,
    last_error: r.last_error,
    started_by: r.started_by,
    started_by_name: r.started_by_name,
    started_at: iso(r.started_at),
    updated_at: iso(r.updated_at),
    finished_at: r.finished_at === null ? null : iso(r.finished_at),
  };
}

/** The newest run and the live counts (what is left to convert, what could not be). */
export async function conversionState(db: Db): Promise<PictureConversionStateDto> {
  const [run, pending, byReason] = await Promise.all([picturesRepo.newestRun(db), picturesRepo.pending(db), picturesRepo.failedByReason(db)]);
  return { pending, failed: byReason.missing + byReason.not_image + byReason.too_big, failed_by_reason: byReason, run: run ? runDto(run) : null };
}

export interface StartOptions {
  /** Who asked (null: the server at boot). */
  startedBy: number | null;
  /** Forget why the failed pictures failed first, so this run tries them again. */
  retryFailed?: boolean;
}

/**
 * Starts a run: the run row and its first job commit together. 400 PictureConversionRunning when
 * one runs, 400 PictureConversionNothing when nothing is left to convert.
 */
export async function startConversion(deps: Pick<Deps, 'db' | 'queue'>, opts: StartOptions): Promise<PictureConversionStateDto> {
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${START_LOCK})`);
    if (await picturesRepo.runningRun(tx)) throw AppError.business('PictureConversionRunning', 'picture_conversion_running');
    if (opts.retryFailed) await picturesRepo.clearFailed(tx);
    const pending = await picturesRepo.pending(tx);
    if (pending === 0) throw AppError.business('PictureConversionNothing', 'picture_conversion_nothing');
    const runId = await picturesRepo.createRun(tx, pending, opts.startedBy);
    await deps.queue.enqueue(tx, QUEUES.pictureConversion, { runId });
  });
  return conversionState(deps.db);
}

/**
 * At boot, once the job queue runs: a run left running (the process stopped) gets its job again
 * (the queue keeps one waiting at most), else a run starts when legacy pictures are pending:
 * product pictures, or category pictures before any run has finished (a category has no column
 * for why its picture failed, so one left after a finished run is one that failed: an operator
 * may try it again from the back office, the server does not at every start). Never fails the boot.
 */
export async function resumeConversionAtBoot(deps: Deps, log: FastifyBaseLogger): Promise<void> {
  try {
    const running = await picturesRepo.runningRun(deps.db);
    if (running) {
      await deps.queue.enqueue(deps.db, QUEUES.pictureConversion, { runId: running.id });
      log.info({ run: running.id }, 'picture conversion resumed');
      return;
    }
    const pending = await picturesRepo.pendingSplit(deps.db);
    if (pending.images === 0 && (pending.categories === 0 || (await picturesRepo.newestRun(deps.db))?.status === 'done')) return;
    const state = await startConversion(deps, { startedBy: null });
    log.info({ run: state.run?.id, pending: state.pending }, 'picture conversion started at boot');
  } catch (err) {
    if (err instanceof AppError) return; // another process started one meanwhile
    log.warn({ err }, 'picture conversion: could not start at boot');
  }
}
