import { Button, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../common/Pager';
import { TaskFilterBar } from './TaskFilterBar';
import type { TaskLog } from './use-task-log';
import './tasks.css';

export interface TaskLogFrameProps<Row> {
  title: string;
  log: TaskLog<Row>;
  emptyIcon: IconName;
  emptyTitle: string;
  /** The table of the page's rows (shown once there are rows). */
  table: ReactNode;
  /** Dialogs the rows open. */
  children?: ReactNode;
}

/** A task log's page: title with refresh, the filters, the rows (or a spinner, or "none") and the pager. */
export function TaskLogFrame<Row>({ title, log, emptyIcon, emptyTitle, table, children }: TaskLogFrameProps<Row>) {
  const { t } = useTranslation('task');
  const { pages } = log;
  return (
    <div className="mg-task-page">
      <div className="mg-page-header">
        <h2>{title}</h2>
        <Button icon="refresh" variant="minimal" aria-label={t('common.refresh')} onClick={log.query} />
      </div>
      <Card>
        <TaskFilterBar admin={log.admin} value={log.filter} onChange={log.setFilter} onQuery={log.query} loading={pages.loading} />
        {pages.loading && pages.rows.length === 0 ? (
          <Spinner className="mg-task-spinner" />
        ) : pages.rows.length === 0 ? (
          <NonIdealState icon={emptyIcon} title={emptyTitle} />
        ) : (
          table
        )}
        <Pager
          page={pages.page}
          pageSize={log.pageSize}
          hasMore={pages.hasMore}
          onPageChange={pages.goTo}
          onPageSizeChange={log.changePageSize}
        />
      </Card>
      {children}
    </div>
  );
}
