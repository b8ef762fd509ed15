/**
 * Stored codes of the product's states (spec §4). The numbers are part of the `/api` contract and
 * of the database rows, so they never change; each object is `as const` and has a matching type.
 */

/** `users.role`. Anything else is shown as "unknown identity". */
export const UserRole = { Common: 1, Admin: 10, Root: 100 } as const;
export type UserRole = (typeof UserRole)[keyof typeof UserRole];

/** `users.status`. `CannotEnable` marks accounts the console must not offer to enable. */
export const UserStatus = { Enabled: 1, Disabled: 2, CannotEnable: 3 } as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];

/** `tokens.status`. Users may only switch between Enabled and Disabled themselves. */
export const TokenStatus = { Enabled: 1, Disabled: 2, Expired: 3, Exhausted: 4 } as const;
export type TokenStatus = (typeof TokenStatus)[keyof typeof TokenStatus];

/** `tokens.expired_time` value meaning "never expires". */
export const TOKEN_NEVER_EXPIRES = -1;

/** `channels.status`. AutoDisabled is set by the relay after upstream failures. */
export const ChannelStatus = { Enabled: 1, ManuallyDisabled: 2, AutoDisabled: 3 } as const;
export type ChannelStatus = (typeof ChannelStatus)[keyof typeof ChannelStatus];

/**
 * `channels.source`: who manages the row. The operator only ever writes `kubernetes` rows (found
 * by `external_ref`); the console's channel admin leaves their configuration columns alone.
 */
export const ChannelSource = { Console: 'console', Kubernetes: 'kubernetes' } as const;
export type ChannelSource = (typeof ChannelSource)[keyof typeof ChannelSource];

/** `redemptions.status`. */
export const RedemptionStatus = { Unused: 1, Disabled: 2, Used: 3 } as const;
export type RedemptionStatus = (typeof RedemptionStatus)[keyof typeof RedemptionStatus];

/** `logs.type`. `Unknown` (0) is only a query value meaning "every type". */
export const LogType = { Unknown: 0, TopUp: 1, Consume: 2, Manage: 3, System: 4 } as const;
export type LogType = (typeof LogType)[keyof typeof LogType];

/** `top_ups.status`. */
export const TopUpStatus = { Pending: 'pending', Success: 'success' } as const;
export type TopUpStatus = (typeof TopUpStatus)[keyof typeof TopUpStatus];

/** `verification_codes.purpose`. */
export const VerificationPurpose = {
  /** 6-character code mailed to prove an address (registration, binding); valid 10 minutes. */
  EmailVerification: 'email_verification',
  /** Password-reset link token mailed to the account's address. */
  PasswordReset: 'password_reset',
  /** One-time state of an OAuth redirect; valid 10 minutes. */
  OAuthState: 'oauth_state',
} as const;
export type VerificationPurpose = (typeof VerificationPurpose)[keyof typeof VerificationPurpose];

/** Name of the group every user, token and channel belongs to unless told otherwise. */
export const DEFAULT_GROUP = 'default';

/** Quota units per US dollar (the `QuotaPerUnit` option's default). */
export const QUOTA_PER_UNIT = 500_000;
