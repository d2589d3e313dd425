import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { AppError } from '../lib/errors.ts';

/**
 * `Idempotency-Key` (Stripe's model) for the money-moving and order-creating POSTs, which opt in
 * with `config: { idempotent: true }`. Per signed-in user, in `idempotency_keys`:
 *  - a new key: the request runs; its answer (status and body) is kept, unless it is a 5xx or a
 *    429 (then the key is released so a retry can run);
 *  - the same key, method, concrete URL and body: the first answer again, header
 *    `Idempotent-Replayed: true`; nothing runs twice;
 *  - the same key while the first request still runs: 409 `IdempotencyKeyInUse`, Retry-After 1;
 *  - the same key with another body or on another route: 422 on `idempotency_key`;
 *  - a key that is not 1-255 printable ASCII characters: 422 on `idempotency_key`.
 * Keys are forgotten after 24 hours; a request that never answered (the process died) frees its
 * key after a minute. Validation runs first: a request refused by its schema keeps no key.
 */

export const IDEMPOTENCY_KEY_HOURS = 24;
/** A key still marked running after this long belongs to a request that will never answer. */
const ABANDONED_SECONDS = 60;
const KEY_FORMAT = /^[\x20-\x7e]{1,255}$/;
const SWEEP_EVERY_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an `Idempotency-Key` (plugins/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds while it runs. */
    idempotency?: { userId: number; key: string };
  }
}

/** JSON with object keys sorted: the same body in any key order hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.keys(value)
    .sort()
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

const requestHash = (req: FastifyRequest) =>
  createHash('sha256')
    .update(`${req.method} ${req.url}\n${canonicalJson(req.body ?? null)}`)
    .digest('hex');

type KeyRow = { route: string; request_hash: string; status: number | null; response: string | null };

export function registerIdempotency(app: FastifyInstance) {
  let lastSweep = 0;
  const db = () => app.deps.db;
  const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

  // On the routes that opt in only (global hooks run on every request of every route).
  const takeKey = async (req: FastifyRequest, reply: FastifyReply) => {
    const raw = req.headers['idempotency-key'];
    const userId = req.auth?.user.id;
    if (raw === undefined || userId === undefined) return;
    if (typeof raw !== 'string' || !KEY_FORMAT.test(raw)) throw AppError.field('idempotency_key', 'idempotency_key_invalid');

    if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      await db().execute(sql`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`);
    }
    const route = `${req.method} ${req.routeOptions.url}`;
    const hash = requestHash(req);
    for (let attempt = 0; attempt < 2; attempt++) {
      // Takes the key: a new one, or one forgotten (too old) or abandoned (running too long).
      const taken = rowsOf(
        await db().execute(sql`
          INSERT INTO idempotency_keys (user_id, key, route, request_hash) VALUES (${userId}, ${raw}, ${route}, ${hash})
          ON CONFLICT (user_id, key) DO UPDATE SET route = EXCLUDED.route, request_hash = EXCLUDED.request_hash, status = NULL, response = NULL, created_at = now()
            WHERE idempotency_keys.created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})
               OR (idempotency_keys.status IS NULL AND idempotency_keys.created_at < now() - make_interval(secs => ${ABANDONED_SECONDS}))
          RETURNING 1 AS taken`),
      );
      if (taken.length === 1) {
        req.idempotency = { userId, key: raw };
        return;
      }
      const [held] = rowsOf<KeyRow>(
        await db().execute(sql`SELECT route, request_hash, status, response FROM idempotency_keys WHERE user_id = ${userId} AND key = ${raw}`),
      );
      if (!held) continue; // released (the first answered 5xx) between the two statements: take it
      if (held.route !== route || held.request_hash !== hash) throw AppError.field('idempotency_key', 'idempotency_key_reused');
      if (held.status === null) throw new AppError(409, 'IdempotencyKeyInUse', 'idempotency_in_progress', undefined, {}, 1);
      return reply
        .code(held.status)
        .header('content-type', 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(held.response ?? '');
    }
    throw new AppError(409, 'IdempotencyKeyInUse', 'idempotency_in_progress', undefined, {}, 1);
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const own = route.preHandler;
    route.preHandler = [takeKey, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });

  const finish = async (req: FastifyRequest, status: number, payload: unknown) => {
    const held = req.idempotency;
    if (!held) return;
    req.idempotency = undefined;
    try {
      if (status >= 500 || status === 429 || typeof payload !== 'string') {
        await db().execute(sql`DELETE FROM idempotency_keys WHERE user_id = ${held.userId} AND key = ${held.key} AND status IS NULL`);
      } else {
        await db().execute(
          sql`UPDATE idempotency_keys SET status = ${status}, response = ${payload} WHERE user_id = ${held.userId} AND key = ${held.key} AND status IS NULL`,
        );
      }
    } catch (err) {
      // The answer still goes out; the key frees itself once abandoned.
      req.log.warn({ err }, 'idempotency key not recorded');
    }
  };
  // Global, before compress's onSend (a route's own hooks run after it): the answer is kept as
  // the JSON text it is. Callback hooks: most requests hold no key and have nothing to wait for.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!req.idempotency) return done(null, payload);
    finish(req, reply.statusCode, payload).then(() => done(null, payload), done);
  });
  // No onSend (the connection went away first): release the key.
  app.addHook('onResponse', (req, _reply, done) => {
    if (!req.idempotency) return done();
    finish(req, 500, null).then(() => done(), done);
  });
}
