/**
 * Numeric bounds of `/api` inputs, declared once: the services refuse values outside them and the
 * console's forms check the same bounds before sending (it imports this file by path; keep it free
 * of imports). Where the spec gives a bound it is the spec's; the others are stated here. A
 * channel's priority and weight are bounded in the channel catalogue (`@modelgate/channel-types`).
 */

/**
 * Largest balance, budget or quota setting in quota units: 10^15, two billion dollars at the
 * default 500,000 units per dollar. Far beyond any real balance, and exact in a double.
 */
export const MAX_QUOTA = 1_000_000_000_000_000;

/** Bounds of a numeric option: whole numbers or not, `min` and `max` inclusive. */
export interface NumberBounds {
  readonly integer: boolean;
  readonly min: number;
  readonly max: number;
  /** The value must be above `min` rather than at least `min`. */
  readonly exclusiveMin?: boolean;
}

const whole = (min: number, max: number): NumberBounds => ({ integer: true, min, max });
const decimal = (min: number, max: number, exclusiveMin = false): NumberBounds => ({ integer: false, min, max, exclusiveMin });

/** A day in minutes, seconds, and a year in seconds: upper bounds of intervals. */
const DAY_MINUTES = 1440;
const YEAR_SECONDS = 31_536_000;

/**
 * Every numeric option (spec §3 "Option") and its bounds. Lower bounds are the spec's (§5
 * "Settings"); upper bounds are sane ones: a retry count beyond 10 only multiplies a failing
 * request's cost, quota settings stop at {@link MAX_QUOTA}, intervals at a day, and a price at a
 * million currency units per dollar.
 */
export const OPTION_NUMBER_BOUNDS: Readonly<Record<string, NumberBounds>> = {
  SMTPPort: whole(1, 65_535),
  Price: decimal(0, 1_000_000),
  MinTopUp: whole(1, 1_000_000),
  QuotaPerUnit: decimal(0, MAX_QUOTA, true),
  RetryTimes: whole(0, 10),
  StreamCacheQueueLength: whole(0, 100_000),
  DataExportInterval: whole(1, DAY_MINUTES),
  ChannelDisableThreshold: decimal(0, YEAR_SECONDS),
  QuotaRemindThreshold: whole(0, MAX_QUOTA),
  QuotaForNewUser: whole(0, MAX_QUOTA),
  PreConsumedQuota: whole(0, MAX_QUOTA),
  QuotaForInviter: whole(0, MAX_QUOTA),
  QuotaForInvitee: whole(0, MAX_QUOTA),
  ModelRequestRateLimitCount: whole(0, 100_000_000),
  ModelRequestRateLimitSuccessCount: whole(1, 100_000_000),
  ModelRequestRateLimitDurationMinutes: whole(0, DAY_MINUTES),
  'claude.thinking_adapter_budget_tokens_percentage': decimal(0.1, 1),
  // Days of logs billing keeps (0 = all); at most 100 years.
  LogRetentionDays: whole(0, 36_500),
  // The channel queue (ADR 0025): seconds a request may wait, requests waiting at most.
  ChannelQueueTimeoutSeconds: whole(0, 600),
  ChannelQueueMaxWaiting: whole(0, 100_000),
};
