import { PgBoss, fromDrizzle, fromPglite } from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';

export const QUEUES = { sendMail: 'send-mail' } as const;

export interface JobPayloads {
  'send-mail': MailMessage;
}

export interface Queue {
  /** Enqueues a job inside the caller's transaction: it becomes visible only when that commits. */
  enqueue<N extends keyof JobPayloads>(tx: Db, name: N, data: JobPayloads[N]): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createQueue(database: Database, opts: { mailer: Mailer; log: FastifyBaseLogger; pollSeconds: number; retryDelaySeconds?: number; connectionString?: string }): Queue {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.lite!), backend: 'pglite', schedule: false })
      : new PgBoss({ connectionString: opts.connectionString, max: 4, schedule: false });
  boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));
  let started = false;

  return {
    async enqueue(tx, name, data) {
      await boss.send(name, data as object, {
        db: fromDrizzle(tx as never, sql as never),
        retryLimit: 5,
        retryDelay: opts.retryDelaySeconds ?? 5,
        retryBackoff: true,
      });
    },
    async start() {
      await boss.start();
      started = true;
      for (const name of Object.values(QUEUES)) await boss.createQueue(name);
      await boss.work<MailMessage>(QUEUES.sendMail, { pollingIntervalSeconds: opts.pollSeconds }, async (jobs) => {
        for (const job of jobs) {
          await opts.mailer.send(job.data);
          opts.log.info({ to: job.data.to, job: job.id }, 'mail sent');
        }
      });
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, timeout: 5000 });
      started = false;
    },
  };
}
