import type { LowStockQuery, LowStockResponse, StockHistoryQuery, StockHistoryResponse } from '@drop/shared';
import type { AuthedCtx } from '../../lib/ctx.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { catalogAdminRepo } from './catalog-admin.repository.ts';
import { catalogStockRepo } from './catalog-stock.repository.ts';

/** The category and every category below it (none if it does not exist). */
export async function categorySubtree(db: Db, id: number): Promise<number[]> {
  const all = await catalogAdminRepo.categories(db);
  if (!all.some((c) => c.id === id)) return [];
  const ids = [id];
  for (let i = 0; i < ids.length; i++) for (const c of all) if (c.parentId === ids[i]) ids.push(c.id);
  return ids;
}

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

/** A product's stock history, newest first, with its stock now (free, reserved, on hand = both). */
export async function stockHistory(ctx: AuthedCtx, productId: number, q: StockHistoryQuery): Promise<StockHistoryResponse> {
  const stock = await catalogStockRepo.stock(ctx.db, productId);
  if (!stock) throw AppError.notFound();
  const rows = await catalogStockRepo.history(ctx.db, productId, q.before, q.limit + 1);
  const page = rows.slice(0, q.limit);
  return {
    data: page.map((r) => ({
      id: Number(r.id),
      source: r.source,
      qty_delta: r.qty_delta,
      reserved_delta: r.reserved_delta,
      qty_after: r.qty_after,
      reserved_after: r.reserved_after,
      order_id: r.order_id,
      order_number: r.order_number,
      actor_id: r.actor_id,
      actor_name: r.actor_name,
      note: r.note,
      created_at: iso(r.created_at),
    })),
    stock: { free: stock.qty, reserved: stock.reserved, on_hand: stock.qty + stock.reserved },
    next_before: rows.length > q.limit ? Number(page.at(-1)!.id) : null,
  };
}

/** Live products with little free stock, the fewest first (keyset pages by qty, id). */
export async function lowStock(ctx: AuthedCtx, q: LowStockQuery): Promise<LowStockResponse> {
  const after = q.after ? (([qty, id]) => ({ qty: Number(qty), id: Number(id) }))(q.after.split(':')) : undefined;
  const rows = await catalogStockRepo.lowStock(ctx.db, {
    threshold: q.threshold,
    categoryIds: q.category_id ? await categorySubtree(ctx.db, q.category_id) : undefined,
    inStockOnly: q.in_stock_only,
    after,
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    data: page.map((r) => ({
      id: r.id,
      b2b_code_id: r.b2b_code_id,
      vendor_code: r.vendor_code,
      name_uk: r.name_uk,
      name_ru: r.name_ru,
      category_id: r.category_id,
      free: r.qty,
      reserved: r.reserved,
      on_hand: r.qty + r.reserved,
    })),
    next_after: rows.length > q.limit && last ? `${last.qty}:${last.id}` : null,
  };
}
