import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Queue } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { SessionCache } from './session-cache.ts';
import type { Realtime } from '../plugins/realtime.ts';
import type { NovaPoshta } from '../integrations/novaposhta/client.ts';
import type { MarketplaceClients } from '../integrations/marketplaces/registry.ts';
import type { SecretBox } from './secret-box.ts';

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
  /** Nova Poshta JSON API client (cached reference data). */
  novaPoshta: NovaPoshta;
  /** Prom.ua, Rozetka and Horoshop: their APIs, or the built-in emulators. */
  marketplaces: MarketplaceClients;
  /** Seals secrets kept in the database (SECRETS_KEY, or the key file in DATA_DIR). */
  secrets: SecretBox;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
