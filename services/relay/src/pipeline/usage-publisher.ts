import { randomUUID } from 'node:crypto';
import { MAX_USAGE_BATCH, type MessageBus, type UsageRecord } from '@modelgate/contracts/bus';
import { type Logger, retryWithBackoff } from '@modelgate/runtime';

const SETTLE_BATCH = 'modelgate.cmd.billing.usage.settle-batch';
const TRUSTED = { trusted: true } as const;

/** How records are gathered into batches. */
export interface UsagePublisherOptions {
  /** A batch goes out once it holds this many records. Default 200 (at most {@link MAX_USAGE_BATCH}). */
  readonly maxBatch?: number;
  /** …or this long after its first record arrived. Default 100 ms (docs/adr/0009). */
  readonly maxDelayMs?: number;
  /** Told each batch's fate (metrics). */
  readonly onBatch?: (records: number, published: boolean) => void;
}

/**
 * Hands usage records to billing in batches: one durable message (JetStream) per batch of up to
 * `maxBatch` records or `maxDelayMs` of traffic, instead of one per request — the per-message cost
 * of the bus and of billing's transaction is paid once per batch. A record waits at most
 * `maxDelayMs` before it is sent. A batch that cannot be sent is retried, then each of its records
 * is logged in full at error level so it can be settled by hand; the reservations behind them are
 * released by billing's sweep meanwhile.
 */
export class UsagePublisher {
  private buffer: UsageRecord[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly sending = new Set<Promise<void>>();
  private readonly maxBatch: number;
  private readonly maxDelayMs: number;
  private readonly onBatch: ((records: number, published: boolean) => void) | undefined;

  constructor(
    private readonly bus: MessageBus,
    private readonly logger: Logger,
    options: UsagePublisherOptions = {},
  ) {
    this.maxBatch = Math.min(MAX_USAGE_BATCH, Math.max(1, options.maxBatch ?? 200));
    this.maxDelayMs = Math.max(0, options.maxDelayMs ?? 100);
    this.onBatch = options.onBatch;
  }

  /** Queues a record; it leaves with the next batch. */
  add(record: UsageRecord): void {
    this.buffer.push(record);
    if (this.buffer.length >= this.maxBatch) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.maxDelayMs);
  }

  /** Sends what is queued now; resolves when every batch sent so far is acknowledged or given up. */
  async drain(): Promise<void> {
    this.flush();
    await Promise.all([...this.sending]);
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.buffer.length === 0) return;
    const records = this.buffer;
    this.buffer = [];
    const sent = this.send(records);
    this.sending.add(sent);
    void sent.finally(() => this.sending.delete(sent));
  }

  private async send(records: UsageRecord[]): Promise<void> {
    const batch = { batchId: randomUUID(), records };
    try {
      // The records are built here from typed values; billing validates the batch when it arrives.
      await retryWithBackoff(() => this.bus.enqueue(SETTLE_BATCH, batch, TRUSTED), {
        what: 'publish usage records',
        logger: this.logger,
        maxAttempts: 5,
        initialDelayMs: 100,
      });
      this.onBatch?.(records.length, true);
    } catch (err) {
      this.onBatch?.(records.length, false);
      for (const record of records) {
        this.logger.error({ err, record }, 'usage record could not be published; settle it by hand');
      }
    }
  }
}
