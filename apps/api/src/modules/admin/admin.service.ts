import { REALTIME_EVENTS, userChannel, type AdminUserUpdateInput } from '@drop/shared';
import { presentUser } from '../auth/auth.presenter.ts';
import { notify, pushToUser } from '../notifications/notifications.service.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/ctx.ts';
import { adminRepo } from './admin.repository.ts';

export const listUsers = (ctx: AuthedCtx, search: string | undefined, page: number, perPage: number) =>
  adminRepo.pageUsers(ctx.db, search?.trim() || undefined, page, perPage);

export async function getUser(ctx: AuthedCtx, id: number) {
  const user = await adminRepo.findUser(ctx.db, id);
  if (!user) throw AppError.notFound();
  return { user, audit: await adminRepo.auditOf(ctx.db, 'user', id) };
}

/** Verifies, discounts or blocks a user; every change is written to the audit log with its author. */
export async function updateUser(ctx: AuthedCtx, id: number, input: AdminUserUpdateInput) {
  const result = await ctx.db.transaction(async (tx) => {
    const user = await adminRepo.lockUser(tx, id);
    if (!user) throw AppError.notFound();
    // Operators manage resellers; only an admin may change another staff account.
    if (user.role !== 'reseller' && ctx.user.role !== 'admin') throw AppError.forbidden();
    if (user.id === ctx.user.id && input.blocked) throw AppError.forbidden();
    const changes: Record<string, [unknown, unknown]> = {};
    const values: Parameters<typeof adminRepo.updateUser>[2] = {};
    if (input.is_verified !== undefined && input.is_verified !== user.isVerified) {
      changes.is_verified = [user.isVerified, input.is_verified];
      values.isVerified = input.is_verified;
    }
    if (input.discount !== undefined && input.discount !== Number(user.discount)) {
      changes.discount = [Number(user.discount), input.discount];
      values.discount = input.discount;
    }
    if (input.blocked !== undefined && input.blocked !== user.blocked) {
      changes.blocked = [user.blocked, input.blocked];
      values.blocked = input.blocked;
    }
    if (Object.keys(changes).length === 0) return user;
    const updated = await adminRepo.updateUser(tx, id, values);
    await adminRepo.audit(tx, { actorId: ctx.user.id, action: 'user.update', entity: 'user', entityId: id, changes });
    // The reseller's open pages learn at once (after commit): verified -> activated + a
    // notification; verification or discount -> updated (prices follow).
    if (values.isVerified === true) {
      await notify(tx, ctx.deps, updated, 'account_verified');
      await pushToUser(tx, ctx.deps, id, REALTIME_EVENTS.activated, { user: presentUser(updated) });
    }
    if (changes.is_verified || changes.discount) await pushToUser(tx, ctx.deps, id, REALTIME_EVENTS.updated, { user: presentUser(updated) });
    return updated;
  });
  // A blocked user's open sockets are closed (on every API process through the adapter).
  if (input.blocked === true && result.blocked) ctx.deps.realtime.io.in(userChannel(id)).disconnectSockets(true);
  return result;
}
