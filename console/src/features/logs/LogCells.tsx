import { Button, Tag, Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../common/copy-feedback';
import { firstTokenIntent, secondsText, useTimeIntent } from './log-format';
import type { LogEntry, LogOther } from './log-types';

export function ChannelCell({ entry }: { entry: LogEntry }) {
  if (!entry.channel) return null;
  return (
    <Tooltip content={entry.channel_name || String(entry.channel)}>
      <Tag minimal>{entry.channel}</Tag>
    </Tooltip>
  );
}

export function UserCell({ entry, onOpen }: { entry: LogEntry; onOpen(userId: number): void }) {
  const { t } = useTranslation('log');
  if (!entry.user_id) return <>{entry.username}</>;
  return (
    <Button
      size="small"
      variant="minimal"
      icon="person"
      text={entry.username}
      aria-label={t('cells.openUser', { name: entry.username })}
      onClick={() => onOpen(entry.user_id)}
    />
  );
}

export function TokenCell({ entry }: { entry: LogEntry }) {
  const { t } = useTranslation('log');
  if (!entry.token_name) return null;
  return (
    <Tag
      minimal
      interactive
      title={entry.token_name}
      aria-label={t('cells.copyToken', { name: entry.token_name })}
      onClick={() => void copyWithFeedback(entry.token_name)}
    >
      {entry.token_name}
    </Tag>
  );
}

export function ModelCell({ entry, other }: { entry: LogEntry; other: LogOther }) {
  const { t } = useTranslation('log');
  if (!entry.model_name) return null;
  const mapped = other.is_model_mapped && other.upstream_model_name;
  return (
    <span className="mg-log-model">
      <Tag minimal intent="primary" interactive title={entry.model_name} onClick={() => void copyWithFeedback(entry.model_name)}>
        {entry.model_name}
      </Tag>
      {mapped && (
        <Tooltip content={t('cells.mappedDetail', { model: entry.model_name, upstream: other.upstream_model_name })}>
          <Tag minimal intent="warning" icon="swap-horizontal">
            {t('cells.mapped')}
          </Tag>
        </Tooltip>
      )}
    </span>
  );
}

/** Total time and, when known, the first-token time, each coloured by spec §9; then stream or not. */
export function UseTimeCell({ entry, other }: { entry: LogEntry; other: LogOther }) {
  const { t } = useTranslation('log');
  if (entry.type !== 2) return null;
  const frt = typeof other.frt === 'number' && other.frt > 0 ? other.frt : 0;
  return (
    <span className="mg-log-times">
      <Tag minimal intent={useTimeIntent(entry.use_time)}>{t('cells.seconds', { value: entry.use_time })}</Tag>
      {entry.is_stream && frt > 0 && (
        <Tag minimal intent={firstTokenIntent(frt)}>{t('cells.firstToken', { value: secondsText(frt) })}</Tag>
      )}
      <Tag minimal>{entry.is_stream ? t('cells.stream') : t('cells.nonStream')}</Tag>
    </span>
  );
}

/**
 * The details column: one line, cut with an ellipsis, and a button that opens the row's full
 * details below it (the table keeps one line per row, whatever the language).
 */
export function DetailsCell({ lines, expanded, onToggle }: { lines: string[]; expanded: boolean; onToggle(): void }) {
  const { t } = useTranslation('log');
  if (lines.length === 0) return null;
  const summary = lines.join(' · ');
  return (
    <span className="mg-log-details">
      <Button
        size="small"
        variant="minimal"
        icon={expanded ? 'chevron-up' : 'chevron-down'}
        aria-expanded={expanded}
        aria-label={expanded ? t('details.hide') : t('details.show')}
        onClick={onToggle}
      />
      <span className="mg-log-details-summary" title={summary}>
        {summary}
      </span>
    </span>
  );
}

/** A row's details in full, one line each, in the row opened under it. */
export function DetailsPanel({ lines }: { lines: string[] }) {
  return (
    <div className="mg-log-details-panel">
      {lines.map((line, index) => (
        <div key={index} className={index === 0 ? undefined : 'bp6-text-muted'}>
          {line}
        </div>
      ))}
    </div>
  );
}
