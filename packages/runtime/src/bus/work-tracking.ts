/**
 * Small concurrency helpers shared by both bus implementations: in-flight tracking for bounded
 * drains, and the ordered, bounded per-subscription event queue.
 */

/** Resolves true once `promise` settles, or false after `timeoutMs`. */
export async function settlesWithin(promise: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([promise.then(() => true, () => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The set of handler runs still going, so a stop can wait for them. */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  get size(): number {
    return this.running.size;
  }

  /** Tracks `work` until it settles; returns it unchanged. */
  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const forget = () => this.running.delete(work);
    work.then(forget, forget);
    return work;
  }

  /** Resolves when everything tracked now (and started meanwhile) has settled. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

/**
 * Runs `process` on pushed items one at a time, in push order. Holds at most `maxBacklog` waiting
 * items; beyond that new items are dropped and `onOverflow` is told, so a stuck handler cannot
 * exhaust memory.
 */
export class SerialQueue<T> {
  private readonly backlog: T[] = [];
  private readonly inFlight = new InFlight();
  private running = false;
  private closed = false;

  constructor(
    private readonly process: (item: T) => Promise<void>,
    private readonly maxBacklog: number,
    private readonly onOverflow: (item: T) => void,
  ) {}

  push(item: T): void {
    if (this.closed) return;
    if (this.backlog.length >= this.maxBacklog) {
      this.onOverflow(item);
      return;
    }
    this.backlog.push(item);
    if (!this.running) void this.inFlight.track(this.drain());
  }

  /** Drops the backlog, accepts nothing more, and resolves when the running item is done. */
  async close(): Promise<void> {
    this.closed = true;
    this.backlog.length = 0;
    await this.inFlight.idle();
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      for (let item = this.backlog.shift(); item !== undefined; item = this.backlog.shift()) {
        await this.process(item);
      }
    } finally {
      this.running = false;
    }
  }
}

/** A counting semaphore whose waits end (with false) when `signal` aborts. */
export class Slots {
  private free: number;
  private readonly waiters: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  /** Resolves true once a slot is taken, or false if `signal` aborts first. */
  acquire(signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    if (this.free > 0) {
      this.free--;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const onAbort = () => {
        const index = this.waiters.indexOf(grant);
        if (index >= 0) this.waiters.splice(index, 1);
        resolve(false);
      };
      const grant = () => {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      };
      this.waiters.push(grant);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Returns a slot, handing it straight to the longest waiter if any. */
  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.free++;
  }
}
