import type { BillingServiceDefinition } from '@modelgate/contracts';
import { decideAdmission } from '@modelgate/pricing';
import { type GrpcClient, type Logger, QuotaExceededError } from '@modelgate/runtime';
import { BillingReservations, billingUnavailable, isQuotaRefusal } from './billing-reservations';
import {
  DEFAULT_LEASE_OPTIONS,
  type LeaseOptions,
  type LeaseOwner,
  leaseKey,
  leaseSize,
  newLeaseId,
  QuotaLease,
  SpendMeter,
} from './quota-lease';

/** What admission needs to know about one relayed request. */
export interface AdmissionRequest {
  /** The relayed request's id; the reservation's id when it reserves on its own. */
  requestId: string;
  userId: number;
  /** 0 for the console playground: only the user's balance is involved. */
  tokenId: number;
  tokenUnlimited: boolean;
  /** The pre-consume estimate (reference §3.2), in quota units. */
  estimate: number;
  /** The user's balance as the relay's cache has it (for the reference's pre-checks and sizing). */
  userQuotaHint: number;
  /** The token's remaining quota as cached. */
  tokenRemainHint: number;
}

/** A request's admission: how much was reserved for it, and from which lease. */
export interface Admission {
  /** The estimate held for the request; its usage record settles against it. */
  readonly reserved: number;
  /** Set when the estimate came from a quota lease; the usage record carries it to billing. */
  readonly leaseId?: string;
}

/** Quota admission of the data plane. */
export interface QuotaAdmitter {
  /**
   * Admits the request or throws: QuotaExceededError (403, the reference's codes and messages)
   * when a balance does not cover the estimate, UnavailableError (503 `billing_unavailable`)
   * when billing cannot be reached, ConflictError (`duplicate_request_id`) when a request
   * reserving on its own reuses the id of another reservation.
   */
  admit(request: AdmissionRequest): Promise<Admission>;
  /**
   * Gives back the reservation of a request that failed (and publishes no usage record): to its
   * lease in memory, or to billing with `ReleaseQuota`. Logs and never throws.
   */
  refund(requestId: string, admission: Admission): Promise<void>;
  /**
   * Releases the leases of a user (or of some of their tokens): for change events, after which
   * the cached balances the leases were sized from no longer hold.
   */
  releaseLeasesOf(userId: number, tokenIds?: readonly number[]): Promise<void>;
  /** Stops admitting and releases every lease. */
  stop(): Promise<void>;
}

/** What {@link createQuotaAdmitter} is built from. */
export interface QuotaAdmitterDeps {
  /** Billing's gRPC client; its deadline bounds how long an admission can wait for billing. */
  billing: GrpcClient<BillingServiceDefinition>;
  logger: Logger;
  /** Milliseconds clock; `Date.now` by default. */
  now?: () => number;
  /** Overrides of {@link DEFAULT_LEASE_OPTIONS}. */
  leaseOptions?: Partial<LeaseOptions>;
  /** Told where each admission's estimate came from and how each lease request ended (metrics). */
  events?: AdmissionEvents;
}

/** What the admitter reports as it works (the relay's metrics count these). */
export interface AdmissionEvents {
  admitted(source: 'lease' | 'reservation'): void;
  leaseRequested(result: 'granted' | 'refused' | 'failed'): void;
}

/** The leases of one user/token pair and what sizes the next one. */
interface Pair {
  readonly owner: LeaseOwner;
  /** The lease requests are admitted from; a replaced one is retired and released once idle. */
  lease: QuotaLease | undefined;
  /** The `ReserveQuota` of a new lease in flight, which every admission of the pair waits for. */
  acquiring: Promise<boolean> | undefined;
  /** Until then the pair reserves per request: billing refused its last lease. */
  refusedUntil: number;
  readonly meter: SpendMeter;
  lastActivity: number;
  /** Admissions waiting for the lease in flight; the next lease is sized to cover them. */
  waiting: number;
}

/** Leases an admission waits for before reserving on its own (others may drain each new one). */
const LEASE_ROUNDS = 3;

/**
 * Retired leases released per turn of the event loop. Each release is a gRPC call of a few
 * hundred microseconds; a check that finds hundreds of leases idle at once (a relay serving many
 * distinct tokens) releases them over several turns instead of holding requests behind all of them.
 */
const RELEASES_PER_TURN = 16;

/**
 * Creates the admitter. Per request: the reference's pre-checks against the cached balances, then
 * the estimate is taken from the pair's lease in memory — no call to billing. When the pair has
 * no lease that covers the estimate, one `ReserveQuota` for a new lease is made and shared by every
 * admission of the pair arriving meanwhile. When a lease is not worth taking (the balance is
 * nearly spent) or billing refuses it, the request reserves exactly its estimate under its own
 * id, which billing checks atomically — the exact path.
 *
 * Leases are released when idle for `idleMs`, retired at `maxAgeMs` (and released once idle), on
 * {@link QuotaAdmitter.releaseLeasesOf} and on stop. A lease that cannot be released (billing
 * down, relay crashed) is released by billing's own sweep after its reservation TTL.
 */
export function createQuotaAdmitter(deps: QuotaAdmitterDeps): QuotaAdmitter {
  const options: LeaseOptions = { ...DEFAULT_LEASE_OPTIONS, ...deps.leaseOptions };
  const now = deps.now ?? Date.now;
  const { logger } = deps;
  const billing = new BillingReservations(deps.billing, logger);
  const pairs = new Map<string, Pair>();
  /** Every lease held (current or retired), by id, for refunds. */
  const held = new Map<string, QuotaLease>();
  const releasing = new Set<Promise<unknown>>();
  let stopped = false;

  /**
   * Closes a lease and gives back what it never handed out. The estimates of its requests still
   * running or not yet settled stay reserved in billing's row, where their records draw them, so a
   * lease can be released at any moment without a finished request's charge going uncovered.
   */
  const release = (lease: QuotaLease, reason: string): Promise<void> => {
    if (!lease.close()) return Promise.resolve();
    held.delete(lease.id);
    const unspent = lease.remaining;
    if (unspent <= 0) return Promise.resolve();
    const done = billing.release(lease.id, unspent).then((amount) => {
      logger.debug({ lease: lease.id, granted: lease.granted, refunded: amount, reason }, 'quota lease released');
    });
    releasing.add(done);
    void done.finally(() => releasing.delete(done));
    return done;
  };

  /** Releases a lease that no longer admits (not its pair's current one) once nothing runs from it. */
  const releaseIfRetired = (lease: QuotaLease, reason: string): Promise<void> => {
    if (lease.isClosed || pairs.get(leaseKey(lease.owner))?.lease === lease) return Promise.resolve();
    return release(lease, reason);
  };

  /** Leases retired by the periodic check, released {@link RELEASES_PER_TURN} at a time. */
  const retiring = new Set<QuotaLease>();
  let retireTurn: NodeJS.Timeout | undefined;
  const releaseSomeRetired = (): void => {
    retireTurn = undefined;
    let released = 0;
    for (const lease of retiring) {
      retiring.delete(lease);
      void releaseIfRetired(lease, 'retired');
      if (++released === RELEASES_PER_TURN) break;
    }
    if (retiring.size > 0) retireTurn = setTimeout(releaseSomeRetired, 0);
  };
  const retire = (lease: QuotaLease): void => {
    retiring.add(lease);
    retireTurn ??= setTimeout(releaseSomeRetired, 0);
  };

  const pairOf = (owner: LeaseOwner): Pair => {
    const key = leaseKey(owner);
    let pair = pairs.get(key);
    if (!pair) {
      const at = now();
      pair = { owner, lease: undefined, acquiring: undefined, refusedUntil: 0, meter: new SpendMeter(at), lastActivity: at, waiting: 0 };
      pairs.set(key, pair);
    }
    return pair;
  };

  /** Reserves a lease of `size` for the pair; false when billing refused it for lack of quota. */
  const acquire = async (pair: Pair, size: number): Promise<boolean> => {
    const id = newLeaseId();
    let granted: number;
    try {
      granted = await billing.reserve({ id, ...pair.owner, amount: size });
      deps.events?.leaseRequested('granted');
    } catch (error) {
      deps.events?.leaseRequested(isQuotaRefusal(error) ? 'refused' : 'failed');
      if (!isQuotaRefusal(error)) throw error;
      pair.refusedUntil = now() + options.refusalBackoffMs;
      // The balance is nearly spent: hand back what the pair's lease still holds (it could not
      // cover this request), so the exact per-request reservations that follow can use it.
      const current = pair.lease;
      if (current) {
        pair.lease = undefined;
        await releaseIfRetired(current, 'refused');
      }
      return false;
    }
    const lease = new QuotaLease(id, pair.owner, granted, now());
    held.set(id, lease);
    if (stopped) {
      release(lease, 'stopped');
      throw billingUnavailable(new Error('quota admitter stopped'));
    }
    // The lease this replaces admits nothing more: its unspent rest goes back to the balance now,
    // while the estimates of its requests still to be settled stay reserved for their records.
    const replaced = pair.lease;
    pair.lease = lease;
    if (replaced) releaseIfRetired(replaced, 'replaced');
    logger.debug({ lease: id, userId: pair.owner.userId, tokenId: pair.owner.tokenId, granted }, 'quota lease acquired');
    return true;
  };

  const admitFromLease = async (pair: Pair, request: AdmissionRequest, estimate: number): Promise<Admission | undefined> => {
    for (let round = 0; ; round++) {
      const at = now();
      pair.lastActivity = at;
      const lease = pair.lease;
      if (lease?.take(estimate, at, options.maxAgeMs)) {
        pair.meter.record(estimate);
        return { reserved: estimate, leaseId: lease.id };
      }
      if (round === LEASE_ROUNDS || at < pair.refusedUntil) return undefined;
      if (!pair.acquiring) {
        const size = leaseSize(
          {
            estimate,
            ratePerMs: pair.meter.takeRate(at),
            userQuotaHint: request.userQuotaHint,
            tokenRemainHint: request.tokenRemainHint,
            tokenLimited: pair.owner.tokenId > 0 && !pair.owner.tokenUnlimited,
            waiting: pair.waiting,
          },
          options,
        );
        if (size === 0) return undefined;
        const acquiring = acquire(pair, size).finally(() => {
          if (pair.acquiring === acquiring) pair.acquiring = undefined;
        });
        pair.acquiring = acquiring;
      }
      pair.waiting++;
      let acquired: boolean;
      try {
        acquired = await pair.acquiring;
      } finally {
        pair.waiting--;
      }
      if (!acquired) return undefined;
    }
  };

  /** Releases leases idle for `idleMs`; retires leases past `maxAgeMs`; forgets quiet pairs. */
  const check = (): void => {
    const at = now();
    for (const [key, pair] of pairs) {
      const current = pair.lease;
      if (current && (current.isIdle(at, options.idleMs) || current.isOld(at, options.maxAgeMs))) {
        pair.lease = undefined;
        retire(current);
      }
      if (!pair.lease && !pair.acquiring && at >= pair.refusedUntil && at - pair.lastActivity >= options.idleMs) {
        pairs.delete(key);
      }
    }
    for (const lease of held.values()) {
      const pair = pairs.get(leaseKey(lease.owner));
      if (pair?.lease === lease) continue;
      // Retired leases are released when retired; one left over (its release raced a new one) goes now.
      retire(lease);
    }
  };
  const timer = setInterval(check, options.checkIntervalMs);
  timer.unref();

  return {
    async admit(request) {
      if (stopped) throw billingUnavailable(new Error('quota admitter stopped'));
      const estimate = Math.max(0, Math.ceil(request.estimate));
      const decision = decideAdmission({
        estimate,
        userQuota: request.userQuotaHint,
        token: request.tokenId > 0 ? { unlimited: request.tokenUnlimited, remainQuota: request.tokenRemainHint } : null,
      });
      if (!decision.admit) throw new QuotaExceededError(decision.message, { code: decision.code });
      if (estimate === 0) return { reserved: 0 };

      const owner: LeaseOwner = {
        userId: request.userId,
        tokenId: request.tokenId,
        tokenUnlimited: request.tokenId > 0 ? request.tokenUnlimited : true,
      };
      const fromLease = await admitFromLease(pairOf(owner), request, estimate);
      if (fromLease) {
        deps.events?.admitted('lease');
        return fromLease;
      }
      const reserved = await billing.reserve({ id: request.requestId, ...owner, amount: estimate });
      deps.events?.admitted('reservation');
      return { reserved };
    },

    async refund(requestId, admission) {
      if (admission.reserved <= 0) return;
      if (admission.leaseId !== undefined) {
        const lease = held.get(admission.leaseId);
        if (lease && !lease.isClosed) {
          lease.giveBack(admission.reserved);
        } else {
          // The lease was released meanwhile, keeping this estimate for a record that will not come.
          await billing.release(admission.leaseId, admission.reserved);
        }
        return;
      }
      await billing.release(requestId);
    },

    async releaseLeasesOf(userId, tokenIds) {
      for (const lease of held.values()) {
        if (lease.owner.userId !== userId) continue;
        if (tokenIds && !tokenIds.includes(lease.owner.tokenId)) continue;
        const pair = pairs.get(leaseKey(lease.owner));
        if (pair?.lease === lease) pair.lease = undefined;
        release(lease, 'changed');
      }
      await Promise.all([...releasing]);
    },

    async stop() {
      stopped = true;
      clearInterval(timer);
      if (retireTurn) clearTimeout(retireTurn);
      retiring.clear();
      await Promise.allSettled([...pairs.values()].map((pair) => pair.acquiring));
      for (const lease of held.values()) release(lease, 'stopped');
      pairs.clear();
      await Promise.all([...releasing]);
    },
  };
}
