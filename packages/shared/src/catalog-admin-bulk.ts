import { z } from 'zod';
import { roundKop } from './money.ts';

/**
 * Stock and bulk price changes in the back-office catalogue (issue 29 point 4):
 *  - `POST /admin/catalog/products/bulk-change/preview` and `POST /admin/catalog/products/bulk-change`;
 *  - `GET /admin/catalog/products/{id}/stock-history` (newest first, keyset by `before`);
 *  - `GET /admin/catalog/low-stock` (qty at or below a threshold, keyset by `after`).
 * Stock words: `qty` is the FREE stock resellers can order; `reserved` is what portal orders
 * hold; on hand (in the warehouse) = qty + reserved.
 */

const id = z.coerce.number('invalid_type').int('invalid_type').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value');
const boolParam = z.enum(['true', 'false'], 'invalid_value').transform((v) => v === 'true');

/** One bulk change touches at most this many products (more: 422 `BulkChangeTooMany` on `filter`). */
export const BULK_CHANGE_MAX = 50_000;
/** The preview shows this many rows of each kind (changed, skipped). */
export const BULK_PREVIEW_SAMPLE = 50;
/** The low-stock list's threshold when none is given: qty 3 or less. */
export const LOW_STOCK_DEFAULT_THRESHOLD = 3;

export const BULK_CHANGE_FIELDS = ['drop_price', 'retail_price', 'old_drop_price', 'qty'] as const;
export type BulkChangeField = (typeof BULK_CHANGE_FIELDS)[number];
/** percent: +/- a percentage; value: add (negative: subtract) an amount; set: this value. */
export const BULK_CHANGE_MODES = ['percent', 'value', 'set'] as const;
export type BulkChangeMode = (typeof BULK_CHANGE_MODES)[number];
/** Prices: to kopecks (the one rounding rule), or to whole hryvnia (half away from zero too). */
export const BULK_ROUNDINGS = ['kop', 'uah'] as const;
export type BulkRounding = (typeof BULK_ROUNDINGS)[number];
/** Why a matched product is left as it is. */
export const BULK_SKIP_REASONS = ['unchanged', 'price_too_low', 'retail_below_drop', 'no_old_price', 'old_not_above_drop', 'qty_negative'] as const;
export type BulkSkipReason = (typeof BULK_SKIP_REASONS)[number];

/** The admin products list's filters (without paging), or the chosen products. */
export const bulkChangeFilter = z.strictObject({
  search: z.string('invalid_type').trim().max(255, 'too_long').optional(),
  /** The category and everything below it (as the list). */
  category_id: id.optional(),
  in_stock: z.boolean('invalid_type').optional(),
  is_new: z.boolean('invalid_type').optional(),
  specials: z.boolean('invalid_type').optional(),
});
export type BulkChangeFilter = z.infer<typeof bulkChangeFilter>;

const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

export const bulkChangeInput = z
  .strictObject({
    product_ids: z.array(id, 'invalid_type').min(1, 'required').max(BULK_CHANGE_MAX, 'too_many').optional(),
    filter: bulkChangeFilter.optional(),
    field: z.enum(BULK_CHANGE_FIELDS, 'invalid_value'),
    mode: z.enum(BULK_CHANGE_MODES, 'invalid_value'),
    /** percent: -100..1000; value: UAH (prices, 2 decimals) or units (qty); set: >= 0. */
    amount: z.number('invalid_type').finite('invalid_type').min(-100_000_000, 'too_small').max(100_000_000, 'too_big'),
    rounding: z.enum(BULK_ROUNDINGS, 'invalid_value').default('kop'),
  })
  .superRefine((v, c) => {
    if ((v.product_ids === undefined) === (v.filter === undefined)) c.addIssue({ code: 'custom', message: 'ids_or_filter', path: ['product_ids'] });
    if (v.mode === 'percent') {
      if (v.amount < -100) c.addIssue({ code: 'custom', message: 'too_small', path: ['amount'], params: { min: -100 } });
      if (v.amount > 1000) c.addIssue({ code: 'custom', message: 'too_big', path: ['amount'], params: { max: 1000 } });
      if (!twoDecimals(v.amount)) c.addIssue({ code: 'custom', message: 'invalid_value', path: ['amount'] });
      return;
    }
    if (v.mode === 'set' && v.amount < 0) c.addIssue({ code: 'custom', message: 'too_small', path: ['amount'], params: { min: 0 } });
    if (v.field === 'qty' ? !Number.isInteger(v.amount) : !twoDecimals(v.amount)) c.addIssue({ code: 'custom', message: 'invalid_value', path: ['amount'] });
    if (v.amount === 0 && v.mode !== 'set') c.addIssue({ code: 'custom', message: 'invalid_value', path: ['amount'] });
  });
export type BulkChangeInput = z.input<typeof bulkChangeInput>;
export type BulkChangeParsed = z.output<typeof bulkChangeInput>;

/** What a product holds, in the units the change works in (kopecks, pieces). */
export interface BulkChangeSubject {
  dropKop: number;
  retailKop: number;
  oldDropKop: number | null;
  qty: number;
}
export type BulkChangeOutcome =
  { ok: true; before: number; after: number } | { ok: false; before: number | null; after: number | null; reason: BulkSkipReason };

const fieldValue = (p: BulkChangeSubject, field: BulkChangeField): number | null =>
  field === 'drop_price' ? p.dropKop : field === 'retail_price' ? p.retailKop : field === 'old_drop_price' ? p.oldDropKop : p.qty;

/**
 * The one computation of a bulk change for one product (the API's preview and apply both run it):
 * prices in kopecks with the one rounding rule (or to whole hryvnia), qty in whole pieces (a
 * percentage of stock rounds half away from zero too). Guards: a price at least 0.01, the retail
 * price never below the drop price, an old drop price only where one is set and above the drop
 * price, qty never below 0; a value that does not change is skipped as `unchanged`.
 */
export function computeBulkChange(p: BulkChangeSubject, c: Pick<BulkChangeParsed, 'field' | 'mode' | 'amount' | 'rounding'>): BulkChangeOutcome {
  const before = fieldValue(p, c.field);
  if (before === null) return { ok: false, before: null, after: null, reason: 'no_old_price' };
  const isQty = c.field === 'qty';
  const unit = isQty ? 1 : 100;
  let after: number;
  if (c.mode === 'percent') after = (before * (100 + c.amount)) / 100;
  else if (c.mode === 'value') after = before + c.amount * unit;
  else after = c.amount * unit;
  // Whole pieces, whole kopecks, or whole hryvnia: half away from zero each time.
  after = isQty ? roundKop(after) : c.rounding === 'uah' ? roundKop(after / 100) * 100 : roundKop(after);
  if (after === before) return { ok: false, before, after, reason: 'unchanged' };
  if (isQty) return after < 0 ? { ok: false, before, after, reason: 'qty_negative' } : { ok: true, before, after };
  if (after < 1) return { ok: false, before, after, reason: 'price_too_low' };
  if (c.field === 'drop_price' && p.retailKop < after) return { ok: false, before, after, reason: 'retail_below_drop' };
  if (c.field === 'retail_price' && after < p.dropKop) return { ok: false, before, after, reason: 'retail_below_drop' };
  if (c.field === 'old_drop_price' && after <= p.dropKop) return { ok: false, before, after, reason: 'old_not_above_drop' };
  return { ok: true, before, after };
}

/** A row of the preview: the field's value before and after (UAH for prices, pieces for qty). */
export const bulkChangeRowDto = z.object({
  id: z.number(),
  b2b_code_id: z.number(),
  vendor_code: z.string(),
  name_uk: z.string(),
  name_ru: z.string(),
  before: z.number().nullable(),
  after: z.number().nullable(),
  reason: z.enum(BULK_SKIP_REASONS).nullable(),
});
export type BulkChangeRowDto = z.infer<typeof bulkChangeRowDto>;

export const bulkChangeResultDto = z.object({
  /** Products the filter (or the ids) matched. */
  matched: z.number(),
  /** Products that change (the apply answers how many did). */
  changed: z.number(),
  skipped: z.number(),
  skipped_by_reason: z.partialRecord(z.enum(BULK_SKIP_REASONS), z.number()),
  /** Sums of the field over the changed products, before and after (UAH or pieces). */
  sum_before: z.number(),
  sum_after: z.number(),
  /** Preview only: the first changed rows and the first skipped rows (newest products first). */
  sample: z.array(bulkChangeRowDto),
  skipped_sample: z.array(bulkChangeRowDto),
});
export type BulkChangeResultDto = z.infer<typeof bulkChangeResultDto>;

// ---------- stock history ----------

export const STOCK_SOURCES = ['onec', 'operator', 'order', 'return'] as const;
export type StockSource = (typeof STOCK_SOURCES)[number];

export const stockHistoryQuery = z.object({
  /** Rows older than this movement id (the previous page's `next_before`). */
  before: id.optional(),
  limit: z.coerce.number('invalid_type').int('invalid_type').min(1, 'too_small').max(100, 'too_big').default(30),
});
export type StockHistoryQuery = z.infer<typeof stockHistoryQuery>;

export const stockMovementDto = z.object({
  id: z.number(),
  source: z.enum(STOCK_SOURCES),
  qty_delta: z.number(),
  reserved_delta: z.number(),
  /** Free stock and reserve after the change (on hand = both). */
  qty_after: z.number(),
  reserved_after: z.number(),
  order_id: z.number().nullable(),
  order_number: z.string().nullable(),
  actor_id: z.number().nullable(),
  actor_name: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type StockMovementDto = z.infer<typeof stockMovementDto>;

export const stockLevelsDto = z.object({ free: z.number(), reserved: z.number(), on_hand: z.number() });
export type StockLevelsDto = z.infer<typeof stockLevelsDto>;

export const stockHistoryResponse = z.object({ data: z.array(stockMovementDto), stock: stockLevelsDto, next_before: z.number().nullable() });
export type StockHistoryResponse = z.infer<typeof stockHistoryResponse>;

// ---------- low stock ----------

export const lowStockQuery = z.object({
  threshold: z.coerce.number('invalid_type').int('invalid_type').min(0, 'too_small').max(1_000_000, 'too_big').default(LOW_STOCK_DEFAULT_THRESHOLD),
  category_id: id.optional(),
  /** The previous page's `next_after` (`qty:id`). */
  after: z
    .string('invalid_type')
    .regex(/^-?\d{1,9}:\d{1,10}$/, 'invalid_value')
    .optional(),
  limit: z.coerce.number('invalid_type').int('invalid_type').min(1, 'too_small').max(100, 'too_big').default(50),
  in_stock_only: boolParam.optional(),
});
export type LowStockQuery = z.infer<typeof lowStockQuery>;

export const lowStockRowDto = z.object({
  id: z.number(),
  b2b_code_id: z.number(),
  vendor_code: z.string(),
  name_uk: z.string(),
  name_ru: z.string(),
  category_id: z.number(),
  free: z.number(),
  reserved: z.number(),
  on_hand: z.number(),
});
export type LowStockRowDto = z.infer<typeof lowStockRowDto>;

export const lowStockResponse = z.object({ data: z.array(lowStockRowDto), next_after: z.string().nullable() });
export type LowStockResponse = z.infer<typeof lowStockResponse>;
