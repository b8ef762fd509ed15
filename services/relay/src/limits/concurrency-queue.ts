/** Why a request got no slot. */
export type SlotRefusal = 'full' | 'timeout' | 'aborted';

/** A slot a request got, and how it got it (for the consume log's `other`). */
export interface Slot {
  /** Milliseconds the request waited for it (0 when one was free). */
  readonly waitedMs: number;
  /** Requests waiting ahead of it when it joined the queue (0 when it did not wait). */
  readonly queueDepth: number;
  release(): void;
}

interface Waiter {
  readonly enqueuedAt: number;
  readonly depth: number;
  readonly owner: number;
  grant(): void;
}

/**
 * The concurrency cap of one channel on this replica, with a bounded queue that is fair between
 * callers: each owner (user) waits in arrival order behind their own earlier requests, and a
 * freed slot goes to the owners in turn (round robin), so one caller's burst cannot starve the
 * others. A request that cannot join (queue full), waits past the timeout, or whose client leaves
 * is refused; none is ever admitted past the cap.
 */
export class ConcurrencyQueue {
  private inFlight = 0;
  private waitingCount = 0;
  /** Waiters by owner; the map's order is the round-robin order. */
  private readonly waiting = new Map<number, Waiter[]>();

  constructor(
    private cap: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Applies a changed cap; a raised one admits the waiting at once. */
  setCap(cap: number): void {
    this.cap = cap;
    this.admitWaiting();
  }

  /** Requests in flight now. */
  get active(): number {
    return this.inFlight;
  }

  /** Requests waiting now. */
  get queued(): number {
    return this.waitingCount;
  }

  /** Whether a request would get a slot without waiting. */
  hasRoom(): boolean {
    return this.inFlight < this.cap && this.waitingCount === 0;
  }

  /**
   * A slot now, or after waiting at most `timeoutMs` among at most `maxWaiting` others; rejects
   * with the {@link SlotRefusal} otherwise.
   */
  acquire(owner: number, options: { timeoutMs: number; maxWaiting: number; signal?: AbortSignal }): Promise<Slot> {
    if (this.hasRoom()) {
      this.inFlight++;
      return Promise.resolve(this.slot(0, 0));
    }
    if (options.signal?.aborted) return Promise.reject<Slot>('aborted' satisfies SlotRefusal);
    if (this.waitingCount >= options.maxWaiting || options.timeoutMs <= 0) return Promise.reject<Slot>('full' satisfies SlotRefusal);
    return new Promise<Slot>((resolve, reject) => {
      const enqueuedAt = this.now();
      const depth = this.waitingCount;
      const leave = (reason: SlotRefusal) => {
        if (!this.remove(waiter)) return;
        cleanup();
        reject(reason);
      };
      const onAbort = () => leave('aborted');
      const timer = setTimeout(() => leave('timeout'), options.timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        enqueuedAt,
        depth,
        owner,
        grant: () => {
          cleanup();
          resolve(this.slot(this.now() - enqueuedAt, depth));
        },
      };
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const queue = this.waiting.get(owner);
      if (queue) queue.push(waiter);
      else this.waiting.set(owner, [waiter]);
      this.waitingCount++;
    });
  }

  private slot(waitedMs: number, queueDepth: number): Slot {
    let released = false;
    return {
      waitedMs,
      queueDepth,
      release: () => {
        if (released) return;
        released = true;
        this.inFlight--;
        this.admitWaiting();
      },
    };
  }

  /** Hands free slots to the waiting, one owner after another. */
  private admitWaiting(): void {
    while (this.inFlight < this.cap && this.waitingCount > 0) {
      const [owner, queue] = this.waiting.entries().next().value as [number, Waiter[]];
      const waiter = queue.shift()!;
      this.waiting.delete(owner);
      // The owner goes to the back of the round if more of theirs wait.
      if (queue.length > 0) this.waiting.set(owner, queue);
      this.waitingCount--;
      this.inFlight++;
      waiter.grant();
    }
  }

  private remove(waiter: Waiter): boolean {
    const queue = this.waiting.get(waiter.owner);
    const at = queue?.indexOf(waiter) ?? -1;
    if (!queue || at < 0) return false;
    queue.splice(at, 1);
    if (queue.length === 0) this.waiting.delete(waiter.owner);
    this.waitingCount--;
    return true;
  }
}
