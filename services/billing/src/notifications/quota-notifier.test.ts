import { OptionCache } from '@modelgate/db';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import type { MailMessage, MailSender } from '@modelgate/mail';
import { createLogger } from '@modelgate/runtime';
import { QuotaNotifier } from './quota-notifier';
import { QuotaNoticeStore } from './quota-notice-store';
import { startTestHttpsServer, type TestHttpsServer } from '@modelgate/testkit/https';
import { WebhookSender } from './webhook-sender';

jest.setTimeout(60_000);

const logger = createLogger({ service: 'billing-test', level: 'silent' });

/** A mailer that keeps what it is given. */
class RecordingMailer implements MailSender {
  readonly sent: MailMessage[] = [];
  configured = true;
  isConfigured(): boolean {
    return this.configured;
  }
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
}

describe('QuotaNotifier', () => {
  let database: MigratedTestDatabase;
  let server: TestHttpsServer;
  let options: OptionCache;
  let mailer: RecordingMailer;
  let names = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startTestHttpsServer();
    options = new OptionCache(database.dataSource);
    await options.load();
    options.apply({ QuotaRemindThreshold: '1000', DisplayInCurrencyEnabled: 'false', ServerAddress: 'https://gate.test', TopUpLink: '' });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });
  beforeEach(() => {
    mailer = new RecordingMailer();
    server.received.length = 0;
    server.reply = 204;
  });

  const notifier = () =>
    new QuotaNotifier({
      dataSource: database.dataSource,
      options,
      logger,
      mailer,
      webhooks: new WebhookSender({ dispatcher: server.agent }),
    });

  async function user(quota: number, email: string, setting: Record<string, unknown> = {}, deleted = false): Promise<number> {
    const name = `qn${names++}`;
    const [row] = (await database.dataSource.query(
      `INSERT INTO users (username, password, email, quota, setting, deleted_at) VALUES ($1, 'x', $2, $3, $4, CASE WHEN $5 THEN now() END) RETURNING id`,
      [name, email, quota, JSON.stringify(setting), deleted],
    )) as Array<{ id: number }>;
    return row!.id;
  }
  const claimed = async (userId: number) =>
    ((await database.dataSource.query(`SELECT 1 FROM quota_notices WHERE user_id = $1`, [userId])) as unknown[]).length > 0;

  it('mails a user below the QuotaRemindThreshold option once per window', async () => {
    const id = await user(999, 'low@users.test');
    const first = await notifier().check([id]);
    expect(first.get(id)).toBe('sent');
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: 'low@users.test' });
    expect(mailer.sent[0]!.text).toBe('您的剩余额度为 999，已低于提醒阈值 1000。为免请求失败，请尽快充值：https://gate.test/topup');
    expect((await notifier().check([id])).get(id)).toBe('recently_notified');
    expect(mailer.sent).toHaveLength(1);
  });

  it('lets exactly one of many replicas claim the same user', async () => {
    const id = await user(10, 'race@users.test');
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => notifier().check([id])));
    expect(outcomes.map((o) => o.get(id)).sort()).toEqual(['recently_notified', ...Array(6).fill('recently_notified'), 'sent'].sort());
    expect(mailer.sent).toHaveLength(1);
  });

  it('claims again once the window has passed', async () => {
    const store = new QuotaNoticeStore(database.dataSource, 1);
    const id = await user(10, 'short@users.test');
    expect(await store.claim(id)).toBe(true);
    expect(await store.claim(id)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await store.claim(id)).toBe(true);
  });

  it('prefers the user\'s own threshold and address', async () => {
    const id = await user(4_000, 'own@users.test', { quota_warning_threshold: 5_000, notification_email: 'alerts@own.test' });
    const above = await user(4_000, 'above@users.test');
    const outcomes = await notifier().check([id, above]);
    expect([outcomes.get(id), outcomes.get(above)]).toEqual(['sent', 'above_threshold']);
    expect(mailer.sent.map((mail) => mail.to)).toEqual(['alerts@own.test']);
  });

  it('posts the quota_exceed payload to an https webhook with the Bearer secret', async () => {
    const id = await user(100, '', { notify_type: 'webhook', webhook_url: server.url, webhook_secret: 'top-secret' });
    const before = Math.floor(Date.now() / 1000);
    expect((await notifier().check([id])).get(id)).toBe('sent');
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.headers.authorization).toBe('Bearer top-secret');
    const body = JSON.parse(server.received[0]!.body);
    expect(body).toMatchObject({
      type: 'quota_exceed',
      values: ['100', '1000', 'https://gate.test/topup'],
    });
    expect(body.content.split('{{value}}')).toHaveLength(4);
    expect(body.title).toContain('额度即将用尽');
    expect(body.timestamp).toBeGreaterThanOrEqual(before);
    expect(mailer.sent).toHaveLength(0);
  });

  it('refuses a webhook that is not https without using up the window', async () => {
    const id = await user(100, 'x@users.test', { notify_type: 'webhook', webhook_url: 'http://127.0.0.1:9/hook' });
    expect((await notifier().check([id])).get(id)).toBe('webhook_refused');
    expect(await claimed(id)).toBe(false);
    expect(server.received).toHaveLength(0);
  });

  it('reports a failed delivery without throwing', async () => {
    server.reply = 503;
    const id = await user(100, '', { notify_type: 'webhook', webhook_url: server.url });
    expect((await notifier().check([id])).get(id)).toBe('failed');
  });

  it('skips users it cannot reach and deleted users', async () => {
    const noAddress = await user(1, '');
    const gone = await user(1, 'gone@users.test', {}, true);
    mailer.configured = false;
    const unconfigured = await user(1, 'smtp@users.test');
    const outcomes = await notifier().check([noAddress, gone, unconfigured]);
    expect([outcomes.get(noAddress), outcomes.has(gone), outcomes.get(unconfigured)]).toEqual(['no_recipient', false, 'mail_not_configured']);
    expect(await claimed(unconfigured)).toBe(false);
  });

  it('checks queued users in the background and never throws to the caller', async () => {
    const id = await user(5, 'queued@users.test');
    const subject = notifier();
    expect(() => subject.afterSettlement([id, id, 0, -3])).not.toThrow();
    await subject.idle();
    expect(mailer.sent.map((mail) => mail.to)).toEqual(['queued@users.test']);
    await subject.stop();
    subject.afterSettlement([await user(5, 'late@users.test')]);
    await subject.idle();
    expect(mailer.sent).toHaveLength(1);
  });
});
