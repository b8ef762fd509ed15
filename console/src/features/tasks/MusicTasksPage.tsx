import { Button, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/hooks';
import { isAdmin } from '../../app/session-slice';
import { startOfToday } from '../../common/dates';
import { Pager } from '../../common/Pager';
import { usePageSize } from '../../common/page-size';
import { MusicTaskTable } from './MusicTaskTable';
import { taskApi } from './task-api';
import { type TaskFilter, TaskFilterBar, taskFilterParams } from './TaskFilterBar';
import { type TextDialogContent, TextDialog } from './TaskWidgets';
import { useLoadedPages } from './use-loaded-pages';
import './tasks.css';

/** The task log's default range: from the start of today, no end. */
function defaultFilter(): TaskFilter {
  return { channelId: '', taskId: '', start: startOfToday(), end: null };
}

/** `/task`: the music/lyrics task log — users see their own tasks, admins everyone's with channels. */
export function MusicTasksPage() {
  const { t } = useTranslation('task');
  const admin = isAdmin(useCurrentUser());
  const [pageSize, setPageSize] = usePageSize();
  const [filter, setFilter] = useState(defaultFilter);
  const [text, setText] = useState<TextDialogContent | null>(null);
  const [listPage] = taskApi.useLazyListMusicTasksQuery();
  const fetchPage = useCallback(
    (p: number, size: number, applied: TaskFilter) =>
      listPage({ admin, p, page_size: size, filter: taskFilterParams(applied, admin, 'task_id') }).unwrap(),
    [listPage, admin],
  );
  const pages = useLoadedPages(fetchPage, pageSize);
  const { reload } = pages;

  useEffect(() => {
    // The first page loads once on opening; later loads follow the Query button.
    reload(filter);
  }, []);

  return (
    <div className="mg-task-page">
      <div className="mg-page-header">
        <h2>{t('music.title')}</h2>
        <Button icon="refresh" variant="minimal" aria-label={t('common.refresh')} onClick={() => reload(filter)} />
      </div>
      <Card>
        <TaskFilterBar admin={admin} value={filter} onChange={setFilter} onQuery={() => reload(filter)} loading={pages.loading} />
        {pages.loading && pages.rows.length === 0 ? (
          <Spinner className="mg-task-spinner" />
        ) : pages.rows.length === 0 ? (
          <NonIdealState icon="music" title={t('music.empty')} />
        ) : (
          <MusicTaskTable rows={pages.rows} admin={admin} onOpenText={setText} />
        )}
        <Pager
          page={pages.page}
          pageSize={pageSize}
          hasMore={pages.hasMore}
          onPageChange={pages.goTo}
          onPageSizeChange={(size) => {
            setPageSize(size);
            reload(filter, size);
          }}
        />
      </Card>
      <TextDialog content={text} onClose={() => setText(null)} />
    </div>
  );
}
