/**
 * /admin/reports (issue 29 point 2): sales, profit and orders by period and by reseller, cash on
 * delivery expected vs received, refusal and return rates, top products. One period for all tabs
 * (this month, last month, the last 30 days or custom Kyiv days) and a grouping (days, weeks,
 * months), both kept in the URL with the tab. Each report is a card with a chart (MUI X Charts,
 * loaded lazily), a table with its totals row and an export menu (CSV / Excel) downloading
 * `/admin/reports/{kind}/export` with the same query. Below lg (1280 px) the filters stack and the
 * tables scroll sideways.
 * Test ids: reports-page (data-state), reports-period, reports-period-option-<preset>, reports-from,
 * reports-to, reports-range-error, reports-group-<group>, reports-tab-<tab>, report-<kind> (card,
 * data-state), report-<kind>-chart, report-<kind>-table, report-<kind>-row (data-key),
 * report-<kind>-total, report-<kind>-export (menu button), report-<kind>-empty, reports-sort-<sort>.
 */
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import InsertChartOutlined from '@mui/icons-material/InsertChartOutlined';
import { Link as RouterLink } from 'react-router';
import { REPORT_GROUPS, REPORT_MAX_DAYS, TOP_PRODUCT_SORTS, formatMoney, type ReportGroup, type ReportKind, type TopProductSort } from '@drop/shared';
import { DateField, dayToText } from '../../../components/ui/date-field.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { ExportMenu } from '../components/export-menu.tsx';
import { LoadError } from '../components/query-state.tsx';
import { useStaffAccess } from '../components/use-staff-access.ts';
import { userPath } from '../components/reseller-link.tsx';
import { useListParams } from '../lib/use-list-params.ts';
import { PERIOD_PRESETS, kyivToday, presetRange, rangeValid, reportPath, useReport, type PeriodPreset, type ReportDtos, type ReportParams } from './api.ts';
import { useReportsT } from './i18n.ts';

const ReportChart = lazy(() => import('./report-charts.tsx'));

export const REPORT_TABS = ['sales', 'resellers', 'cod', 'returns', 'products'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

const COLORS = {
  sales: '#1e88e5',
  wholesale: '#90a4ae',
  profit: '#43a047',
  received: '#43a047',
  outstanding: '#fb8c00',
  refused: '#e53935',
  returned: '#8e24aa',
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(xs: readonly T[], v: string | null, fallback: T): T => (v && (xs as readonly string[]).includes(v) ? (v as T) : fallback);

const money = (v: number) => formatMoney(v);
const count = (v: number) => String(v);
const percent = (v: number) => `${v.toFixed(1)} %`;

/** A bucket's label: a day, a week's first and last day, a month's name. */
export function periodLabel(row: { period: string; date_from: string; date_to: string }, group: ReportGroup, short = false): string {
  if (group === 'month') {
    const d = new Date(`${row.period}T00:00:00Z`);
    return new Intl.DateTimeFormat(currentLocale() === 'ru' ? 'ru-RU' : 'uk-UA', { month: short ? 'short' : 'long', year: 'numeric', timeZone: 'UTC' }).format(
      d,
    );
  }
  const dm = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;
  if (group === 'week') return row.date_from === row.date_to ? dm(row.date_from) : `${dm(row.date_from)}–${dm(row.date_to)}`;
  return short ? dm(row.period) : dayToText(row.period);
}

// ---------- building blocks ----------

interface Column<R> {
  key: string;
  label: string;
  /** Numbers align right. */
  numeric?: boolean;
  value: (row: R) => ReactNode;
}

function ReportTable<R>({
  kind,
  title,
  columns,
  rows,
  rowKey,
  totals,
}: {
  kind: string;
  title: string;
  columns: Column<R>[];
  rows: R[];
  rowKey: (r: R) => string | number;
  totals?: Record<string, ReactNode>;
}) {
  const { t } = useReportsT();
  return (
    // A scroll box: focusable so a keyboard can scroll it, named after its table.
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={t('table', { title })}
      sx={{ mt: 2, maxHeight: 560, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
      data-testid={`report-${kind}-table`}
    >
      <Table
        size="small"
        stickyHeader
        aria-label={t('table', { title })}
        sx={{
          minWidth: columns.length * 96,
          '& th:first-of-type, & td:first-of-type': { position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 },
          '& thead th:first-of-type': { zIndex: 3 },
        }}
      >
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sx={{ fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'background.paper' }}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={rowKey(r)} hover data-testid={`report-${kind}-row`} data-key={rowKey(r)}>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sx={{ whiteSpace: c.numeric ? 'nowrap' : undefined }} data-col={c.key}>
                  {c.value(r)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {totals && (
            <TableRow
              data-testid={`report-${kind}-total`}
              sx={{
                '& td': { fontWeight: 700, position: 'sticky', bottom: 0, bgcolor: 'grey.100', borderTop: 1, borderColor: 'divider', zIndex: 1 },
                '& td:first-of-type': { zIndex: 2, bgcolor: 'grey.100' },
              }}
            >
              {columns.map((c, i) => (
                <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }} data-col={c.key}>
                  {i === 0 ? t('total') : (totals[c.key] ?? '')}
                </TableCell>
              ))}
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The report's key totals as tiles above the chart (two a row on a phone). */
function Figures({ kind, items }: { kind: string; items: { key: string; label: string; value: string; color?: string }[] }) {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: `repeat(${Math.min(items.length, 5)}, 1fr)` }, gap: 1, mb: 2 }}
      data-testid={`report-${kind}-figures`}
    >
      {items.map((f) => (
        <Box
          key={f.key}
          sx={{ p: 1.25, borderRadius: 1, bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderLeft: 4, borderLeftColor: f.color ?? 'divider' }}
          data-testid={`report-${kind}-figure-${f.key}`}
        >
          <Typography variant="caption" color="text.secondary" component="div">
            {f.label}
          </Typography>
          <Typography sx={{ fontWeight: 700, fontSize: '1.05rem', whiteSpace: 'nowrap' }}>{f.value}</Typography>
        </Box>
      ))}
    </Box>
  );
}

function ChartBox({ kind, title, children }: { kind: string; title: string; children: ReactNode }) {
  const { t } = useReportsT();
  return (
    <Box role="figure" aria-label={t('chart', { title })} data-testid={`report-${kind}-chart`} sx={{ width: '100%', minHeight: 240 }}>
      <Suspense fallback={<Skeleton variant="rounded" height={240} />}>{children}</Suspense>
    </Box>
  );
}

function CardSkeleton() {
  return (
    <Stack spacing={1} aria-hidden data-testid="report-skeleton">
      <Skeleton variant="rounded" height={240} />
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={32} />
      ))}
    </Stack>
  );
}

/** A report's card: title, hint, the export menu; the skeleton, the error, the empty state or the body. */
function ReportCard<K extends ReportKind>({
  kind,
  params,
  title,
  hint,
  isEmpty,
  extra,
  children,
}: {
  kind: K;
  params: ReportParams;
  title: string;
  hint: string;
  isEmpty: (d: ReportDtos[K]) => boolean;
  extra?: ReactNode;
  children: (d: ReportDtos[K]) => ReactNode;
}) {
  const { t } = useReportsT();
  const q = useReport(kind, params);
  const state = q.isPending ? 'loading' : q.isError ? 'error' : isEmpty(q.data) ? 'empty' : 'ready';
  return (
    <SectionCard
      id={`report-${kind}-title`}
      title={title}
      hint={hint}
      testId={`report-${kind}`}
      data={{ 'data-state': state }}
      action={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {extra}
          <ExportMenu
            path={`${reportPath(kind)}/export`}
            query={{ ...params }}
            fileStem={`${t('fileStem')}-${kind}-${params.date_from}-${params.date_to}`}
            ariaLabel={`${title}: CSV / Excel`}
            testId={`report-${kind}-export`}
          />
        </Stack>
      }
    >
      {state === 'loading' && <CardSkeleton />}
      {state === 'error' && <LoadError error={q.error} onRetry={() => void q.refetch()} />}
      {state === 'empty' && (
        <Box data-testid={`report-${kind}-empty`}>
          <EmptyState icon={<InsertChartOutlined />} title={t('empty')} text={t('emptyHint')} testId={`report-${kind}-empty-state`} />
        </Box>
      )}
      {state === 'ready' && <Box sx={{ opacity: q.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>{children(q.data!)}</Box>}
    </SectionCard>
  );
}

function ResellerCell({ id, name, email }: { id: number; name: string; email: string }) {
  const mayOpen = useStaffAccess().may('resellers.read');
  return (
    <Box sx={{ minWidth: 160 }}>
      {mayOpen ? (
        <Link
          component={RouterLink}
          to={userPath(id)}
          underline="hover"
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          data-testid="reseller-link"
          data-user-id={id}
        >
          {name}
        </Link>
      ) : (
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {email} · #{id}
      </Typography>
    </Box>
  );
}

// ---------- the tabs ----------

function SalesReport({ params }: { params: ReportParams }) {
  const { t } = useReportsT();
  return (
    <ReportCard
      kind="sales"
      params={params}
      title={t('cards.sales')}
      hint={t('cards.salesHint')}
      isEmpty={(d) => d.totals.orders + d.totals.canceled + d.totals.returned === 0}
    >
      {(d) => (
        <>
          <Figures
            kind="sales"
            items={[
              { key: 'orders', label: t('cols.orders'), value: count(d.totals.orders) },
              { key: 'sales', label: t('cols.sales'), value: money(d.totals.sales), color: COLORS.sales },
              { key: 'wholesale', label: t('cols.wholesale'), value: money(d.totals.wholesale), color: COLORS.wholesale },
              { key: 'profit', label: t('cols.profit'), value: money(d.totals.profit), color: COLORS.profit },
              { key: 'canceled', label: t('cols.canceled'), value: count(d.totals.canceled) },
            ]}
          />
          <ChartBox kind="sales" title={t('cards.sales')}>
            <ReportChart
              type="bar"
              labels={d.rows.map((r) => periodLabel(r, d.range.group, true))}
              series={[
                { label: t('cols.sales'), data: d.rows.map((r) => r.sales), color: COLORS.sales },
                { label: t('cols.wholesale'), data: d.rows.map((r) => r.wholesale), color: COLORS.wholesale },
                { label: t('cols.profit'), data: d.rows.map((r) => r.profit), color: COLORS.profit },
              ]}
              format={money}
            />
          </ChartBox>
          <ReportTable
            kind="sales"
            title={t('cards.sales')}
            rows={d.rows}
            rowKey={(r) => r.period}
            columns={[
              { key: 'period', label: t('cols.period'), value: (r) => periodLabel(r, d.range.group) },
              { key: 'orders', label: t('cols.orders'), numeric: true, value: (r) => r.orders },
              { key: 'sales', label: t('cols.sales'), numeric: true, value: (r) => money(r.sales) },
              { key: 'wholesale', label: t('cols.wholesale'), numeric: true, value: (r) => money(r.wholesale) },
              { key: 'profit', label: t('cols.profit'), numeric: true, value: (r) => money(r.profit) },
              { key: 'canceled', label: t('cols.canceled'), numeric: true, value: (r) => r.canceled },
              { key: 'returned', label: t('cols.returned'), numeric: true, value: (r) => r.returned },
            ]}
            totals={{
              orders: d.totals.orders,
              sales: money(d.totals.sales),
              wholesale: money(d.totals.wholesale),
              profit: money(d.totals.profit),
              canceled: d.totals.canceled,
              returned: d.totals.returned,
            }}
          />
        </>
      )}
    </ReportCard>
  );
}

function ResellersReport({ params }: { params: ReportParams }) {
  const { t } = useReportsT();
  return (
    <ReportCard
      kind="sales-by-reseller"
      params={{ ...params, limit: 20 }}
      title={t('cards.resellers')}
      hint={t('cards.resellersHint')}
      isEmpty={(d) => d.rows.length === 0}
    >
      {(d) => (
        <>
          <ChartBox kind="sales-by-reseller" title={t('cards.resellers')}>
            <ReportChart
              type="bar"
              horizontal
              height={Math.min(d.rows.length, 10) * 44 + 96}
              labels={d.rows.slice(0, 10).map((r) => r.name)}
              series={[
                { label: t('cols.wholesale'), data: d.rows.slice(0, 10).map((r) => r.wholesale), color: COLORS.wholesale },
                { label: t('cols.profit'), data: d.rows.slice(0, 10).map((r) => r.profit), color: COLORS.profit },
              ]}
              stacked
              format={money}
            />
          </ChartBox>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="reports-resellers-count">
            {t('resellersCount', { count: d.resellers })}
          </Typography>
          <ReportTable
            kind="sales-by-reseller"
            title={t('cards.resellers')}
            rows={d.rows}
            rowKey={(r) => r.user_id}
            columns={[
              { key: 'reseller', label: t('cols.reseller'), value: (r) => <ResellerCell id={r.user_id} name={r.name} email={r.email} /> },
              { key: 'orders', label: t('cols.orders'), numeric: true, value: (r) => r.orders },
              { key: 'sales', label: t('cols.sales'), numeric: true, value: (r) => money(r.sales) },
              { key: 'wholesale', label: t('cols.wholesale'), numeric: true, value: (r) => money(r.wholesale) },
              { key: 'profit', label: t('cols.profit'), numeric: true, value: (r) => money(r.profit) },
              { key: 'canceled', label: t('cols.canceled'), numeric: true, value: (r) => r.canceled },
              { key: 'returned', label: t('cols.returned'), numeric: true, value: (r) => r.returned },
            ]}
            totals={{
              orders: d.totals.orders,
              sales: money(d.totals.sales),
              wholesale: money(d.totals.wholesale),
              profit: money(d.totals.profit),
              canceled: d.totals.canceled,
              returned: d.totals.returned,
            }}
          />
        </>
      )}
    </ReportCard>
  );
}

function CodReport({ params }: { params: ReportParams }) {
  const { t } = useReportsT();
  return (
    <ReportCard kind="cod" params={params} title={t('cards.cod')} hint={t('cards.codHint')} isEmpty={(d) => d.totals.orders === 0}>
      {(d) => (
        <>
          <Figures
            kind="cod"
            items={[
              { key: 'expected', label: t('cols.expected'), value: money(d.totals.expected), color: COLORS.sales },
              { key: 'received', label: t('cols.received'), value: money(d.totals.received), color: COLORS.received },
              { key: 'outstanding', label: t('cols.outstanding'), value: money(d.totals.outstanding), color: COLORS.outstanding },
              { key: 'refused', label: t('cols.refusedMoney'), value: money(d.totals.refused), color: COLORS.refused },
            ]}
          />
          <ChartBox kind="cod" title={t('cards.cod')}>
            <ReportChart
              type="bar"
              stacked
              labels={d.rows.map((r) => periodLabel(r, d.range.group, true))}
              series={[
                { label: t('cols.received'), data: d.rows.map((r) => r.received), color: COLORS.received },
                { label: t('cols.outstanding'), data: d.rows.map((r) => r.outstanding), color: COLORS.outstanding },
                { label: t('cols.refusedMoney'), data: d.rows.map((r) => r.refused), color: COLORS.refused },
              ]}
              format={money}
            />
          </ChartBox>
          <ReportTable
            kind="cod"
            title={t('cards.cod')}
            rows={d.rows}
            rowKey={(r) => r.period}
            columns={[
              { key: 'period', label: t('cols.period'), value: (r) => periodLabel(r, d.range.group) },
              { key: 'orders', label: t('cols.codOrders'), numeric: true, value: (r) => r.orders },
              { key: 'expected', label: t('cols.expected'), numeric: true, value: (r) => money(r.expected) },
              { key: 'received', label: t('cols.received'), numeric: true, value: (r) => money(r.received) },
              { key: 'refused', label: t('cols.refusedMoney'), numeric: true, value: (r) => money(r.refused) },
              { key: 'outstanding', label: t('cols.outstanding'), numeric: true, value: (r) => money(r.outstanding) },
            ]}
            totals={{
              orders: d.totals.orders,
              expected: money(d.totals.expected),
              received: money(d.totals.received),
              refused: money(d.totals.refused),
              outstanding: money(d.totals.outstanding),
            }}
          />
        </>
      )}
    </ReportCard>
  );
}

const returnsColumns = <R extends { shipped: number; refused: number; returned: number; part_returned: number; refusal_rate: number; return_rate: number }>(
  t: (k: string) => string,
): Column<R>[] => [
  { key: 'shipped', label: t('cols.shipped'), numeric: true, value: (r) => r.shipped },
  { key: 'refused', label: t('cols.refused'), numeric: true, value: (r) => r.refused },
  { key: 'returned', label: t('cols.returns'), numeric: true, value: (r) => r.returned },
  { key: 'part_returned', label: t('cols.partReturned'), numeric: true, value: (r) => r.part_returned },
  { key: 'refusal_rate', label: t('cols.refusalRate'), numeric: true, value: (r) => percent(r.refusal_rate) },
  { key: 'return_rate', label: t('cols.returnRate'), numeric: true, value: (r) => percent(r.return_rate) },
];
const returnsTotals = (x: { shipped: number; refused: number; returned: number; part_returned: number; refusal_rate: number; return_rate: number }) => ({
  shipped: x.shipped,
  refused: x.refused,
  returned: x.returned,
  part_returned: x.part_returned,
  refusal_rate: percent(x.refusal_rate),
  return_rate: percent(x.return_rate),
});

function ReturnsReport({ params }: { params: ReportParams }) {
  const { t } = useReportsT();
  return (
    <Stack spacing={2}>
      <ReportCard kind="returns" params={params} title={t('cards.returns')} hint={t('cards.returnsHint')} isEmpty={(d) => d.totals.shipped === 0}>
        {(d) => (
          <>
            <Figures
              kind="returns"
              items={[
                { key: 'shipped', label: t('cols.shipped'), value: count(d.totals.shipped) },
                { key: 'refusal_rate', label: t('cols.refusalRate'), value: percent(d.totals.refusal_rate), color: COLORS.refused },
                { key: 'return_rate', label: t('cols.returnRate'), value: percent(d.totals.return_rate), color: COLORS.returned },
              ]}
            />
            <ChartBox kind="returns" title={t('cards.returns')}>
              <ReportChart
                type="line"
                labels={d.rows.map((r) => periodLabel(r, d.range.group, true))}
                series={[
                  { label: t('cols.refusalRate'), data: d.rows.map((r) => r.refusal_rate), color: COLORS.refused },
                  { label: t('cols.returnRate'), data: d.rows.map((r) => r.return_rate), color: COLORS.returned },
                ]}
                format={percent}
              />
            </ChartBox>
            <ReportTable
              kind="returns"
              title={t('cards.returns')}
              rows={d.rows}
              rowKey={(r) => r.period}
              columns={[{ key: 'period', label: t('cols.period'), value: (r) => periodLabel(r, d.range.group) }, ...returnsColumns<(typeof d.rows)[number]>(t)]}
              totals={returnsTotals(d.totals)}
            />
          </>
        )}
      </ReportCard>
      <ReportCard
        kind="returns-by-reseller"
        params={{ ...params, limit: 20 }}
        title={t('cards.returnsByReseller')}
        hint={t('cards.returnsHint')}
        isEmpty={(d) => d.rows.length === 0}
      >
        {(d) => (
          <ReportTable
            kind="returns-by-reseller"
            title={t('cards.returnsByReseller')}
            rows={d.rows}
            rowKey={(r) => r.user_id}
            columns={[
              { key: 'reseller', label: t('cols.reseller'), value: (r) => <ResellerCell id={r.user_id} name={r.name} email={r.email} /> },
              ...returnsColumns<(typeof d.rows)[number]>(t),
            ]}
            totals={returnsTotals(d.totals)}
          />
        )}
      </ReportCard>
    </Stack>
  );
}

function ProductsReport({ params, sort, onSort }: { params: ReportParams; sort: TopProductSort; onSort: (s: TopProductSort) => void }) {
  const { t } = useReportsT();
  const sorter = (
    <ToggleButtonGroup size="small" exclusive value={sort} onChange={(_, v: TopProductSort | null) => v && onSort(v)} aria-label={t('sortBy')}>
      {TOP_PRODUCT_SORTS.map((s) => (
        <ToggleButton key={s} value={s} data-testid={`reports-sort-${s}`}>
          {t(`sorts.${s}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
  return (
    <ReportCard
      kind="top-products"
      params={{ ...params, limit: 20, sort }}
      title={t('cards.products')}
      hint={t('cards.productsHint')}
      isEmpty={(d) => d.rows.length === 0}
      extra={sorter}
    >
      {(d) => (
        <>
          <ChartBox kind="top-products" title={t('cards.products')}>
            <ReportChart
              type="bar"
              horizontal
              height={Math.min(d.rows.length, 10) * 44 + 96}
              labels={d.rows.slice(0, 10).map((r) => (r.name.length > 28 ? `${r.name.slice(0, 27)}…` : r.name))}
              series={[
                sort === 'qty'
                  ? { label: t('cols.qty'), data: d.rows.slice(0, 10).map((r) => r.qty), color: COLORS.sales }
                  : { label: t('cols.sales'), data: d.rows.slice(0, 10).map((r) => r.sales), color: COLORS.sales },
              ]}
              format={sort === 'qty' ? count : money}
            />
          </ChartBox>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('productsCount', { count: d.totals.products })}
          </Typography>
          <ReportTable
            kind="top-products"
            title={t('cards.products')}
            rows={d.rows}
            rowKey={(r) => r.code}
            columns={[
              { key: 'code', label: t('cols.code'), value: (r) => r.code },
              { key: 'vendor_code', label: t('cols.vendorCode'), value: (r) => r.vendor_code },
              { key: 'name', label: t('cols.name'), value: (r) => <Box sx={{ minWidth: 180 }}>{r.name}</Box> },
              { key: 'qty', label: t('cols.qty'), numeric: true, value: (r) => r.qty },
              { key: 'orders', label: t('cols.orders'), numeric: true, value: (r) => r.orders },
              { key: 'sales', label: t('cols.sales'), numeric: true, value: (r) => money(r.sales) },
              { key: 'wholesale', label: t('cols.wholesale'), numeric: true, value: (r) => money(r.wholesale) },
              { key: 'profit', label: t('cols.profit'), numeric: true, value: (r) => money(r.profit) },
            ]}
            totals={{ qty: d.totals.qty, sales: money(d.totals.sales), wholesale: money(d.totals.wholesale), profit: money(d.totals.profit) }}
          />
        </>
      )}
    </ReportCard>
  );
}

// ---------- the page ----------

export function ReportsPage({ today = kyivToday() }: { today?: string }) {
  const { t } = useReportsT();
  const [params, update] = useListParams();
  const tab = oneOf(REPORT_TABS, params.get('tab'), 'sales');
  const preset = oneOf(PERIOD_PRESETS, params.get('period'), 'month');
  const group = oneOf(REPORT_GROUPS, params.get('group'), 'day');
  const sort = oneOf(TOP_PRODUCT_SORTS, params.get('sort'), 'qty');
  const from = params.get('from');
  const to = params.get('to');
  const range = presetRange(preset, today, { from: from && DAY.test(from) ? from : null, to: to && DAY.test(to) ? to : null });
  const valid = rangeValid(range);
  const query = useMemo<ReportParams>(() => ({ date_from: range.date_from, date_to: range.date_to, group }), [range.date_from, range.date_to, group]);

  const setPreset = (p: PeriodPreset) => {
    // Custom starts from the range shown now, so switching to it changes nothing until a day is picked.
    if (p === 'custom') update({ period: p, from: range.date_from, to: range.date_to });
    else update({ period: p === 'month' ? null : p, from: null, to: null });
  };

  return (
    <Box data-testid="reports-page" data-state={valid ? 'ready' : 'invalid'} data-from={range.date_from} data-to={range.date_to}>
      <PageHeader title={t('title')} icon={<InsertChartOutlined color="primary" />} />
      <Box
        role="group"
        aria-label={t('filters.label')}
        sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: { xs: 'stretch', sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' }, mb: 2 }}
      >
        <TextField
          select
          size="small"
          label={t('filters.period')}
          value={preset}
          onChange={(e) => setPreset(e.target.value as PeriodPreset)}
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: 220 } }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'reports-period' } as object } }}
        >
          {PERIOD_PRESETS.map((p) => (
            <MenuItem key={p} value={p} data-testid={`reports-period-option-${p}`}>
              {t(`filters.presets.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        {preset === 'custom' ? (
          <Stack direction="row" spacing={1.5}>
            <DateField
              id="reports-from"
              label={t('filters.from')}
              value={range.date_from}
              onChange={(d) => d && update({ from: d })}
              testId="reports-from"
              sx={{ flex: 1, width: { sm: 170 } }}
            />
            <DateField
              id="reports-to"
              label={t('filters.to')}
              value={range.date_to}
              onChange={(d) => d && update({ to: d })}
              testId="reports-to"
              sx={{ flex: 1, width: { sm: 170 } }}
            />
          </Stack>
        ) : (
          <Typography color="text.secondary" data-testid="reports-range">
            {t('filters.range', { from: dayToText(range.date_from), to: dayToText(range.date_to) })}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1, display: { xs: 'none', sm: 'block' } }} />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={group}
          onChange={(_, v: ReportGroup | null) => v && update({ group: v === 'day' ? null : v })}
          aria-label={t('filters.group')}
        >
          {REPORT_GROUPS.map((g) => (
            <ToggleButton key={g} value={g} data-testid={`reports-group-${g}`} sx={{ flex: { xs: 1, sm: 'none' } }}>
              {t(`filters.groups.${g}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Tabs
        value={tab}
        onChange={(_, v: ReportTab) => update({ tab: v === 'sales' ? null : v })}
        aria-label={t('tabs.label')}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {REPORT_TABS.map((x) => (
          <Tab key={x} value={x} label={t(`tabs.${x}`)} data-testid={`reports-tab-${x}`} />
        ))}
      </Tabs>
      {!valid ? (
        <Typography color="error" role="alert" data-testid="reports-range-error">
          {t('filters.rangeInvalid', { max: REPORT_MAX_DAYS })}
        </Typography>
      ) : tab === 'sales' ? (
        <SalesReport params={query} />
      ) : tab === 'resellers' ? (
        <ResellersReport params={query} />
      ) : tab === 'cod' ? (
        <CodReport params={query} />
      ) : tab === 'returns' ? (
        <ReturnsReport params={query} />
      ) : (
        <ProductsReport params={query} sort={sort} onSort={(s) => update({ sort: s === 'qty' ? null : s })} />
      )}
    </Box>
  );
}
