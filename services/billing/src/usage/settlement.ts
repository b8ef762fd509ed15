import type { UsageRecord } from '@modelgate/contracts/bus';
import { LogType } from '@modelgate/db';
import type { DataSource, EntityManager } from 'typeorm';
import { settleSet } from './settlement-set';
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
 * Settles one usage record exactly once, in one transaction (issue 3, reference §3.3):
 * 1. claims the request id in `quota_reservations` (open → `settled`, or a new `settled` row when
 *    nothing was reserved); a record already settled is a no-op — the key holds whether or not a
 *    log row is written;
 * 2. for a record admitted from a quota lease (`leaseId`), moves the record's `reserved` estimate
 *    out of the lease while the lease is still open (see {@link drawFromLease});
 * 3. when `LogConsumeEnabled`, inserts the consume log (type 2) `ON CONFLICT (request_id, created_at) DO
 *    NOTHING`, and treats a conflict as a replay too;
 * 4. applies `quota − reserved` to the token's `remain_quota` (limited tokens) and `used_quota`
 *    and to the user's `quota`; adds `quota` to the user's `used_quota` (and one request) and the
 *    channel's `used_quota`; adds the request to the user's hourly `quota_data` row.
 * Rows are locked in the order reservation rows (the record's own, then its lease), token, user,
 * channel — the order reservation, release and the sweep use — so settlements cannot deadlock.
 */
export async function settleUsage(dataSource: DataSource, record: UsageRecord): Promise<SettlementResult> {
  return runTransaction(dataSource, async (manager) => settleIn(manager, record, await logConsumeEnabled(manager)))
    .catch((error: unknown) => {
      if (error instanceof ReplayDetected) return REPLAY;
      throw error;
    });
}

/**
 * Settles a batch of records in one transaction with set-based statements ({@link settleSet}):
 * one commit and a handful of statements for many requests. Any failure — including a record
 * only the single path can judge — rolls back the whole batch and rejects; the caller then
 * settles the records one by one ({@link settleUsage}), so one bad record cannot hold up the others.
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

/** One record's settlement inside the caller's transaction; throws ReplayDetected to be undone. */
async function settleIn(
  manager: EntityManager,
  record: UsageRecord,
  logEnabled: boolean,
  shared?: SharedTotals,
): Promise<SettlementResult> {
  const own = await claimRequest(manager, record);
  if (!own) return REPLAY;
  const claim = record.leaseId ? await drawFromLease(manager, record, record.leaseId, own) : own;
  if (logEnabled && !(await insertConsumeLog(manager, record))) {
    throw new ReplayDetected();
  }
  const delta = record.quota - claim.reserved;
  if (record.tokenId > 0) {
    await manager.query(
      `UPDATE tokens SET used_quota = used_quota + $2,
              remain_quota = CASE WHEN $3 THEN remain_quota ELSE remain_quota - $2 END
        WHERE id = $1`,
      [record.tokenId, delta, claim.tokenUnlimited],
    );
  }
  const users = await queryReturning<{ username: string }>(
    manager,
    `UPDATE users SET quota = quota - $2, used_quota = used_quota + $3, request_count = request_count + 1
      WHERE id = $1 RETURNING username`,
    [record.userId, delta, record.quota],
  );
  const username = users[0]?.username ?? '';
  const hour = record.createdAt - (record.createdAt % 3600);
  const tokens = record.promptTokens + record.completionTokens;
  if (shared) {
    if (record.channelId > 0) shared.addChannel(record.channelId, record.quota);
    shared.addHour(record.userId, username, record.model, hour, tokens, record.quota);
  } else {
    if (record.channelId > 0) {
      await manager.query(`UPDATE channels SET used_quota = used_quota + $2 WHERE id = $1`, [record.channelId, record.quota]);
    }
    await addToHour(manager, record.userId, username, record.model, hour, tokens, 1, record.quota);
  }
  return { settled: true, reserved: claim.reserved, delta };
}

/** Thrown inside the transaction to roll back a settlement whose log row already exists. */
class ReplayDetected extends Error {}

/**
 * Marks the request settled; returns the open reservation it settles against, or undefined when
 * the request was settled before. A released reservation was already refunded, so it counts as 0.
 */
async function claimRequest(
  manager: EntityManager,
  record: UsageRecord,
): Promise<{ reserved: number; tokenUnlimited: boolean } | undefined> {
  const inserted = await queryReturning<{ token_unlimited: boolean }>(
    manager,
    `INSERT INTO quota_reservations (request_id, user_id, token_id, amount, token_unlimited, status, created_at)
     VALUES ($1, $2, $3, 0, COALESCE((SELECT unlimited_quota FROM tokens WHERE id = $3), true), 'settled', $4)
     ON CONFLICT (request_id) DO NOTHING RETURNING token_unlimited`,
    [record.requestId, record.userId, record.tokenId, record.createdAt],
  );
  if (inserted[0]) return { reserved: 0, tokenUnlimited: inserted[0].token_unlimited };
  const rows = await queryReturning<{ status: string; amount: string; token_unlimited: boolean }>(
    manager,
    `SELECT status, amount, token_unlimited FROM quota_reservations WHERE request_id = $1 FOR UPDATE`,
    [record.requestId],
  );
  const row = rows[0];
  if (!row || row.status === 'settled') return undefined;
  await manager.query(`UPDATE quota_reservations SET status = 'settled' WHERE request_id = $1`, [record.requestId]);
  if (row.status === 'released') {
    const unlimited = await queryReturning<{ unlimited_quota: boolean }>(
      manager,
      `SELECT unlimited_quota FROM tokens WHERE id = $1`,
      [record.tokenId],
    );
    return { reserved: 0, tokenUnlimited: unlimited[0]?.unlimited_quota ?? true };
  }
  return { reserved: Number(row.amount), tokenUnlimited: row.token_unlimited };
}

/**
 * The share of a quota lease that a record admitted from it settles against. While the lease is
 * `reserved`, the record's estimate (`reserved`, never more than is left in the row) moves out of
 * the lease, so the lease's eventual release refunds only what no request used. Once the lease is
 * released — by the relay or billing's sweep — its refund already returned this estimate too,
 * so the record settles against nothing and is charged its full quota. A lease of another user or
 * token is never drawn from. Either way every unit taken with the lease is either refunded once
 * or settled once, whatever the order of release and settlement.
 */
async function drawFromLease(
  manager: EntityManager,
  record: UsageRecord,
  leaseId: string,
  own: { reserved: number; tokenUnlimited: boolean },
): Promise<{ reserved: number; tokenUnlimited: boolean }> {
  const wanted = record.reserved ?? 0;
  if (wanted <= 0 || leaseId === record.requestId) return own;
  // FOR UPDATE waits for a release of the lease in progress; PostgreSQL then re-checks the status.
  const rows = await queryReturning<{ amount: string; token_unlimited: boolean }>(
    manager,
    `SELECT amount, token_unlimited FROM quota_reservations
      WHERE request_id = $1 AND status = 'reserved' AND user_id = $2 AND token_id = $3 FOR UPDATE`,
    [leaseId, record.userId, record.tokenId],
  );
  const lease = rows[0];
  if (!lease) return own;
  const drawn = Math.min(wanted, Number(lease.amount));
  if (drawn > 0) {
    await manager.query(`UPDATE quota_reservations SET amount = amount - $2 WHERE request_id = $1`, [leaseId, drawn]);
  }
  // The estimate was taken from the token under the lease's flag, so the difference is settled
  // under it as well.
  return { reserved: own.reserved + drawn, tokenUnlimited: lease.token_unlimited };
}

/** The `LogConsumeEnabled` option; on unless set to `false`. */
async function logConsumeEnabled(manager: EntityManager): Promise<boolean> {
  const rows = await queryReturning<{ value: string }>(
    manager,
    `SELECT value FROM options WHERE key = 'LogConsumeEnabled'`,
    [],
  );
  return rows[0]?.value !== 'false';
}

/** Inserts the consume log row; false when a row with this request id already exists. */
async function insertConsumeLog(manager: EntityManager, record: UsageRecord): Promise<boolean> {
  const rows = await queryReturning<{ id: string }>(
    manager,
    `INSERT INTO logs (user_id, username, created_at, type, content, token_name, model_name, quota,
                       prompt_tokens, completion_tokens, use_time, is_stream, channel_id, token_id,
                       "group", other, request_id)
     VALUES ($1, COALESCE((SELECT username FROM users WHERE id = $1), ''), $2, $3, $4,
             COALESCE((SELECT name FROM tokens WHERE id = $5), $16), $6, $7, $8, $9, $10, $11, $12, $5,
             $13, $14, $15)
     ON CONFLICT (request_id, created_at) DO NOTHING RETURNING id`,
    [
      record.userId,
      record.createdAt,
      LogType.Consume,
      record.content ?? '',
      record.tokenId,
      record.model,
      record.quota,
      record.promptTokens,
      record.completionTokens,
      record.useTime ?? 0,
      record.isStream,
      record.channelId,
      record.group,
      record.other ? JSON.stringify(record.other) : '',
      record.requestId,
      // A request without a token (the playground) names itself; a token's name is read fresh.
      record.tokenId > 0 ? '' : (record.tokenName ?? ''),
    ],
  );
  return rows.length > 0;
}
