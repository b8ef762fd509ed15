import { Dialog, DialogBody } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawingTaskTable } from './DrawingTaskTable';
import { taskApi } from './task-api';
import type { TaskFilter } from './TaskFilterBar';
import { TaskLogFrame } from './TaskLogFrame';
import { type TextDialogContent, TextDialog } from './TaskWidgets';
import { useTaskLog } from './use-task-log';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The drawing log's default range: the last 30 days, up to an hour ahead. */
function defaultFilter(now = Date.now()): TaskFilter {
  return { channelId: '', taskId: '', start: new Date(now - 30 * DAY_MS), end: new Date(now + 60 * 60 * 1000) };
}

/** `/midjourney`: the drawing-task log — users see their own tasks, admins everyone's with channels. */
export function DrawingTasksPage() {
  const { t } = useTranslation('task');
  const [listPage] = taskApi.useLazyListDrawingTasksQuery();
  const log = useTaskLog(listPage, 'mj_id', defaultFilter);
  const [text, setText] = useState<TextDialogContent | null>(null);
  const [image, setImage] = useState<string | null>(null);

  return (
    <TaskLogFrame
      title={t('drawing.title')}
      log={log}
      emptyIcon="media"
      emptyTitle={t('drawing.empty')}
      table={<DrawingTaskTable rows={log.pages.rows} admin={log.admin} onOpenText={setText} onOpenImage={setImage} />}
    >
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
    </TaskLogFrame>
  );
}
