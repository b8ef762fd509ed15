import { Classes, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatMillis } from '../../common/dates';
import type { DrawingTask } from './task-api';
import { DRAWING_STATUS_INTENTS, isDrawingAction, isDrawingStatus, submitCodeOf } from './task-labels';
import { ChannelCell, ProgressCell, TaskTable, type TextDialogContent, TruncatedText } from './TaskWidgets';

export interface DrawingTaskTableProps {
  rows: DrawingTask[];
  admin: boolean;
  onOpenText(content: TextDialogContent): void;
  onOpenImage(url: string): void;
}

function ActionLabel({ action }: { action: string }) {
  const { t } = useTranslation('task');
  return <Tag minimal>{isDrawingAction(action) ? t(`drawing.action.${action}`) : action || t('common.unknown')}</Tag>;
}

function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation('task');
  if (!isDrawingStatus(status)) return <Tag minimal>{status || t('common.unknown')}</Tag>;
  return <Tag intent={DRAWING_STATUS_INTENTS[status]}>{t(`drawing.status.${status}`)}</Tag>;
}

function SubmitCodeTag({ code }: { code: number }) {
  const { t } = useTranslation('task');
  const known = submitCodeOf(code);
  if (!known) return <Tag minimal>{t('common.unknown')}</Tag>;
  return (
    <Tag minimal intent={known.intent}>
      {t(`drawing.code.${known.key}`)}
    </Tag>
  );
}

/** The drawing-task rows (spec §3 "Drawing task"); the channel column is for admins only. */
export function DrawingTaskTable({ rows, admin, onOpenText, onOpenImage }: DrawingTaskTableProps) {
  const { t } = useTranslation('task');
  return (
    <TaskTable
      columns={['submitTime', admin && 'channel', 'type', 'taskId', 'submitResult', 'status', 'progress', 'image', 'prompt', 'promptEn', 'failReason']}
    >
      {rows.map((row) => (
        <tr key={row.id} data-testid={`drawing-task-${row.id}`}>
          <td className="mg-task-nowrap">{formatMillis(row.submit_time)}</td>
          <ChannelCell admin={admin} channelId={row.channel_id} />
          <td>
            <ActionLabel action={row.action} />
          </td>
          <td className="mg-task-nowrap">{row.mj_id}</td>
          <td>
            <SubmitCodeTag code={row.code} />
          </td>
          <td>
            <StatusTag status={row.status} />
          </td>
          <td>
            <ProgressCell progress={row.progress} failed={row.status === 'FAILURE'} />
          </td>
          <td>
            {row.image_url ? (
              <button type="button" className="mg-task-thumb" onClick={() => onOpenImage(row.image_url)}>
                <img src={row.image_url} alt={t('drawing.viewImage')} loading="lazy" />
              </button>
            ) : (
              <span className={Classes.TEXT_MUTED}>{t('common.none')}</span>
            )}
          </td>
          <td>
            <TruncatedText text={row.prompt} onOpen={() => onOpenText({ title: t('column.prompt'), text: row.prompt })} />
          </td>
          <td>
            <TruncatedText text={row.prompt_en} onOpen={() => onOpenText({ title: t('column.promptEn'), text: row.prompt_en })} />
          </td>
          <td>
            <TruncatedText
              text={row.fail_reason}
              onOpen={() => onOpenText({ title: t('column.failReason'), text: row.fail_reason })}
            />
          </td>
        </tr>
      ))}
    </TaskTable>
  );
}
