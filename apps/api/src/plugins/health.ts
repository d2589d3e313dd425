import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@drop/shared';
import type { Db } from '../db/client.ts';
import { requestLocale } from './locale.ts';

const PING_TIMEOUT_MS = 3000;

const healthDto = z.object({
  status: z.enum(['ok', 'down']),
  /** The database answered a query just now. */
  database: z.enum(['up', 'down']),
  /** The process hears the database's change notifications (its caches are off while it does not). */
  listener: z.enum(['up', 'down']),
});

type Updown = 'up' | 'down';

async function ping(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      db.execute(sql`SELECT 1`).then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/v1/health (public, for load balancers and monitoring): 200 `{data: {status: 'ok',
 * database: 'up', listener}}` when the database answers within 3 s, else 503 `{message, code:
 * 'ServiceUnavailable', data: {status: 'down', ...}}`. While the database is away every request
 * that needs it answers 503 too, and the process recovers by itself when it is back.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: { tags: ['health'], response: { 200: z.object({ data: healthDto }), 503: z.object({ message: z.string(), code: z.string(), data: healthDto }) } },
    },
    async (req, reply) => {
      const { db, sessions } = app.deps;
      const database: Updown = (await ping(db)) ? 'up' : 'down';
      const listener: Updown = sessions.listening ? 'up' : 'down';
      reply.header('Cache-Control', 'no-store');
      if (database === 'up') return { data: { status: 'ok' as const, database, listener } };
      return reply.code(503).send({
        message: translate('service_unavailable', requestLocale(req)),
        code: 'ServiceUnavailable',
        data: { status: 'down' as const, database, listener },
      });
    },
  );
};
