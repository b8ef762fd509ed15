import { Classes, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '../../common/dates';
import type { MusicTask } from './task-api';
import { musicStatusOf, musicTypeOf, timeSpent } from './task-labels';
import { ChannelCell, ProgressCell, TaskTable, type TextDialogContent } from './TaskWidgets';

export interface MusicTaskTableProps {
  rows: MusicTask[];
  admin: boolean;
  onOpenText(content: TextDialogContent): void;
}

function TimeSpent({ row }: { row: MusicTask }) {
  const spent = timeSpent(row.submit_time, row.finish_time);
  if (!spent) return <span className={Classes.TEXT_MUTED}>-</span>;
  return (
    <Tag minimal intent={spent.slow ? 'danger' : 'success'} data-slow={spent.slow}>
      {spent.text} s
    </Tag>
  );
}

/** The music/lyrics task rows of spec §2 "/task"; the channel column is for admins only. */
export function MusicTaskTable({ rows, admin, onOpenText }: MusicTaskTableProps) {
  const { t } = useTranslation('task');
  return (
    <TaskTable
      columns={['submitTime', 'finishTime', 'progress', 'timeSpent', admin && 'channel', 'platform', 'type', 'taskIdDetails', 'status', 'failReason']}
    >
      {rows.map((row) => {
        const status = musicStatusOf(row.status);
        return (
          <tr key={row.id} data-testid={`music-task-${row.id}`}>
            <td className="mg-task-nowrap">{formatTimestamp(row.submit_time)}</td>
            <td className="mg-task-nowrap">{formatTimestamp(row.finish_time)}</td>
            <td>
              <ProgressCell progress={row.progress} failed={row.status === 'FAILURE'} gauge />
            </td>
            <td>
              <TimeSpent row={row} />
            </td>
            <ChannelCell admin={admin} channelId={row.channel_id} />
            <td>{row.platform}</td>
            <td>
              <Tag minimal>{t(`music.type.${musicTypeOf(row.action)}`)}</Tag>
            </td>
            <td>
              <button
                type="button"
                className="mg-task-link"
                onClick={() => onOpenText({ title: t('music.detailsTitle'), text: JSON.stringify(row, null, 2), code: true })}
              >
                {row.task_id}
              </button>
            </td>
            <td>
              <Tag intent={status.intent}>{t(`music.status.${status.key}`)}</Tag>
            </td>
            <td>
              <button
                type="button"
                className="mg-task-ellipsis"
                title={row.fail_reason}
                onClick={() => onOpenText({ title: t('column.failReason'), text: row.fail_reason || t('common.none') })}
              >
                {row.fail_reason || t('common.none')}
              </button>
            </td>
          </tr>
        );
      })}
    </TaskTable>
  );
}
