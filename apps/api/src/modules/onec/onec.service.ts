import { sql } from 'drizzle-orm';
import {
  ONEC_PRICE_TARGETS,
  resolvePriceTypes,
  type OnecCredentialDto,
  type OnecCredentialSecretDto,
  type OnecImportsQuery,
  type OnecSettingsDto,
  type OnecSettingsInput,
} from '@drop/shared';
import { sha256 } from '../../lib/security.ts';
import type { AuthedCtx } from '../../lib/ctx.ts';
import { AppError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/http.ts';
import { writeAudit } from '../../lib/audit.ts';
import { createRun, ensureRunning, liveRun, uploadDirOf } from './import-runner.ts';
import { newCredentialPair, removeSessionDirs } from './exchange-session.ts';
import { presentRun } from './onec.presenter.ts';
import { onecRepo } from './onec.repository.ts';

/** The back office's side of the 1C sync (operators and admins; settings changed by admins only). */

export async function listImportRuns(ctx: AuthedCtx, q: OnecImportsQuery) {
  const { rows, total } = await onecRepo.pageRuns(ctx.db, q.page, q.per_page);
  return pageOf(
    rows.map((r) => presentRun(r.run, r.actor, ctx.locale, liveRun(ctx.db, r.run.id)?.progress)),
    total,
    q.page,
    q.per_page,
  );
}

export async function getImportRun(ctx: AuthedCtx, id: number) {
  const found = await onecRepo.runWithActor(ctx.db, id);
  if (!found) throw AppError.notFound();
  // A run left behind by a process that stopped is resumed by whoever looks at it.
  if (found.run.status === 'queued' || found.run.status === 'running') await ensureRunning(ctx.deps, found.run, ctx.log);
  return presentRun(found.run, found.actor, ctx.locale, liveRun(ctx.db, id)?.progress);
}

/** A run of the files an operator uploaded into DATA_DIR/onec/uploads/<key>. */
export async function startUploadedImport(ctx: AuthedCtx, key: string, files: string[]) {
  const { run } = await createRun(
    ctx.deps,
    { source: 'upload', sessionId: null, actorId: ctx.user.id, requestedFile: null, dir: uploadDirOf(key), files },
    ctx.log,
  );
  return getImportRun(ctx, run.id);
}

export async function getOnecSettings(ctx: AuthedCtx): Promise<OnecSettingsDto> {
  const [{ mapping, updatedAt }, known] = await Promise.all([onecRepo.priceMapping(ctx.db), onecRepo.knownPriceTypes(ctx.db)]);
  const targets = resolvePriceTypes(mapping, known);
  return {
    price_types: mapping,
    is_default: updatedAt === null,
    known_price_types: known.map((t) => ({
      id: t.id,
      name: t.name,
      target: ONEC_PRICE_TARGETS.find((k) => targets[k] === t.id) ?? null,
      last_seen_at: t.updatedAt.toISOString(),
    })),
    updated_at: updatedAt?.toISOString() ?? null,
  };
}

export async function saveOnecSettings(ctx: AuthedCtx, input: OnecSettingsInput): Promise<OnecSettingsDto> {
  if (ctx.user.role !== 'admin') throw AppError.forbidden();
  await ctx.db.transaction(async (tx) => {
    const before = await onecRepo.priceMapping(tx);
    await onecRepo.savePriceMapping(tx, input.price_types, ctx.user.id);
    await writeAudit(tx, {
      actorId: ctx.user.id,
      action: 'onec.settings',
      entity: 'settings',
      entityId: null,
      changes: { price_types: [before.mapping, input.price_types] },
    });
  });
  return getOnecSettings(ctx);
}

// ---------- the exchange's own credentials (admins only) ----------

/** Serialises changes of the pair, so two admins at once never leave two live pairs. */
const CREDENTIALS_LOCK = 0x1c_c4ed;

function adminOnly(ctx: AuthedCtx) {
  if (ctx.user.role !== 'admin') throw AppError.forbidden();
}

/** The live pair without its secret, or null. */
export async function getOnecCredential(ctx: AuthedCtx): Promise<OnecCredentialDto | null> {
  adminOnly(ctx);
  const found = await onecRepo.liveCredential(ctx.db);
  if (!found) return null;
  return { login: found.credential.login, created_at: found.credential.createdAt.toISOString(), created_by: found.author?.id ? found.author : null };
}

/** Revokes the live pair (and ends its sessions) inside `tx`; answers the revoked rows and the ended sessions. */
async function revokeIn(ctx: AuthedCtx, tx: AuthedCtx['db']) {
  const revoked = await onecRepo.revokeCredentials(tx);
  const sessions = await onecRepo.deleteSessionsOf(
    tx,
    revoked.map((r) => r.id),
  );
  return { revoked, sessions };
}

/** A new pair replacing the live one; the secret is answered this once and only its hash kept. */
export async function createOnecCredential(ctx: AuthedCtx): Promise<OnecCredentialSecretDto> {
  adminOnly(ctx);
  const pair = newCredentialPair();
  const ended = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CREDENTIALS_LOCK})`);
    const { revoked, sessions } = await revokeIn(ctx, tx);
    const row = await onecRepo.insertCredential(tx, { login: pair.login, secretHash: sha256(pair.secret), createdBy: ctx.user.id });
    await writeAudit(tx, {
      actorId: ctx.user.id,
      action: 'onec.credentials.create',
      entity: 'onec_credentials',
      entityId: row.id,
      changes: { login: [revoked[0]?.login ?? null, pair.login] },
    });
    return sessions;
  });
  await removeSessionDirs(ctx.deps, ended);
  return pair;
}

/** Revokes the live pair: the exchange stops (its sessions end) until an admin makes a new one. */
export async function revokeOnecCredential(ctx: AuthedCtx): Promise<void> {
  adminOnly(ctx);
  const ended = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CREDENTIALS_LOCK})`);
    const { revoked, sessions } = await revokeIn(ctx, tx);
    for (const r of revoked) {
      await writeAudit(tx, {
        actorId: ctx.user.id,
        action: 'onec.credentials.revoke',
        entity: 'onec_credentials',
        entityId: r.id,
        changes: { login: [r.login, null] },
      });
    }
    return sessions;
  });
  await removeSessionDirs(ctx.deps, ended);
}
