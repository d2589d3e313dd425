import { ONEC_PRICE_TARGETS, resolvePriceTypes, type OnecImportsQuery, type OnecSettingsDto, type OnecSettingsInput } from '@drop/shared';
import type { AuthedCtx } from '../../lib/ctx.ts';
import { AppError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/http.ts';
import { adminRepo } from '../admin/admin.repository.ts';
import { createRun, ensureRunning, liveRun, uploadDirOf } from './import-runner.ts';
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
  const { run } = await createRun(ctx.deps, { source: 'upload', sessionId: null, actorId: ctx.user.id, requestedFile: null, dir: uploadDirOf(key), files }, ctx.log);
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
    await adminRepo.audit(tx, {
      actorId: ctx.user.id,
      action: 'onec.settings',
      entity: 'settings',
      entityId: null,
      changes: { price_types: [before.mapping, input.price_types] },
    });
  });
  return getOnecSettings(ctx);
}
