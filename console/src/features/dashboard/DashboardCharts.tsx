import { Card, H5 } from '@blueprintjs/core';
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
import { renderNumber, renderQuota } from '../../common/quota';
import { type Bucket, type DashboardSummary, modelColour } from './dashboard-data';

/** Axes, grid and tooltips follow the theme's text colour and surfaces (light and dark). */
const AXIS = { stroke: 'currentColor', tick: { fill: 'currentColor', fontSize: 12 } };
const GRID = { stroke: 'var(--mg-border)', strokeDasharray: '3 3' };
const TOOLTIP = {
  contentStyle: { background: 'var(--mg-surface)', border: '1px solid var(--mg-border)', color: 'inherit' },
  itemStyle: { color: 'inherit' },
  labelStyle: { color: 'inherit' },
};
const CHART_SIZE = { width: 800, height: 320 };

/** The stacked quota bars, the calls-per-model donut and the calls-over-time line. */
export function DashboardCharts({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation('dashboard');
  const display = useQuotaDisplay();
  const quota = (value: number) => renderQuota(value, display, 4);
  return (
    <div className="mg-dashboard-charts">
      <Card className="mg-dashboard-chart mg-dashboard-chart-wide">
        <H5>{t('charts.quotaTitle')}</H5>
        <p className="bp6-text-muted">{t('charts.total', { value: renderQuota(summary.totals.quota, display) })}</p>
        <ResponsiveContainer width="100%" height={CHART_SIZE.height} initialDimension={CHART_SIZE}>
          <BarChart data={summary.buckets}>
            <CartesianGrid {...GRID} />
            <XAxis dataKey="label" {...AXIS} />
            <YAxis {...AXIS} tickFormatter={(value: number) => quota(value)} width={80} />
            <Tooltip {...TOOLTIP} formatter={(value) => quota(Number(value))} />
            <Legend />
            {summary.models.map((model) => (
              <Bar
                key={model}
                name={model}
                stackId="quota"
                dataKey={(bucket: Bucket) => bucket.quotaByModel[model] ?? 0}
                fill={modelColour(model)}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </Card>
      <Card className="mg-dashboard-chart">
        <H5>{t('charts.callsTitle')}</H5>
        <p className="bp6-text-muted">{t('charts.total', { value: renderNumber(summary.totals.count) })}</p>
        <ResponsiveContainer width="100%" height={CHART_SIZE.height} initialDimension={CHART_SIZE}>
          <PieChart>
            <Pie
              data={summary.callsByModel}
              dataKey="count"
              nameKey="model"
              innerRadius="50%"
              outerRadius="80%"
              paddingAngle={2}
              cornerRadius={4}
            >
              {summary.callsByModel.map(({ model }) => (
                <Cell key={model} fill={modelColour(model)} />
              ))}
            </Pie>
            <Tooltip {...TOOLTIP} formatter={(value) => renderNumber(Number(value))} />
            <Legend />
          </PieChart>
        </ResponsiveContainer>
      </Card>
      <Card className="mg-dashboard-chart">
        <H5>{t('charts.trendTitle')}</H5>
        <p className="bp6-text-muted">{t('charts.total', { value: renderNumber(summary.totals.count) })}</p>
        <ResponsiveContainer width="100%" height={CHART_SIZE.height} initialDimension={CHART_SIZE}>
          <LineChart data={summary.buckets}>
            <CartesianGrid {...GRID} />
            <XAxis dataKey="label" {...AXIS} />
            <YAxis {...AXIS} allowDecimals={false} />
            <Tooltip {...TOOLTIP} />
            <Line type="monotone" dataKey="count" name={t('charts.calls')} stroke="#2D72D2" strokeWidth={2} dot={false} />
          </LineChart>
        </ResponsiveContainer>
      </Card>
    </div>
  );
}
