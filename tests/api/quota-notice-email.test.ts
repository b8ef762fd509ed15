import { type ApiStack, startApiStack } from '../support/api-stack';
import { eventually } from '../support/relay-fixtures';
import { SmtpSink } from '../support/smtp-sink';

jest.setTimeout(60_000);

/**
 * Low-quota notices end to end: usage settled by billing from the bus takes a balance below the
 * threshold, and billing mails the user (through a real SMTP server), once per two hours.
 */
describe('low-quota notices', () => {
  let api: ApiStack;
  let sink: SmtpSink;
  let sequence = 0;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await startApiStack({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false' });
    await api.setOptions({
      ...sink.options(),
      QuotaRemindThreshold: '1000',
      DisplayInCurrencyEnabled: 'false',
      ServerAddress: 'https://gate.example.test/',
      SystemName: 'Gate',
    });
  });
  afterAll(async () => {
    await api?.stop();
    await sink?.stop();
  });

  async function insertUser(name: string, quota: number, email: string, setting: Record<string, unknown> = {}): Promise<number> {
    const [row] = await api.query(
      `INSERT INTO users (username, password, display_name, email, quota, setting, aff_code) VALUES ($1, 'x', $1, $2, $3, $4, $1) RETURNING id`,
      [name, email, quota, JSON.stringify(setting)],
    );
    return Number(row.id);
  }

  const quotaOf = async (userId: number) => Number((await api.query(`SELECT quota FROM users WHERE id = $1`, [userId]))[0].quota);
  const noticeRows = async (userId: number) => (await api.query(`SELECT last_sent_at FROM quota_notices WHERE user_id = $1`, [userId])).length;

  /** Charges `quota` to the user through the settlement bus and waits until billing has settled it. */
  async function spend(userId: number, quota: number): Promise<void> {
    const before = await quotaOf(userId);
    const requestId = `notice-${Date.now()}-${sequence++}`;
    await api.stack.bus.enqueue('modelgate.cmd.billing.usage.settle-batch', {
      batchId: requestId,
      records: [
        {
          requestId,
          userId,
          tokenId: 0,
          channelId: 0,
          model: 'gpt-4o-mini',
          group: 'default',
          promptTokens: 10,
          completionTokens: 10,
          quota,
          isStream: false,
          createdAt: Math.floor(Date.now() / 1000),
        },
      ],
    });
    expect(await eventually(async () => (await quotaOf(userId)) === before - quota)).toBe(true);
  }

  /** Lets billing's background check run after a settlement that should send nothing. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

  it('mails the account address once the balance falls below QuotaRemindThreshold', async () => {
    const userId = await insertUser('notice_a', 1_500, 'a@users.test');
    await spend(userId, 400);
    await settle();
    expect(sink.mailsTo('a@users.test')).toHaveLength(0);
    await spend(userId, 200);
    const mail = await sink.waitForMail('a@users.test');
    expect(mail.subject).toBe('Gate 额度即将用尽');
    expect(mail.text).toContain('您的剩余额度为 900，已低于提醒阈值 1000');
    expect(mail.text).toContain('https://gate.example.test/topup');
    expect(mail.text).not.toContain('{{value}}');
  });

  it('sends nothing more within two hours, and again once they have passed', async () => {
    const userId = await insertUser('notice_b', 1_100, 'b@users.test');
    await spend(userId, 200);
    await sink.waitForMail('b@users.test');
    await spend(userId, 100);
    await spend(userId, 100);
    await settle();
    expect(sink.mailsTo('b@users.test')).toHaveLength(1);
    expect(await noticeRows(userId)).toBe(1);

    await api.query(`UPDATE quota_notices SET last_sent_at = now() - interval '2 hours 1 minute' WHERE user_id = $1`, [userId]);
    await spend(userId, 100);
    const second = await sink.waitForMail('b@users.test', 2);
    expect(second.text).toContain('您的剩余额度为 600');
  });

  it('uses the user\'s own threshold and notification address', async () => {
    const userId = await insertUser('notice_c', 10_000, 'c@users.test', {
      notify_type: 'email',
      quota_warning_threshold: 8_000,
      notification_email: 'alerts@c.test',
    });
    await spend(userId, 2_500);
    const mail = await sink.waitForMail('alerts@c.test');
    expect(mail.text).toContain('您的剩余额度为 7500，已低于提醒阈值 8000');
    expect(sink.mailsTo('c@users.test')).toHaveLength(0);
  });

  it('never calls a webhook that is not https, and does not use up the window', async () => {
    const userId = await insertUser('notice_d', 500, 'd@users.test', {
      notify_type: 'webhook',
      webhook_url: 'http://hooks.example.test/quota',
      webhook_secret: 's3cret',
    });
    await spend(userId, 100);
    await settle();
    expect(await noticeRows(userId)).toBe(0);
    expect(sink.mailsTo('d@users.test')).toHaveLength(0);
  });

  it('checks every user of a relay\'s batch of usage records', async () => {
    const first = await insertUser('notice_g', 1_050, 'g@users.test');
    const second = await insertUser('notice_h', 1_050, 'h@users.test');
    const record = (userId: number) => ({
      requestId: `batch-${Date.now()}-${sequence++}`,
      userId,
      tokenId: 0,
      channelId: 0,
      model: 'gpt-4o-mini',
      group: 'default',
      promptTokens: 1,
      completionTokens: 1,
      quota: 100,
      isStream: false,
      createdAt: Math.floor(Date.now() / 1000),
    });
    await api.stack.bus.enqueue('modelgate.cmd.billing.usage.settle-batch', {
      batchId: `notice-batch-${sequence++}`,
      records: [record(first), record(second), record(first)],
    });
    expect((await sink.waitForMail('g@users.test')).text).toContain('您的剩余额度为 850');
    expect((await sink.waitForMail('h@users.test')).text).toContain('您的剩余额度为 950');
    await settle();
    expect(sink.mailsTo('g@users.test')).toHaveLength(1);
  });

  it('sends nothing to users above their threshold or without an address', async () => {
    const rich = await insertUser('notice_e', 1_000_000, 'e@users.test');
    const silent = await insertUser('notice_f', 500, '');
    await spend(rich, 100);
    await spend(silent, 100);
    await settle();
    expect(sink.mailsTo('e@users.test')).toHaveLength(0);
    expect(await noticeRows(rich)).toBe(0);
    expect(await noticeRows(silent)).toBe(0);
  });
});
