import {
  DEFAULT_CACHE_RATIO,
  DEFAULT_COMPLETION_RATIO,
  DEFAULT_MODEL_PRICE,
  DEFAULT_MODEL_RATIO,
} from './pricing';

const json = (value: unknown): string => JSON.stringify(value);

/**
 * Chat clients offered on the token page. Each entry maps a display name to a deep link in which
 * `{key}` becomes the token (`sk-…`) and `{address}` the server address.
 */
const DEFAULT_CHATS: ReadonlyArray<Record<string, string>> = [
  {
    'ChatGPT Next Web': 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}',
  },
  {
    'Lobe Chat':
      'https://chat-preview.lobehub.com/?settings={"keyVaults":{"openai":{"apiKey":"{key}","baseURL":"{address}/v1"}}}',
  },
  {
    'AI as Workspace':
      'https://aiaw.app/set-provider?provider={"type":"openai","settings":{"apiKey":"{key}","baseURL":"{address}/v1","compatibility":"strict"}}',
  },
  { 'AMA 问天': 'ama://set-api-key?server={address}&key={key}' },
  { OpenCat: 'opencat://team/join?domain={address}&token={key}' },
];

/** Upstream error texts that disable a channel automatically (matched case-insensitively). */
const DEFAULT_AUTOMATIC_DISABLE_KEYWORDS = [
  'Your credit balance is too low',
  'This organization has been disabled.',
  'You exceeded your current quota',
  'Permission denied',
  'The security token included in the request is invalid',
  'Operation not allowed',
  'Your account is not authorized',
];

/**
 * Every setting of spec §3 "Option" with its default, as stored in the `options` table: values
 * are text, booleans `true`/`false`, JSON values JSON text, lists newline- or comma-separated as
 * each key documents. Readers overlay stored rows on this map; `seedDefaults` writes the missing
 * keys once so the settings pages show every value. Defaults follow the reference, except the
 * product name (`Modelgate`) and the docs link (empty: no docs site yet).
 */
export const DEFAULT_OPTIONS: Readonly<Record<string, string>> = Object.freeze({
  // Access and sign-in
  PasswordLoginEnabled: 'true',
  PasswordRegisterEnabled: 'true',
  EmailVerificationEnabled: 'false',
  RegisterEnabled: 'true',
  GitHubOAuthEnabled: 'false',
  WeChatAuthEnabled: 'false',
  TelegramOAuthEnabled: 'false',
  LinuxDOOAuthEnabled: 'false',
  'oidc.enabled': 'false',
  TurnstileCheckEnabled: 'false',

  // Email restrictions
  EmailDomainRestrictionEnabled: 'false',
  EmailAliasRestrictionEnabled: 'false',
  EmailDomainWhitelist:
    'gmail.com,163.com,126.com,qq.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com',

  // SMTP
  SMTPServer: '',
  SMTPPort: '587',
  SMTPAccount: '',
  SMTPFrom: '',
  SMTPToken: '',
  SMTPSSLEnabled: 'false',

  // Sign-in provider credentials
  GitHubClientId: '',
  GitHubClientSecret: '',
  LinuxDOClientId: '',
  LinuxDOClientSecret: '',
  WeChatServerAddress: '',
  WeChatServerToken: '',
  WeChatAccountQRCodeImageURL: '',
  TelegramBotToken: '',
  TelegramBotName: '',
  TurnstileSiteKey: '',
  TurnstileSecretKey: '',
  'oidc.client_id': '',
  'oidc.client_secret': '',
  'oidc.well_known': '',
  'oidc.authorization_endpoint': '',
  'oidc.token_endpoint': '',
  'oidc.user_info_endpoint': '',

  // General
  ServerAddress: '',
  WorkerUrl: '',
  WorkerValidKey: '',
  Notice: '',
  SystemName: 'Modelgate',
  Logo: '',
  Footer: '',
  About: '',
  HomePageContent: '',

  // Payment
  PayAddress: '',
  EpayId: '',
  EpayKey: '',
  CustomCallbackAddress: '',
  Price: '7.3',
  MinTopUp: '1',
  TopupGroupRatio: json({ default: 1, vip: 1, svip: 1 }),

  // Operations
  TopUpLink: '',
  'general_setting.docs_link': '',
  QuotaPerUnit: '500000',
  RetryTimes: '0',
  DisplayInCurrencyEnabled: 'true',
  DisplayTokenStatEnabled: 'true',
  DefaultCollapseSidebar: 'false',
  DemoSiteEnabled: 'false',
  SelfUseModeEnabled: 'false',
  StreamCacheQueueLength: '0',
  Chats: json(DEFAULT_CHATS),

  // Drawing and async tasks
  DrawingEnabled: 'true',
  TaskEnabled: 'true',
  MjNotifyEnabled: 'false',
  MjAccountFilterEnabled: 'false',
  MjForwardUrlEnabled: 'true',
  MjModeClearEnabled: 'false',
  MjActionCheckSuccessEnabled: 'true',

  // Sensitive words
  CheckSensitiveEnabled: 'true',
  CheckSensitiveOnPromptEnabled: 'true',
  CheckSensitiveOnCompletionEnabled: 'false',
  StopOnSensitiveEnabled: 'true',
  SensitiveWords: 'test_sensitive',

  // Logs and dashboard
  LogConsumeEnabled: 'true',
  DataExportEnabled: 'true',
  DataExportInterval: '5',
  DataExportDefaultTime: 'hour',
  // Days of logs kept: older days are dropped whole by billing (ADR 0031); 0 keeps every log.
  LogRetentionDays: '0',

  // Monitoring
  ChannelDisableThreshold: '5',
  QuotaRemindThreshold: '1000',
  AutomaticDisableChannelEnabled: 'false',
  AutomaticEnableChannelEnabled: 'false',
  AutomaticDisableKeywords: DEFAULT_AUTOMATIC_DISABLE_KEYWORDS.join('\n'),

  // Quota
  QuotaForNewUser: '0',
  PreConsumedQuota: '500',
  QuotaForInviter: '0',
  QuotaForInvitee: '0',

  // Pricing
  ModelPrice: json(DEFAULT_MODEL_PRICE),
  ModelRatio: json(DEFAULT_MODEL_RATIO),
  CompletionRatio: json(DEFAULT_COMPLETION_RATIO),
  CacheRatio: json(DEFAULT_CACHE_RATIO),
  GroupRatio: json({ default: 1, vip: 1, svip: 1 }),
  UserUsableGroups: json({ default: '默认分组', vip: 'vip分组' }),

  // Rate limit
  ModelRequestRateLimitEnabled: 'false',
  ModelRequestRateLimitCount: '0',
  ModelRequestRateLimitSuccessCount: '1000',
  ModelRequestRateLimitDurationMinutes: '1',
  // Ours (docs/adr/0025): how long and how many requests wait when every channel is at its cap.
  ChannelQueueTimeoutSeconds: '30',
  ChannelQueueMaxWaiting: '100',

  // Gemini
  'gemini.safety_settings': json({ default: 'OFF', HARM_CATEGORY_CIVIC_INTEGRITY: 'BLOCK_NONE' }),
  'gemini.version_settings': json({ default: 'v1beta', 'gemini-1.0-pro': 'v1' }),

  // Claude
  'claude.model_headers_settings': json({}),
  'claude.default_max_tokens': json({ default: 8192 }),
  'claude.thinking_adapter_enabled': 'true',
  'claude.thinking_adapter_budget_tokens_percentage': '0.8',

  // Global
  'global.pass_through_request_enabled': 'false',

  // Outbound calls made on an admin's or a user's behalf (channels, webhooks, OIDC): the
  // loopback, private, link-local and metadata addresses (CIDRs or addresses, comma-separated)
  // they may reach after all. Empty: none. See `OutboundPolicy` in @modelgate/runtime/outbound.
  OutboundAllowedRanges: '',
});
