import { InputGroup, Intent, Tag, Tooltip } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '../../common/dates';
import { disabledReason, formatSeconds, lastTest, responseTimeTone, statusLabel, ChannelStatus } from './channel-list-model';
import type { Channel, ChannelCircuit } from './channels-api';
import { channelTypeName, channelTypeSpec } from './channel-types';

const STATUS_INTENT: Record<string, Intent> = {
  enabled: Intent.SUCCESS,
  disabled: Intent.WARNING,
  autoDisabled: Intent.WARNING,
  unknown: Intent.NONE,
  mixed: Intent.NONE,
};

/** The status tag; an auto-disabled channel explains why and when in a tooltip (spec §4). */
export function ChannelStatusTag({ status, otherInfo }: { status: number | null; otherInfo?: string }) {
  const { t } = useTranslation('channel');
  const label = statusLabel(status);
  const tag = (
    <Tag minimal intent={STATUS_INTENT[label]}>
      {t(`list.status.${label}`)}
    </Tag>
  );
  const why = status === ChannelStatus.autoDisabled ? disabledReason({ other_info: otherInfo ?? '' }) : null;
  if (!why) return tag;
  const content = t('list.status.reason', {
    reason: why.reason || t('list.status.noReason'),
    time: why.time ? formatTimestamp(why.time) : '-',
  });
  return (
    <Tooltip content={content} placement="top">
      {tag}
    </Tooltip>
  );
}

const CIRCUIT_INTENT: Record<ChannelCircuit['state'], Intent> = {
  closed: Intent.NONE,
  open: Intent.DANGER,
  'half-open': Intent.WARNING,
};

/** The channel's circuit breaker: closed, open or half-open, with why it opened and when it may be probed. */
export function CircuitTag({ circuit }: { circuit: ChannelCircuit | null | undefined }) {
  const { t } = useTranslation('channel');
  if (!circuit) return null;
  const reason = circuit.reason || t('list.status.noReason');
  const hint =
    circuit.state === 'open'
      ? t('list.circuit.openHint', { reason, time: circuit.retry_at ? formatTimestamp(Math.ceil(circuit.retry_at / 1000)) : '-' })
      : circuit.state === 'half-open'
        ? t('list.circuit.halfOpenHint', { reason })
        : t('list.circuit.closedHint');
  const failures = circuit.consecutive_failures > 0 ? ` · ${t('list.circuit.failures', { count: circuit.consecutive_failures })}` : '';
  return (
    <Tooltip content={hint + failures} placement="top">
      <Tag minimal round intent={CIRCUIT_INTENT[circuit.state]} data-testid="circuit-state" data-state={circuit.state}>
        {t('list.circuit.label', { state: t(`list.circuit.${circuit.state}`) })}
      </Tag>
    </Tooltip>
  );
}

/**
 * The last test: its duration in seconds, coloured by spec §4 (grey "untested" at 0), or a red
 * "unreachable" when it failed. A tooltip tells when it ran, with which model and, for a failure,
 * the provider's reason.
 */
export function ResponseTimeTag({ channel }: { channel: Pick<Channel, 'response_time' | 'other_info' | 'name'> }) {
  const { t } = useTranslation('channel');
  const milliseconds = channel.response_time;
  const test = lastTest(channel);
  const failed = test?.success === false;
  const tone = failed ? 'failed' : responseTimeTone(milliseconds);
  const text =
    tone === 'failed'
      ? t('list.responseTime.unreachable')
      : tone === 'untested'
        ? t('list.responseTime.untested')
        : t('list.responseTime.seconds', { seconds: formatSeconds(milliseconds) });
  const tag = (
    <Tag
      minimal
      round
      className={`mg-rt mg-rt-${tone}`}
      data-tone={tone}
      intent={failed ? Intent.DANGER : Intent.NONE}
      icon={failed ? 'offline' : undefined}
    >
      {text}
    </Tag>
  );
  if (!test) return tag;
  const when = test.time ? formatTimestamp(test.time) : '-';
  const model = test.model || '-';
  return (
    <span className="mg-rt-cell">
      <Tooltip
        placement="top"
        content={
          <span className="mg-rt-tooltip">
            {failed ? t('list.lastTest.failed', { time: when, model }) : t('list.lastTest.passed', { time: when, model })}
            {failed && test.message && (
              <>
                <br />
                {test.message}
              </>
            )}
          </span>
        }
      >
        {tag}
      </Tooltip>
      {failed && (
        <span className="mg-rt-error" data-testid="last-test-error" title={test.message}>
          {test.message || t('list.lastTest.noReason')}
        </span>
      )}
    </span>
  );
}

/**
 * The remaining balance; clicking it asks the provider again. Large balances stay short. A type
 * whose provider answers no balance query shows a dash that says so instead.
 */
export function BalanceTag({ channel, onRefresh, busy }: { channel: Channel; onRefresh(): void; busy: boolean }) {
  const { t } = useTranslation('channel');
  if (!channelTypeSpec(channel.type).balanceApi) {
    return (
      <Tooltip content={t('list.balance.none', { type: channelTypeName(channel.type) })} placement="top">
        <Tag minimal round aria-label={t('list.balance.label', { name: channel.name })} data-testid="balance-none">
          —
        </Tag>
      </Tooltip>
    );
  }
  const balance = Number(channel.balance) || 0;
  const shown = balance >= 1_000_000 ? `${(balance / 1_000_000).toFixed(2)}M` : balance.toFixed(2);
  return (
    <Tooltip content={t('list.balance.refresh')} placement="top">
      <Tag
        minimal
        interactive
        round
        intent={Intent.PRIMARY}
        icon={busy ? 'refresh' : undefined}
        aria-label={t('list.balance.label', { name: channel.name })}
        onClick={() => !busy && onRefresh()}
      >
        ${shown}
      </Tag>
    </Tooltip>
  );
}

export interface InlineNumberProps {
  label: string;
  value: number | null;
  min: number;
  disabled?: boolean;
  /**
   * Called on blur or Enter with the typed text when it differs from the value shown; answering
   * false (refused or ignored) puts the shown value back.
   */
  onCommit(text: string): boolean;
}

/** A small number field edited in place (priority, weight); blank when the value is unknown. */
export function InlineNumber({ label, value, min, disabled, onCommit }: InlineNumberProps) {
  const shown = value === null ? '' : String(value);
  const [draft, setDraft] = useState(shown);
  useEffect(() => setDraft(shown), [shown]);
  const commit = () => {
    if (draft.trim() !== shown && !onCommit(draft)) setDraft(shown);
  };
  return (
    <InputGroup
      className="mg-channel-number"
      size="small"
      type="number"
      min={min}
      aria-label={label}
      value={draft}
      disabled={disabled}
      onValueChange={setDraft}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
        if (event.key === 'Escape') setDraft(shown);
      }}
    />
  );
}
