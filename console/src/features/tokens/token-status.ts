import { Intent } from '@blueprintjs/core';
import type { Token } from './tokens-api';

/** Token states (spec §4): users switch between enabled and disabled only. */
export const TokenStatus = { enabled: 1, disabled: 2, expired: 3, exhausted: 4 } as const;

export type StatusLabel = 'enabled' | 'enabledLimited' | 'disabled' | 'expired' | 'exhausted' | 'unknown';

/** What the status tag says: an enabled token with model limits is shown as such. */
export function statusLabel(token: Pick<Token, 'status' | 'model_limits_enabled'>): StatusLabel {
  switch (token.status) {
    case TokenStatus.enabled:
      return token.model_limits_enabled ? 'enabledLimited' : 'enabled';
    case TokenStatus.disabled:
      return 'disabled';
    case TokenStatus.expired:
      return 'expired';
    case TokenStatus.exhausted:
      return 'exhausted';
    default:
      return 'unknown';
  }
}

export function statusIntent(status: number): Intent {
  if (status === TokenStatus.enabled) return Intent.SUCCESS;
  if (status === TokenStatus.disabled) return Intent.NONE;
  if (status === TokenStatus.expired) return Intent.WARNING;
  return Intent.DANGER;
}

/**
 * The enable/disable action of a row: an enabled token can be disabled; any other may be
 * enabled unless it has expired or run out (then `blockedBy` says why).
 */
export function statusToggle(status: number): { next: number; blockedBy?: 'expired' | 'exhausted' } {
  if (status === TokenStatus.enabled) return { next: TokenStatus.disabled };
  if (status === TokenStatus.expired) return { next: TokenStatus.enabled, blockedBy: 'expired' };
  if (status === TokenStatus.exhausted) return { next: TokenStatus.enabled, blockedBy: 'exhausted' };
  return { next: TokenStatus.enabled };
}
