/**
 * What every option's value must look like (spec §3 "Option", §5 "Settings"). Every key of
 * `DEFAULT_OPTIONS` has exactly one rule (a test keeps the two in step), and a key with no rule
 * is unknown and refused.
 */
export type OptionRule =
  /** Free text (secrets included). */
  | { kind: 'text' }
  /** `true` or `false`. */
  | { kind: 'boolean' }
  /** A base address: trimmed, trailing slashes stripped. */
  | { kind: 'address' }
  /** A whole number in `[min, max]`. */
  | { kind: 'integer'; min: number; max?: number }
  /** A number above `above`, or in `[min, max]`. */
  | { kind: 'number'; above?: number; min?: number; max?: number }
  /** One of a few words. */
  | { kind: 'choice'; choices: readonly string[] }
  /** JSON text of the given shape; `label` names it in messages where the console does. */
  | { kind: 'json'; shape: JsonShape; label?: string }
  /** IP addresses and CIDR ranges, separated by commas, spaces or lines; stored comma-separated. */
  | { kind: 'addressRanges' };

/**
 * Shapes of the JSON options: `ratios` name → number ≥ 0; `texts` name → string; `chats` an array
 * of single-entry objects name → link; `headers` model → header → list of values; `maxTokens`
 * model → positive whole number.
 */
export type JsonShape = 'ratios' | 'texts' | 'chats' | 'headers' | 'maxTokens';

const BOOLEAN_KEYS = [
  'PasswordLoginEnabled',
  'PasswordRegisterEnabled',
  'EmailVerificationEnabled',
  'RegisterEnabled',
  'GitHubOAuthEnabled',
  'WeChatAuthEnabled',
  'TelegramOAuthEnabled',
  'LinuxDOOAuthEnabled',
  'oidc.enabled',
  'TurnstileCheckEnabled',
  'EmailDomainRestrictionEnabled',
  'EmailAliasRestrictionEnabled',
  'SMTPSSLEnabled',
  'DisplayInCurrencyEnabled',
  'DisplayTokenStatEnabled',
  'DefaultCollapseSidebar',
  'DemoSiteEnabled',
  'SelfUseModeEnabled',
  'DrawingEnabled',
  'TaskEnabled',
  'MjNotifyEnabled',
  'MjAccountFilterEnabled',
  'MjForwardUrlEnabled',
  'MjModeClearEnabled',
  'MjActionCheckSuccessEnabled',
  'CheckSensitiveEnabled',
  'CheckSensitiveOnPromptEnabled',
  'CheckSensitiveOnCompletionEnabled',
  'StopOnSensitiveEnabled',
  'LogConsumeEnabled',
  'DataExportEnabled',
  'AutomaticDisableChannelEnabled',
  'AutomaticEnableChannelEnabled',
  'ModelRequestRateLimitEnabled',
  'claude.thinking_adapter_enabled',
  'global.pass_through_request_enabled',
];

const TEXT_KEYS = [
  'EmailDomainWhitelist',
  'SMTPServer',
  'SMTPAccount',
  'SMTPFrom',
  'SMTPToken',
  'GitHubClientId',
  'GitHubClientSecret',
  'LinuxDOClientId',
  'LinuxDOClientSecret',
  'WeChatServerToken',
  'WeChatAccountQRCodeImageURL',
  'TelegramBotToken',
  'TelegramBotName',
  'TurnstileSiteKey',
  'TurnstileSecretKey',
  'oidc.client_id',
  'oidc.client_secret',
  // Also checked for its scheme, see option-validation.ts.
  'oidc.well_known',
  'oidc.authorization_endpoint',
  'oidc.token_endpoint',
  'oidc.user_info_endpoint',
  'WorkerValidKey',
  'Notice',
  'SystemName',
  'Logo',
  'Footer',
  'About',
  'HomePageContent',
  'EpayId',
  'EpayKey',
  'CustomCallbackAddress',
  'TopUpLink',
  'general_setting.docs_link',
  'SensitiveWords',
  'AutomaticDisableKeywords',
];

/** Spec §5: trailing slashes are stripped from these. */
const ADDRESS_KEYS = ['ServerAddress', 'WorkerUrl', 'WeChatServerAddress', 'PayAddress'];

const RULES: Record<string, OptionRule> = {
  ...Object.fromEntries(BOOLEAN_KEYS.map((key) => [key, { kind: 'boolean' }])),
  ...Object.fromEntries(TEXT_KEYS.map((key) => [key, { kind: 'text' }])),
  ...Object.fromEntries(ADDRESS_KEYS.map((key) => [key, { kind: 'address' }])),

  SMTPPort: { kind: 'integer', min: 1, max: 65_535 },
  Price: { kind: 'number', min: 0 },
  MinTopUp: { kind: 'integer', min: 1 },
  QuotaPerUnit: { kind: 'number', above: 0 },
  RetryTimes: { kind: 'integer', min: 0 },
  StreamCacheQueueLength: { kind: 'integer', min: 0 },
  DataExportInterval: { kind: 'integer', min: 1 },
  DataExportDefaultTime: { kind: 'choice', choices: ['hour', 'day', 'week'] },
  // Monitoring thresholds (seconds, quota) and quota settings: at least 0.
  ChannelDisableThreshold: { kind: 'number', min: 0 },
  QuotaRemindThreshold: { kind: 'integer', min: 0 },
  QuotaForNewUser: { kind: 'integer', min: 0 },
  PreConsumedQuota: { kind: 'integer', min: 0 },
  QuotaForInviter: { kind: 'integer', min: 0 },
  QuotaForInvitee: { kind: 'integer', min: 0 },
  // Rate limit: period ≥ 0, request count ≥ 0 (0 = unlimited), success count ≥ 1.
  ModelRequestRateLimitCount: { kind: 'integer', min: 0 },
  ModelRequestRateLimitSuccessCount: { kind: 'integer', min: 1 },
  ModelRequestRateLimitDurationMinutes: { kind: 'integer', min: 0 },
  ChannelQueueTimeoutSeconds: { kind: 'integer', min: 0, max: 600 },
  ChannelQueueMaxWaiting: { kind: 'integer', min: 0, max: 100000 },
  'claude.thinking_adapter_budget_tokens_percentage': { kind: 'number', min: 0.1, max: 1 },

  TopupGroupRatio: { kind: 'json', shape: 'ratios', label: '充值分组倍率' },
  Chats: { kind: 'json', shape: 'chats' },
  ModelPrice: { kind: 'json', shape: 'ratios' },
  ModelRatio: { kind: 'json', shape: 'ratios' },
  CompletionRatio: { kind: 'json', shape: 'ratios' },
  CacheRatio: { kind: 'json', shape: 'ratios' },
  GroupRatio: { kind: 'json', shape: 'ratios' },
  UserUsableGroups: { kind: 'json', shape: 'texts' },
  'gemini.safety_settings': { kind: 'json', shape: 'texts' },
  'gemini.version_settings': { kind: 'json', shape: 'texts' },
  'claude.model_headers_settings': { kind: 'json', shape: 'headers' },
  'claude.default_max_tokens': { kind: 'json', shape: 'maxTokens' },
  // The non-public addresses outbound calls may reach (see OUTBOUND_ALLOWED_RANGES_OPTION).
  OutboundAllowedRanges: { kind: 'addressRanges' },
};

/** The rule of `key`, or undefined for a key that is not an option. */
export function optionRule(key: string): OptionRule | undefined {
  return Object.hasOwn(RULES, key) ? RULES[key] : undefined;
}

/** Every key that has a rule (for the test that compares them with the defaults). */
export function ruledKeys(): string[] {
  return Object.keys(RULES);
}
