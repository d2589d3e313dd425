/**
 * The Reports section's requests (`GET /admin/reports/{kind}`, issue 29) and its period logic:
 * the presets (this month, last month, the last 30 days, custom) as Kyiv days. Keys live under
 * ['admin', 'reports'].
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  REPORT_MAX_DAYS,
  daysInRange,
  kyivParts,
  type CodReportDto,
  type ReportGroup,
  type ReportKind,
  type ReturnsByResellerReportDto,
  type ReturnsReportDto,
  type SalesByResellerReportDto,
  type SalesReportDto,
  type TopProductSort,
  type TopProductsReportDto,
} from '@drop/shared';
import { api } from '../../../lib/api-client.ts';

export interface ReportDtos {
  sales: SalesReportDto;
  'sales-by-reseller': SalesByResellerReportDto;
  cod: CodReportDto;
  returns: ReturnsReportDto;
  'returns-by-reseller': ReturnsByResellerReportDto;
  'top-products': TopProductsReportDto;
}

export interface ReportParams {
  date_from: string;
  date_to: string;
  group: ReportGroup;
  limit?: number;
  sort?: TopProductSort;
}

export const reportKeys = {
  all: () => ['admin', 'reports'] as const,
  one: (kind: ReportKind, params: ReportParams) => ['admin', 'reports', kind, params] as const,
};

/** The report's API path (`/admin/reports/sales`); the export is `${path}/export`. */
export const reportPath = (kind: ReportKind) => `/admin/reports/${kind}`;

export const useReport = <K extends ReportKind>(kind: K, params: ReportParams, enabled = true) =>
  useQuery({
    queryKey: reportKeys.one(kind, params),
    queryFn: ({ signal }) => api.get<ReportDtos[K]>(reportPath(kind), undefined, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

// ---------- the period ----------

export const PERIOD_PRESETS = ['month', 'lastMonth', 'days30', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

const DAY_MS = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => iso(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);

/** Today's Kyiv day, YYYY-MM-DD. */
export function kyivToday(now = new Date()): string {
  const p = kyivParts(now);
  return `${p.year}-${p.month}-${p.day}`;
}

/** A preset's first and last Kyiv day (custom: from..to as given, else this month). */
export function presetRange(
  preset: PeriodPreset,
  today: string,
  custom: { from?: string | null; to?: string | null } = {},
): { date_from: string; date_to: string } {
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (preset) {
    case 'lastMonth': {
      const lastDay = addDays(monthStart, -1);
      return { date_from: `${lastDay.slice(0, 7)}-01`, date_to: lastDay };
    }
    case 'days30':
      return { date_from: addDays(today, -29), date_to: today };
    case 'custom':
      return { date_from: custom.from ?? monthStart, date_to: custom.to ?? today };
    default:
      return { date_from: monthStart, date_to: today };
  }
}

/** A range the API takes: from <= to and at most REPORT_MAX_DAYS days. */
export const rangeValid = (r: { date_from: string; date_to: string }) => r.date_from <= r.date_to && daysInRange(r.date_from, r.date_to) <= REPORT_MAX_DAYS;
