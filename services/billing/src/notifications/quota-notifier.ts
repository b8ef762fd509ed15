import type { TypedOptionReader } from '@modelgate/db';
import type { MailSender } from '@modelgate/mail';
import type { Logger } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import { nowSeconds } from '../usage/sql';
import { notificationSettingsOf } from './notification-settings';
import { noticeMail, noticePayload, quotaNotice } from './quota-notice';
import { QuotaNoticeStore } from './quota-notice-store';
import { httpsUrlOf, WebhookRefusedError, type WebhookSender } from './webhook-sender';

/** What became of one user's check (tests and logs). */
export type NoticeOutcome =
  | 'above_threshold'
  | 'no_recipient'
  | 'mail_not_configured'
  | 'webhook_refused'
  | 'recently_notified'
  | 'sent'
  | 'failed';

/** What the notifier is built from. */
export interface QuotaNotifierDeps {
  dataSource: DataSource;
  /** The options in memory (QuotaRemindThreshold, SMTP, display settings). */
  options: TypedOptionReader;
  logger: Logger;
  mailer: MailSender;
  webhooks: WebhookSender;
  /** The limiter; one on `dataSource` with the two-hour window when omitted. */
  store?: QuotaNoticeStore;
  /** Told each delivery's result (metrics). */
  onDelivery?: (channel: 'email' | 'webhook', result: 'sent' | 'failed' | 'webhook_refused') => void;
}

/** Users checked per query. */
const CHECK_BATCH = 500;
/** How long `stop` waits for deliveries under way. */
const STOP_GRACE_MS = 5_000;

/** A user's outcome, or the delivery started for them (which never rejects). */
type CheckResult = NoticeOutcome | { delivery: Promise<NoticeOutcome> };

interface UserRow {
  id: number;
  email: string;
  quota: string;
  setting: string;
}

/**
 * Low-quota notices (reference §9.1): after usage is settled, each user whose balance is below
 * their threshold (`quota_warning_threshold` in their settings, else the `QuotaRemindThreshold`
 * option) is sent one notice by email or webhook, at most once per two hours across every
 * billing replica ({@link QuotaNoticeStore}). Notifying never delays or fails settlement:
 * {@link afterSettlement} only queues the user ids; one loop per replica checks them, and
 * deliveries run on their own, their failures logged.
 */
export class QuotaNotifier {
  private readonly pending = new Set<number>();
  private draining: Promise<void> | undefined;
  private readonly deliveries = new Set<Promise<unknown>>();
  private readonly store: QuotaNoticeStore;
  private stopped = false;

  constructor(private readonly deps: QuotaNotifierDeps) {
    this.store = deps.store ?? new QuotaNoticeStore(deps.dataSource);
  }

  /** Queues the users whose usage was just settled; returns at once and never throws. */
  afterSettlement(userIds: Iterable<number>): void {
    if (this.stopped) return;
    for (const id of userIds) if (id > 0) this.pending.add(id);
    if (this.pending.size > 0 && !this.draining) {
      this.draining = this.drain().finally(() => {
        this.draining = undefined;
      });
    }
  }

  /** Resolves once every queued check and the deliveries it started are done (tests). */
  async idle(): Promise<void> {
    while (this.draining || this.deliveries.size > 0) {
      await this.draining;
      await Promise.allSettled([...this.deliveries]);
    }
  }

  /** Stops taking work and waits a little for deliveries under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.pending.clear();
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, STOP_GRACE_MS);
      timer.unref();
    });
    await Promise.race([this.idle(), grace]);
    clearTimeout(timer);
  }

  /**
   * Checks `userIds` now and delivers the notices due; resolves with each user's outcome once
   * the deliveries are done.
   */
  async check(userIds: readonly number[]): Promise<Map<number, NoticeOutcome>> {
    const evaluated = await this.evaluate(userIds);
    return new Map(
      await Promise.all(evaluated.map(async ([id, result]) => [id, typeof result === 'string' ? result : await result.delivery] as const)),
    );
  }

  private async drain(): Promise<void> {
    while (this.pending.size > 0 && !this.stopped) {
      const batch = [...this.pending].slice(0, CHECK_BATCH);
      for (const id of batch) this.pending.delete(id);
      try {
        // Claims are taken before the next batch; deliveries go on in the background.
        for (const [, result] of await this.evaluate(batch)) {
          if (typeof result !== 'string') this.track(result.delivery);
        }
      } catch (error) {
        this.deps.logger.warn({ err: error, users: batch.length }, 'low-quota check failed');
      }
    }
  }

  private track(delivery: Promise<unknown>): void {
    this.deliveries.add(delivery);
    void delivery.finally(() => this.deliveries.delete(delivery));
  }

  /** Each user's outcome, or the delivery started for them. */
  private async evaluate(userIds: readonly number[]): Promise<Array<[number, CheckResult]>> {
    const users = (await this.deps.dataSource.query(
      `SELECT id, email, quota, setting FROM users WHERE id = ANY($1) AND deleted_at IS NULL`,
      [userIds],
    )) as UserRow[];
    return Promise.all(users.map(async (user): Promise<[number, CheckResult]> => [user.id, await this.checkUser(user)]));
  }

  /** Decides about one user; when a notice is due, claims it and starts its delivery. */
  private async checkUser(user: UserRow): Promise<CheckResult> {
    const { options, logger } = this.deps;
    const settings = notificationSettingsOf(user.setting);
    const threshold = settings.threshold ?? options.value('QuotaRemindThreshold');
    const quota = Number(user.quota);
    if (!Number.isFinite(threshold) || quota >= threshold) return 'above_threshold';
    const notice = quotaNotice(options, quota, threshold);

    if (settings.notifyType === 'webhook') {
      try {
        httpsUrlOf(settings.webhookUrl);
      } catch (error) {
        logger.warn({ userId: user.id, reason: (error as Error).message }, 'low-quota webhook not sent: URL refused');
        return 'webhook_refused';
      }
      if (!(await this.store.claim(user.id))) return 'recently_notified';
      const payload = noticePayload(notice, nowSeconds());
      return { delivery: this.deliver(user.id, 'webhook', () => this.deps.webhooks.send(settings.webhookUrl, settings.webhookSecret, payload)) };
    }
    const to = settings.notificationEmail || user.email.trim();
    if (to === '') return 'no_recipient';
    if (!this.deps.mailer.isConfigured()) {
      logger.warn({ userId: user.id }, 'low-quota mail not sent: SMTP is not configured');
      return 'mail_not_configured';
    }
    if (!(await this.store.claim(user.id))) return 'recently_notified';
    return { delivery: this.deliver(user.id, 'email', () => this.deps.mailer.send(noticeMail(notice, to))) };
  }

  private async deliver(userId: number, channel: 'email' | 'webhook', send: () => Promise<void>): Promise<NoticeOutcome> {
    try {
      await send();
      this.deps.logger.info({ userId, channel }, 'low-quota notice sent');
      this.deps.onDelivery?.(channel, 'sent');
      return 'sent';
    } catch (error) {
      const refused = error instanceof WebhookRefusedError;
      this.deps.logger.warn({ err: error, userId, channel }, refused ? 'low-quota webhook refused' : 'low-quota notice failed');
      this.deps.onDelivery?.(channel, refused ? 'webhook_refused' : 'failed');
      return refused ? 'webhook_refused' : 'failed';
    }
  }
}
