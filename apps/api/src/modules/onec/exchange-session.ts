import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../lib/deps.ts';
import { sha256 } from '../../lib/security.ts';
import { safeRelative } from './catalog-import.ts';
import { exchangeDirOf } from './import-runner.ts';
import { onecRepo, type OnecCredentialRow, type OnecSessionRow } from './onec.repository.ts';

/**
 * Sessions of the 1C exchange. `checkauth` takes HTTP basic auth with the exchange's own login
 * and secret (DESIGN.md section 8: made by an admin in the back office, POST
 * /api/v1/admin/onec/credentials; never a staff password) and answers a cookie; every later call
 * must bring it. The session lives in the database (any API process answers), belongs to its pair
 * (a new or revoked pair ends it) and owns a directory under DATA_DIR for the files 1C sends.
 */

export const ONEC_COOKIE = 'drop_1c_session';
/** Largest chunk 1C may send per `mode=file` request (it splits bigger files). */
export const FILE_LIMIT = 16 * 1024 * 1024;
/** Sessions unused this long are removed with their files. */
const SESSION_HOURS = 24;

export type AuthResult =
  | { ok: true; credential: OnecCredentialRow; session: OnecSessionRow; token: string }
  | { ok: false; status: 401 | 429; reason: 'auth_required' | 'auth_bad' | 'too_many_attempts'; retryAfter?: number };

/** Compared against when the login is unknown, so both answers take the same time. */
const DUMMY_HASH = sha256(crypto.randomBytes(32).toString('base64url'));

function basicAuth(header: string | undefined): { login: string; secret: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i <= 0) return null;
  return { login: decoded.slice(0, i).trim().toLowerCase().slice(0, 200), secret: decoded.slice(i + 1) };
}

/** A new pair: `1c-` and 10 random letters or digits, and a 256-bit secret (base64url). */
export function newCredentialPair(): { login: string; secret: string } {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const login = `1c-${Array.from(crypto.randomBytes(10), (b) => alphabet[b % alphabet.length]).join('')}`;
  return { login, secret: crypto.randomBytes(32).toString('base64url') };
}

const sameHash = (a: string, b: string) => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/** `mode=checkauth`: checks the exchange's login and secret (attempts limited per address and login) and opens a session. */
export async function checkAuth(deps: Deps, authorization: string | undefined, ip: string): Promise<AuthResult> {
  const creds = basicAuth(authorization);
  if (!creds) return { ok: false, status: 401, reason: 'auth_required' };
  const { limits } = deps.config;
  for (const [key, max] of [
    [`onec-ip:${ip}`, limits.loginPerIp],
    [`onec:${creds.login}`, limits.loginPerEmail],
  ] as const) {
    const hit = await deps.limiter.hit(key, max, limits.windowSeconds);
    if (!hit.allowed) return { ok: false, status: 429, reason: 'too_many_attempts', retryAfter: Math.max(1, Math.ceil(hit.retryAfter)) };
  }
  const credential = await onecRepo.liveCredentialByLogin(deps.db, creds.login);
  const ok = sameHash(credential?.secretHash ?? DUMMY_HASH, sha256(creds.secret));
  if (!credential || !ok) return { ok: false, status: 401, reason: 'auth_bad' };
  await deps.limiter.reset(`onec:${creds.login}`);
  await cleanOldSessions(deps);
  const token = crypto.randomBytes(32).toString('base64url');
  const session = await onecRepo.insertSession(deps.db, credential.id, sha256(token));
  return { ok: true, credential, session, token };
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/** The session named by the request's cookie, if it is recent and its pair is still live. */
export async function sessionOf(deps: Deps, cookieHeader: string | undefined): Promise<{ session: OnecSessionRow; credential: OnecCredentialRow } | null> {
  const token = cookieValue(cookieHeader, ONEC_COOKIE);
  if (!token || token.length > 200) return null;
  const found = await onecRepo.sessionByHash(deps.db, sha256(token));
  if (!found) return null;
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

/** Removes the files of ended sessions. */
export async function removeSessionDirs(deps: Deps, ids: number[]): Promise<void> {
  for (const id of ids) await fsp.rm(sessionDir(deps, id), { recursive: true, force: true }).catch(() => undefined);
}

async function cleanOldSessions(deps: Deps): Promise<void> {
  await removeSessionDirs(deps, await onecRepo.deleteOldSessions(deps.db, SESSION_HOURS));
}
