import { BULK_MAX, mayAccess, type AdminOrdersBulkInput, type AdminOrdersFilter, type BulkResultDto, type StaffArea } from '@drop/shared';
import type { AuthedCtx } from '../../lib/ctx.ts';
import { AppError } from '../../lib/errors.ts';
import { bulkResult, distinct, runRows } from '../../lib/bulk.ts';
import { writeAudit } from '../../lib/audit.ts';
import { adminOrderFilter, ordersRepo } from './orders.repository.ts';
import { assertPrintable } from './printable.ts';
import { createTtn, moveAdminOrder } from './orders-admin.service.ts';

/**
 * Bulk actions on orders (issue 28 point 2). Each row goes through the same service function as
 * the single action (moveAdminOrder, createTtn, assertPrintable), in its own transaction, so each
 * is audited as the single action is and one failing row never undoes another. A row's refusal is
 * its own result (the code and the text the single call would answer, in the request's language).
 */

/** Nova Poshta is asked about this many waybills at once. */
const TTN_CONCURRENCY = 4;

/** The area each action needs beyond the route's orders.read: without it the whole request is 403. */
const ACTION_AREAS: Record<AdminOrdersBulkInput['action'], StaffArea> = { status: 'orders.status', ttn: 'orders.waybill', print: 'printing' };

/** Every order the list's filter matches (the list's order: newest first); more than BULK_MAX is 422 `filter` too_many. */
async function idsOfFilter(ctx: AuthedCtx, f: AdminOrdersFilter): Promise<number[]> {
  const ids = await ordersRepo.matchingIds(ctx.db, f.user_id ?? null, adminOrderFilter(f), BULK_MAX + 1);
  if (ids.length > BULK_MAX) throw AppError.field('filter', 'too_many', 'ValidationError', { max: BULK_MAX });
  return ids;
}

/**
 * `POST /admin/orders/bulk`: `status` moves each order (moveAdminOrder: the role's moves, the
 * paid-Card rule with no override; a move the role may not make is each row's Forbidden, as the
 * single call's 403), `ttn` makes each waybill through Nova Poshta (createTtn, four at a time; it
 * re-checks under the order's lock, so a second bulk at once never gives an order a second
 * waybill), `print` checks each order can be printed as `kind` (assertPrintable), audits
 * `order.print` per printable order and answers the one PDF's address in `meta.file`.
 */
export async function bulkOrders(ctx: AuthedCtx, input: AdminOrdersBulkInput): Promise<BulkResultDto> {
  if (!mayAccess(ctx.user.role, ACTION_AREAS[input.action])) throw AppError.forbidden();
  const ids = input.ids ? distinct(input.ids) : await idsOfFilter(ctx, input.filter!);
  switch (input.action) {
    case 'status':
      return bulkResult(await runRows(ctx, ids, 'status', 1, (id) => moveAdminOrder(ctx, id, input.status, input.comment || null)));
    case 'ttn':
      return bulkResult(
        await runRows(ctx, ids, 'ttn', TTN_CONCURRENCY, (id) =>
          createTtn(ctx, id, { weight: input.weight, seats: input.seats, description: input.description || undefined }),
        ),
      );
    case 'print': {
      const rows = await runRows(ctx, ids, 'print', 1, async (id) => {
        const o = await ordersRepo.byId(ctx.db, id);
        if (!o) throw AppError.notFound();
        await assertPrintable(ctx, o, input.kind);
        await writeAudit(ctx.db, {
          actorId: ctx.user.id,
          action: 'order.print',
          entity: 'order',
          entityId: o.id,
          changes: { number: o.number, kind: input.kind, bulk: true },
        });
      });
      const ok = rows.filter((r) => r.ok).map((r) => r.id);
      return bulkResult(rows, ok.length ? `/api/v1/admin/orders/print/${input.kind}?ids=${ok.join(',')}` : undefined);
    }
  }
}
