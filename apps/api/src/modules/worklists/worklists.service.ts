import { count, eq } from 'drizzle-orm';
import { ORDER_WORKLISTS, WORKLIST_AREAS, mayAccess, type WorklistCountsDto } from '@drop/shared';
import type { AuthedCtx } from '../../lib/ctx.ts';
import { payments, withdraws } from '../../db/schema/index.ts';
import { ordersRepo } from '../orders/orders.repository.ts';

/**
 * `GET /admin/worklists`: how many items each worklist the role may see holds now (issue 28): the
 * order worklists (orders.repository.ts worklistWhere, each counted on its partial index), the
 * pending top-ups and the new withdrawals (payments_status_idx, withdraws_status_idx). A worklist
 * whose area (WORKLIST_AREAS) the role lacks is absent. Indexed counts, so no cache.
 */
export async function worklistCounts(ctx: AuthedCtx): Promise<WorklistCountsDto> {
  const may = (w: keyof typeof WORKLIST_AREAS) => mayAccess(ctx.user.role, WORKLIST_AREAS[w]);
  const out: WorklistCountsDto = await ordersRepo.worklistCounts(ctx.db, ORDER_WORKLISTS.filter(may));
  // Sequential: PGlite has one connection.
  if (may('topups')) out.topups = Number((await ctx.db.select({ n: count() }).from(payments).where(eq(payments.status, 'Pending')))[0]?.n ?? 0);
  if (may('withdrawals')) out.withdrawals = Number((await ctx.db.select({ n: count() }).from(withdraws).where(eq(withdraws.status, 'New')))[0]?.n ?? 0);
  return out;
}
