import type { Logger } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';

/** Where a response of the Responses API lives upstream: the channel and key that created it, and for whom. */
export interface ResponseAffinity {
  readonly channelId: number;
  /** Which of the channel's keys (a channel holds one key: always 0 today). */
  readonly keyIndex: number;
  readonly userId: number;
  /** Unix milliseconds when it was recorded. */
  readonly createdAt: number;
}

/** How long an upstream keeps a stored response (OpenAI: 30 days), and so how long the record is kept. */
export const RESPONSE_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** What a response id looks like (`resp_…`, Azure's and compatible upstreams' alike): the table holds nothing else. */
const RESPONSE_ID = /^[\w.:-]{1,191}$/;

export interface ResponseAffinityOptions {
  readonly dataSource: Pick<DataSource, 'query'>;
  readonly logger: Logger;
  /** Records kept in this replica's memory (least recently used dropped first). */
  readonly capacity?: number;
  /** Records older than this are forgotten, in memory and in the table. */
  readonly retentionMs?: number;
  /** How often recorded ids are written to the table, in one statement. */
  readonly flushIntervalMs?: number;
  /** A batch this large is written at once, without waiting for the interval. */
  readonly maxBatch?: number;
  /** How often rows past the retention are deleted from the table. */
  readonly pruneIntervalMs?: number;
  readonly now?: () => number;
}

/**
 * The response id → (channel, key, user) record every relay replica shares (ADR 0023). Each replica
 * keeps the records it made or read in a bounded, expiring in-memory LRU; new records are written
 * to PostgreSQL behind the request, in batches (never a database write on the request path), and a
 * replica reads the table only for an id it does not have in memory. Rows past the retention are
 * pruned periodically. Losing a batch (a crash before its flush) only sends a follow-up through
 * normal routing, as for an id the gateway never saw.
 */
export class ResponseAffinityStore {
  private readonly memory = new Map<string, ResponseAffinity>();
  private pending = new Map<string, ResponseAffinity>();
  private readonly capacity: number;
  private readonly retentionMs: number;
  private readonly maxBatch: number;
  private readonly now: () => number;
  private flushTimer: NodeJS.Timeout | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly options: ResponseAffinityOptions) {
    this.capacity = options.capacity ?? 100_000;
    this.retentionMs = options.retentionMs ?? RESPONSE_RETENTION_MS;
    this.maxBatch = options.maxBatch ?? 500;
    this.now = options.now ?? Date.now;
  }

  /** Starts the periodic flush and prune. */
  start(): void {
    this.flushTimer ??= setInterval(() => void this.flush(), this.options.flushIntervalMs ?? 100);
    this.flushTimer.unref();
    this.pruneTimer ??= setInterval(() => void this.prune(), this.options.pruneIntervalMs ?? 60 * 60 * 1000);
    this.pruneTimer.unref();
  }

  /** Stops the timers and writes what is still pending. */
  async stop(): Promise<void> {
    if (this.flushTimer) clearInterval(this.flushTimer);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.flushTimer = this.pruneTimer = undefined;
    await this.flush();
  }

  /** Records who created a response; written to the table with the next batch. */
  record(responseId: string, entry: Omit<ResponseAffinity, 'createdAt' | 'keyIndex'> & { keyIndex?: number }): void {
    if (!RESPONSE_ID.test(responseId)) return;
    const affinity: ResponseAffinity = { keyIndex: 0, ...entry, createdAt: this.now() };
    this.remember(responseId, affinity);
    this.pending.set(responseId, affinity);
    if (this.pending.size >= this.maxBatch) void this.flush();
  }

  /** The record of a response id: from memory, else from the table; undefined when none (or expired). */
  async lookup(responseId: string): Promise<ResponseAffinity | undefined> {
    // No upstream makes such an id (a NUL byte, a kilobyte): nothing to look up.
    if (!RESPONSE_ID.test(responseId)) return undefined;
    const cached = this.memory.get(responseId);
    if (cached) {
      if (this.expired(cached)) {
        this.memory.delete(responseId);
        return undefined;
      }
      // Most recently used last.
      this.memory.delete(responseId);
      this.memory.set(responseId, cached);
      return cached;
    }
    let rows: Array<{ channel_id: number; key_index: number; user_id: number; created_at: string | number }>;
    try {
      rows = await this.options.dataSource.query(
        `SELECT "channel_id", "key_index", "user_id", "created_at" FROM "response_affinities" WHERE "response_id" = $1 AND "created_at" >= $2`,
        [responseId, this.now() - this.retentionMs],
      );
    } catch (err) {
      // The table cannot answer: the call is routed as for an id without a record, not failed.
      this.options.logger.warn({ err }, 'could not read a response affinity');
      return undefined;
    }
    const row = rows[0];
    if (!row) return undefined;
    const affinity: ResponseAffinity = {
      channelId: Number(row.channel_id),
      keyIndex: Number(row.key_index),
      userId: Number(row.user_id),
      createdAt: Number(row.created_at),
    };
    this.remember(responseId, affinity);
    return affinity;
  }

  /** Writes the pending records in one statement (a failure is logged and the batch retried once later). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  /** Deletes the table's rows past the retention. */
  async prune(): Promise<void> {
    try {
      await this.options.dataSource.query(`DELETE FROM "response_affinities" WHERE "created_at" < $1`, [this.now() - this.retentionMs]);
    } catch (err) {
      this.options.logger.warn({ err }, 'could not prune response affinities');
    }
  }

  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const ids = [...batch.keys()];
    const entries = [...batch.values()];
    try {
      await this.options.dataSource.query(
        `INSERT INTO "response_affinities" ("response_id", "channel_id", "key_index", "user_id", "created_at")
         SELECT * FROM unnest($1::varchar[], $2::int[], $3::int[], $4::int[], $5::bigint[])
         ON CONFLICT ("response_id") DO NOTHING`,
        [ids, entries.map((e) => e.channelId), entries.map((e) => e.keyIndex), entries.map((e) => e.userId), entries.map((e) => e.createdAt)],
      );
    } catch (err) {
      this.options.logger.warn({ err, records: ids.length }, 'could not write response affinities; retrying with the next batch');
      for (const [id, entry] of batch) if (!this.pending.has(id) && this.pending.size < this.maxBatch * 10) this.pending.set(id, entry);
    }
  }

  private remember(responseId: string, affinity: ResponseAffinity): void {
    this.memory.delete(responseId);
    this.memory.set(responseId, affinity);
    while (this.memory.size > this.capacity) {
      const oldest = this.memory.keys().next().value as string;
      this.memory.delete(oldest);
    }
  }

  private expired(affinity: ResponseAffinity): boolean {
    return affinity.createdAt < this.now() - this.retentionMs;
  }
}
