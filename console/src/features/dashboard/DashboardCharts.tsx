import { Card, H5 } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useQuotaDisplay } from '../../app/status-api';
import { DEFAULT_QUOTA_PER_UNIT, type QuotaDisplay, renderNumber, renderQuota } from '../../common/quota';
import { ChartTooltip } from './ChartTooltip';
import { chartSeries, type DashboardSummary, digitsForStep, niceTicks, OTHER_COLOUR, PALETTE } from './dashboard-data';

/** Axes and grid follow the theme's text colour and surfaces (light and dark). */
const AXIS = { stroke: 'currentColor', tick: { fill: 'currentColor', fontSize: 12 } };
const GRID = { stroke: 'var(--mg-border)', strokeDasharray: '3 3' };
const CHART_SIZE = { width: 800, height: 320 };
/** Fewer buckets than this draw the trend line's points (a lone bucket is then still visible). */
const DOTS_BELOW = 48;

/** Y-axis ticks of the quota chart in the unit shown (dollars or quota), each label unique. */
function quotaAxis(maxQuota: number, display: QuotaDisplay): { ticks: number[]; format(value: number): string } {
  if (display.displayInCurrency) {
    const perUnit = display.quotaPerUnit || DEFAULT_QUOTA_PER_UNIT;
    const dollars = niceTicks(maxQuota / perUnit);
    const digits = digitsForStep(dollars[1]! - dollars[0]!, 2);
    return { ticks: dollars.map((value) => value * perUnit), format: (value) => renderQuota(value, display, digits) };
  }
  return { ticks: niceTicks(maxQuota, 5, true), format: (value) => renderNumber(value) };
}

/** The stacked quota bars, the calls-per-model donut and the calls-over-time line. */
export function DashboardCharts({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation('dashboard');
  const display = useQuotaDisplay();
  const series = useMemo(() => chartSeries(summary.models), [summary.models]);
  const seriesName = (model: string) => model || t('charts.otherModels');
  const maxQuota = Math.max(0, ...summary.buckets.map((bucket) => bucket.quota));
  const quota = quotaAxis(maxQuota, display);
  // The exact quota in tooltips: four decimals in dollars, the whole number otherwise.
  const exactQuota = (value: number) => (display.displayInCurrency ? renderQuota(value, display, 4) : value.toLocaleString());
  const countTicks = niceTicks(Math.max(0, ...summary.buckets.map((bucket) => bucket.count)), 5, true);
  const total = t('charts.tooltipTotal');

  // The donut uses the bar chart's colours; models past the palette share the "other" slice.
  const named = new Map(series.filter((entry) => entry.model).map((entry) => [entry.model, entry.colour]));
  const calls = summary.callsByModel.filter(({ model }) => named.has(model));
  const otherCalls = summary.callsByModel.filter(({ model }) => !named.has(model)).reduce((sum, { count }) => sum + count, 0);
  const slices = [
    ...calls.map(({ model, count }) => ({ name: model, count, colour: named.get(model)! })),
    ...(otherCalls > 0 ? [{ name: t('charts.otherModels'), count: otherCalls, colour: OTHER_COLOUR }] : []),
  ];

  return (
    <div className="mg-dashboard-charts">
      <Card className="mg-dashboard-chart mg-dashboard-chart-wide" data-testid="quota-chart">
        <H5>{t('charts.quotaTitle')}</H5>
        <p className="bp6-text-muted">{t('charts.total', { value: renderQuota(summary.totals.quota, display) })}</p>
        <ResponsiveContainer width="100%" height={CHART_SIZE.height} initialDimension={CHART_SIZE}>
          <BarChart data={summary.buckets}>
            <CartesianGrid {...GRID} vertical={false} />
            <XAxis dataKey="label" {...AXIS} minTickGap={24} />
            <YAxis
              {...AXIS}
              ticks={quota.ticks}
              domain={[0, quota.ticks[quota.ticks.length - 1]!]}
              interval={0}
              tickFormatter={(value: number) => quota.format(value)}
              width={84}
            />
            <Tooltip
              cursor={{ fill: 'var(--mg-border)', opacity: 0.4 }}
              content={<ChartTooltip format={exactQuota} totalLabel={total} />}
            />
            <Legend />
            {series.map((entry) => (
              <Bar
                key={entry.model || '\u0000other'}
                name={seriesName(entry.model)}
                stackId="quota"
                dataKey={entry.quotaIn}
                fill={entry.colour}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </Card>
      <Card className="mg-dashboard-chart" data-testid="calls-chart">
        <H5>{t('charts.callsTitle')}</H5>
        <p className="bp6-text-muted">{t('charts.total', { value: renderNumber(summary.totals.count) })}</p>
        <ResponsiveContainer width="100%" height={CHART_SIZE.height} initialDimension={CHART_SIZE}>
          <PieChart>
            <Pie
              data={slices}
              dataKey="count"
              nameKey="name"
              innerRadius="50%"
              outerRadius="80%"
              paddingAngle={slices.length > 1 ? 2 : 0}
              cornerRadius={4}
              isAnimationActive={false}
            >
              {slices.map((slice) => (
                <Cell key={slice.name} fill={slice.colour} />
              ))}
            </Pie>
            <Tooltip content={<ChartTooltip format={(value) => value.toLocaleString()} totalLabel={total} />} />
            <Legend />
          </PieChart>
        </ResponsiveContainer>
      </Card>
      <Card className="mg-dashboard-chart" data-testid="trend-chart">
        <H5>{t('charts.trendTitle')}</H5>
        <p className="bp6-text-muted">{t('charts.total', { value: renderNumber(summary.totals.count) })}</p>
        <ResponsiveContainer width="100%" height={CHART_SIZE.height} initialDimension={CHART_SIZE}>
          <LineChart data={summary.buckets}>
            <CartesianGrid {...GRID} vertical={false} />
            <XAxis dataKey="label" {...AXIS} minTickGap={24} />
            <YAxis
              {...AXIS}
              ticks={countTicks}
              domain={[0, countTicks[countTicks.length - 1]!]}
              interval={0}
              allowDecimals={false}
              tickFormatter={(value: number) => renderNumber(value)}
            />
            <Tooltip content={<ChartTooltip format={(value) => value.toLocaleString()} totalLabel={total} />} />
            <Line
              type="monotone"
              dataKey="count"
              name={t('charts.calls')}
              stroke={PALETTE[0]}
              strokeWidth={2}
              dot={summary.buckets.length < DOTS_BELOW}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </Card>
    </div>
  );
}
