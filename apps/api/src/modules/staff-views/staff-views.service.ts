import { sql } from 'drizzle-orm';
import { STAFF_VIEW_PARAMS, STAFF_VIEWS_MAX, type StaffViewCreateInput, type StaffViewDto, type StaffViewList, type StaffViewUpdateInput } from '@drop/shared';
import type { AuthedCtx } from '../../lib/ctx.ts';
import { AppError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { staffViewsRepo, type StaffViewRow } from './staff-views.repository.ts';

/**
 * Saved views of the back office's lists (issue 29 point 3): each staff member's own. Every read
 * and write names the signed-in person, so another person's view answers 404 as a missing one.
 */

const present = (v: StaffViewRow): StaffViewDto => ({
  id: v.id,
  list: v.list as StaffViewList,
  name: v.name,
  params: v.params as StaffViewDto['params'],
  created_at: v.createdAt.toISOString(),
  updated_at: v.updatedAt.toISOString(),
});

const nameTaken = () => AppError.field('name', 'view_name_taken');

export async function listViews(ctx: AuthedCtx, list: StaffViewList): Promise<StaffViewDto[]> {
  return (await staffViewsRepo.list(ctx.db, ctx.user.id, list)).map(present);
}

/** A new view; the person's views of a list are counted under a lock, so two saves at once never pass STAFF_VIEWS_MAX. */
export async function createView(ctx: AuthedCtx, input: StaffViewCreateInput): Promise<StaffViewDto> {
  try {
    return await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('staff_views'), ${ctx.user.id}::int)`);
      if ((await staffViewsRepo.count(tx, ctx.user.id, input.list)) >= STAFF_VIEWS_MAX)
        throw AppError.field('name', 'views_limit', 'ValidationError', { max: STAFF_VIEWS_MAX });
      return present(await staffViewsRepo.insert(tx, { userId: ctx.user.id, list: input.list, name: input.name, params: input.params }));
    });
  } catch (e) {
    if (isUniqueViolation(e, 'staff_views_name_uq')) throw nameTaken();
    throw e;
  }
}

/** Renames a view and/or replaces its params (checked against the view's own list: a bad one is 422 under `params.…`). */
export async function updateView(ctx: AuthedCtx, id: number, input: StaffViewUpdateInput): Promise<StaffViewDto> {
  const v = await staffViewsRepo.owned(ctx.db, ctx.user.id, id);
  if (!v) throw AppError.notFound();
  const changes: Partial<Pick<StaffViewRow, 'name' | 'params'>> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.params !== undefined) {
    const r = STAFF_VIEW_PARAMS[v.list as StaffViewList].safeParse(input.params);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      throw AppError.field(['params', ...issue.path.map(String)].join('.'), (issue.message || 'invalid_value') as Parameters<typeof AppError.field>[1]);
    }
    changes.params = r.data;
  }
  try {
    const row = await staffViewsRepo.update(ctx.db, ctx.user.id, id, changes);
    if (!row) throw AppError.notFound();
    return present(row);
  } catch (e) {
    if (isUniqueViolation(e, 'staff_views_name_uq')) throw nameTaken();
    throw e;
  }
}

export async function deleteView(ctx: AuthedCtx, id: number): Promise<void> {
  if (!(await staffViewsRepo.remove(ctx.db, ctx.user.id, id))) throw AppError.notFound();
}
