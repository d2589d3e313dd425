/**
 * Dashboard home cards (SPEC section 2) fed by `GET /statistics` (app/ passes the data): the order
 * dynamics for 7 days (a bar chart with the maximum and its day) and the all-time counters (total,
 * delivering, done, return, conversion %). Test ids: orders-week (card), orders-week-max, orders-week-plot,
 * orders-count (card), orders-count-total, orders-count-delivered, orders-count-done, orders-count-return,
 * orders-conversion.
 */
import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import BarChartIcon from '@mui/icons-material/BarChart';
import InsightsIcon from '@mui/icons-material/Insights';
import { useTranslation } from 'react-i18next';
import { chartDay } from '../../../lib/chart-day.ts';
import type { OrdersCountDto, StatisticsSeriesDto } from '@drop/shared';

// The charts library is big: it loads only when this card renders.
const OrdersWeekChart = lazy(() => import('./orders-week-chart.tsx').then((m) => ({ default: m.OrdersWeekChart })));

const CHART_HEIGHT = 220;

interface CardState<T> {
  data: T | undefined;
  loading: boolean;
  error: boolean;
}

export function OrdersWeekCard({ data, loading, error }: CardState<StatisticsSeriesDto>) {
  const { t } = useTranslation();
  const empty = data && (data.values.length === 0 || data.values.every((v) => v === 0));
  return (
    <Card component="section" aria-labelledby="orders-week-title" data-testid="orders-week">
      <CardHeader
        avatar={<BarChartIcon color="primary" />}
        title={t('orders.stats.weekTitle')}
        subheader={t('orders.stats.period')}
        slotProps={{ title: { id: 'orders-week-title', component: 'h2', variant: 'h3' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {loading ? (
          <>
            <Skeleton width={220} />
            <Skeleton variant="rounded" height={CHART_HEIGHT} data-testid="orders-week-loading" />
          </>
        ) : error || !data ? (
          <Typography color="error">{t('errors.loadFailed')}</Typography>
        ) : (
          <>
            <Typography sx={{ fontWeight: 600 }} data-testid="orders-week-max">
              {data.at && data.max > 0 ? t('orders.stats.max', { value: data.max, date: chartDay(data.at) }) : t('orders.stats.maxNone')}
            </Typography>
            {empty ? (
              <Box sx={{ height: CHART_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                <Typography color="text.secondary">{t('orders.stats.noOrders')}</Typography>
              </Box>
            ) : (
              <Box role="img" aria-label={t('orders.stats.chartLabel')} sx={{ height: CHART_HEIGHT }} data-testid="orders-week-plot">
                <Suspense fallback={<Skeleton variant="rounded" height={CHART_HEIGHT} />}>
                  <OrdersWeekChart labels={data.labels.map(chartDay)} values={data.values} seriesLabel={t('orders.stats.series')} />
                </Suspense>
              </Box>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Counter({ label, value, testId, color, wide }: { label: string; value: string; testId: string; color?: string; wide?: boolean }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover', gridColumn: wide ? '1 / -1' : 'auto', minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" noWrap title={label}>
        {label}
      </Typography>
      <Typography sx={{ fontSize: wide ? '2rem' : '1.5rem', fontWeight: 700, lineHeight: 1.2, color, fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** Conversion as the API gives it (one decimal): '66.7%'. */
export const formatConversion = (v: number) => `${(Math.round(v * 10) / 10).toFixed(1)}%`;

export function OrdersCountCard({ data, loading, error }: CardState<OrdersCountDto>) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="orders-count-title" data-testid="orders-count">
      <CardHeader
        avatar={<InsightsIcon color="primary" />}
        title={t('orders.stats.countTitle')}
        subheader={t('orders.stats.allTime')}
        slotProps={{ title: { id: 'orders-count-title', component: 'h2', variant: 'h3' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {loading ? (
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr' }} data-testid="orders-count-loading">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} variant="rounded" height={72} sx={i === 4 ? { gridColumn: '1 / -1' } : undefined} />
            ))}
          </Box>
        ) : error || !data ? (
          <Typography color="error">{t('errors.loadFailed')}</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
            <Counter label={t('orders.stats.total')} value={String(data.total_count)} testId="orders-count-total" />
            <Counter label={t('orders.stats.delivered')} value={String(data.count_delivered)} testId="orders-count-delivered" color="info.main" />
            <Counter label={t('orders.stats.done')} value={String(data.count_done)} testId="orders-count-done" color="success.main" />
            <Counter label={t('orders.stats.return')} value={String(data.count_return)} testId="orders-count-return" color="error.main" />
            <Counter label={t('orders.stats.conversion')} value={formatConversion(data.conversion)} testId="orders-conversion" color="primary.dark" wide />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
