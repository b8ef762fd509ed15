import type { Logger } from '@modelgate/runtime';
import type { WindowGrant, WindowStore } from './window-store';

/** Options of {@link SharedWindowLimiter}. */
export interface SharedWindowLimiterOptions {
  readonly store: WindowStore;
  readonly logger: Logger;
  readonly now?: () => number;
  /**
   * Requests a replica may admit per limit and window beyond what the store granted it, while a
   * take is on its way: the stated overshoot bound is `replicas × allowance` per window. Default 1.
   */
  readonly allowance?: number;
  /** How often token counts are written to and read back from the store. Default 200 ms. */
  readonly syncIntervalMs?: number;
  /**
   * A take that has not answered by then counts as failed (its answer, should it come later, is
   * still applied). Default 2 s.
   */
  readonly takeTimeoutMs?: number;
}

/** A request admitted against a count limit, so its unit can be handed back. */
export interface WindowTicket {
  readonly bucket: string;
  readonly start: number;
}

/** What a count limit says to one request. */
export type CountVerdict =
  | { readonly kind: 'admitted'; readonly ticket: WindowTicket }
  | { readonly kind: 'refused'; readonly retryAfterSeconds: number }
  /** The replica's lease is spent and a take is on its way: ask again when it settles. */
  | { readonly kind: 'wait'; readonly ready: Promise<void> };

/** One limit's current window as this replica sees it. */
interface Window {
  readonly bucket: string;
  readonly start: number;
  readonly windowMs: number;
  limit: number;
  /** Units the store granted this replica (count limits). */
  granted: number;
  /** Units this replica admitted (count limits). */
  used: number;
  /** Units every replica took, as last read from the store. */
  taken: number;
  /** Units used here and not yet written (token limits). */
  pending: number;
  /** The store had no more to grant: refuse beyond the lease until the window ends. */
  exhausted: boolean;
  /** The store failed: this replica enforces the limit alone until a take answers again. */
  degraded: boolean;
  /** Units other replicas had taken as last read from the store, when it failed (degraded only). */
  othersTaken: number;
  /** A token limit was asked about since the last sync (its total is worth reading back). */
  checked: boolean;
  taking: Promise<void> | undefined;
}

const NO_LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * Fixed-window limits shared by every relay replica through a {@link WindowStore}, decided in
 * memory (docs/adr/0025).
 *
 * Count limits (requests) work on leases: a replica takes a few units at a time from the window's
 * shared total — never past the limit — and admits requests from its lease without any I/O; it
 * takes the next lease before this one runs out. While a take is on its way and the lease is
 * spent, it may admit `allowance` more requests on credit (written to the store as owed with the
 * next take); past that, requests wait for the take. So a window admits at most
 * `limit + replicas × allowance` requests across all replicas; units leased and not used are lost
 * (a replica holds at most one lease, `ceil(limit / 20)` units).
 *
 * Token limits (tokens per minute) are known only after a response: a request is admitted while
 * the window's known total is under the limit, and its tokens are added afterwards; each replica
 * writes its additions and reads the shared total back every `syncIntervalMs`. They can pass the
 * limit by what requests in flight use, plus what other replicas used since the last sync.
 *
 * When the store fails, a replica enforces the limit alone (logged): it admits what was left of
 * the limit as it last read the shared total. A take that answers after its timeout is still
 * applied — the store counted it — and the replica shares the window again from then on, with what
 * it admitted alone written to the store as owed.
 */
export class SharedWindowLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly now: () => number;
  private readonly allowance: number;
  private readonly takeTimeoutMs: number;
  private readonly timer: NodeJS.Timeout;
  private syncing: Promise<void> | undefined;

  constructor(private readonly options: SharedWindowLimiterOptions) {
    this.now = options.now ?? Date.now;
    this.allowance = options.allowance ?? 1;
    this.takeTimeoutMs = options.takeTimeoutMs ?? 2000;
    this.timer = setInterval(() => void this.sync(), options.syncIntervalMs ?? 200);
    this.timer.unref();
  }

  /** Takes one request from a count limit of `limit` per `windowMs`. */
  take(bucket: string, limit: number, windowMs: number): CountVerdict {
    const w = this.window(bucket, limit, windowMs);
    const settled = w.exhausted || w.degraded;
    if (w.used < this.lease(w) + (settled ? 0 : this.allowance)) {
      w.used++;
      this.refill(w);
      return { kind: 'admitted', ticket: { bucket, start: w.start } };
    }
    if (settled) return { kind: 'refused', retryAfterSeconds: this.retryAfter(w) };
    this.refill(w);
    return { kind: 'wait', ready: w.taking! };
  }

  /** Whether {@link take} would admit a request now without waiting (takes nothing). */
  hasRoom(bucket: string, limit: number, windowMs: number): boolean {
    const w = this.window(bucket, limit, windowMs);
    return w.used < this.lease(w) || !(w.exhausted || w.degraded);
  }

  /** Seconds until the current window of `windowMs` ends (at least 1). */
  secondsLeft(windowMs: number): number {
    const now = this.now();
    return Math.max(1, Math.ceil((windowMs - (now % windowMs)) / 1000));
  }

  /** Hands an admitted request's unit back (to this replica's lease) while its window lasts. */
  giveBack(ticket: WindowTicket): void {
    const w = this.windows.get(ticket.bucket);
    if (w && w.start === ticket.start && w.used > 0) w.used--;
  }

  /** Seconds until the window ends when a token limit is used up; undefined while it has room. */
  overLimit(bucket: string, limit: number, windowMs: number): number | undefined {
    const w = this.window(bucket, limit, windowMs);
    w.checked = true;
    return w.taken + w.pending >= limit ? this.retryAfter(w) : undefined;
  }

  /** Adds used units (tokens) to a token limit's window; written with the next sync. */
  add(bucket: string, limit: number, windowMs: number, units: number): void {
    if (!(units > 0)) return;
    const w = this.window(bucket, limit, windowMs);
    w.pending += Math.ceil(units);
  }

  /** Writes pending token counts and reads back the totals of the windows asked about. */
  sync(): Promise<void> {
    this.syncing ??= this.syncOnce().finally(() => (this.syncing = undefined));
    return this.syncing;
  }

  /** Stops the sync timer after writing what is pending. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sync();
    await Promise.all([...this.windows.values()].map((w) => w.taking?.catch(() => undefined)));
  }

  private async syncOnce(): Promise<void> {
    const now = this.now();
    const work: Promise<void>[] = [];
    for (const [key, w] of this.windows) {
      const ended = w.start + w.windowMs <= now;
      if (w.pending > 0 || (w.checked && !ended)) {
        const units = w.pending;
        w.pending = 0;
        w.checked = false;
        work.push(
          this.timed(this.options.store.take(w.bucket, w.start, w.windowMs, NO_LIMIT, units, units)).then(
            (grant) => void (w.taken = Math.max(w.taken, grant.taken)),
            (err: unknown) => {
              w.pending += units;
              this.options.logger.warn({ err, bucket: w.bucket }, 'cannot write a token limit window; counting locally');
            },
          ),
        );
      } else if (ended && !w.taking) {
        this.windows.delete(key);
      }
    }
    await Promise.all(work);
  }

  private window(bucket: string, limit: number, windowMs: number): Window {
    const start = this.now() - (this.now() % windowMs);
    let w = this.windows.get(bucket);
    if (!w || w.start !== start || w.windowMs !== windowMs) {
      w = {
        bucket,
        start,
        windowMs,
        limit,
        granted: 0,
        used: 0,
        taken: 0,
        pending: 0,
        exhausted: false,
        degraded: false,
        othersTaken: 0,
        checked: false,
        taking: undefined,
      };
      this.windows.set(bucket, w);
    } else if (w.limit !== limit) {
      // A changed limit applies from now: a raised one may be taken again.
      if (limit > w.limit) w.exhausted = false;
      w.limit = limit;
    }
    return w;
  }

  /** Units this replica may admit without credit: its lease, or what was left while the store fails. */
  private lease(w: Window): number {
    return w.degraded ? Math.max(w.granted, w.limit - w.othersTaken) : w.granted;
  }

  private retryAfter(w: Window): number {
    return Math.max(1, Math.ceil((w.start + w.windowMs - this.now()) / 1000));
  }

  /** Starts a take when the lease runs low and none is on its way. */
  private refill(w: Window): void {
    const chunk = Math.max(1, Math.ceil(w.limit / 20));
    if (w.taking || w.exhausted || w.degraded || w.granted - w.used > Math.floor(chunk / 2)) return;
    const owed = Math.max(0, w.used - w.granted);
    const want = owed + chunk;
    w.taking = new Promise<void>((settle) => {
      let answered = false;
      const timer = this.afterTimeout(() => {
        if (answered) return;
        this.degrade(w, new Error(`limit store did not answer in ${this.takeTimeoutMs} ms`));
        settle();
      });
      this.options.store.take(w.bucket, w.start, w.windowMs, w.limit, want, owed).then(
        (grant) => {
          answered = true;
          clearTimeout(timer);
          this.applyGrant(w, grant, want);
          settle();
        },
        (err: unknown) => {
          answered = true;
          clearTimeout(timer);
          if (!w.degraded) this.degrade(w, err);
          settle();
        },
      );
    });
  }

  /** Adds a lease the store granted (in time or late) and takes up sharing the window again. */
  private applyGrant(w: Window, grant: WindowGrant, want: number): void {
    w.degraded = false;
    w.granted += grant.granted;
    w.taken = Math.max(w.taken, grant.taken);
    // Nothing more to grant, or the shared total has reached the limit: no credit either.
    if (grant.granted < want || grant.taken >= w.limit) w.exhausted = true;
    w.taking = undefined;
    // Requests admitted on credit (or alone, while the store failed) are written with the next take.
    if (w.used > w.granted && !w.exhausted) this.refill(w);
    else if (w.used > w.granted) void this.writeOwed(w);
  }

  /** The store failed or is too slow: enforce what was left of the limit here alone. */
  private degrade(w: Window, err: unknown): void {
    this.options.logger.warn({ err, bucket: w.bucket }, 'cannot take from a shared limit window; enforcing the limit on this replica alone');
    w.degraded = true;
    w.othersTaken = Math.max(0, w.taken - w.granted);
    w.taking = undefined;
  }

  /** Writes requests admitted on credit after the window was found spent, so others see them. */
  private async writeOwed(w: Window): Promise<void> {
    const owed = w.used - w.granted;
    w.granted += owed;
    await this.timed(this.options.store.take(w.bucket, w.start, w.windowMs, w.limit, owed, owed)).catch(() => undefined);
  }

  /**
   * Calls `late` once `takeTimeoutMs` has passed, after the I/O already waiting has been read: when
   * the event loop was held up (a busy process), the timer and the store's answer are due in the
   * same turn, and the answer must win.
   */
  private afterTimeout(late: () => void): NodeJS.Timeout {
    return setTimeout(() => setImmediate(late), this.takeTimeoutMs);
  }

  private timed<T>(work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = this.afterTimeout(() => reject(new Error(`limit store did not answer in ${this.takeTimeoutMs} ms`)));
      work.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err);
        },
      );
    });
  }
}
