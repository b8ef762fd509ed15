import { randomUUID } from 'node:crypto';

/**
 * Quota leases: a block of a user's (and a limited token's) quota that a relay reserves from
 * billing in one `ReserveQuota` call and then hands out to that user/token pair's requests in
 * memory. The lease is an ordinary reservation row in billing (`lease:<uuid>`), taken atomically,
 * so however many relay replicas hold leases they never admit more than the balance covers.
 * Billing moves each settled request's estimate out of the lease row; releasing the lease refunds
 * whatever is still in it.
 */

/** Tunables of lease sizing and lifetime. */
export interface LeaseOptions {
  /** A new lease holds at least this many estimates of the request that asked for it. Default 32. */
  minMultiple: number;
  /** …or the pair's recent spend over this many milliseconds, whichever is larger. Default 5 000. */
  targetSpendMs: number;
  /**
   * At most this share of the cached user balance (and limited token balance) goes into one lease,
   * so other replicas and other tokens of the user still find quota. Default 0.25.
   */
  maxBalanceShare: number;
  /** A lease no request was admitted from for this long is released. Default 10 000. */
  idleMs: number;
  /**
   * A lease older than this admits nothing more and is released, bounding how long quota sits in
   * one relay's memory and how stale its sizing gets. Default 60 000.
   */
  maxAgeMs: number;
  /** After billing refuses a lease, the pair reserves per request for this long. Default 1 000. */
  refusalBackoffMs: number;
  /** How often idle and old leases are looked for. Default 1 000. */
  checkIntervalMs: number;
}

export const DEFAULT_LEASE_OPTIONS: LeaseOptions = {
  minMultiple: 32,
  targetSpendMs: 5_000,
  maxBalanceShare: 0.25,
  idleMs: 10_000,
  maxAgeMs: 60_000,
  refusalBackoffMs: 1_000,
  checkIntervalMs: 1_000,
};

/** The request id of a new lease's reservation row (42 characters, within billing's 64). */
export function newLeaseId(): string {
  return `lease:${randomUUID()}`;
}

/** What a lease is held for: a user and one of their tokens (0: the console playground). */
export interface LeaseOwner {
  readonly userId: number;
  readonly tokenId: number;
  readonly tokenUnlimited: boolean;
}

/** The map key of a pair; the unlimited flag is part of it, since the lease row records it. */
export function leaseKey(owner: LeaseOwner): string {
  return `${owner.userId}:${owner.tokenId}:${owner.tokenUnlimited ? 'u' : 'l'}`;
}

/**
 * One lease held in memory. `remaining` is what may still be handed out; it never exceeds what is
 * left in billing's row (billing moves out only estimates handed out and not given back), so
 * settlement never finds the row short.
 */
export class QuotaLease {
  /** Set once, when the lease stops admitting (idle, old, released on request or on stop). */
  private closed = false;
  private remainingQuota: number;
  private lastUsedAt: number;

  constructor(
    readonly id: string,
    readonly owner: LeaseOwner,
    readonly granted: number,
    readonly createdAt: number,
  ) {
    this.remainingQuota = granted;
    this.lastUsedAt = createdAt;
  }

  get remaining(): number {
    return this.remainingQuota;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Hands out `amount` when the lease is open, young enough and holds it; false otherwise. */
  take(amount: number, now: number, maxAgeMs: number): boolean {
    if (this.closed || now - this.createdAt >= maxAgeMs || this.remainingQuota < amount) return false;
    this.remainingQuota -= amount;
    this.lastUsedAt = now;
    return true;
  }

  /**
   * Takes back the estimate of a request that failed. Ignored once the lease is closed: its
   * release refunds everything in billing's row, this estimate included.
   */
  giveBack(amount: number): void {
    if (!this.closed) this.remainingQuota = Math.min(this.granted, this.remainingQuota + amount);
  }

  /** True when nothing was admitted from the lease for `idleMs`. */
  isIdle(now: number, idleMs: number): boolean {
    return now - this.lastUsedAt >= idleMs;
  }

  /** True when the lease has reached `maxAgeMs` and admits nothing more. */
  isOld(now: number, maxAgeMs: number): boolean {
    return now - this.createdAt >= maxAgeMs;
  }

  /** Stops all admission from the lease; true the first time (the caller then releases it). */
  close(): boolean {
    if (this.closed) return false;
    this.closed = true;
    return true;
  }
}

/**
 * The spend of one pair over time, to size its next lease: the estimates handed out since the
 * previous lease was sized, over the time since then (at least one second, so a burst right after
 * a lease does not extrapolate to an absurd rate).
 */
export class SpendMeter {
  private spent = 0;
  private since: number;

  constructor(now: number) {
    this.since = now;
  }

  record(amount: number): void {
    this.spent += amount;
  }

  /** The spend rate in quota units per millisecond since the last call, and starts a new window. */
  takeRate(now: number): number {
    const rate = this.spent / Math.max(now - this.since, 1_000);
    this.spent = 0;
    this.since = now;
    return rate;
  }
}

/** What sizing a lease needs to know. */
export interface LeaseSizing {
  /** The estimate of the request asking for the lease (> 0). */
  estimate: number;
  /** The pair's recent spend, quota units per millisecond. */
  ratePerMs: number;
  /** The relay's cached user balance. */
  userQuotaHint: number;
  /** The relay's cached token balance; ignored for unlimited tokens and the playground. */
  tokenRemainHint: number;
  /** The token's balance is checked and reduced (a limited token, not the playground). */
  tokenLimited: boolean;
  /**
   * Other admissions of the pair waiting for this lease right now (a burst of new streams): the
   * lease covers them too, so a thousand requests arriving at once take one or two leases instead
   * of draining each in turn and falling back to a reservation each. Default 0.
   */
  waiting?: number;
}

/**
 * The size of a new lease, or 0 when a lease is not worth taking and the request should reserve
 * exactly its estimate: `max((minMultiple + waiting) × estimate, rate × targetSpendMs)`, capped at
 * `maxBalanceShare` of the cached balances; 0 when that cap is below two estimates (near the end of
 * a balance, per-request reservations waste nothing and billing's check stays exact).
 */
export function leaseSize(input: LeaseSizing, options: LeaseOptions): number {
  const multiple = options.minMultiple + Math.max(0, input.waiting ?? 0);
  const wanted = Math.max(multiple * input.estimate, Math.ceil(input.ratePerMs * options.targetSpendMs));
  const balance = input.tokenLimited ? Math.min(input.userQuotaHint, input.tokenRemainHint) : input.userQuotaHint;
  const cap = Math.floor(Math.max(0, balance) * options.maxBalanceShare);
  const size = Math.min(wanted, cap, Number.MAX_SAFE_INTEGER);
  return size < 2 * input.estimate ? 0 : size;
}
