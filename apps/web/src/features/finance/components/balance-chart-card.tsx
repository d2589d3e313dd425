import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@drop/shared';
import { chartDay } from '../../../lib/chart-day.ts';
import { useBalanceStatistics } from '../api/get-statistics.ts';

// The charts library is big: it loads only when this card renders.
const BalanceChart = lazy(() => import('./balance-chart.tsx').then((m) => ({ default: m.BalanceChart })));

const CHART_HEIGHT = 220;

/** Home card: the balance at the end of each of the last 7 days, with the maximum and its day. */
export function BalanceChartCard() {
  const { t } = useTranslation();
  const stats = useBalanceStatistics();
  const s = stats.data;

  return (
    <Card component="section" aria-labelledby="balance-chart-title" data-testid="balance-chart">
      <CardHeader
        avatar={<ShowChartIcon color="primary" />}
        title={t('finance.chart.title')}
        subheader={t('finance.chart.period')}
        slotProps={{ title: { id: 'balance-chart-title', component: 'h2', variant: 'h3' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {stats.isPending ? (
          <>
            <Skeleton width={220} />
            <Skeleton variant="rounded" height={CHART_HEIGHT} data-testid="balance-chart-loading" />
          </>
        ) : stats.isError || !s ? (
          <Typography color="error">{t('finance.loadFailed')}</Typography>
        ) : s.values.length === 0 ? (
          <Typography color="text.secondary">{t('finance.chart.noData')}</Typography>
        ) : (
          <>
            <Typography sx={{ fontWeight: 600 }} data-testid="balance-chart-max">
              {s.at
                ? t('finance.chart.max', { amount: formatMoney(s.max), date: chartDay(s.at) })
                : t('finance.chart.maxNoDate', { amount: formatMoney(s.max) })}
            </Typography>
            <Box role="img" aria-label={t('finance.chart.label')} sx={{ height: CHART_HEIGHT }} data-testid="balance-chart-plot">
              <Suspense fallback={<Skeleton variant="rounded" height={CHART_HEIGHT} />}>
                <BalanceChart labels={s.labels.map(chartDay)} values={s.values} seriesLabel={t('finance.chart.series')} currency={t('common.currency')} />
              </Suspense>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
