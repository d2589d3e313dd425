import {
  REALTIME_EVENTS,
  kopToUah,
  userChannel,
  type AdminUserSummaryDto,
  type AdminUserUpdateInput,
  type AdminUsersQuery,
  type AuditEntryDto,
  type AuditQuery,
} from '@drop/shared';
import { presentUser } from '../auth/auth.presenter.ts';
import { authRepo } from '../auth/auth.repository.ts';
import { notify, pushToUser } from '../notifications/notifications.service.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/ctx.ts';
import { adminRepo } from './admin.repository.ts';
import type { UserFilter } from '../../db/shared-queries.ts';
import { writeAudit } from '../../lib/audit.ts';
import { financeRepo } from '../finance/finance.repository.ts';
import { presentOperation } from '../finance/finance.presenter.ts';

/** The resellers list's filter from its query (the list and its export, issue 29). */
export const userFilterOf = (q: Omit<AdminUsersQuery, 'page' | 'per_page'>): UserFilter => ({
  search: q.search?.trim() || undefined,
  role: q.role,
  isVerified: q.is_verified,
  blocked: q.blocked,
});

export const listUsers = (ctx: AuthedCtx, q: AdminUsersQuery) => adminRepo.pageUsers(ctx.db, userFilterOf(q), q.page, q.per_page);

async function existing(ctx: AuthedCtx, id: number) {
  const user = await adminRepo.findUser(ctx.db, id);
  if (!user) throw AppError.notFound();
  return user;
}

/** A user's devices (sessions), most recently used first. */
export async function userDevices(ctx: AuthedCtx, id: number) {
  await existing(ctx, id);
  const rows = await adminRepo.devicesOf(ctx.db, id);
  return rows.map((d) => ({
    id: d.id,
    name: d.name,
    ip_address: d.ipAddress,
    user_agent: d.userAgent,
    used_at: d.usedAt.toISOString(),
    created_at: d.createdAt.toISOString(),
  }));
}

/** A user's ledger, newest first, in the operator's language. */
export async function userOperations(ctx: AuthedCtx, id: number, page: number, perPage: number) {
  await existing(ctx, id);
  const { rows, total } = await financeRepo.operationsPage(ctx.db, id, {}, page, perPage);
  return { data: rows.map((r) => presentOperation(r.op, ctx.locale)), total };
}

export async function userSummary(ctx: AuthedCtx, id: number): Promise<AdminUserSummaryDto> {
  await existing(ctx, id);
  const s = await adminRepo.summaryOf(ctx.db, id);
  return {
    orders_total: s.ordersTotal,
    orders_by_status: s.ordersByStatus,
    profit_total: kopToUah(s.profitKop),
    pending_top_ups: s.pendingTopUps,
    pending_withdrawals: s.pendingWithdrawals,
    markets: s.markets,
    feeds: s.feeds,
  };
}

/** The audit log with filters, newest first. */
export async function auditPage(ctx: AuthedCtx, q: AuditQuery) {
  const { rows, total } = await adminRepo.auditPage(
    ctx.db,
    { actorId: q.actor_id, action: q.action || undefined, entity: q.entity || undefined, entityId: q.entity_id, dateFrom: q.date_from, dateTo: q.date_to },
    q.page,
    q.per_page,
  );
  const data: AuditEntryDto[] = rows.map((r) => ({
    id: r.entry.id,
    actor: r.entry.actorId === null ? null : { id: r.entry.actorId, name: r.actorName ?? '', email: r.actorEmail ?? '', role: r.actorRole ?? '' },
    action: r.entry.action,
    entity: r.entry.entity,
    entity_id: r.entry.entityId,
    changes: r.entry.changes,
    created_at: r.entry.createdAt.toISOString(),
  }));
  return { data, total };
}

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
    // Resellers only: staff accounts change through /admin/staff, which keeps the last-admin rule.
    if (user.role !== 'reseller') throw AppError.business('StaffAccount', 'staff_account');
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
    // A block revokes every token for good: unblocking later does not bring them back.
    if (values.blocked === true) await authRepo.deleteTokensOfUser(tx, id);
    await writeAudit(tx, { actorId: ctx.user.id, action: 'user.update', entity: 'user', entityId: id, changes });
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
