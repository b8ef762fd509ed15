import { findChannelType } from '@modelgate/channel-types';
import { isAppError } from '@modelgate/runtime';
import { UpstreamError, type UpstreamFailureKind } from '../protocols/upstream-error';


/**
 * A failed attempt as the policies see it. `local` covers every failure of the gateway itself
 * (validation, pricing, quota, misconfiguration): never retried, never held against a channel.
 */
export interface AttemptFailure {
  readonly kind: UpstreamFailureKind | 'local';
  /** HTTP status after the channel's `status_code_mapping`. */
  readonly status: number;
  readonly errorCode?: string | null;
  readonly errorType?: string | null;
  readonly message: string;
  /** No connection could be opened (refused, DNS, TLS): nothing reached the provider. */
  readonly connectFailure?: boolean;
}

/** Where a request stands when one of its attempts failed. */
export interface RetryContext {
  /** 0-based index of the attempt that failed. */
  readonly attempt: number;
  /** The `RetryTimes` option: retries allowed after the first attempt (default 0). */
  readonly retryTimes: number;
  /** The failed channel's type. */
  readonly channelType: number;
  /** The admin pinned the channel (`sk-KEY-CHANNELID`): the reference never retries those. */
  readonly pinned: boolean;
  /** Bytes already reached the client (a started stream): another attempt cannot be spliced in. */
  readonly responseStarted?: boolean;
}

/**
 * The failure of any thrown value: an {@link UpstreamError} keeps its kind, status, code and type;
 * anything else is a local failure.
 */
export function toAttemptFailure(error: unknown): AttemptFailure {
  if (error instanceof UpstreamError) return error;
  if (isAppError(error)) {
    return { kind: 'local', status: error.httpStatus, errorCode: error.code, message: error.message };
  }
  return { kind: 'local', status: 500, message: error instanceof Error ? error.message : String(error) };
}

/**
 * Whether to try another channel after a failed attempt (the reference's `shouldRetry`, with the
 * status read after `status_code_mapping`):
 * - never for local failures, pinned channels, or after the response started;
 * - connection failures (refused, DNS, TLS: nothing reached the provider): always, whatever
 *   `RetryTimes` says; the channels not yet tried bound them;
 * - never once the retries are used up;
 * - transport failures (no answer at all): yes, like the reference's 500 `do_request_failed`;
 * - timeouts: no, like 504/524 (a timed-out call may still be running and billing upstream);
 * - 429 and 307: yes; 5xx: yes except 504 and 524; 400: only on channels whose catalogue entry
 *   retries them (Anthropic's);
 *   408 and 2xx: no; anything else (401, 403, 404, …): yes.
 */
export function shouldRetry(failure: AttemptFailure, context: RetryContext): boolean {
  if (failure.kind === 'local' || context.pinned || context.responseStarted) return false;
  if (failure.connectFailure === true) return true;
  if (context.attempt >= context.retryTimes) return false;
  if (failure.kind === 'transport') return true;
  if (failure.kind === 'timeout') return false;
  const status = failure.status;
  if (status === 429 || status === 307) return true;
  if (status >= 500 && status <= 599) return status !== 504 && status !== 524;
  if (status === 400) return findChannelType(context.channelType)?.rules.retryOn400 === true;
  if (status === 408) return false;
  if (status >= 200 && status <= 299) return false;
  return true;
}

/** The options that govern automatic disabling. */
export interface AutoDisableSettings {
  /** `AutomaticDisableChannelEnabled` (default false). */
  readonly enabled: boolean;
  /** `AutomaticDisableKeywords`, lower-cased (see {@link parseDisableKeywords}). */
  readonly keywords: readonly string[];
}

/** The channel facts the auto-disable decision needs. */
export interface AutoDisableChannel {
  readonly type: number;
  /** The channel's `auto_ban`. */
  readonly autoBan: boolean;
}

/** Why a channel is to be disabled: `reason` goes to `other_info.status_reason`. */
export interface AutoDisableVerdict {
  readonly trigger: 'status_401' | 'status_403' | 'error_code' | 'error_type' | 'keyword';
  readonly reason: string;
}

const DISABLING_CODES = new Set(['invalid_api_key', 'account_deactivated', 'billing_not_active']);
const DISABLING_TYPES = new Set([
  'insufficient_quota',
  'insufficient_user_quota',
  'authentication_error',
  'permission_error',
  'forbidden',
]);

/**
 * Parses the `AutomaticDisableKeywords` option: one keyword per line, trimmed, blank lines
 * dropped, lower-cased for the case-insensitive match.
 */
export function parseDisableKeywords(option: string): string[] {
  return option
    .split(/\r?\n/)
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '');
}

/**
 * Whether a failed attempt disables its channel (status 3), per the reference's
 * `ShouldDisableChannel`: only when `AutomaticDisableChannelEnabled` and the channel's `auto_ban`
 * are on, only for an answer from the upstream (not local failures; nor transport failures or
 * timeouts, which say nothing about the credentials), and then on: 401; 403 from a vendor whose
 * catalogue entry disables on it (Gemini); error
 * code `invalid_api_key` / `account_deactivated` / `billing_not_active`; error type
 * `insufficient_quota` / `insufficient_user_quota` / `authentication_error` / `permission_error` /
 * `forbidden`; or a message containing a keyword, case-insensitively. Undefined: keep the channel.
 */
export function shouldAutoDisable(
  failure: AttemptFailure,
  channel: AutoDisableChannel,
  settings: AutoDisableSettings,
): AutoDisableVerdict | undefined {
  if (!settings.enabled || !channel.autoBan || failure.kind !== 'upstream') return undefined;
  const reason = failure.message;
  if (failure.status === 401) return { trigger: 'status_401', reason };
  if (failure.status === 403 && findChannelType(channel.type)?.rules.disableOn403) return { trigger: 'status_403', reason };
  if (failure.errorCode && DISABLING_CODES.has(failure.errorCode)) return { trigger: 'error_code', reason };
  if (failure.errorType && DISABLING_TYPES.has(failure.errorType)) return { trigger: 'error_type', reason };
  if (settings.keywords.length > 0) {
    const lower = failure.message.toLowerCase();
    if (settings.keywords.some((keyword) => lower.includes(keyword))) return { trigger: 'keyword', reason };
  }
  return undefined;
}
