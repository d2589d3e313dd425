import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
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

/** The session of a bearer token (cached briefly, see SessionCache), or null when it is not valid. */
export async function resolveSession(deps: Pick<Deps, 'db' | 'sessions'>, token: string | undefined, ip: string): Promise<Session | null> {
  if (!token || token.length > 200) return null;
  const { db, sessions } = deps;
  const hash = sha256(token);
  const now = new Date();
  let session = sessions.get(hash);
  if (!session) {
    const epoch = sessions.begin();
    const [row] = await db
      .select({ user: users, tokenId: accessTokens.id, deviceId: accessTokens.deviceId, usedAt: devices.usedAt })
      .from(accessTokens)
      .innerJoin(users, eq(users.id, accessTokens.userId))
      .innerJoin(devices, eq(devices.id, accessTokens.deviceId))
      .where(eq(accessTokens.tokenHash, hash))
      .limit(1);
    if (!row || row.user.blocked) return null;
    session = row;
    if (now.getTime() - row.usedAt.getTime() > USED_AT_RESOLUTION_MS) {
      await db
        .update(devices)
        .set({ usedAt: now, ipAddress: ip })
        .where(and(eq(devices.id, row.deviceId), lt(devices.usedAt, new Date(now.getTime() - USED_AT_RESOLUTION_MS))));
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
export async function forgetChangedSessions(req: FastifyRequest): Promise<void> {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
  const { sessions } = req.server.deps;
  const url = req.url;
  if (url.startsWith('/api/v1/admin') || url.startsWith('/api/v1/password')) sessions.clear();
  else if (req.auth) sessions.invalidateUser(req.auth.user.id);
}

/** onRequest hook for /api/v1/admin: operator or admin, else 403. */
export async function requireStaff(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(req, reply);
  const role = req.auth?.user.role;
  if (role !== 'operator' && role !== 'admin') throw AppError.forbidden();
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
