/**
 * A keyed work queue with client-go's semantics: a key waiting in the queue is held once however
 * often it is added; a key is never processed by two workers at once (an add while it is being
 * processed runs it again afterwards); failures are retried with per-key exponential backoff
 * (capped, jittered) until the handler succeeds, which forgets the key's failures.
 */
import { type BackoffPolicy, backoffDelayMs, DEFAULT_BACKOFF } from './backoff';

/** What the handler asks for after processing a key. */
export type QueueResult =
  /** Done: forget the key's failures. */
  | { kind: 'done' }
  /** Failed: retry with the key's backoff. */
  | { kind: 'retry' }
  /** Done for now; process again after `ms` (failures forgotten). */
  | { kind: 'after'; ms: number };

export interface WorkQueueOptions {
  /** Keys processed at the same time (distinct keys only). */
  concurrency: number;
  handler: (key: string) => Promise<QueueResult>;
  backoff?: BackoffPolicy;
  random?: () => number;
  /** Called with an error the handler threw (the key is retried with backoff). */
  onError?: (key: string, error: unknown) => void;
  /** Called whenever the number of waiting keys changes. */
  onDepth?: (depth: number) => void;
  /** Called when a key is scheduled for a retry. */
  onRetry?: (key: string, attempt: number, delayMs: number) => void;
}

export class WorkQueue {
  private readonly queue: string[] = [];
  private readonly dirty = new Set<string>();
  private readonly processing = new Set<string>();
  private readonly failures = new Map<string, number>();
  private readonly delayed = new Map<string, { timer: NodeJS.Timeout; at: number }>();
  private readonly inFlight = new Set<Promise<void>>();
  private shuttingDown = false;

  constructor(private readonly options: WorkQueueOptions) {}

  /** Queues `key` (once, however often it is added before a worker takes it). */
  add(key: string): void {
    if (this.shuttingDown || this.dirty.has(key)) return;
    this.dirty.add(key);
    if (!this.processing.has(key)) {
      this.queue.push(key);
      this.depthChanged();
      this.pump();
    }
  }

  /** Queues `key` after `ms` (an earlier pending schedule of the key wins). */
  addAfter(key: string, ms: number): void {
    if (this.shuttingDown) return;
    if (ms <= 0) return this.add(key);
    const at = Date.now() + ms;
    const pending = this.delayed.get(key);
    if (pending && pending.at <= at) return;
    if (pending) clearTimeout(pending.timer);
    const timer = setTimeout(() => {
      this.delayed.delete(key);
      this.add(key);
    }, ms);
    timer.unref?.();
    this.delayed.set(key, { timer, at });
  }

  /** Queues `key` after its next backoff delay. */
  addRateLimited(key: string): void {
    const attempt = (this.failures.get(key) ?? 0) + 1;
    this.failures.set(key, attempt);
    const delay = backoffDelayMs(attempt, this.options.backoff ?? DEFAULT_BACKOFF, this.options.random);
    this.options.onRetry?.(key, attempt, delay);
    this.addAfter(key, delay);
  }

  /** Forgets the key's failures (its next retry starts from the base delay). */
  forget(key: string): void {
    this.failures.delete(key);
  }

  /** Failures recorded for `key` since it last succeeded. */
  retries(key: string): number {
    return this.failures.get(key) ?? 0;
  }

  /** Keys waiting for a worker. */
  depth(): number {
    return this.queue.length;
  }

  /** True when nothing waits, runs or is scheduled. */
  idle(): boolean {
    return this.queue.length === 0 && this.processing.size === 0 && this.delayed.size === 0;
  }

  /** Stops taking keys, drops scheduled ones and waits (at most `drainMs`) for running handlers. */
  async shutdown(drainMs = 10_000): Promise<void> {
    this.shuttingDown = true;
    for (const { timer } of this.delayed.values()) clearTimeout(timer);
    this.delayed.clear();
    this.queue.length = 0;
    this.dirty.clear();
    this.depthChanged();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, drainMs);
    });
    await Promise.race([Promise.allSettled([...this.inFlight]), timeout]);
    clearTimeout(timer);
  }

  private pump(): void {
    while (!this.shuttingDown && this.processing.size < this.options.concurrency && this.queue.length > 0) {
      const key = this.queue.shift()!;
      this.dirty.delete(key);
      this.processing.add(key);
      this.depthChanged();
      const run = this.process(key).finally(() => {
        this.inFlight.delete(run);
        this.processing.delete(key);
        if (this.dirty.has(key) && !this.shuttingDown) this.queue.push(key);
        this.depthChanged();
        this.pump();
      });
      this.inFlight.add(run);
    }
  }

  private async process(key: string): Promise<void> {
    let result: QueueResult;
    try {
      result = await this.options.handler(key);
    } catch (error) {
      this.options.onError?.(key, error);
      result = { kind: 'retry' };
    }
    if (this.shuttingDown) return;
    if (result.kind === 'retry') {
      this.addRateLimited(key);
      return;
    }
    this.forget(key);
    if (result.kind === 'after') this.addAfter(key, result.ms);
  }

  private depthChanged(): void {
    this.options.onDepth?.(this.queue.length);
  }
}
