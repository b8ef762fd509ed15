import { address, chatList, choice, flag, jsonObject, numeric, secret, text } from '../define';
import { OPTION_NUMBER_BOUNDS as BOUNDS } from '../../api-bounds';

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

/** The site, payment, operations, drawing, sensitive words, logs, monitoring and quota settings. */
export const SITE_OPTIONS = {
  // General
  ServerAddress: address(),
  WorkerUrl: address(),
  WorkerValidKey: secret(),
  Notice: text(),
  SystemName: text('Modelgate'),
  Logo: text(),
  Footer: text(),
  About: text(),
  HomePageContent: text(),

  // Payment
  PayAddress: address(),
  EpayId: text(),
  EpayKey: secret(),
  CustomCallbackAddress: address(),
  Price: numeric(7.3, BOUNDS.Price),
  MinTopUp: numeric(1, BOUNDS.MinTopUp),
  TopupGroupRatio: jsonObject({ default: 1, vip: 1, svip: 1 }, 'ratios', '充值分组倍率'),

  // Operations
  TopUpLink: text(),
  'general_setting.docs_link': text(),
  QuotaPerUnit: numeric(500000, BOUNDS.QuotaPerUnit),
  RetryTimes: numeric(0, BOUNDS.RetryTimes),
  DisplayInCurrencyEnabled: flag(true),
  DisplayTokenStatEnabled: flag(true),
  DefaultCollapseSidebar: flag(false),
  DemoSiteEnabled: flag(false),
  SelfUseModeEnabled: flag(false),
  StreamCacheQueueLength: numeric(0, BOUNDS.StreamCacheQueueLength),
  Chats: chatList(DEFAULT_CHATS),

  // Drawing and async tasks
  DrawingEnabled: flag(true),
  TaskEnabled: flag(true),
  MjNotifyEnabled: flag(false),
  MjAccountFilterEnabled: flag(false),
  MjForwardUrlEnabled: flag(true),
  MjModeClearEnabled: flag(false),
  MjActionCheckSuccessEnabled: flag(true),

  // Sensitive words (one per line)
  CheckSensitiveEnabled: flag(true),
  CheckSensitiveOnPromptEnabled: flag(true),
  CheckSensitiveOnCompletionEnabled: flag(false),
  StopOnSensitiveEnabled: flag(true),
  SensitiveWords: text('test_sensitive'),

  // Logs and dashboard
  LogConsumeEnabled: flag(true),
  DataExportEnabled: flag(true),
  DataExportInterval: numeric(5, BOUNDS.DataExportInterval),
  DataExportDefaultTime: choice('hour', ['hour', 'day', 'week']),
  // Days of logs kept: older days are dropped whole by billing (ADR 0031); 0 keeps every log.
  LogRetentionDays: numeric(0, BOUNDS.LogRetentionDays),

  // Monitoring
  ChannelDisableThreshold: numeric(5, BOUNDS.ChannelDisableThreshold),
  QuotaRemindThreshold: numeric(1000, BOUNDS.QuotaRemindThreshold),
  AutomaticDisableChannelEnabled: flag(false),
  AutomaticEnableChannelEnabled: flag(false),
  AutomaticDisableKeywords: text(DEFAULT_AUTOMATIC_DISABLE_KEYWORDS.join('\n')),

  // Quota
  QuotaForNewUser: numeric(0, BOUNDS.QuotaForNewUser),
  PreConsumedQuota: numeric(500, BOUNDS.PreConsumedQuota),
  QuotaForInviter: numeric(0, BOUNDS.QuotaForInviter),
  QuotaForInvitee: numeric(0, BOUNDS.QuotaForInvitee),
} as const;
