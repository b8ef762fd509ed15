import { Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/hooks';
import { isAdmin } from '../../app/session-slice';
import { statusApi, usePublicStatus } from '../../app/status-api';
import { inputToUnixText } from '../logs/datetime-input';
import { type QuotaDataArgs, useGetQuotaDataQuery } from './dashboard-api';
import { asGranularity, defaultRange, perMinute, summarize } from './dashboard-data';
import { DashboardCards } from './DashboardCards';
import { DashboardCharts } from './DashboardCharts';
import { type DashboardFilterValues, DashboardFilters } from './DashboardFilters';
import './dashboard.css';

function queryOf(values: DashboardFilterValues, admin: boolean): QuotaDataArgs {
  return {
    admin,
    username: admin ? values.username : '',
    startTimestamp: inputToUnixText(values.start),
    endTimestamp: inputToUnixText(values.end),
    granularity: values.granularity,
  };
}

/** `/detail`: usage per model over time, when the administrator has enabled data export. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const status = usePublicStatus();
  const { isUninitialized, isLoading } = statusApi.endpoints.getStatus.useQueryState();
  if (!status.enable_data_export) {
    // The saved status may be stale: wait for the fresh one before saying the dashboard is off.
    if (isUninitialized || isLoading) return <Spinner />;
    return (
      <div className="mg-page">
        <NonIdealState icon="timeline-bar-chart" title={t('disabled.title')} description={t('disabled.description')} />
      </div>
    );
  }
  return <DashboardContent defaultGranularity={status.data_export_default_time} />;
}

function DashboardContent({ defaultGranularity }: { defaultGranularity: string }) {
  const { t } = useTranslation('dashboard');
  const admin = isAdmin(useCurrentUser());
  const [values, setValues] = useState<DashboardFilterValues>(() => {
    const granularity = asGranularity(defaultGranularity);
    return { ...defaultRange(granularity), granularity, username: '' };
  });
  const [query, setQuery] = useState<QuotaDataArgs>(() => queryOf(values, admin));
  const { data, isLoading, refetch } = useGetQuotaDataQuery(query);

  const start = Number(query.startTimestamp);
  const end = Number(query.endTimestamp);
  // The charts span the whole range asked for: buckets without usage are drawn as zeros.
  const summary = useMemo(
    () => summarize(data ?? [], query.granularity, query.startTimestamp && query.endTimestamp ? { start, end } : undefined),
    [data, query.granularity, query.startTimestamp, query.endTimestamp, start, end],
  );

  const apply = () => {
    const next = queryOf(values, admin);
    if (JSON.stringify(next) === JSON.stringify(query)) void refetch();
    else setQuery(next);
  };

  return (
    <div className="mg-page mg-dashboard-page">
      <div className="mg-page-header">
        <h2>{t('title')}</h2>
      </div>
      <Card className="mg-dashboard-filter-card">
        <DashboardFilters values={values} admin={admin} onChange={setValues} onQuery={apply} />
      </Card>
      <DashboardCards
        summary={summary}
        averageRpm={perMinute(summary.totals.count, start, end)}
        averageTpm={perMinute(summary.totals.tokens, start, end)}
      />
      {isLoading ? (
        <Spinner />
      ) : summary.buckets.length === 0 ? (
        <Card>
          <NonIdealState icon="chart" title={t('empty.title')} description={t('empty.description')} />
        </Card>
      ) : (
        <DashboardCharts summary={summary} />
      )}
    </div>
  );
}
