import type { TFunction } from 'i18next';
import { type QuotaDisplay, renderQuota } from '../../common/quota';
import type { LogEntry, LogOther } from './log-types';

/** Log types whose rows this module words: top-up and system. */
const LOG_TYPE_TOP_UP = 1;
const LOG_TYPE_SYSTEM = 4;

const SYSTEM_EVENTS = ['new_user_gift', 'invitee_gift', 'inviter_reward', 'aff_transfer'] as const;
const TASKS = ['midjourney', 'suno'] as const;

const isQuota = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => list.includes(value as T);

/**
 * A top-up or system row in the reader's language, from its structured `other` (`top_up`,
 * `system` or `refund`, written by billing and identity); '' for other row types and for rows
 * without that structure (older rows keep the server's sentence).
 */
export function eventExplanation(
  entry: Pick<LogEntry, 'type'>,
  other: LogOther,
  t: TFunction<'log'>,
  display: QuotaDisplay,
): string {
  const amount = (quota: number) => renderQuota(quota, display, 6);
  if (entry.type === LOG_TYPE_TOP_UP) {
    const topUp = other.top_up;
    if (!topUp || !isQuota(topUp.quota)) return '';
    if (topUp.source === 'redemption' && typeof topUp.redemption_id === 'number') {
      return t('details.topUpRedemption', { amount: amount(topUp.quota), id: topUp.redemption_id });
    }
    if (topUp.source === 'online' && typeof topUp.money === 'string') {
      return t('details.topUpOnline', { amount: amount(topUp.quota), money: topUp.money });
    }
    return '';
  }
  if (entry.type !== LOG_TYPE_SYSTEM) return '';
  const system = other.system;
  if (system && isOneOf(SYSTEM_EVENTS, system.event) && isQuota(system.quota)) {
    return t(`details.system.${system.event}`, { amount: amount(system.quota) });
  }
  const refund = other.refund;
  if (refund && isOneOf(TASKS, refund.task) && typeof refund.upstream_id === 'string') {
    const task = t(`details.task.${refund.task}`);
    return typeof refund.reason === 'string' && refund.reason !== ''
      ? t('details.refundWithReason', { task, id: refund.upstream_id, reason: refund.reason })
      : t('details.refund', { task, id: refund.upstream_id });
  }
  return '';
}
