import { Button, Classes, Dialog, DialogBody, DialogFooter, HTMLTable, Intent, ProgressBar, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../common/copy-feedback';
import type columnLabels from '../../i18n/locales/zh/task.json';
import { channelColour, percentOf } from './task-labels';

/** A task table's column, named by its label under `column.*`. */
export type TaskColumn = keyof (typeof columnLabels)['column'];

/**
 * A task log's table: a header of `columns` (false leaves a column out, such as the channel
 * for non-admins) over the rows given as children; it scrolls sideways on narrow screens.
 */
export function TaskTable({ columns, children }: { columns: (TaskColumn | false)[]; children: ReactNode }) {
  const { t } = useTranslation('task');
  return (
    <div className="mg-table-scroll">
      <HTMLTable striped interactive compact className="mg-task-table">
        <thead>
          <tr>
            {columns.map((column) => column && <th key={column}>{t(`column.${column}`)}</th>)}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </HTMLTable>
    </div>
  );
}

/** The channel cell, shown to admins only (the server sends `channel_id` only to them). */
export function ChannelCell({ admin, channelId }: { admin: boolean; channelId?: number }) {
  if (!admin) return null;
  return <td>{channelId !== undefined && <ChannelTag channelId={channelId} />}</td>;
}

/** A channel id as a coloured tag (colour by id modulo 15); a click copies the id. */
export function ChannelTag({ channelId }: { channelId: number }) {
  const { t } = useTranslation('task');
  return (
    <Tag
      interactive
      round
      className="mg-task-channel"
      style={{ backgroundColor: channelColour(channelId), color: '#fff' }}
      title={t('common.copyChannel')}
      onClick={() => void copyWithFeedback(String(channelId))}
    >
      {channelId}
    </Tag>
  );
}

/** A small circular gauge of a percentage. */
export function ProgressGauge({ percent, danger }: { percent: number; danger?: boolean }) {
  const radius = 14;
  const circumference = 2 * Math.PI * radius;
  return (
    <svg className="mg-task-gauge" width="36" height="36" viewBox="0 0 36 36" role="img" aria-label={`${percent}%`}>
      <circle className="mg-task-gauge-track" cx="18" cy="18" r={radius} fill="none" strokeWidth="4" />
      <circle
        className={danger ? 'mg-task-gauge-value mg-task-gauge-danger' : 'mg-task-gauge-value'}
        cx="18"
        cy="18"
        r={radius}
        fill="none"
        strokeWidth="4"
        strokeDasharray={`${(percent / 100) * circumference} ${circumference}`}
        transform="rotate(-90 18 18)"
      />
      <text x="18" y="21" textAnchor="middle" fontSize="9">
        {Math.round(percent)}
      </text>
    </svg>
  );
}

/** Progress as a gauge (`gauge`) or a bar when it is a percentage, else the raw text. */
export function ProgressCell({ progress, failed, gauge }: { progress: string; failed: boolean; gauge?: boolean }) {
  const percent = percentOf(progress);
  if (percent === null) return <span>{progress}</span>;
  if (gauge) return <ProgressGauge percent={percent} danger={failed} />;
  return (
    <div className="mg-task-progress" title={progress}>
      <ProgressBar value={percent / 100} animate={false} stripes={false} intent={failed ? Intent.WARNING : Intent.PRIMARY} />
      <span>{progress}</span>
    </div>
  );
}

export interface TextDialogContent {
  title: string;
  text: string;
  /** Monospace, as for JSON. */
  code?: boolean;
}

/** A dialog showing a long text in full (prompts, failure reasons, a row as JSON), with a copy button. */
export function TextDialog({ content, onClose }: { content: TextDialogContent | null; onClose(): void }) {
  const { t } = useTranslation('common');
  return (
    <Dialog isOpen={content !== null} onClose={onClose} title={content?.title} className="mg-task-dialog">
      <DialogBody>
        {content?.code ? (
          <pre className={`${Classes.CODE_BLOCK} mg-task-json`}>{content.text}</pre>
        ) : (
          <p className="mg-task-text">{content?.text}</p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button icon="duplicate" onClick={() => content && void copyWithFeedback(content.text)}>
              {t('actions.copy')}
            </Button>
            <Button intent={Intent.PRIMARY} onClick={onClose}>
              {t('actions.close')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

/** A long text cut to one line; a click opens it in full. */
export function TruncatedText({ text, onOpen }: { text: string; onOpen(): void }) {
  const { t } = useTranslation('common');
  if (!text) return <span className={Classes.TEXT_MUTED}>{t('state.none')}</span>;
  return (
    <button type="button" className="mg-task-ellipsis" title={text} onClick={onOpen}>
      {text}
    </button>
  );
}
