import type { TypedOptionReader } from '@modelgate/db';
import type { MailMessage } from '@modelgate/mail';
import type { WebhookPayload } from './webhook-sender';

/** The webhook `type` of a low-quota notice (product spec §7). */
export const QUOTA_EXCEED = 'quota_exceed';
/** The placeholder the notice text carries for each of its values, in order. */
export const VALUE_PLACEHOLDER = '{{value}}';

/** A notice before delivery: a title and a text whose `{{value}}` placeholders `values` fill. */
export interface Notice {
  type: string;
  title: string;
  content: string;
  values: string[];
}

/**
 * The quota as the console shows it (product spec §9): dollars with two decimals when
 * `DisplayInCurrencyEnabled`, otherwise the raw number of units.
 */
export function formatQuota(options: TypedOptionReader, quota: number): string {
  if (options.value('DisplayInCurrencyEnabled')) return `$${(quota / options.value('QuotaPerUnit')).toFixed(2)}`;
  return String(quota);
}

/** Where users top up: the `TopUpLink` option when set, else the console's wallet page. */
export function topUpUrl(options: TypedOptionReader): string {
  const link = options.value('TopUpLink').trim();
  if (link !== '') return link;
  return `${options.value('ServerAddress')}/topup`;
}

/** The low-quota notice for a user with `quota` left, below `threshold`. */
export function quotaNotice(options: TypedOptionReader, quota: number, threshold: number): Notice {
  const systemName = options.value('SystemName').trim() || 'Modelgate';
  return {
    type: QUOTA_EXCEED,
    title: `${systemName} 额度即将用尽`,
    content: `您的剩余额度为 ${VALUE_PLACEHOLDER}，已低于提醒阈值 ${VALUE_PLACEHOLDER}。为免请求失败，请尽快充值：${VALUE_PLACEHOLDER}`,
    values: [formatQuota(options, quota), formatQuota(options, threshold), topUpUrl(options)],
  };
}

/** The notice's text with its placeholders filled in order (a missing value leaves an empty string). */
export function fillPlaceholders(content: string, values: readonly string[], escape: (value: string) => string = (v) => v): string {
  const [first = '', ...rest] = content.split(VALUE_PLACEHOLDER);
  return rest.reduce((text, part, index) => `${text}${escape(values[index] ?? '')}${escape(part)}`, escape(first));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The notice as a mail to `to`: the filled text, plain and as HTML. */
export function noticeMail(notice: Notice, to: string): MailMessage {
  const text = fillPlaceholders(notice.content, notice.values);
  return { to, subject: notice.title, text, html: `<p>${fillPlaceholders(notice.content, notice.values, escapeHtml)}</p>` };
}

/** The notice as a webhook body: placeholders left in, values alongside (product spec §7). */
export function noticePayload(notice: Notice, timestamp: number): WebhookPayload {
  return { type: notice.type, title: notice.title, content: notice.content, values: notice.values, timestamp };
}
