import {
  BULK_CHANGE_MAX,
  BULK_PREVIEW_SAMPLE,
  computeBulkChange,
  kopToUah,
  type BulkChangeParsed,
  type BulkChangeResultDto,
  type BulkChangeRowDto,
  type BulkSkipReason,
} from '@drop/shared';
import type { AuthedCtx } from '../../lib/ctx.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../../lib/audit.ts';
import { invalidateCatalogue } from './catalogue-cache.ts';
import { catalogStockRepo, nameStockWriter, type BulkProductRow } from './catalog-stock.repository.ts';
import { categorySubtree } from './catalog-stock.service.ts';
import { normalizeWords } from './search-normalize.ts';

interface Plan {
  matched: number;
  changes: { id: number; value: number }[];
  result: BulkChangeResultDto;
}

/** The products the change is for: the ids, or the admin list's filter (a category with its subtree); at most BULK_CHANGE_MAX. */
async function targets(db: Db, input: BulkChangeParsed, lock: boolean): Promise<BulkProductRow[]> {
  let rows: BulkProductRow[];
  if (input.product_ids) {
    rows = await catalogStockRepo.bulkTargets(db, { ids: [...new Set(input.product_ids)] }, BULK_CHANGE_MAX + 1, lock);
  } else {
    const f = input.filter!;
    const search = f.search?.trim() || undefined;
    rows = await catalogStockRepo.bulkTargets(
      db,
      {
        filter: {
          search,
          categoryIds: f.category_id ? await categorySubtree(db, f.category_id) : undefined,
          inStock: f.in_stock,
          isNew: f.is_new,
          specials: f.specials,
        },
        words: search ? normalizeWords(search) : [],
      },
      BULK_CHANGE_MAX + 1,
      lock,
    );
  }
  if (rows.length > BULK_CHANGE_MAX)
    throw AppError.field(input.product_ids ? 'product_ids' : 'filter', 'too_many', 'BulkChangeTooMany', { max: BULK_CHANGE_MAX });
  return rows;
}

/** Runs the one computation (shared computeBulkChange) over the rows: what changes, what is skipped and why, the sums. */
function plan(rows: BulkProductRow[], input: BulkChangeParsed): Plan {
  const show = (v: number | null) => (v === null ? null : input.field === 'qty' ? v : kopToUah(v));
  const changes: Plan['changes'] = [];
  const byReason: Partial<Record<BulkSkipReason, number>> = {};
  const sample: BulkChangeRowDto[] = [];
  const skippedSample: BulkChangeRowDto[] = [];
  let sumBefore = 0;
  let sumAfter = 0;
  // Newest products first, as the list shows them.
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i]!;
    const out = computeBulkChange({ dropKop: r.drop_kop, retailKop: r.retail_kop, oldDropKop: r.old_drop_kop, qty: r.qty }, input);
    const row = {
      id: r.id,
      b2b_code_id: r.b2b_code_id,
      vendor_code: r.vendor_code,
      name_uk: r.name_uk,
      name_ru: r.name_ru,
      before: show(out.before),
      after: show(out.after),
    };
    if (out.ok) {
      changes.push({ id: r.id, value: out.after });
      sumBefore += out.before;
      sumAfter += out.after;
      if (sample.length < BULK_PREVIEW_SAMPLE) sample.push({ ...row, reason: null });
    } else {
      byReason[out.reason] = (byReason[out.reason] ?? 0) + 1;
      if (skippedSample.length < BULK_PREVIEW_SAMPLE) skippedSample.push({ ...row, reason: out.reason });
    }
  }
  changes.sort((a, b) => a.id - b.id);
  return {
    matched: rows.length,
    changes,
    result: {
      matched: rows.length,
      changed: changes.length,
      skipped: rows.length - changes.length,
      skipped_by_reason: byReason,
      sum_before: show(sumBefore)!,
      sum_after: show(sumAfter)!,
      sample,
      skipped_sample: skippedSample,
    },
  };
}

/** What the change would do now: nothing is written. */
export async function previewBulkChange(ctx: AuthedCtx, input: BulkChangeParsed): Promise<BulkChangeResultDto> {
  return plan(await targets(ctx.db, input, false), input).result;
}

/**
 * Applies the change in one transaction, recomputed from the rows as they are now (locked, in id
 * order): the same answer as the preview when nothing changed in between. One audit entry names
 * the filter, the change and the count; a qty change leaves one stock movement per product
 * (source operator, note "bulk", the actor). The catalogue caches are forgotten after the commit.
 */
export async function applyBulkChange(ctx: AuthedCtx, input: BulkChangeParsed): Promise<BulkChangeResultDto> {
  const result = await ctx.db.transaction(async (tx) => {
    const p = plan(await targets(tx, input, true), input);
    if (p.changes.length === 0) return p.result;
    if (input.field === 'qty') await nameStockWriter(tx, { source: 'operator', actorId: ctx.user.id, note: 'bulk' });
    const written = await catalogStockRepo.applyBulk(tx, input.field, p.changes);
    await writeAudit(tx, {
      actorId: ctx.user.id,
      action: 'product.bulk_change',
      entity: 'product',
      entityId: null,
      changes: {
        target: input.product_ids
          ? { product_ids: input.product_ids.length > 100 ? `${input.product_ids.length} ids` : input.product_ids }
          : { filter: input.filter },
        change: { field: input.field, mode: input.mode, amount: input.amount, rounding: input.rounding },
        matched: p.matched,
        changed: written,
        skipped: p.result.skipped_by_reason,
        sum: [p.result.sum_before, p.result.sum_after],
      },
    });
    return { ...p.result, changed: written, sample: [], skipped_sample: [] };
  });
  if (result.changed > 0) invalidateCatalogue(ctx.db);
  return result;
}
