import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startOfToday } from '../../common/dates';
import { MusicTaskTable } from './MusicTaskTable';
import { taskApi } from './task-api';
import type { TaskFilter } from './TaskFilterBar';
import { TaskLogFrame } from './TaskLogFrame';
import { type TextDialogContent, TextDialog } from './TaskWidgets';
import { useTaskLog } from './use-task-log';

/** The task log's default range: from the start of today, no end. */
function defaultFilter(): TaskFilter {
  return { channelId: '', taskId: '', start: startOfToday(), end: null };
}

/** `/task`: the music/lyrics task log — users see their own tasks, admins everyone's with channels. */
export function MusicTasksPage() {
  const { t } = useTranslation('task');
  const [listPage] = taskApi.useLazyListMusicTasksQuery();
  const log = useTaskLog(listPage, 'task_id', defaultFilter);
  const [text, setText] = useState<TextDialogContent | null>(null);

  return (
    <TaskLogFrame
      title={t('music.title')}
      log={log}
      emptyIcon="music"
      emptyTitle={t('music.empty')}
      table={<MusicTaskTable rows={log.pages.rows} admin={log.admin} onOpenText={setText} />}
    >
      <TextDialog content={text} onClose={() => setText(null)} />
    </TaskLogFrame>
  );
}
