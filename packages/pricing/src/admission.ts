/**
 * The admission decision of reference §3.2: given the pre-consume estimate and the balances the
 * caller read, refuse the request or say how much to reserve. Pure: the reservation itself must
 * still be an atomic conditional decrement in the database (these balances may be stale by the
 * time it runs), and it applies the same checks again.
 */

/** The token a request authenticates with; `null` for the console playground (no token). */
export interface AdmissionToken {
  readonly unlimited: boolean;
  readonly remainQuota: number;
}

export interface AdmissionInput {
  /** From `preConsumeEstimate`. */
  readonly estimate: number;
  readonly userQuota: number;
  readonly token: AdmissionToken | null;
  /**
   * The reference's trust rule: when the user's balance exceeds `trustMultiplier × estimate` (and
   * the token is unlimited or also holds that much), nothing is reserved. The reference uses 100.
   * Default 0 (off): issue 3 requires that concurrent requests never together admit more than
   * the balance covers, and 101 concurrent requests each seeing a balance of 100× their estimate
   * would all skip the reservation — so the trust rule is opt-in.
   */
  readonly trustMultiplier?: number;
}

export type AdmissionDecision =
  | {
      readonly admit: true;
      /** Quota to reserve from the user (and from the token unless it is the playground). */
      readonly reserve: number;
      /** The trust rule waived the reservation. */
      readonly trusted: boolean;
    }
  | {
      readonly admit: false;
      readonly status: 403;
      readonly code: 'insufficient_user_quota' | 'pre_consume_token_quota_failed';
      readonly message: string;
    };

/**
 * Decides admission (reference §3.2), in the reference's order and with its codes and messages:
 * a user balance ≤ 0 is refused; a balance below the estimate is refused; the trust rule (if
 * enabled) admits without reservation; a limited token whose remaining quota is below the
 * estimate is refused (the playground has no token and skips this); otherwise reserve the
 * estimate.
 */
export function decideAdmission(input: AdmissionInput): AdmissionDecision {
  const estimate = Math.max(0, input.estimate);
  const { userQuota, token } = input;
  if (userQuota <= 0) {
    return { admit: false, status: 403, code: 'insufficient_user_quota', message: 'user quota is not enough' };
  }
  if (userQuota - estimate < 0) {
    return {
      admit: false,
      status: 403,
      code: 'insufficient_user_quota',
      message: `chat pre-consumed quota failed, user quota: ${userQuota}, need quota: ${estimate}`,
    };
  }
  const multiplier = input.trustMultiplier ?? 0;
  if (multiplier > 0 && userQuota > multiplier * estimate) {
    if (token === null || token.unlimited || token.remainQuota > multiplier * estimate) {
      return { admit: true, reserve: 0, trusted: true };
    }
  }
  if (token !== null && !token.unlimited && token.remainQuota < estimate) {
    return {
      admit: false,
      status: 403,
      code: 'pre_consume_token_quota_failed',
      message: `token quota is not enough, token remain quota: ${token.remainQuota}, need quota: ${estimate}`,
    };
  }
  return { admit: true, reserve: estimate, trusted: false };
}
