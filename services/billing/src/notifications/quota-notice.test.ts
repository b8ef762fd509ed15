import { FixedOptions } from '@modelgate/db';
import { notificationSettingsOf } from './notification-settings';
import { fillPlaceholders, formatQuota, noticeMail, noticePayload, quotaNotice, topUpUrl } from './quota-notice';

const optionsOf = (values: Record<string, string>) => new FixedOptions(values);

describe('the low-quota notice', () => {
  const options = optionsOf({ QuotaPerUnit: '500000', DisplayInCurrencyEnabled: 'true', ServerAddress: 'https://gate.test/', SystemName: 'Gate' });

  it('shows quota as the console does', () => {
    expect(formatQuota(options, 125_000)).toBe('$0.25');
    expect(formatQuota(optionsOf({ ...options.all(), DisplayInCurrencyEnabled: 'false' }), 125_000)).toBe('125000');
  });

  it('links to the top-up page, or to TopUpLink when set', () => {
    expect(topUpUrl(options)).toBe('https://gate.test/topup');
    expect(topUpUrl(optionsOf({ TopUpLink: 'https://shop.test/buy' }))).toBe('https://shop.test/buy');
  });

  it('fills placeholders in order for mail and keeps them for webhooks', () => {
    const notice = quotaNotice(options, 50_000, 500_000);
    expect(notice.values).toEqual(['$0.10', '$1.00', 'https://gate.test/topup']);
    const mail = noticeMail(notice, 'u@test');
    expect(mail).toMatchObject({ to: 'u@test', subject: 'Gate 额度即将用尽' });
    expect(mail.text).toBe('您的剩余额度为 $0.10，已低于提醒阈值 $1.00。为免请求失败，请尽快充值：https://gate.test/topup');
    expect(noticePayload(notice, 7)).toEqual({ type: 'quota_exceed', title: notice.title, content: notice.content, values: notice.values, timestamp: 7 });
    expect(notice.content).toContain('{{value}}');
  });

  it('escapes values in the HTML body', () => {
    expect(fillPlaceholders('a {{value}} b {{value}}', ['<x>'], (text) => text.replace(/</g, '&lt;'))).toBe('a &lt;x> b ');
    expect(noticeMail({ type: 't', title: 't', content: '{{value}}', values: ['<script>'] }, 'u').html).toBe('<p>&#60;script&#62;</p>');
  });
});

describe('notificationSettingsOf', () => {
  it('reads the stored settings and defaults to email', () => {
    expect(notificationSettingsOf(JSON.stringify({ notify_type: 'webhook', quota_warning_threshold: 10, webhook_url: ' https://h.test ', webhook_secret: 's' }))).toEqual({
      notifyType: 'webhook',
      threshold: 10,
      webhookUrl: 'https://h.test',
      webhookSecret: 's',
      notificationEmail: '',
    });
    expect(notificationSettingsOf('not json')).toEqual({ notifyType: 'email', webhookUrl: '', webhookSecret: '', notificationEmail: '' });
    expect(notificationSettingsOf(JSON.stringify({ quota_warning_threshold: -5 })).threshold).toBeUndefined();
  });
});
