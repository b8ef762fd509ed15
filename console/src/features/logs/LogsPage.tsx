import { Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/hooks';
import { isAdmin } from '../../app/session-slice';
import { Pager } from '../../common/Pager';
import { usePageSize } from '../../common/page-size';
import { ColumnSettings } from './ColumnSettings';
import { type ColumnChoice, readColumnChoice, visibleColumns, writeColumnChoice } from './column-settings';
import { LogFilterBar } from './LogFilterBar';
import { defaultLogFilters, type LogFilters } from './log-query';
import { LogStats } from './LogStats';
import { LogsTable } from './LogsTable';
import { useGetLogStatQuery, useGetLogsQuery } from './logs-api';
import { UserInfoDialog } from './UserInfoDialog';
import './logs.css';

/** `/log`: the usage log with its filters, statistics, column choice and paging. */
export function LogsPage() {
  const { t } = useTranslation('log');
  const admin = isAdmin(useCurrentUser());
  const [draft, setDraft] = useState<LogFilters>(() => defaultLogFilters());
  const [applied, setApplied] = useState<LogFilters>(draft);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = usePageSize();
  const [columnChoice, setColumnChoice] = useState<ColumnChoice>(readColumnChoice);
  const [userId, setUserId] = useState<number | null>(null);

  // Logs grow all the time: a query the user runs again is fetched again, never served from cache.
  const list = useGetLogsQuery({ filters: applied, admin, page, pageSize }, { refetchOnMountOrArgChange: true });
  const stat = useGetLogStatQuery({ filters: applied, admin }, { refetchOnMountOrArgChange: true });

  const apply = (filters: LogFilters) => {
    if (JSON.stringify(filters) === JSON.stringify(applied) && page === 0) {
      void list.refetch();
      void stat.refetch();
      return;
    }
    setApplied(filters);
    setPage(0);
  };

  const reset = () => {
    const defaults = defaultLogFilters();
    setDraft(defaults);
    apply(defaults);
  };

  const chooseColumns = (choice: ColumnChoice) => {
    writeColumnChoice(choice);
    setColumnChoice(choice);
  };

  const items = list.data?.items ?? [];
  return (
    <div className="mg-page mg-logs-page">
      <div className="mg-page-header">
        <h2>{t('title')}</h2>
        <ColumnSettings admin={admin} choice={columnChoice} onChange={chooseColumns} />
      </div>
      <Card>
        <LogStats stat={stat.data} />
        <LogFilterBar
          filters={draft}
          admin={admin}
          onChange={setDraft}
          onTypeChange={(type) => {
            const next = { ...draft, type };
            setDraft(next);
            apply(next);
          }}
          onQuery={() => apply(draft)}
          onReset={reset}
        />
        {list.isLoading ? (
          <Spinner />
        ) : items.length === 0 ? (
          <NonIdealState icon="history" title={t('empty.title')} description={t('empty.description')} />
        ) : (
          <LogsTable items={items} columns={visibleColumns(columnChoice, admin)} admin={admin} onOpenUser={setUserId} />
        )}
        <Pager
          page={page}
          pageSize={pageSize}
          total={list.data?.total ?? 0}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(0);
          }}
        />
      </Card>
      {admin && <UserInfoDialog userId={userId} onClose={() => setUserId(null)} />}
    </div>
  );
}
