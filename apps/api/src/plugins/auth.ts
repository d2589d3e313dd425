import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isStaffRole, mayAccess, type StaffArea } from '@drop/shared';
import { and, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { accessTokens, devices, users } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import type { AuthedCtx, Ctx, UserRow } from '../lib/ctx.ts';
import type { Deps } from '../lib/deps.ts';
import { sha256 } from '../lib/security.ts';
import { requestLocale } from './locale.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: { user: UserRow; deviceId: number; tokenId: number };
  }
}

const USED_AT_RESOLUTION_MS = 60_000;

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

export type Session = { user: UserRow; deviceId: number; tokenId: number };

/**
 * Whether a token issued at `createdAt` and last used at `usedAt` is still alive at `now`: used
 * within SESSION_IDLE_DAYS and issued within SESSION_MAX_DAYS.
 */
export function tokenAlive(config: Pick<Config, 'session'>, createdAt: Date, usedAt: Date, now = Date.now()): boolean {
  return now - usedAt.getTime() < config.session.idleMs && now - createdAt.getTime() < config.session.maxMs;
}

/** SQL: the tokens alive now (see tokenAlive), of users who are not blocked (join users). */
export function liveTokenWhere(config: Pick<Config, 'session'>, now = Date.now()): SQL {
  return and(
    gt(accessTokens.usedAt, new Date(now - config.session.idleMs)),
    gt(accessTokens.createdAt, new Date(now - config.session.maxMs)),
    eq(users.blocked, false),
  )!;
}

/**
 * The session of a bearer token (cached briefly, see SessionCache), or null when it is not valid:
 * unknown, revoked, of a blocked user, or expired (idle or absolute; checked on cache hits too).
 * An expired token is deleted, which also closes its realtime connections on every process.
 */
export async function resolveSession(deps: Pick<Deps, 'db' | 'sessions' | 'config'>, token: string | undefined, ip: string): Promise<Session | null> {
  if (!token || token.length > 200) return null;
  const { db, sessions, config } = deps;
  const hash = sha256(token);
  const now = new Date();
  let session = sessions.get(hash);
  if (session && !tokenAlive(config, session.createdAt, session.usedAt, now.getTime())) session = undefined;
  if (!session) {
    const epoch = sessions.begin();
    const [row] = await db
      .select({ user: users, tokenId: accessTokens.id, deviceId: accessTokens.deviceId, createdAt: accessTokens.createdAt, usedAt: accessTokens.usedAt })
      .from(accessTokens)
      .innerJoin(users, eq(users.id, accessTokens.userId))
      .where(eq(accessTokens.tokenHash, hash))
      .limit(1);
    if (!row || row.user.blocked) return null;
    if (!tokenAlive(config, row.createdAt, row.usedAt, now.getTime())) {
      await db.delete(accessTokens).where(eq(accessTokens.id, row.tokenId));
      return null;
    }
    session = row;
    if (now.getTime() - row.usedAt.getTime() > USED_AT_RESOLUTION_MS) {
      const before = new Date(now.getTime() - USED_AT_RESOLUTION_MS);
      await db
        .update(accessTokens)
        .set({ usedAt: now })
        .where(and(eq(accessTokens.id, row.tokenId), lt(accessTokens.usedAt, before)));
      await db
        .update(devices)
        .set({ usedAt: now, ipAddress: ip })
        .where(and(eq(devices.id, row.deviceId), lt(devices.usedAt, before)));
      session = { ...row, usedAt: now };
    }
    sessions.set(hash, session, epoch);
  }
  return { user: session.user, deviceId: session.deviceId, tokenId: session.tokenId };
}

/** onRequest hook: a valid, unrevoked token of an unblocked user, or 401. */
export async function requireUser(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const session = await resolveSession(req.server.deps, bearerToken(req), req.ip);
  if (!session) throw AppError.unauthenticated();
  req.auth = session;
}

/**
 * onSend hook (whole app): a request that changed something forgets the sessions it may have
 * made stale before it answers, so the next request sees the change at once in this process
 * (other processes hear it from the database at commit). Operator and password routes change
 * other users or revoke tokens: they clear every cached session.
 */
export function forgetChangedSessions(req: FastifyRequest): void {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
  const { sessions } = req.server.deps;
  const url = req.url;
  if (url.startsWith('/api/v1/admin') || url.startsWith('/api/v1/password')) sessions.clear();
  else if (req.auth) sessions.invalidateUser(req.auth.user.id);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The staff area a back-office route belongs to (STAFF_ACCESS in @drop/shared): the roles it
     * admits. A route under requireStaff without one admits admins only.
     */
    access?: StaffArea;
  }
}

/**
 * onRequest hook for /api/v1/admin: a staff member whose role the route's area admits
 * (`config.access`; none: admins only), else 403. Resellers get 403 everywhere here.
 */
export async function requireStaff(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(req, reply);
  const role = req.auth?.user.role;
  if (!isStaffRole(role)) throw AppError.forbidden();
  const area = req.routeOptions.config.access;
  if (area ? !mayAccess(role, area) : role !== 'admin') throw AppError.forbidden();
}

/**
 * Guards a back-office plugin: every route in it (and in plugins it registers) needs a staff member
 * whose role `area` admits, unless the route names its own area in `config.access`.
 */
export function guardStaff(app: FastifyInstance, area: StaffArea): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: route.config?.access ?? area };
  });
  app.addHook('onRequest', requireStaff);
}

export function ctxOf(req: FastifyRequest): Ctx {
  return {
    db: req.server.deps.db,
    deps: req.server.deps,
    locale: requestLocale(req),
    log: req.log,
    ip: req.ip,
    userAgent: req.headers['user-agent'],
  };
}

export function authedCtx(req: FastifyRequest): AuthedCtx {
  if (!req.auth) throw AppError.unauthenticated();
  return { ...ctxOf(req), user: req.auth.user, deviceId: req.auth.deviceId, tokenId: req.auth.tokenId };
}
