import { LineChart } from '@mui/x-charts/LineChart';
import { formatMoney, PRIMARY_COLOR } from '@drop/shared';

/** The 7-day balance line (MUI X Charts; loaded lazily by BalanceChartCard). */
export function BalanceChart({ labels, values, seriesLabel, currency }: { labels: string[]; values: number[]; seriesLabel: string; currency: string }) {
  return (
    <LineChart
      height={220}
      xAxis={[{ scaleType: 'point', data: labels }]}
      yAxis={[{ width: 64, valueFormatter: (v: number) => formatMoney(v) }]}
      series={[
        {
          data: values,
          label: seriesLabel,
          area: true,
          curve: 'linear',
          showMark: true,
          color: PRIMARY_COLOR,
          valueFormatter: (v) => (v === null ? '-' : `${formatMoney(v)} ${currency}`),
        },
      ]}
      grid={{ horizontal: true }}
      hideLegend
      margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
      sx={{ '& .MuiLineChart-area': { fillOpacity: 0.15 } }}
    />
  );
}
