import { BarChart } from '@mui/x-charts/BarChart';
import { PRIMARY_COLOR } from '@drop/shared';

/** Orders per day for the last 7 days (MUI X Charts; loaded lazily by OrdersWeekCard). */
export function OrdersWeekChart({ labels, values, seriesLabel }: { labels: string[]; values: number[]; seriesLabel: string }) {
  return (
    <BarChart
      height={220}
      xAxis={[{ scaleType: 'band', data: labels }]}
      yAxis={[{ width: 40, tickMinStep: 1, valueFormatter: (v: number) => String(v) }]}
      series={[{ data: values, label: seriesLabel, color: PRIMARY_COLOR }]}
      grid={{ horizontal: true }}
      hideLegend
      borderRadius={4}
      margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
    />
  );
}
