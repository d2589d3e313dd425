import { sql, type SQL } from 'drizzle-orm';
import type { StockSource } from '@drop/shared';
import type { Db } from '../../db/client.ts';
import { productWhere, type ProductFilter } from './catalog-admin.repository.ts';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export interface StockWriter {
  source: StockSource;
  orderId?: number | null;
  actorId?: number | null;
  note?: string | null;
}

/**
 * Names whoever changes stock next in this transaction for the stock history (the trigger of
 * migration 0023 reads these settings for every row it writes). Transaction-local
 * (`is_local = true`): call it inside the transaction that updates qty or reserved, before the
 * update. Every setting is written each time (an empty one clears what an earlier writer of the
 * same transaction, say another order of a bulk action, left behind).
 */
export async function nameStockWriter(tx: Db, w: StockWriter): Promise<void> {
  await tx.execute(sql`SELECT set_config('drop.stock_source', ${w.source}, true), set_config('drop.stock_order_id', ${w.orderId ? String(w.orderId) : ''}, true),
    set_config('drop.stock_actor_id', ${w.actorId ? String(w.actorId) : ''}, true), set_config('drop.stock_note', ${w.note ?? ''}, true)`);
}

export interface MovementRow {
  id: number;
  source: StockSource;
  qty_delta: number;
  reserved_delta: number;
  qty_after: number;
  reserved_after: number;
  order_id: number | null;
  order_number: string | null;
  actor_id: number | null;
  actor_name: string | null;
  note: string | null;
  created_at: string | Date;
}

export interface BulkProductRow {
  id: number;
  b2b_code_id: number;
  vendor_code: string;
  name_uk: string;
  name_ru: string;
  drop_kop: number;
  retail_kop: number;
  old_drop_kop: number | null;
  qty: number;
}

export interface LowStockRow {
  id: number;
  b2b_code_id: number;
  vendor_code: string;
  name_uk: string;
  name_ru: string;
  category_id: number;
  qty: number;
  reserved: number;
}

const BULK_COLUMN = {
  drop_price: sql.raw('drop_kop'),
  retail_price: sql.raw('retail_kop'),
  old_drop_price: sql.raw('old_drop_kop'),
  qty: sql.raw('qty'),
} as const;
/** Rows per UPDATE statement of a bulk change (parameters stay far below the protocol's limit). */
const UPDATE_BATCH = 5_000;

export const catalogStockRepo = {
  /** One product's stock movements, newest first, older than `before` (the (product_id, id) index). */
  async history(db: Db, productId: number, before: number | undefined, limit: number): Promise<MovementRow[]> {
    return rowsOf<MovementRow>(
      await db.execute(sql`
        SELECT m.id::int AS id, m.source, m.qty_delta, m.reserved_delta, m.qty_after, m.reserved_after, m.order_id, o.number AS order_number,
               m.actor_id, u.name AS actor_name, m.note, m.created_at
          FROM stock_movements m
          LEFT JOIN orders o ON o.id = m.order_id
          LEFT JOIN users u ON u.id = m.actor_id
         WHERE m.product_id = ${productId} ${before ? sql`AND m.id < ${before}` : sql``}
         ORDER BY m.id DESC
         LIMIT ${limit}`),
    );
  },
  async stock(db: Db, productId: number): Promise<{ qty: number; reserved: number } | undefined> {
    return rowsOf<{ qty: number; reserved: number }>(await db.execute(sql`SELECT qty, reserved FROM products WHERE id = ${productId}`))[0];
  },

  /**
   * Live (not archived) products with free stock at or below the threshold, by qty then id, after
   * the keyset cursor. A category filter takes its subtree (the ids given).
   */
  async lowStock(
    db: Db,
    f: { threshold: number; categoryIds?: number[]; inStockOnly?: boolean; after?: { qty: number; id: number }; limit: number },
  ): Promise<LowStockRow[]> {
    const parts: SQL[] = [sql`archived_at IS NULL`, sql`qty <= ${f.threshold}`];
    if (f.inStockOnly) parts.push(sql`qty > 0`);
    if (f.categoryIds) parts.push(sql`category_id = ANY(${`{${(f.categoryIds.length ? f.categoryIds : [0]).join(',')}}`}::int[])`);
    if (f.after) parts.push(sql`(qty, id) > (${f.after.qty}, ${f.after.id})`);
    return rowsOf<LowStockRow>(
      await db.execute(sql`
        SELECT id, b2b_code_id, vendor_code, name_uk, name_ru, category_id, qty, reserved
          FROM products WHERE ${sql.join(parts, sql` AND `)}
         ORDER BY qty, id
         LIMIT ${f.limit}`),
    );
  },

  /**
   * The live products a bulk change works on (the admin list's filter, or the ids), at most
   * `limit`, by id ascending; `lock` takes them FOR UPDATE in that order (the order placements
   * lock products in, so the two never deadlock).
   */
  async bulkTargets(db: Db, target: { ids: number[] } | { filter: ProductFilter; words: string[] }, limit: number, lock: boolean): Promise<BulkProductRow[]> {
    const where = 'ids' in target ? sql`id = ANY(${`{${target.ids.join(',')}}`}::int[])` : (productWhere(target.filter, target.words) ?? sql`true`);
    return rowsOf<BulkProductRow>(
      await db.execute(sql`
        SELECT id, b2b_code_id, vendor_code, name_uk, name_ru, drop_kop::bigint AS drop_kop, retail_kop, old_drop_kop, qty
          FROM products WHERE archived_at IS NULL AND ${where}
         ORDER BY id
         LIMIT ${limit} ${lock ? sql`FOR UPDATE` : sql``}`),
    ).map((r) => ({
      ...r,
      drop_kop: Number(r.drop_kop),
      retail_kop: Number(r.retail_kop),
      old_drop_kop: r.old_drop_kop === null ? null : Number(r.old_drop_kop),
    }));
  },

  /** Writes the new values of one field, a batch of rows per statement. */
  async applyBulk(db: Db, field: keyof typeof BULK_COLUMN, changes: { id: number; value: number }[]): Promise<number> {
    const col = BULK_COLUMN[field];
    const type = field === 'qty' ? sql.raw('int') : sql.raw('bigint');
    let n = 0;
    for (let i = 0; i < changes.length; i += UPDATE_BATCH) {
      const part = changes.slice(i, i + UPDATE_BATCH);
      const done = rowsOf<{ id: number }>(
        await db.execute(sql`
          UPDATE products p SET ${col} = u.v, updated_at = now()
            FROM unnest(${`{${part.map((c) => c.id).join(',')}}`}::int[], ${`{${part.map((c) => c.value).join(',')}}`}::${type}[]) AS u(id, v)
           WHERE p.id = u.id
          RETURNING p.id`),
      );
      n += done.length;
    }
    return n;
  },
};

/**
 * An id for an order about to be inserted (the orders' own sequence), taken before its stock is
 * reserved so that the stock history can name the order.
 */
export async function newOrderId(tx: Db): Promise<number> {
  return Number(rowsOf<{ id: number | string }>(await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id`))[0]!.id);
}
