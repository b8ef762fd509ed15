import type { Intent } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { type QuotaDisplay, renderQuota } from '../../common/quota';
import { eventExplanation } from './log-events';
import { LOG_TYPE_CONSUME, type LogEntry, type LogOther } from './log-types';

/** The parsed `other` JSON of a row; `{}` when missing or not an object. */
export function parseOther(text: string | null | undefined): LogOther {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as LogOther) : {};
  } catch {
    return {};
  }
}

/** Colour of the total time (spec §9): green below 101 s, orange below 300 s, red otherwise. */
export function useTimeIntent(seconds: number): Intent {
  if (seconds < 101) return 'success';
  if (seconds < 300) return 'warning';
  return 'danger';
}

/** Colour of the first-token time in milliseconds: green below 3 s, orange below 10 s, red otherwise. */
export function firstTokenIntent(millis: number): Intent {
  const seconds = millis / 1000;
  if (seconds < 3) return 'success';
  if (seconds < 10) return 'warning';
  return 'danger';
}

/** Tag colour of each log type: top-up, consumption, management, system. */
export function logTypeIntent(type: number): Intent {
  switch (type) {
    case 1:
      return 'primary';
    case 2:
      return 'success';
    case 3:
      return 'warning';
    default:
      return 'none';
  }
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The group ratio that applied: the user's own group ratio when set, else the group's. */
function appliedGroupRatio(other: LogOther): number | undefined {
  if (isNumber(other.user_group_ratio) && other.user_group_ratio >= 0) return other.user_group_ratio;
  return isNumber(other.group_ratio) ? other.group_ratio : undefined;
}

/**
 * How a consumption row was priced, from its `other` JSON: the per-call price or the model,
 * completion, group and cache ratios, ending with "for reference only". Empty for other rows or
 * when the row carries no pricing at all.
 */
export function priceExplanation(entry: Pick<LogEntry, 'type' | 'other'>, t: TFunction<'log'>): string {
  if (entry.type !== LOG_TYPE_CONSUME) return '';
  const other = parseOther(entry.other);
  const group = appliedGroupRatio(other);
  const parts: string[] = [];
  if (isNumber(other.model_price) && other.model_price > 0) {
    parts.push(t('price.perCall', { price: other.model_price }));
  } else {
    if (isNumber(other.model_ratio)) parts.push(t('price.modelRatio', { ratio: other.model_ratio }));
    if (isNumber(other.completion_ratio)) parts.push(t('price.completionRatio', { ratio: other.completion_ratio }));
  }
  if (group !== undefined) parts.push(t('price.groupRatio', { ratio: group }));
  if (isNumber(other.cache_ratio) && (other.cache_tokens ?? 0) > 0) {
    parts.push(t('price.cacheRatio', { ratio: other.cache_ratio }));
  }
  if (isNumber(other.cache_creation_ratio) && (other.cache_creation_tokens ?? 0) > 0) {
    parts.push(t('price.cacheCreationRatio', { ratio: other.cache_creation_ratio }));
  }
  if (parts.length === 0) return '';
  return `${parts.join(t('price.separator'))}${t('price.separator')}${t('price.referenceOnly')}`;
}

/**
 * "channels tried: 3 → 5" from `other.admin_info.use_channel`: only when the request went to
 * more than one channel (a retry); a single channel is already the row's channel column.
 */
export function retryExplanation(other: LogOther, t: TFunction<'log'>): string {
  const channels = other.admin_info?.use_channel ?? [];
  if (!Array.isArray(channels) || channels.length <= 1) return '';
  return t('details.retry', { channels: channels.map(String).join(' → ') });
}

/**
 * The lines of a row's details, in order: its content, how it was priced, what a management,
 * top-up or system row did (worded from `other`), and (for admins) the channels tried. A consumption row's content is the server's own sentence of the same ratios,
 * so when the console can explain the price itself the content is not repeated beside it.
 */
export function detailLines(
  entry: Pick<LogEntry, 'type' | 'other' | 'content'>,
  admin: boolean,
  t: TFunction<'log'>,
  display?: QuotaDisplay,
): string[] {
  const price = priceExplanation(entry, t);
  // A row the console can word from its structured `other` is worded in the reader's language;
  // the server's own sentence (the reference's, in Chinese) only stands in for rows without one.
  const other = parseOther(entry.other);
  const worded = display ? manageExplanation(entry, t, display) || eventExplanation(entry, other, t, display) : '';
  const retry = admin ? retryExplanation(other, t) : '';
  const content = (entry.type === LOG_TYPE_CONSUME && price) || worded ? '' : entry.content.trim();
  return [content, price, worded, retry].filter((line) => line !== '');
}

/** Milliseconds → seconds text with one decimal ("1.2 s"). */
export function secondsText(millis: number): string {
  return (millis / 1000).toFixed(1);
}

/** The management log type (an admin changed the user's balance). */
const LOG_TYPE_MANAGE = 3;

/**
 * A management row's balance change in the reader's language, from its structured `other`
 * (`admin_quota`); '' for rows without one (older rows keep the server's sentence).
 */
export function manageExplanation(entry: Pick<LogEntry, 'type' | 'other'>, t: TFunction<'log'>, display: QuotaDisplay): string {
  if (entry.type !== LOG_TYPE_MANAGE) return '';
  const change = parseOther(entry.other).admin_quota;
  if (!change) return '';
  const amount = (quota: number) => renderQuota(quota, display, 6);
  if (typeof change.from === 'number' && typeof change.to === 'number') {
    return t('details.quotaSet', { from: amount(change.from), to: amount(change.to) });
  }
  if (typeof change.delta === 'number') {
    return change.delta >= 0 ? t('details.quotaAdded', { amount: amount(change.delta) }) : t('details.quotaDeducted', { amount: amount(-change.delta) });
  }
  return '';
}
