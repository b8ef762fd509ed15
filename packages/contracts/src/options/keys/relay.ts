import { addressRanges, flag, jsonObject, numeric } from '../define';
import { OPTION_NUMBER_BOUNDS as BOUNDS } from '../../api-bounds';
import { DEFAULT_CACHE_RATIO, DEFAULT_COMPLETION_RATIO, DEFAULT_MODEL_PRICE, DEFAULT_MODEL_RATIO } from '../defaults';

/** Pricing, groups, rate limits, vendor settings and outbound calls: what shapes a relayed request. */
export const RELAY_OPTIONS = {
  // Pricing
  ModelPrice: jsonObject(DEFAULT_MODEL_PRICE, 'ratios'),
  ModelRatio: jsonObject(DEFAULT_MODEL_RATIO, 'ratios'),
  CompletionRatio: jsonObject(DEFAULT_COMPLETION_RATIO, 'ratios'),
  CacheRatio: jsonObject(DEFAULT_CACHE_RATIO, 'ratios'),
  GroupRatio: jsonObject({ default: 1, vip: 1, svip: 1 }, 'ratios'),
  UserUsableGroups: jsonObject({ default: '默认分组', vip: 'vip分组' }, 'texts'),

  // Rate limit
  ModelRequestRateLimitEnabled: flag(false),
  ModelRequestRateLimitCount: numeric(0, BOUNDS.ModelRequestRateLimitCount),
  ModelRequestRateLimitSuccessCount: numeric(1000, BOUNDS.ModelRequestRateLimitSuccessCount),
  ModelRequestRateLimitDurationMinutes: numeric(1, BOUNDS.ModelRequestRateLimitDurationMinutes),
  // Ours (docs/adr/0025): how long and how many requests wait when every channel is at its cap.
  ChannelQueueTimeoutSeconds: numeric(30, BOUNDS.ChannelQueueTimeoutSeconds),
  ChannelQueueMaxWaiting: numeric(100, BOUNDS.ChannelQueueMaxWaiting),

  // Gemini
  'gemini.safety_settings': jsonObject({ default: 'OFF', HARM_CATEGORY_CIVIC_INTEGRITY: 'BLOCK_NONE' }, 'texts'),
  'gemini.version_settings': jsonObject({ default: 'v1beta', 'gemini-1.0-pro': 'v1' }, 'texts'),

  // Claude
  'claude.model_headers_settings': jsonObject({}, 'headers'),
  'claude.default_max_tokens': jsonObject({ default: 8192 }, 'maxTokens'),
  'claude.thinking_adapter_enabled': flag(true),
  'claude.thinking_adapter_budget_tokens_percentage': numeric(0.8, BOUNDS['claude.thinking_adapter_budget_tokens_percentage']),

  // Global
  'global.pass_through_request_enabled': flag(false),

  // Outbound calls made on an admin's or a user's behalf (channels, webhooks, OIDC): the
  // loopback, private, link-local and metadata addresses (CIDRs or addresses, comma-separated)
  // they may reach after all. Empty: none. See `OutboundPolicy` in @modelgate/runtime/outbound.
  OutboundAllowedRanges: addressRanges(),
} as const;
