import { asc, eq } from 'drizzle-orm';
import { BULK_MAX, type AdminPaymentsBulkInput, type AdminWithdrawsBulkInput, type BulkResultDto } from '@drop/shared';
import type { AuthedCtx } from '../../lib/ctx.ts';
import { AppError } from '../../lib/errors.ts';
import { payments, withdraws } from '../../db/schema/index.ts';
import { bulkResult, distinct, runRows } from '../../lib/bulk.ts';
import { decidePayment, decideWithdraw } from './finance.service.ts';

/**
 * Bulk decisions on the money queues (issue 28 point 2): each row through the same function as the
 * single PUT (decidePayment / decideWithdraw), in its own transaction under the row's lock, so a
 * row already decided (by another person, or by the same bulk sent twice) is its own
 * TransitionNotAllowed row and never a second ledger entry.
 */

/** The oldest first (the queue's order), at most BULK_MAX; more is 422 `filter` too_many. */
function tooMany(ids: number[]): number[] {
  if (ids.length > BULK_MAX) throw AppError.field('filter', 'too_many', 'ValidationError', { max: BULK_MAX });
  return ids;
}

/** Approves each pending top-up for the amount its reseller claimed (the ledger credited once per top-up). */
export async function bulkApprovePayments(ctx: AuthedCtx, input: AdminPaymentsBulkInput): Promise<BulkResultDto> {
  const ids = input.ids
    ? distinct(input.ids)
    : tooMany(
        (
          await ctx.db
            .select({ id: payments.id })
            .from(payments)
            .where(eq(payments.status, 'Pending'))
            .orderBy(asc(payments.id))
            .limit(BULK_MAX + 1)
        ).map((r) => r.id),
      );
  return bulkResult(await runRows(ctx, ids, 'payments', 1, (id) => decidePayment(ctx, id, { status: 'Approved' })));
}

/** Marks each new withdrawal paid (its amount was held when it was asked for: nothing more is posted). */
export async function bulkPayWithdraws(ctx: AuthedCtx, input: AdminWithdrawsBulkInput): Promise<BulkResultDto> {
  const ids = input.ids
    ? distinct(input.ids)
    : tooMany(
        (
          await ctx.db
            .select({ id: withdraws.id })
            .from(withdraws)
            .where(eq(withdraws.status, 'New'))
            .orderBy(asc(withdraws.id))
            .limit(BULK_MAX + 1)
        ).map((r) => r.id),
      );
  return bulkResult(await runRows(ctx, ids, 'withdraws', 1, (id) => decideWithdraw(ctx, id, 'Paid', undefined)));
}
