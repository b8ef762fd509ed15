import { Button, Card, Dialog, DialogBody, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/hooks';
import { isAdmin } from '../../app/session-slice';
import { Pager } from '../../common/Pager';
import { usePageSize } from '../../common/page-size';
import { DrawingTaskTable } from './DrawingTaskTable';
import { taskApi } from './task-api';
import { type TaskFilter, TaskFilterBar, taskFilterParams } from './TaskFilterBar';
import { type TextDialogContent, TextDialog } from './TaskWidgets';
import { useLoadedPages } from './use-loaded-pages';
import './tasks.css';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The drawing log's default range: the last 30 days, up to an hour ahead. */
function defaultFilter(now = Date.now()): TaskFilter {
  return { channelId: '', taskId: '', start: new Date(now - 30 * DAY_MS), end: new Date(now + 60 * 60 * 1000) };
}

/** `/midjourney`: the drawing-task log — users see their own tasks, admins everyone's with channels. */
export function DrawingTasksPage() {
  const { t } = useTranslation('task');
  const admin = isAdmin(useCurrentUser());
  const [pageSize, setPageSize] = usePageSize();
  const [filter, setFilter] = useState(defaultFilter);
  const [text, setText] = useState<TextDialogContent | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const [listPage] = taskApi.useLazyListDrawingTasksQuery();
  const fetchPage = useCallback(
    (p: number, size: number, applied: TaskFilter) =>
      listPage({ admin, p, page_size: size, filter: taskFilterParams(applied, admin, 'mj_id') }).unwrap(),
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
        <h2>{t('drawing.title')}</h2>
        <Button icon="refresh" variant="minimal" aria-label={t('common.refresh')} onClick={() => reload(filter)} />
      </div>
      <Card>
        <TaskFilterBar admin={admin} value={filter} onChange={setFilter} onQuery={() => reload(filter)} loading={pages.loading} />
        {pages.loading && pages.rows.length === 0 ? (
          <Spinner className="mg-task-spinner" />
        ) : pages.rows.length === 0 ? (
          <NonIdealState icon="media" title={t('drawing.empty')} />
        ) : (
          <DrawingTaskTable rows={pages.rows} admin={admin} onOpenText={setText} onOpenImage={setImage} />
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
      <Dialog isOpen={image !== null} onClose={() => setImage(null)} title={t('drawing.imageTitle')} className="mg-task-image-dialog">
        <DialogBody>
          {image && (
            <a href={image} target="_blank" rel="noreferrer">
              <img src={image} alt={t('drawing.imageTitle')} className="mg-task-image" />
            </a>
          )}
        </DialogBody>
      </Dialog>
    </div>
  );
}
