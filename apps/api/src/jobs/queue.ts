import { PgBoss, fromDrizzle, fromPglite } from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable, type Database, type Db } from '../db/client.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import type { FeedBuildTrigger } from '@drop/shared';

export const QUEUES = {
  sendMail: 'send-mail',
  realtime: 'realtime',
  reservation: 'reservation',
  feedBuild: 'feed-build',
  pictureConversion: 'picture-conversion',
  marketplaceSync: 'marketplace-sync',
} as const;

/** An event for one user's private channel, pushed after the transaction that raised it commits. */
export interface RealtimePush {
  userId: number;
  event: string;
  payload: unknown;
}

/** CreateReserveJob, ConfirmReserveJob ... (modules/orders/reservation.service.ts). */
export interface ReservationJobData {
  orderId: number;
  action: 'create' | 'update' | 'confirm' | 'cancel';
}

/** A feed build (modules/exports): one at a time per feed, at most one more waiting (the latest settings win). */
export interface FeedBuildJobData {
  exportSettingId: number;
  trigger: FeedBuildTrigger;
}

/** A slice of a run converting the pictures stored before issue 30 (modules/pictures): the queue is stately, one at a time. */
export interface PictureConversionJobData {
  runId: number;
  /** Categories are taken by id from after this one (a later slice of the same run). */
  afterCategory?: number;
}

/** An order placed from a marketplace order changed: its status and waybill go back (modules/marketplaces/marketplace-sync.ts). */
export interface MarketplaceSyncJobData {
  orderId: number;
}

export interface JobPayloads {
  'send-mail': MailMessage;
  realtime: RealtimePush;
  reservation: ReservationJobData;
  'feed-build': FeedBuildJobData;
  'picture-conversion': PictureConversionJobData;
  'marketplace-sync': MarketplaceSyncJobData;
}

export interface Queue {
  /** Enqueues a job inside the caller's transaction: it becomes visible only when that commits. */
  enqueue<N extends keyof JobPayloads>(tx: Db, name: N, data: JobPayloads[N]): Promise<void>;
  /** One order's reservation jobs, newest first (the back office shows them). */
  reservationJobs(orderId: number): Promise<JobInfo[]>;
  /**
   * Runs a job now, inside the caller's transaction: a failed one (its attempts spent) gets one
   * more attempt, one waiting for its next attempt (retry, or created with a later start) is due at
   * once. The same job runs (no second job for the same work); answers the state it was in, or null
   * when it is missing, active, completed or cancelled (a worker claiming it first wins).
   */
  runNow(tx: Db, name: keyof JobPayloads, id: string): Promise<'failed' | 'retry' | 'created' | null>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobInfo {
  id: string;
  data: unknown;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  /** When the job is due (for a job in retry: its next attempt). */
  startAfter: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  output: unknown;
}

export interface QueueOptions {
  mailer: Mailer;
  log: FastifyBaseLogger;
  pollSeconds: number;
  retryDelaySeconds?: number;
  connectionString?: string;
  /** Delivers a realtime event (Socket.IO; through the Redis adapter to every API process). */
  push?: (job: RealtimePush) => void;
  /**
   * Runs a reservation job against the configured system; throwing makes pg-boss retry it.
   * `complete(tx)` completes this attempt of the job inside the caller's transaction (false when
   * the attempt is no longer this worker's), so the job's effect commits with its completion.
   */
  reserve?: (job: ReservationJobData, complete: (tx: Db) => Promise<boolean>) => Promise<void>;
  /** Builds a feed; throwing makes pg-boss retry it. */
  buildFeed?: (job: FeedBuildJobData) => Promise<void>;
  /** Converts a slice of legacy pictures (modules/pictures/pictures.job.ts); it records its own failures. */
  convertPictures?: (job: PictureConversionJobData) => Promise<void>;
  /** Sends an order's status and waybill to its marketplace; throwing makes pg-boss retry it. */
  syncMarketplace?: (job: MarketplaceSyncJobData) => Promise<void>;
}

/**
 * Every job carries a heartbeat: its worker refreshes it while the job runs, and a job whose
 * process died (killed, crashed) is retried once its heartbeat is this old, found by the
 * supervisor pass (every SUPERVISE_SECONDS), instead of after the 15-minute expiry. So a job
 * killed mid-run is retried within about 40 s of the death.
 */
export const JOB_HEARTBEAT_SECONDS = 20;
const SUPERVISE_SECONDS = 15;

export function createQueue(database: Database, opts: QueueOptions): Queue {
  const supervision = { superviseIntervalSeconds: SUPERVISE_SECONDS, monitorIntervalSeconds: SUPERVISE_SECONDS };
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.lite!), backend: 'pglite', schedule: false, useListenNotify: true, ...supervision })
      : new PgBoss({ connectionString: opts.connectionString, max: 4, schedule: false, useListenNotify: true, ...supervision });
  // The database away (restarting): every worker's poll fails until it is back; one warning per 10 s says so.
  let unavailableLoggedAt = 0;
  boss.on('error', (err) => {
    if (!isDatabaseUnavailable(err)) return opts.log.error({ err }, 'job queue error');
    if (Date.now() - unavailableLoggedAt < 10_000) return;
    unavailableLoggedAt = Date.now();
    opts.log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'job queue: database unavailable, retrying');
  });
  boss.on('warning', (w) => opts.log.warn({ warning: w }, 'job queue warning'));
  let started = false;

  return {
    async enqueue(tx, name, data) {
      await boss.send(name, data as object, {
        db: fromDrizzle(tx as never, sql as never),
        heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
        // A realtime event is only worth delivering soon: a few quick retries, then it expires.
        ...(name === QUEUES.realtime
          ? { retryLimit: 2, retryDelay: 1, expireInSeconds: 30 }
          : name === QUEUES.reservation
            ? // 1C may be down for a while: more retries, with backoff. A confirm that reaches 1C
              // before its create is refused there and retried until the create has gone through.
              { retryLimit: 8, retryDelay: opts.retryDelaySeconds ?? 5, retryBackoff: true }
            : name === QUEUES.marketplaceSync
              ? // One at a time per order (stately): a change while one waits joins it (the job sends the state of when it runs).
                // A marketplace refusing or away: retried with a growing delay, up to an hour apart, for about a day.
                {
                  singletonKey: String((data as MarketplaceSyncJobData).orderId),
                  retryLimit: 30,
                  retryDelay: opts.retryDelaySeconds ?? 5,
                  retryBackoff: true,
                  retryDelayMax: 3600,
                }
              : name === QUEUES.pictureConversion
                ? // One run at a time in every process together (stately queue); a slice lasts minutes, well within the expiry.
                  { retryLimit: 3, retryDelay: opts.retryDelaySeconds ?? 5, retryBackoff: true, expireInSeconds: 1800 }
                : name === QUEUES.feedBuild
                  ? // The queue is stately per feed: a build asked for while one waits joins it.
                    {
                      singletonKey: String((data as FeedBuildJobData).exportSettingId),
                      retryLimit: 3,
                      retryDelay: opts.retryDelaySeconds ?? 5,
                      retryBackoff: true,
                      expireInSeconds: 3600,
                    }
                  : // Mail: an SMTP server down for a while (40 to 50 minutes at the default 5 s first
                    // delay) loses nothing; the delay grows to at most 10 minutes between tries.
                    { retryLimit: 10, retryDelay: opts.retryDelaySeconds ?? 5, retryBackoff: true, retryDelayMax: 600 }),
      });
    },
    async reservationJobs(orderId) {
      const jobs = await boss.findJobs<ReservationJobData>(QUEUES.reservation, { data: { orderId } });
      return jobs
        .map((j) => ({
          id: j.id,
          data: j.data,
          state: j.state,
          retryCount: j.retryCount,
          retryLimit: j.retryLimit,
          createdOn: j.createdOn,
          startAfter: j.startAfter,
          startedOn: j.startedOn ?? null,
          completedOn: j.completedOn ?? null,
          output: j.output ?? null,
        }))
        .sort((a, b) => b.createdOn.getTime() - a.createdOn.getTime());
    },
    async runNow(tx, name, id) {
      const db = fromDrizzle(tx as never, sql as never);
      const [job] = await boss.findJobs(name, { id, db });
      if (!job) return null;
      if (job.state === 'failed') {
        // One more attempt (retry_limit + 1); the statement re-checks 'failed', so a double click retries once.
        // CommandResponse is declared empty; at run time it carries `affected` (the rows changed).
        const r = (await boss.retry(name, id, { db })) as { affected?: number };
        if (r.affected !== 1) return null;
      } else if (job.state !== 'retry' && job.state !== 'created') return null;
      // Due now, with a NOTIFY that wakes a worker. The update re-checks that no worker has claimed the
      // job meanwhile (state before active), so a job is never run twice at once.
      const u = await boss.update(name, undefined, { id, startAfter: 0, db });
      if (u.updated !== 1) return job.state === 'failed' ? 'failed' : null;
      return job.state;
    },
    async start() {
      await boss.start();
      started = true;
      // Realtime jobs wake the workers by NOTIFY at commit instead of waiting for a poll.
      for (const name of Object.values(QUEUES)) {
        await boss.createQueue(
          name,
          name === QUEUES.sendMail
            ? {}
            : name === QUEUES.feedBuild || name === QUEUES.pictureConversion || name === QUEUES.marketplaceSync
              ? { notify: true, policy: 'stately' }
              : { notify: true },
        );
      }
      // The back office's onec_failed worklist (orders.repository.ts worklistWhere) finds the orders of
      // failed reservation jobs through this small partial index instead of reading every job kept.
      // pg-boss owns its schema (created by start, after our migrations), so the index is made here.
      await database.db
        .execute(
          sql.raw(
            `CREATE INDEX IF NOT EXISTS job_reservation_failed_idx ON pgboss.job ((data->>'orderId')) WHERE name = '${QUEUES.reservation}' AND state = 'failed'`,
          ),
        )
        .catch((err: unknown) => opts.log.warn({ err }, 'job queue: could not index failed reservation jobs'));
      await boss.work<MailMessage>(QUEUES.sendMail, { pollingIntervalSeconds: opts.pollSeconds }, async (jobs) => {
        for (const job of jobs) {
          if (job.data.discard) continue;
          // The job's id is the Message-ID: a retry after a timeout that did deliver is recognisably the same letter.
          await opts.mailer.send({ ...job.data, messageId: job.data.messageId ?? job.id });
          opts.log.info({ to: job.data.to, job: job.id }, 'mail sent');
        }
      });
      // Realtime pushes are short-lived: a push that cannot be delivered is not retried for long.
      // With NOTIFY the idle poll would relax to 30 s; retries (no NOTIFY) must not wait that long.
      // Batches settle per job: one order's failure retries that order alone.
      await boss.work<ReservationJobData>(
        QUEUES.reservation,
        {
          pollingIntervalSeconds: opts.pollSeconds,
          notifyPollingIntervalSeconds: opts.pollSeconds,
          batchSize: 20,
          burstWhenBatchFull: true,
          localConcurrency: 2,
          perJobResults: true,
        },
        async (jobs) => {
          const results: { id: string; status: 'completed' | 'failed'; output?: unknown }[] = [];
          for (const job of jobs) {
            try {
              const complete = async (tx: Db) => {
                const r = (await boss.complete(QUEUES.reservation, { id: job.id, retryCount: job.retryCount }, null, {
                  db: fromDrizzle(tx as never, sql as never),
                })) as { affected?: number };
                return r.affected === 1;
              };
              await opts.reserve?.(job.data, complete);
              results.push({ id: job.id, status: 'completed' });
            } catch (err) {
              results.push({ id: job.id, status: 'failed', output: { message: (err as Error).message } });
            }
          }
          return results;
        },
      );
      // Builds are heavy (a whole catalogue): one at a time per process.
      await boss.work<FeedBuildJobData>(
        QUEUES.feedBuild,
        { pollingIntervalSeconds: opts.pollSeconds, notifyPollingIntervalSeconds: opts.pollSeconds, batchSize: 1, localConcurrency: 1 },
        async ([job]) => {
          if (job) await opts.buildFeed?.(job.data);
        },
      );
      // Picture conversion: sharp is heavy, one slice at a time per process (and in all, the queue being stately).
      await boss.work<PictureConversionJobData>(
        QUEUES.pictureConversion,
        { pollingIntervalSeconds: opts.pollSeconds, notifyPollingIntervalSeconds: opts.pollSeconds, batchSize: 1, localConcurrency: 1 },
        async ([job]) => {
          if (job) await opts.convertPictures?.(job.data);
        },
      );
      await boss.work<MarketplaceSyncJobData>(
        QUEUES.marketplaceSync,
        { pollingIntervalSeconds: opts.pollSeconds, notifyPollingIntervalSeconds: opts.pollSeconds, batchSize: 1, localConcurrency: 2 },
        async ([job]) => {
          if (job) await opts.syncMarketplace?.(job.data);
        },
      );
      await boss.work<RealtimePush>(
        QUEUES.realtime,
        { pollingIntervalSeconds: opts.pollSeconds, notifyPollingIntervalSeconds: opts.pollSeconds, batchSize: 50 },
        async (jobs) => {
          for (const job of jobs) opts.push?.(job.data);
        },
      );
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, timeout: 5000 });
      started = false;
    },
  };
}
