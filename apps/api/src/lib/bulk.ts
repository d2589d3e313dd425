import { translate, type BulkResultDto, type BulkRowResultDto } from '@drop/shared';
import type { AuthedCtx } from './ctx.ts';
import { AppError } from './errors.ts';

/**
 * Bulk actions (orders, top-ups, withdrawals): each row goes through the single action's function
 * in its own transaction, and its refusal is its own result, so one failing row never undoes another.
 */

/** A row's refusal: an AppError as the single call would answer it; anything else a generic error, logged. */
function rowError(ctx: AuthedCtx, id: number, err: unknown, what: string): BulkRowResultDto {
  if (err instanceof AppError) return { id, ok: false, code: err.code, error: translate(err.messageKey, ctx.locale, err.params) };
  ctx.log.error({ err, id }, `bulk ${what}: a row failed unexpectedly`);
  return { id, ok: false, code: 'ServerError', error: translate('server_error', ctx.locale) };
}

/**
 * Runs `fn` for every id, at most `concurrency` at a time; the results keep the order of the ids.
 * A row that throws becomes its error row; the others run on.
 */
export async function runRows(
  ctx: AuthedCtx,
  ids: readonly number[],
  what: string,
  concurrency: number,
  fn: (id: number) => Promise<unknown>,
): Promise<BulkRowResultDto[]> {
  const out: BulkRowResultDto[] = new Array(ids.length);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const i = next++;
      const id = ids[i]!;
      try {
        await fn(id);
        out[i] = { id, ok: true };
      } catch (err) {
        out[i] = rowError(ctx, id, err, what);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, ids.length)) }, worker));
  return out;
}

/** A bulk action's answer: each row's result in the order asked, the totals, and `file` when it printed. */
export function bulkResult(rows: BulkRowResultDto[], file?: string): BulkResultDto {
  const ok = rows.filter((r) => r.ok).length;
  return { data: rows, meta: { total: rows.length, ok, failed: rows.length - ok, ...(file ? { file } : {}) } };
}

/** Ids as given, each once, in their order. */
export const distinct = (ids: readonly number[]) => [...new Set(ids)];
