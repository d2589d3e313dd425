import {
  kyivParts,
  reportRange,
  type CodReportDto,
  type ReportGroup,
  type ReportKind,
  type ReportQuery,
  type ReturnsByResellerReportDto,
  type ReturnsReportDto,
  type SalesByResellerReportDto,
  type SalesReportDto,
  type TopProductsReportDto,
} from '@drop/shared';
import type { AuthedCtx } from '../../lib/ctx.ts';
import { reportsRepo, type CodFigures, type ReportFilter, type ReturnsFigures, type SalesFigures } from './reports.repository.ts';
import { codFiguresDto, returnsFiguresDto, salesFiguresDto, topProductDto } from './reports.presenter.ts';

/**
 * The back-office reports (issue 29 point 2). Definitions: packages/shared/src/reports.ts and
 * docs/decisions/0016-reports.md. The database groups; this code only lays the grouped rows on
 * the range's buckets (every bucket present, empty ones as zeros) and converts kopecks to UAH.
 */

export interface Bucket {
  period: string;
  date_from: string;
  date_to: string;
}

const DAY_MS = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The first day of `day`'s bucket: itself, its ISO week's Monday, or its month's first day (as PostgreSQL's date_trunc). */
export function bucketStart(day: string, group: ReportGroup): string {
  if (group === 'day') return day;
  if (group === 'month') return `${day.slice(0, 7)}-01`;
  const t = Date.parse(`${day}T00:00:00Z`);
  return iso(t - ((new Date(t).getUTCDay() + 6) % 7) * DAY_MS);
}

/** The buckets covering [from, to], each clipped to the range. */
export function bucketsOf(from: string, to: string, group: ReportGroup): Bucket[] {
  const out: Bucket[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += DAY_MS) {
    const day = iso(t);
    const period = bucketStart(day, group);
    const last = out[out.length - 1];
    if (last && last.period === period) last.date_to = day;
    else out.push({ period, date_from: day, date_to: day });
  }
  return out;
}

export interface ResolvedQuery {
  filter: ReportFilter;
  range: { date_from: string; date_to: string; group: ReportGroup };
  limit: number;
  sort: ReportQuery['sort'];
}

export function resolveQuery(q: ReportQuery, now = new Date()): ResolvedQuery {
  const p = kyivParts(now);
  const r = reportRange(q, `${p.year}-${p.month}-${p.day}`);
  return { filter: { dateFrom: r.date_from, dateTo: r.date_to, userId: q.user_id }, range: { ...r, group: q.group }, limit: q.limit, sort: q.sort };
}

function onBuckets<F, D>(range: ResolvedQuery['range'], rows: ({ bucket: string } & F)[], zero: F, dto: (f: F) => D): (Bucket & D)[] {
  const by = new Map(rows.map((r) => [r.bucket, r]));
  return bucketsOf(range.date_from, range.date_to, range.group).map((b) => ({ ...b, ...dto(by.get(b.period) ?? zero) }));
}

const ZERO_SALES: SalesFigures = { orders: 0, sales: 0, wholesale: 0, profit: 0, canceled: 0, returned: 0 };
const ZERO_COD: CodFigures = { orders: 0, expected: 0, received: 0, refused: 0, outstanding: 0 };
const ZERO_RETURNS: ReturnsFigures = { shipped: 0, refused: 0, returned: 0, partReturned: 0 };

export async function salesReport(ctx: AuthedCtx, q: ResolvedQuery): Promise<SalesReportDto> {
  const [rows, totals] = await Promise.all([reportsRepo.sales(ctx.db, q.filter, q.range.group), reportsRepo.salesTotals(ctx.db, q.filter)]);
  return { range: q.range, rows: onBuckets(q.range, rows, ZERO_SALES, salesFiguresDto), totals: salesFiguresDto(totals) };
}

export async function salesByResellerReport(ctx: AuthedCtx, q: ResolvedQuery): Promise<SalesByResellerReportDto> {
  const [rows, totals] = await Promise.all([reportsRepo.salesByReseller(ctx.db, q.filter, q.limit), reportsRepo.salesTotals(ctx.db, q.filter)]);
  return {
    range: q.range,
    rows: rows.map((r) => ({ user_id: r.userId, name: r.name, email: r.email, ...salesFiguresDto(r) })),
    totals: salesFiguresDto(totals),
    resellers: totals.resellers,
  };
}

export async function codReport(ctx: AuthedCtx, q: ResolvedQuery): Promise<CodReportDto> {
  const [rows, totals] = await Promise.all([reportsRepo.cod(ctx.db, q.filter, q.range.group), reportsRepo.codTotals(ctx.db, q.filter)]);
  return { range: q.range, rows: onBuckets(q.range, rows, ZERO_COD, codFiguresDto), totals: codFiguresDto(totals) };
}

export async function returnsReport(ctx: AuthedCtx, q: ResolvedQuery): Promise<ReturnsReportDto> {
  const [rows, totals] = await Promise.all([reportsRepo.returns(ctx.db, q.filter, q.range.group), reportsRepo.returnsTotals(ctx.db, q.filter)]);
  return { range: q.range, rows: onBuckets(q.range, rows, ZERO_RETURNS, returnsFiguresDto), totals: returnsFiguresDto(totals) };
}

export async function returnsByResellerReport(ctx: AuthedCtx, q: ResolvedQuery): Promise<ReturnsByResellerReportDto> {
  const [rows, totals] = await Promise.all([reportsRepo.returnsByReseller(ctx.db, q.filter, q.limit), reportsRepo.returnsTotals(ctx.db, q.filter)]);
  return {
    range: q.range,
    rows: rows.map((r) => ({ user_id: r.userId, name: r.name, email: r.email, ...returnsFiguresDto(r) })),
    totals: returnsFiguresDto(totals),
    resellers: totals.resellers,
  };
}

export async function topProductsReport(ctx: AuthedCtx, q: ResolvedQuery): Promise<TopProductsReportDto> {
  const [rows, totals] = await Promise.all([reportsRepo.topProducts(ctx.db, q.filter, q.sort, q.limit), reportsRepo.topProductsTotals(ctx.db, q.filter)]);
  const t = topProductDto({ code: 0, productId: null, vendorCode: '', name: '', orders: 0, ...totals });
  return {
    range: q.range,
    sort: q.sort,
    rows: rows.map(topProductDto),
    totals: { products: totals.products, qty: t.qty, sales: t.sales, wholesale: t.wholesale, profit: t.profit },
  };
}

export const REPORTS = {
  sales: salesReport,
  'sales-by-reseller': salesByResellerReport,
  cod: codReport,
  returns: returnsReport,
  'returns-by-reseller': returnsByResellerReport,
  'top-products': topProductsReport,
} as const satisfies Record<ReportKind, (ctx: AuthedCtx, q: ResolvedQuery) => Promise<unknown>>;
