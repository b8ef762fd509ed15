import {
  DEFAULT_CACHE_RATIO,
  DEFAULT_COMPLETION_RATIO,
  DEFAULT_MODEL_PRICE,
  DEFAULT_MODEL_RATIO,
} from '@modelgate/contracts/options';
import { DEFAULT_OPTIONS } from './default-options';

/** Every option key of spec §3 "Option", plus TaskEnabled, OutboundAllowedRanges, LogRetentionDays and the channel queue's two (ADR 0025). */
const SPEC_KEYS = `
  PasswordLoginEnabled PasswordRegisterEnabled EmailVerificationEnabled RegisterEnabled
  GitHubOAuthEnabled WeChatAuthEnabled TelegramOAuthEnabled LinuxDOOAuthEnabled oidc.enabled
  TurnstileCheckEnabled EmailDomainRestrictionEnabled EmailAliasRestrictionEnabled
  EmailDomainWhitelist SMTPServer SMTPPort SMTPAccount SMTPFrom SMTPToken SMTPSSLEnabled
  GitHubClientId GitHubClientSecret LinuxDOClientId LinuxDOClientSecret WeChatServerAddress
  WeChatServerToken WeChatAccountQRCodeImageURL TelegramBotToken TelegramBotName TurnstileSiteKey
  TurnstileSecretKey oidc.client_id oidc.client_secret oidc.well_known oidc.authorization_endpoint
  oidc.token_endpoint oidc.user_info_endpoint ServerAddress WorkerUrl WorkerValidKey Notice
  SystemName Logo Footer About HomePageContent PayAddress EpayId EpayKey CustomCallbackAddress
  Price MinTopUp TopupGroupRatio TopUpLink general_setting.docs_link QuotaPerUnit RetryTimes
  DisplayInCurrencyEnabled DisplayTokenStatEnabled DefaultCollapseSidebar DemoSiteEnabled
  SelfUseModeEnabled StreamCacheQueueLength Chats DrawingEnabled MjNotifyEnabled
  MjAccountFilterEnabled MjForwardUrlEnabled MjModeClearEnabled MjActionCheckSuccessEnabled
  CheckSensitiveEnabled CheckSensitiveOnPromptEnabled CheckSensitiveOnCompletionEnabled
  StopOnSensitiveEnabled SensitiveWords LogConsumeEnabled DataExportEnabled DataExportInterval
  DataExportDefaultTime ChannelDisableThreshold QuotaRemindThreshold
  AutomaticDisableChannelEnabled AutomaticEnableChannelEnabled AutomaticDisableKeywords
  QuotaForNewUser PreConsumedQuota QuotaForInviter QuotaForInvitee ModelPrice ModelRatio
  CompletionRatio CacheRatio GroupRatio UserUsableGroups ModelRequestRateLimitEnabled
  ModelRequestRateLimitCount ModelRequestRateLimitSuccessCount
  ModelRequestRateLimitDurationMinutes gemini.safety_settings gemini.version_settings
  claude.model_headers_settings claude.default_max_tokens claude.thinking_adapter_enabled
  claude.thinking_adapter_budget_tokens_percentage global.pass_through_request_enabled TaskEnabled
  OutboundAllowedRanges LogRetentionDays ChannelQueueTimeoutSeconds ChannelQueueMaxWaiting
`.split(/\s+/).filter(Boolean);

const JSON_KEYS = [
  'TopupGroupRatio',
  'Chats',
  'ModelPrice',
  'ModelRatio',
  'CompletionRatio',
  'CacheRatio',
  'GroupRatio',
  'UserUsableGroups',
  'gemini.safety_settings',
  'gemini.version_settings',
  'claude.model_headers_settings',
  'claude.default_max_tokens',
];

describe('DEFAULT_OPTIONS', () => {
  it('covers every option of the spec and nothing else, all as strings', () => {
    expect(Object.keys(DEFAULT_OPTIONS).sort()).toEqual([...SPEC_KEYS].sort());
    for (const value of Object.values(DEFAULT_OPTIONS)) expect(typeof value).toBe('string');
  });

  it('stores booleans as true/false text', () => {
    for (const [key, value] of Object.entries(DEFAULT_OPTIONS)) {
      if (/Enabled$|\.enabled$|_enabled$/.test(key)) expect(['true', 'false']).toContain(value);
    }
  });

  it('stores JSON values as parseable JSON text', () => {
    for (const key of JSON_KEYS) expect(() => JSON.parse(DEFAULT_OPTIONS[key]!)).not.toThrow();
    expect(JSON.parse(DEFAULT_OPTIONS.ModelRatio!)).toEqual(DEFAULT_MODEL_RATIO);
    expect(JSON.parse(DEFAULT_OPTIONS.ModelPrice!)).toEqual(DEFAULT_MODEL_PRICE);
    expect(JSON.parse(DEFAULT_OPTIONS.CacheRatio!)).toEqual(DEFAULT_CACHE_RATIO);
    expect(JSON.parse(DEFAULT_OPTIONS.CompletionRatio!)).toEqual(DEFAULT_COMPLETION_RATIO);
    expect(JSON.parse(DEFAULT_OPTIONS.GroupRatio!)).toEqual({ default: 1, vip: 1, svip: 1 });
    expect(JSON.parse(DEFAULT_OPTIONS.UserUsableGroups!)).toEqual({
      default: '默认分组',
      vip: 'vip分组',
    });
  });

  it('uses the product defaults the spec names', () => {
    expect(DEFAULT_OPTIONS).toMatchObject({
      SystemName: 'Modelgate',
      ServerAddress: '',
      'general_setting.docs_link': '',
      QuotaPerUnit: '500000',
      Price: '7.3',
      MinTopUp: '1',
      DataExportInterval: '5',
      DataExportDefaultTime: 'hour',
      SMTPPort: '587',
      'claude.thinking_adapter_budget_tokens_percentage': '0.8',
    });
  });

  it('lists chat clients as single-entry objects with {key} and {address} templates', () => {
    const chats = JSON.parse(DEFAULT_OPTIONS.Chats!) as Array<Record<string, string>>;
    expect(chats.length).toBeGreaterThanOrEqual(3);
    for (const chat of chats) {
      const entries = Object.entries(chat);
      expect(entries).toHaveLength(1);
      const [, link] = entries[0]!;
      expect(link).toContain('{key}');
      expect(link).toContain('{address}');
    }
  });
});
