import { http, HttpResponse, ok, server } from '../../../../test-support/http-mock';

/** Stored options the operation and rate-limit tests start from (the server's defaults, mostly). */
export const STORED_OPTIONS: Record<string, string> = {
  TopUpLink: '',
  'general_setting.docs_link': '',
  QuotaPerUnit: '500000',
  RetryTimes: '0',
  StreamCacheQueueLength: '0',
  DisplayInCurrencyEnabled: 'true',
  DisplayTokenStatEnabled: 'true',
  DefaultCollapseSidebar: 'false',
  DemoSiteEnabled: 'false',
  SelfUseModeEnabled: 'false',
  DrawingEnabled: 'true',
  MjNotifyEnabled: 'false',
  MjAccountFilterEnabled: 'false',
  MjForwardUrlEnabled: 'true',
  MjModeClearEnabled: 'true',
  MjActionCheckSuccessEnabled: 'true',
  CheckSensitiveEnabled: 'false',
  CheckSensitiveOnPromptEnabled: 'true',
  CheckSensitiveOnCompletionEnabled: 'false',
  StopOnSensitiveEnabled: 'true',
  SensitiveWords: '',
  LogConsumeEnabled: 'true',
  LogRetentionDays: '0',
  DataExportEnabled: 'true',
  DataExportInterval: '5',
  DataExportDefaultTime: 'hour',
  ChannelDisableThreshold: '5',
  QuotaRemindThreshold: '1000',
  AutomaticDisableChannelEnabled: 'false',
  AutomaticEnableChannelEnabled: 'false',
  AutomaticDisableKeywords: '',
  QuotaForNewUser: '500000',
  PreConsumedQuota: '500',
  QuotaForInviter: '0',
  QuotaForInvitee: '0',
  GroupRatio: '{"default":1,"vip":1}',
  UserUsableGroups: '{"default":"Default group"}',
  Chats: '[{"Next Chat":"https://chat.example/?key={key}"}]',
  ModelRequestRateLimitEnabled: 'false',
  ModelRequestRateLimitCount: '0',
  ModelRequestRateLimitSuccessCount: '1000',
  ModelRequestRateLimitDurationMinutes: '1',
};

/** Answers the option list (stored values overridable) and records every PUT in order. */
export function answerOptions(overrides: Record<string, string> = {}): Array<{ key: string; value: string }> {
  const puts: Array<{ key: string; value: string }> = [];
  const stored = { ...STORED_OPTIONS, ...overrides };
  server.use(
    http.get('*/api/option/', () => HttpResponse.json(ok(Object.entries(stored).map(([key, value]) => ({ key, value }))))),
    http.put('*/api/option/', async ({ request }) => {
      puts.push((await request.json()) as { key: string; value: string });
      return HttpResponse.json(ok(null));
    }),
  );
  return puts;
}
