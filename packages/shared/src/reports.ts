import { z } from 'zod';
import { isoDateInput } from './api.ts';
import { exportFormatQuery } from './admin-exports.ts';

/**
 * Back-office reports (issue 29 point 2): `GET /api/v1/admin/reports/{kind}` answers JSON,
 * `GET /api/v1/admin/reports/{kind}/export?format=csv|xlsx` the same table as a file.
 *
 * Which orders a report counts (docs/decisions/0016-reports.md):
 * - the period is a range of Kyiv days and an order belongs to the day it was PLACED (created_at
 *   in Kyiv time): a report of March shows March's orders and what has become of them so far;
 * - sales: orders placed in the period that are neither Canceled nor Return (a fully returned
 *   order sold nothing); cancelled and returned orders are counted beside them;
 * - cash on delivery: COD and Prepayment orders placed in the period that left the warehouse
 *   (Delivered, Done, Return, PartReturn, Exchange); expected = retail - prepayment (what the
 *   recipient pays the carrier, the waybill's cod_kop); received = payment status Paid (the carrier
 *   reported the cash and the ledger settled it); refused = not paid and refused or returned;
 *   outstanding = the rest, still with the carrier;
 * - refusals and returns: over the shipped orders above (every payment method); refused = the
 *   recipient refused the parcel (delivery status Refusal or ReturnReceived); returned = Return or
 *   PartReturn after it was received (not a refusal); rates = count / shipped x 100, one decimal;
 * - top products: the lines of the orders counted as sales, by product code.
 */
export const REPORT_KINDS = ['sales', 'sales-by-reseller', 'cod', 'returns', 'returns-by-reseller', 'top-products'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
/** Reports with period buckets (the others are one row per reseller or product). */
export const PERIOD_REPORTS: readonly ReportKind[] = ['sales', 'cod', 'returns'];

export const REPORT_GROUPS = ['day', 'week', 'month'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
/** The longest range a report takes, in days (both ends included). */
export const REPORT_MAX_DAYS = 366;
export const TOP_PRODUCT_SORTS = ['qty', 'sales'] as const;
export type TopProductSort = (typeof TOP_PRODUCT_SORTS)[number];

const DAY_MS = 86_400_000;
/** Days from `a` to `b` (YYYY-MM-DD), both ends included. */
export const daysInRange = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS) + 1;

const id = z.coerce.number('invalid_type').int('invalid_type').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value');

/**
 * The query of every report. `date_from`/`date_to` are Kyiv days; absent, the API takes the current
 * Kyiv month (the one absent from the first day of the other's month or to the last day of it).
 * date_to before date_from, or a range longer than REPORT_MAX_DAYS: 422 `date_range` on date_to.
 */
const reportQueryShape = z.object({
  date_from: isoDateInput.optional(),
  date_to: isoDateInput.optional(),
  group: z.enum(REPORT_GROUPS, 'invalid_value').default('day'),
  user_id: id.optional(),
  /** Rows of the per-reseller and per-product reports (the totals cover all). */
  limit: z.coerce.number('invalid_type').int('invalid_type').min(1, 'too_small').max(1000, 'too_big').default(20),
  /** top-products: by quantity or by sales (retail sum). */
  sort: z.enum(TOP_PRODUCT_SORTS, 'invalid_value').default('qty'),
});
const rangeOk = (q: { date_from?: string | undefined; date_to?: string | undefined }) =>
  !q.date_from || !q.date_to || (q.date_from <= q.date_to && daysInRange(q.date_from, q.date_to) <= REPORT_MAX_DAYS);
export const reportQuery = reportQueryShape.refine(rangeOk, { message: 'date_range', path: ['date_to'] });
export type ReportQuery = z.infer<typeof reportQuery>;
/** `GET /admin/reports/{kind}/export`: the report's query and the file's format. */
export const reportExportQuery = reportQueryShape.extend(exportFormatQuery.shape).refine(rangeOk, { message: 'date_range', path: ['date_to'] });

/** Fills an absent end of the range: the current Kyiv month around the given end (`today` is a Kyiv day). */
export function reportRange(q: { date_from?: string | undefined; date_to?: string | undefined }, today: string): { date_from: string; date_to: string } {
  const monthStart = (d: string) => `${d.slice(0, 7)}-01`;
  const monthEnd = (d: string) => {
    const [y, m] = d.split('-').map(Number) as [number, number];
    return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  };
  if (q.date_from && q.date_to) return { date_from: q.date_from, date_to: q.date_to };
  if (q.date_from) return { date_from: q.date_from, date_to: monthEnd(q.date_from) };
  if (q.date_to) return { date_from: monthStart(q.date_to), date_to: q.date_to };
  return { date_from: monthStart(today), date_to: monthEnd(today) };
}

export const reportRangeDto = z.object({ date_from: z.string(), date_to: z.string(), group: z.enum(REPORT_GROUPS) });
export type ReportRangeDto = z.infer<typeof reportRangeDto>;

/** One bucket of a period report: `period` is its first day (Monday for weeks), `date_from`/`date_to` clipped to the range. */
const bucket = { period: z.string(), date_from: z.string(), date_to: z.string() };

const salesFigures = {
  /** Orders counted as sales. */
  orders: z.number(),
  /** Retail sum (what the customers pay), UAH. */
  sales: z.number(),
  /** Wholesale sum (the supplier's drop prices), UAH. */
  wholesale: z.number(),
  /** sales - wholesale, UAH. */
  profit: z.number(),
  /** Orders placed in the period and cancelled. */
  canceled: z.number(),
  /** Orders placed in the period and fully returned (not in the sums). */
  returned: z.number(),
};
export const salesRowDto = z.object({ ...bucket, ...salesFigures });
export type SalesRowDto = z.infer<typeof salesRowDto>;
export const salesTotalsDto = z.object(salesFigures);
export type SalesTotalsDto = z.infer<typeof salesTotalsDto>;
export const salesReportDto = z.object({ range: reportRangeDto, rows: z.array(salesRowDto), totals: salesTotalsDto });
export type SalesReportDto = z.infer<typeof salesReportDto>;

const reseller = { user_id: z.number(), name: z.string(), email: z.string() };
export const salesByResellerRowDto = z.object({ ...reseller, ...salesFigures });
export type SalesByResellerRowDto = z.infer<typeof salesByResellerRowDto>;
/** Top `limit` resellers by sales; totals and `resellers` (how many had orders) cover all of them. */
export const salesByResellerReportDto = z.object({
  range: reportRangeDto,
  rows: z.array(salesByResellerRowDto),
  totals: salesTotalsDto,
  resellers: z.number(),
});
export type SalesByResellerReportDto = z.infer<typeof salesByResellerReportDto>;

const codFigures = {
  /** Shipped cash-on-delivery orders. */
  orders: z.number(),
  expected: z.number(),
  received: z.number(),
  refused: z.number(),
  outstanding: z.number(),
};
export const codRowDto = z.object({ ...bucket, ...codFigures });
export type CodRowDto = z.infer<typeof codRowDto>;
export const codTotalsDto = z.object(codFigures);
export const codReportDto = z.object({ range: reportRangeDto, rows: z.array(codRowDto), totals: codTotalsDto });
export type CodReportDto = z.infer<typeof codReportDto>;

const returnsFigures = {
  shipped: z.number(),
  refused: z.number(),
  returned: z.number(),
  part_returned: z.number(),
  /** refused / shipped x 100, one decimal. */
  refusal_rate: z.number(),
  /** (returned + part_returned) / shipped x 100, one decimal. */
  return_rate: z.number(),
};
export const returnsRowDto = z.object({ ...bucket, ...returnsFigures });
export type ReturnsRowDto = z.infer<typeof returnsRowDto>;
export const returnsTotalsDto = z.object(returnsFigures);
export type ReturnsTotalsDto = z.infer<typeof returnsTotalsDto>;
export const returnsReportDto = z.object({ range: reportRangeDto, rows: z.array(returnsRowDto), totals: returnsTotalsDto });
export type ReturnsReportDto = z.infer<typeof returnsReportDto>;
export const returnsByResellerRowDto = z.object({ ...reseller, ...returnsFigures });
export type ReturnsByResellerRowDto = z.infer<typeof returnsByResellerRowDto>;
/** Top `limit` resellers by shipped orders; totals cover all. */
export const returnsByResellerReportDto = z.object({
  range: reportRangeDto,
  rows: z.array(returnsByResellerRowDto),
  totals: returnsTotalsDto,
  resellers: z.number(),
});
export type ReturnsByResellerReportDto = z.infer<typeof returnsByResellerReportDto>;

export const topProductRowDto = z.object({
  /** The product today (null when it is gone from the catalogue). */
  product_id: z.number().nullable(),
  /** The supplier's product code (b2b code). */
  code: z.number(),
  vendor_code: z.string(),
  name: z.string(),
  qty: z.number(),
  orders: z.number(),
  sales: z.number(),
  wholesale: z.number(),
  profit: z.number(),
});
export type TopProductRowDto = z.infer<typeof topProductRowDto>;
export const topProductsReportDto = z.object({
  range: reportRangeDto,
  sort: z.enum(TOP_PRODUCT_SORTS),
  rows: z.array(topProductRowDto),
  /** Over all products sold in the period. */
  totals: z.object({ products: z.number(), qty: z.number(), sales: z.number(), wholesale: z.number(), profit: z.number() }),
});
export type TopProductsReportDto = z.infer<typeof topProductsReportDto>;

export const rateOf = (n: number, of: number) => (of === 0 ? 0 : Math.round((n / of) * 1000) / 10);
