import type { BillingServiceDefinition } from '@modelgate/contracts';
import {
  ConflictError,
  DeadlineExceededError,
  type GrpcClient,
  type Logger,
  QuotaExceededError,
  UnavailableError,
} from '@modelgate/runtime';

/**
 * The two billing calls admission makes, `ReserveQuota` and `ReleaseQuota`, with the failure
 * handling the data plane needs: billing's refusal stays a QuotaExceededError with the
 * reference's code and message, and a billing that cannot be reached becomes a 503 — a request is
 * never let through unreserved because billing is down.
 */

/** The 503 of a request that could not be admitted because billing did not answer. */
export function billingUnavailable(cause: unknown): UnavailableError {
  return new UnavailableError('billing is unavailable; the request was not admitted', {
    code: 'billing_unavailable',
    cause,
  });
}

/** True for the failures that mean "billing did not answer" rather than "billing said no". */
function isUnreachable(error: unknown): boolean {
  return error instanceof UnavailableError || error instanceof DeadlineExceededError;
}

/** One reservation to ask billing for. */
export interface ReservationRequest {
  /** The reservation row's id: a relayed request's id or a `lease:<uuid>`. */
  readonly id: string;
  readonly userId: number;
  readonly tokenId: number;
  readonly tokenUnlimited: boolean;
  readonly amount: number;
}

/** Reserving and releasing quota in billing on behalf of the admitter. */
export class BillingReservations {
  constructor(
    private readonly billing: GrpcClient<BillingServiceDefinition>,
    private readonly logger: Logger,
  ) {}

  /**
   * Reserves `amount` under `id` and returns the amount held. Throws billing's
   * QuotaExceededError when a balance falls short, {@link billingUnavailable} when billing cannot
   * be reached, and a ConflictError (`duplicate_request_id`) when the id was used before: sharing
   * another request's reservation would let a second usage record with that id go unbilled.
   *
   * A call that timed out may still have committed in billing, so it is followed by a release
   * (best effort): billing then refunds it, or marks the id released so a late reservation for
   * it takes nothing. Either way no quota is stranded until billing's sweep.
   */
  async reserve(request: ReservationRequest): Promise<number> {
    const response = await this.billing
      .call('ReserveQuota', {
        request_id: request.id,
        user_id: request.userId,
        token_id: request.tokenId,
        amount: request.amount,
        token_unlimited: request.tokenUnlimited,
      })
      .catch((error: unknown) => {
        if (!isUnreachable(error)) throw error;
        this.releaseUnanswered(request.id);
        throw billingUnavailable(error);
      });
    if (response.replayed) {
      throw new ConflictError(`request id ${request.id} was already used for a reservation`, {
        code: 'duplicate_request_id',
      });
    }
    return Number(response.amount);
  }

  /**
   * Refunds what is left of reservation `id` and returns the amount refunded; 0 when nothing was
   * (already released, settled, or billing unreachable). Never throws: a reservation left open is
   * released by billing's sweep after its TTL.
   */
  async release(id: string, maxAmount = 0): Promise<number> {
    try {
      const response = await this.billing.call('ReleaseQuota', { request_id: id, amount: maxAmount });
      return Number(response.amount);
    } catch (err) {
      this.logger.warn({ err, reservation: id }, 'could not release a quota reservation; billing will expire it');
      return 0;
    }
  }

  /**
   * The follow-up release of a reservation whose call went unanswered. Logged at debug only:
   * while billing is down it fails for every request, and the sweep covers it anyway.
   */
  private releaseUnanswered(id: string): void {
    void this.billing.call('ReleaseQuota', { request_id: id }).catch((err: unknown) => {
      this.logger.debug({ err, reservation: id }, 'could not release an unanswered reservation');
    });
  }
}

/** True when billing refused a reservation because a balance is short. */
export function isQuotaRefusal(error: unknown): error is QuotaExceededError {
  return error instanceof QuotaExceededError;
}
