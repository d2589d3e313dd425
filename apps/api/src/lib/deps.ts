import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Queue } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { SessionCache } from './session-cache.ts';
import type { Realtime } from '../plugins/realtime.ts';

/** Long-lived services of one API process. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  queue: Queue;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Recently checked sessions (plugins/auth.ts). */
  sessions: SessionCache;
  /** Socket.IO: pushes events to users' private channels. */
  realtime: Realtime;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
