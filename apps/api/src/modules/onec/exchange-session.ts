import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../lib/deps.ts';
import type { UserRow } from '../../lib/ctx.ts';
import { sha256, verifyPassword, hashPassword } from '../../lib/security.ts';
import { safeRelative } from './catalog-import.ts';
import { exchangeDirOf } from './import-runner.ts';
import { onecRepo, type OnecSessionRow } from './onec.repository.ts';

/**
 * Sessions of the 1C exchange. `checkauth` takes HTTP basic auth (an admin account's e-mail and
 * password, DESIGN.md: "admin also manages ... the 1C exchange credentials") and answers a cookie;
 * every later call must bring it. The session lives in the database (any API process answers) and
 * owns a directory under DATA_DIR for the files 1C sends.
 */

export const ONEC_COOKIE = 'drop_1c_session';
/** Largest chunk 1C may send per `mode=file` request (it splits bigger files). */
export const FILE_LIMIT = 16 * 1024 * 1024;
/** Sessions unused this long are removed with their files. */
const SESSION_HOURS = 24;

export type AuthResult =
  | { ok: true; user: UserRow; session: OnecSessionRow; token: string }
  | { ok: false; status: 401 | 403 | 429; reason: 'auth_required' | 'auth_bad' | 'auth_not_admin' | 'auth_blocked' | 'too_many_attempts'; retryAfter?: number };

let dummyHash: Promise<string> | undefined;

function basicAuth(header: string | undefined): { email: string; password: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i <= 0) return null;
  return { email: decoded.slice(0, i).trim().toLowerCase(), password: decoded.slice(i + 1) };
}

/** `mode=checkauth`: checks the credentials and opens a session. */
export async function checkAuth(deps: Deps, authorization: string | undefined, ip: string): Promise<AuthResult> {
  const creds = basicAuth(authorization);
  if (!creds) return { ok: false, status: 401, reason: 'auth_required' };
  const { limits } = deps.config;
  for (const [key, max] of [
    [`onec-ip:${ip}`, limits.loginPerIp],
    [`onec:${creds.email}`, limits.loginPerEmail],
  ] as const) {
    const hit = await deps.limiter.hit(key, max, limits.windowSeconds);
    if (!hit.allowed) return { ok: false, status: 429, reason: 'too_many_attempts', retryAfter: Math.max(1, Math.ceil(hit.retryAfter)) };
  }
  const user = await deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, creds.email) });
  const ok = await verifyPassword(user?.passwordHash ?? (await (dummyHash ??= hashPassword('not-a-real-password-0000'))), creds.password);
  if (!user || !ok) return { ok: false, status: 401, reason: 'auth_bad' };
  if (user.blocked) return { ok: false, status: 403, reason: 'auth_blocked' };
  if (user.role !== 'admin') return { ok: false, status: 403, reason: 'auth_not_admin' };
  await deps.limiter.reset(`onec:${creds.email}`);
  await cleanOldSessions(deps);
  const token = crypto.randomBytes(32).toString('base64url');
  const session = await onecRepo.insertSession(deps.db, user.id, sha256(token));
  return { ok: true, user, session, token };
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/** The session named by the request's cookie, if it is valid and its admin still is one. */
export async function sessionOf(deps: Deps, cookieHeader: string | undefined): Promise<{ session: OnecSessionRow; user: UserRow } | null> {
  const token = cookieValue(cookieHeader, ONEC_COOKIE);
  if (!token || token.length > 200) return null;
  const found = await onecRepo.sessionByHash(deps.db, sha256(token));
  if (!found || found.user.blocked || found.user.role !== 'admin') return null;
  if (Date.now() - found.session.lastSeenAt.getTime() > SESSION_HOURS * 3600_000) return null;
  await onecRepo.touchSession(deps.db, found.session.id);
  return found;
}

export const sessionDir = (deps: Deps, sessionId: number) => path.join(deps.config.dataDir, exchangeDirOf(sessionId));

/** `mode=init` of a catalogue exchange: a fresh, empty directory for the package. */
export async function resetSessionDir(deps: Deps, sessionId: number): Promise<void> {
  const dir = sessionDir(deps, sessionId);
  await fsp.rm(dir, { recursive: true, force: true });
  await fsp.mkdir(dir, { recursive: true });
}

/** `mode=file`: appends a chunk to the named file of the session (null: the name is refused). */
export async function appendChunk(deps: Deps, sessionId: number, filename: string, body: Buffer): Promise<string | null> {
  const rel = safeRelative(filename);
  if (!rel) return null;
  const dir = sessionDir(deps, sessionId);
  const target = path.join(dir, rel);
  if (!target.startsWith(dir + path.sep)) return null;
  await fsp.mkdir(path.dirname(target), { recursive: true });
  await fsp.appendFile(target, body);
  return rel;
}

async function cleanOldSessions(deps: Deps): Promise<void> {
  const ids = await onecRepo.deleteOldSessions(deps.db, SESSION_HOURS);
  for (const id of ids) await fsp.rm(sessionDir(deps, id), { recursive: true, force: true }).catch(() => undefined);
}
