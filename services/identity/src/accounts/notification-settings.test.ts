import { checkNotificationSettings, type NotificationSettings } from './notification-settings';

const form = (change: Partial<NotificationSettings>): NotificationSettings => ({
  notify_type: 'email',
  quota_warning_threshold: 500000,
  webhook_url: '',
  webhook_secret: '',
  notification_email: '',
  accept_unset_model_ratio_model: false,
  ...change,
});

describe('notification settings', () => {
  it('stores only the keys of the chosen way of notifying', () => {
    expect(checkNotificationSettings(form({ webhook_url: 'https://ignored.example.com', notification_email: 'A@B.co' }))).toEqual({
      notify_type: 'email',
      quota_warning_threshold: 500000,
      accept_unset_model_ratio_model: false,
      notification_email: 'a@b.co',
    });
    expect(
      checkNotificationSettings(
        form({ notify_type: 'webhook', webhook_url: 'https://h.example.com/x', notification_email: 'a@b.co', accept_unset_model_ratio_model: true }),
      ),
    ).toEqual({
      notify_type: 'webhook',
      quota_warning_threshold: 500000,
      accept_unset_model_ratio_model: true,
      webhook_url: 'https://h.example.com/x',
    });
  });

  it('refuses each invalid field with its message', () => {
    const cases: Array<[Partial<NotificationSettings>, string]> = [
      [{ notify_type: '' }, '无效的预警类型'],
      [{ quota_warning_threshold: 0 }, '预警阈值必须大于0'],
      [{ quota_warning_threshold: -1 }, '预警阈值必须大于0'],
      [{ quota_warning_threshold: Number.NaN }, '预警阈值必须大于0'],
      [{ notify_type: 'webhook' }, 'Webhook地址不能为空'],
      [{ notify_type: 'webhook', webhook_url: '://x' }, '无效的Webhook地址'],
      [{ notify_type: 'webhook', webhook_url: `https://h.example.com/${'x'.repeat(2100)}` }, '无效的Webhook地址'],
      [{ notify_type: 'webhook', webhook_url: 'http://h.example.com' }, 'Webhook地址必须以 https:// 开头'],
      [{ notify_type: 'webhook', webhook_url: 'ftp://h.example.com' }, 'Webhook地址必须以 https:// 开头'],
      [{ notify_type: 'webhook', webhook_url: 'https://h.example.com', webhook_secret: 's'.repeat(257) }, 'Webhook密钥过长'],
      [{ notification_email: 'no-at-sign' }, '无效的邮箱地址'],
    ];
    for (const [change, message] of cases) expect(() => checkNotificationSettings(form(change))).toThrow(message);
  });
});
