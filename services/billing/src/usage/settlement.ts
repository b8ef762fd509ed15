import type { UsageRecord } from '@modelgate/contracts/bus';
import { DEFAULT_OPTIONS, parseOption } from '@modelgate/contracts/options';
import type { DataSource, EntityManager } from 'typeorm';
import { NeedsSingleSettlement, settleSet } from './settlement-set';
import { queryReturning, runTransaction } from './sql';

/** What settling one usage record did. */
export interface SettlementResult {
  /** False when the record was settled before (a redelivery): nothing changed. */
  settled: boolean;
  /** The reservation the actual quota was set against (0 when none was open). */
  reserved: number;
  /** `quota − reserved`: charged on top of the reservation (negative: refunded). */
  delta: number;
}

const REPLAY: SettlementResult = { settled: false, reserved: 0, delta: 0 };

/**
 * Settles one usage record exactly once: a batch of one ({@link settleUsageBatch}), so single
 * records and relay batches follow one algorithm (issue 3, reference §3.3):
 * 1. claims the request id in `quota_reservations` (open → `settled`, or a new `settled` row when
 *    nothing was reserved); a record already settled is a no-op — the key holds whether or not a
 *    log row is written;
 * 2. for a record admitted from a quota lease (`leaseId`), moves the record's `reserved` estimate
 *    out of the lease while the lease is still open;
 * 3. when `LogConsumeEnabled`, inserts the consume log (type 2) `ON CONFLICT (request_id, created_at) DO
 *    NOTHING`; a conflict rolls the settlement back and counts as a replay;
 * 4. applies `quota − reserved` to the token's `remain_quota` (limited tokens) and `used_quota`
 *    and to the user's `quota`; adds `quota` to the user's `used_quota` (and one request) and the
 *    channel's `used_quota`; adds the request to the user's hourly `quota_data` row.
 * A request id claimed by a concurrent settlement between the lock and the insert makes the
 * transaction run again, when the claim is there to be locked and read.
 */
export async function settleUsage(dataSource: DataSource, record: UsageRecord): Promise<SettlementResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      const [result] = await settleUsageBatch(dataSource, [record]);
      return result ?? REPLAY;
    } catch (error) {
      if (!(error instanceof NeedsSingleSettlement)) throw error;
      if (error.reason === 'already-logged') return REPLAY;
      if (attempt >= CLAIM_RACE_ATTEMPTS) throw error;
    }
  }
}

/** Runs of a batch of one whose request id a concurrent settlement claimed meanwhile. */
const CLAIM_RACE_ATTEMPTS = 3;

/**
 * Settles a batch of records in one transaction with set-based statements ({@link settleSet}):
 * one commit and a handful of statements for many requests. Rows are locked in the order
 * reservation rows (the records' own and their leases', by key), tokens, users, channels (each by
 * id) — the order reservation, release and the sweep use — so settlements cannot deadlock. Any
 * failure rolls back the whole batch and rejects; the caller then runs each record as a batch of
 * one ({@link settleUsage}), so one bad record cannot hold up the others.
 */
export async function settleUsageBatch(dataSource: DataSource, records: readonly UsageRecord[]): Promise<SettlementResult[]> {
  // Users in one order, so two batches lock their rows the same way round.
  const ordered = records
    .map((record, index) => ({ record, index }))
    .sort((a, b) => a.record.userId - b.record.userId || a.record.tokenId - b.record.tokenId);
  return runTransaction(dataSource, async (manager) => {
    const logEnabled = await logConsumeEnabled(manager);
    // Every reservation row the batch touches (its records' own and their leases'), locked first
    // and in key order: the order single settlements, reservations and releases lock in too.
    const keys = [...new Set(records.flatMap((r) => (r.leaseId ? [r.requestId, r.leaseId] : [r.requestId])))].sort();
    await manager.query(
      `SELECT request_id FROM quota_reservations WHERE request_id = ANY($1) ORDER BY request_id FOR UPDATE`,
      [keys],
    );
    const shared = new SharedTotals();
    const results = await settleSet(manager, ordered, logEnabled, shared);
    await shared.apply(manager);
    return results;
  });
}

/**
 * The rows many users' settlements share — channels' `used_quota` and the hourly `quota_data`
 * rows — summed over a batch and written once at its end in key order: fewer statements, and
 * no two batches holding one channel row each while waiting for the other's.
 */
class SharedTotals {
  private readonly channels = new Map<number, number>();
  private readonly hours = new Map<string, { userId: number; username: string; model: string; hour: number; tokens: number; count: number; quota: number }>();

  addChannel(channelId: number, quota: number): void {
    this.channels.set(channelId, (this.channels.get(channelId) ?? 0) + quota);
  }

  addHour(userId: number, username: string, model: string, hour: number, tokens: number, quota: number): void {
    const key = `${userId}\u0000${hour}\u0000${model}`;
    const row = this.hours.get(key);
    if (row) {
      row.tokens += tokens;
      row.count += 1;
      row.quota += quota;
    } else {
      this.hours.set(key, { userId, username, model, hour, tokens, count: 1, quota });
    }
  }

  async apply(manager: EntityManager): Promise<void> {
    for (const [channelId, quota] of [...this.channels].sort(([a], [b]) => a - b)) {
      await manager.query(`UPDATE channels SET used_quota = used_quota + $2 WHERE id = $1`, [channelId, quota]);
    }
    const hours = [...this.hours.values()].sort((a, b) => a.userId - b.userId || a.hour - b.hour || (a.model < b.model ? -1 : 1));
    for (const row of hours) await addToHour(manager, row.userId, row.username, row.model, row.hour, row.tokens, row.count, row.quota);
  }
}

async function addToHour(
  manager: EntityManager,
  userId: number,
  username: string,
  model: string,
  hour: number,
  tokens: number,
  count: number,
  quota: number,
): Promise<void> {
  await manager.query(
    `INSERT INTO quota_data (user_id, username, model_name, created_at, token_used, count, quota)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id, created_at, model_name) DO UPDATE SET
       token_used = quota_data.token_used + EXCLUDED.token_used,
       count = quota_data.count + EXCLUDED.count,
       quota = quota_data.quota + EXCLUDED.quota`,
    [userId, username, model, hour, tokens, count, quota],
  );
}

/** The `LogConsumeEnabled` option as committed when the settlement runs (the registry parses it). */
async function logConsumeEnabled(manager: EntityManager): Promise<boolean> {
  const rows = await queryReturning<{ value: string }>(
    manager,
    `SELECT value FROM options WHERE key = 'LogConsumeEnabled'`,
    [],
  );
  return parseOption('LogConsumeEnabled', rows[0]?.value ?? DEFAULT_OPTIONS.LogConsumeEnabled ?? '');
}
