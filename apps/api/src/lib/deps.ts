import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Queue } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { RateLimiter } from './rate-limiter.ts';

/** Long-lived services of one API process. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  queue: Queue;
  mailer: Mailer;
  limiter: RateLimiter;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
