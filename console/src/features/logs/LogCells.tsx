import { Button, Tag, Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../common/copy-feedback';
import { useQuotaDisplay } from '../../app/status-api';
import { firstTokenIntent, manageExplanation, priceExplanation, retryExplanation, secondsText, useTimeIntent } from './log-format';
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
      <Tag minimal intent="primary" interactive onClick={() => void copyWithFeedback(entry.model_name)}>
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

export function DetailsCell({ entry, other, admin }: { entry: LogEntry; other: LogOther; admin: boolean }) {
  const { t } = useTranslation('log');
  const display = useQuotaDisplay();
  const price = priceExplanation(entry, t) || manageExplanation(entry, t, display);
  const retry = admin ? retryExplanation(other, t) : '';
  return (
    <div className="mg-log-details">
      {/* A row the console can explain from its structured `other` is explained in the user's
          language; the server's own sentence (the reference's, in Chinese) only stands in for
          rows without one. */}
      {entry.content && !price && <div className="mg-log-content">{entry.content}</div>}
      {price && <div className="bp6-text-muted">{price}</div>}
      {retry && <div className="bp6-text-muted">{retry}</div>}
    </div>
  );
}
