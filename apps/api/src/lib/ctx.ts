import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@drop/shared';
import type { Db } from '../db/client.ts';
import type { users } from '../db/schema/index.ts';
import type { Deps } from './deps.ts';

export type UserRow = typeof users.$inferSelect;

/** What a service gets instead of a request (DESIGN.md section 2): callable from routes, jobs and tests. */
export interface Ctx {
  db: Db;
  deps: Deps;
  locale: Locale;
  log: FastifyBaseLogger;
  ip: string;
  userAgent: string | undefined;
}

export interface AuthedCtx extends Ctx {
  user: UserRow;
  deviceId: number;
  tokenId: number;
}
