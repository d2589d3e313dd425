/**
 * The reports' charts (MUI X Charts), in their own lazily loaded chunk: bars or lines over the
 * period buckets, or bars over resellers and products. Colours follow the series' meaning.
 */
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';

export interface ChartSeries {
  label: string;
  data: number[];
  color: string;
}

export interface ReportChartProps {
  type: 'bar' | 'line';
  labels: string[];
  series: ChartSeries[];
  /** How a value reads in the tooltip and on the axis. */
  format: (v: number) => string;
  height?: number;
  /** Horizontal bars (long labels: resellers, products). */
  horizontal?: boolean;
  stacked?: boolean;
}

export default function ReportChart({ type, labels, series, format, height = 280, horizontal = false, stacked = false }: ReportChartProps) {
  const valueFormatter = (v: number | null) => (v === null ? '' : format(v));
  if (type === 'line') {
    return (
      <LineChart
        height={height}
        xAxis={[{ scaleType: 'point', data: labels }]}
        yAxis={[{ width: 64, valueFormatter: (v: number) => format(v) }]}
        series={series.map((s) => ({ data: s.data, label: s.label, color: s.color, valueFormatter, showMark: labels.length <= 31, curve: 'linear' as const }))}
        grid={{ horizontal: true }}
        margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
      />
    );
  }
  const axisFormat = (v: number) => format(v);
  return (
    <BarChart
      height={height}
      layout={horizontal ? 'horizontal' : 'vertical'}
      {...(horizontal
        ? { xAxis: [{ valueFormatter: axisFormat }], yAxis: [{ scaleType: 'band' as const, data: labels, width: 140 }] }
        : { xAxis: [{ scaleType: 'band' as const, data: labels }], yAxis: [{ width: 64, valueFormatter: axisFormat }] })}
      series={series.map((s) => ({ data: s.data, label: s.label, color: s.color, valueFormatter, ...(stacked ? { stack: 'all' } : {}) }))}
      grid={horizontal ? { vertical: true } : { horizontal: true }}
      borderRadius={3}
      margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
    />
  );
}
