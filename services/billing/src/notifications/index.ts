import { SmtpMailer } from '@modelgate/mail';
import type { BillingContext } from '../billing-context';
import { QuotaNotifier } from './quota-notifier';
import { WebhookSender, type WebhookSenderOptions } from './webhook-sender';

export { QuotaNotifier, type NoticeOutcome, type QuotaNotifierDeps } from './quota-notifier';
export { QuotaNoticeStore, QUOTA_NOTICE_WINDOW_SECONDS } from './quota-notice-store';
export { WebhookSender, WebhookRefusedError, type WebhookPayload, type WebhookSenderOptions } from './webhook-sender';

/** Billing's low-quota notifier: mail over the SMTP options, webhooks through the outbound policy's Agent. */
export function createQuotaNotifier(context: BillingContext, webhook: WebhookSenderOptions): QuotaNotifier {
  return new QuotaNotifier({
    dataSource: context.dataSource,
    options: context.options,
    logger: context.logger,
    mailer: new SmtpMailer(context.options, context.logger),
    webhooks: new WebhookSender(webhook),
    ...(context.metrics ? { onDelivery: (channel, result) => context.metrics?.notices.labels(channel, result).inc() } : {}),
  });
}
