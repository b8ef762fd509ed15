import type { UsageRecord } from '@modelgate/contracts/bus';
import { LogType } from '@modelgate/db';
import { consumeLogContent } from '@modelgate/pricing';
import type { EntityManager } from 'typeorm';
import type { SettlementResult } from './settlement';
import { queryReturning } from './sql';

/**
 * Thrown when a batch meets a state it cannot judge as a whole: a consume log row already there
 * for a request id not yet claimed (a state only repairs leave), or a request id claimed by a
 * concurrent settlement meanwhile. The batch rolls back; run as batches of one, the first is a
 * replay and the second runs again.
 */
export class NeedsSingleSettlement extends Error {
  constructor(readonly reason: 'already-logged' | 'claimed-meanwhile') {
    super(reason === 'already-logged' ? 'a consume log row already exists' : 'a request id was claimed meanwhile');
  }
}

const REPLAY: SettlementResult = { settled: false, reserved: 0, delta: 0 };

interface OwnRow {
  status: 'reserved' | 'released' | 'settled';
  amount: string;
  token_unlimited: boolean;
}

interface LeaseRow {
  request_id: string;
  amount: string;
  token_unlimited: boolean;
  user_id: number;
  token_id: number;
}

/** What one record settles against, once claims and lease draws are known. */
interface Claim {
  readonly record: UsageRecord;
  readonly index: number;
  reserved: number;
  tokenUnlimited: boolean;
}

function sumInto(map: Map<number, number>, key: number, value: number): void {
  map.set(key, (map.get(key) ?? 0) + value);
}

/**
 * Settles a batch of records with set-based statements — a handful per batch instead of several
 * per record — inside the caller's transaction, which has already locked every reservation row
 * the batch names. The outcome is the same as settling the records one by one in user order
 * (`settleUsage`): each request id is claimed once, a lease's estimates are drawn in record order
 * while it lasts, balances move by `quota − reserved`. Channel and hourly totals are left to the
 * caller (`shared`). Throws {@link NeedsSingleSettlement} when a consume log row already exists
 * for a record whose request id was not yet claimed (a state only repairs leave), so the caller
 * rolls back and settles record by record.
 */
export async function settleSet(
  manager: EntityManager,
  ordered: ReadonlyArray<{ record: UsageRecord; index: number }>,
  logEnabled: boolean,
  shared: { addChannel(channelId: number, quota: number): void; addHour(userId: number, username: string, model: string, hour: number, tokens: number, quota: number): void },
): Promise<SettlementResult[]> {
  const results: SettlementResult[] = [];
  const seen = new Set<string>();
  const fresh = ordered.filter(({ record, index }) => {
    if (seen.has(record.requestId)) {
      results[index] = REPLAY;
      return false;
    }
    seen.add(record.requestId);
    return true;
  });
  const tokenIds = [...new Set(fresh.map(({ record }) => record.tokenId).filter((id) => id > 0))];
  const userIds = [...new Set(fresh.map(({ record }) => record.userId))];
  // One connection runs one query at a time: these go in sequence.
  const ownRows = await queryReturning<OwnRow & { request_id: string }>(
    manager,
    `SELECT request_id, status, amount, token_unlimited FROM quota_reservations WHERE request_id = ANY($1)`,
    [fresh.map(({ record }) => record.requestId)],
  );
  const tokens = await queryReturning<{ id: number; unlimited_quota: boolean; name: string }>(
    manager,
    `SELECT id, unlimited_quota, name FROM tokens WHERE id = ANY($1)`,
    [tokenIds],
  );
  const users = await queryReturning<{ id: number; username: string }>(manager, `SELECT id, username FROM users WHERE id = ANY($1)`, [
    userIds,
  ]);
  const own = new Map(ownRows.map((row) => [row.request_id, row]));
  const tokenById = new Map(tokens.map((t) => [t.id, t]));
  const usernameById = new Map(users.map((u) => [u.id, u.username]));

  // 1. Claims: new request ids get a `settled` row; open ones are closed; settled ones are replays.
  const claims: Claim[] = [];
  const inserts: unknown[] = [];
  const closing: string[] = [];
  for (const { record, index } of fresh) {
    const row = own.get(record.requestId);
    const tokenUnlimited = tokenById.get(record.tokenId)?.unlimited_quota ?? true;
    if (!row) {
      inserts.push({
        request_id: record.requestId,
        user_id: record.userId,
        token_id: record.tokenId,
        token_unlimited: tokenUnlimited,
        created_at: record.createdAt,
      });
      claims.push({ record, index, reserved: 0, tokenUnlimited });
    } else if (row.status === 'settled') {
      results[index] = REPLAY;
    } else {
      closing.push(record.requestId);
      const open = row.status === 'reserved';
      claims.push({ record, index, reserved: open ? Number(row.amount) : 0, tokenUnlimited: open ? row.token_unlimited : tokenUnlimited });
    }
  }
  if (inserts.length > 0) {
    const inserted = await queryReturning<{ request_id: string }>(
      manager,
      `INSERT INTO quota_reservations (request_id, user_id, token_id, amount, token_unlimited, status, created_at)
       SELECT r.request_id, r.user_id, r.token_id, 0, r.token_unlimited, 'settled', r.created_at
         FROM jsonb_to_recordset($1::jsonb) AS r(request_id text, user_id int, token_id int, token_unlimited boolean, created_at bigint)
       ON CONFLICT (request_id) DO NOTHING RETURNING request_id`,
      [JSON.stringify(inserts)],
    );
    if (inserted.length !== inserts.length) throw new NeedsSingleSettlement('claimed-meanwhile');
  }
  if (closing.length > 0) {
    await manager.query(`UPDATE quota_reservations SET status = 'settled' WHERE request_id = ANY($1)`, [closing]);
  }

  // 2. Lease draws, in record order, while each lease lasts.
  const leaseIds = [...new Set(claims.flatMap(({ record }) => (record.leaseId && record.leaseId !== record.requestId ? [record.leaseId] : [])))];
  if (leaseIds.length > 0) {
    const leases = await queryReturning<LeaseRow>(
      manager,
      `SELECT request_id, amount, token_unlimited, user_id, token_id FROM quota_reservations
        WHERE request_id = ANY($1) AND status = 'reserved'`,
      [leaseIds],
    );
    const left = new Map(leases.map((lease) => [lease.request_id, { row: lease, amount: Number(lease.amount), drawn: 0 }]));
    for (const claim of claims) {
      const { record } = claim;
      const lease = record.leaseId ? left.get(record.leaseId) : undefined;
      const wanted = record.reserved ?? 0;
      if (!lease || wanted <= 0 || lease.row.user_id !== record.userId || lease.row.token_id !== record.tokenId) continue;
      const drawn = Math.min(wanted, lease.amount);
      lease.amount -= drawn;
      lease.drawn += drawn;
      claim.reserved += drawn;
      claim.tokenUnlimited = lease.row.token_unlimited;
    }
    for (const [id, lease] of [...left].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (lease.drawn > 0) {
        await manager.query(`UPDATE quota_reservations SET amount = amount - $2 WHERE request_id = $1`, [id, lease.drawn]);
      }
    }
  }

  // 3. Consume logs, one statement; a request id already logged sends the batch to the single path.
  if (logEnabled && claims.length > 0) {
    const rows = claims.map(({ record }) => ({
      user_id: record.userId,
      username: usernameById.get(record.userId) ?? '',
      created_at: record.createdAt,
      // A relay sends the figures and billing words the text; a record that carries one keeps it.
      content: record.content ?? consumeLogContent(record) ?? '',
      token_name: record.tokenId > 0 ? (tokenById.get(record.tokenId)?.name ?? '') : (record.tokenName ?? ''),
      model_name: record.model,
      quota: record.quota,
      prompt_tokens: record.promptTokens,
      completion_tokens: record.completionTokens,
      use_time: record.useTime ?? 0,
      is_stream: record.isStream,
      channel_id: record.channelId,
      token_id: record.tokenId,
      group: record.group,
      other: record.other ? JSON.stringify(record.other) : '',
      request_id: record.requestId,
    }));
    const logged = await queryReturning<{ id: string }>(
      manager,
      `INSERT INTO logs (user_id, username, created_at, type, content, token_name, model_name, quota, prompt_tokens,
                         completion_tokens, use_time, is_stream, channel_id, token_id, "group", other, request_id)
       SELECT r.user_id, r.username, r.created_at, $2, r.content, r.token_name, r.model_name, r.quota, r.prompt_tokens,
              r.completion_tokens, r.use_time, r.is_stream, r.channel_id, r.token_id, r."group", r.other, r.request_id
         FROM jsonb_to_recordset($1::jsonb) AS r(user_id int, username text, created_at bigint, content text, token_name text,
              model_name text, quota bigint, prompt_tokens int, completion_tokens int, use_time int, is_stream boolean,
              channel_id int, token_id int, "group" text, other text, request_id text)
       ON CONFLICT (request_id, created_at) DO NOTHING RETURNING id`,
      [JSON.stringify(rows), LogType.Consume],
    );
    if (logged.length !== rows.length) throw new NeedsSingleSettlement('already-logged');
  }

  // 4. Balances, summed per token and per user, written in id order.
  const tokenUsed = new Map<number, number>();
  const tokenRemain = new Map<number, number>();
  const userQuota = new Map<number, number>();
  const userUsed = new Map<number, number>();
  const userCount = new Map<number, number>();
  for (const claim of claims) {
    const { record } = claim;
    const delta = record.quota - claim.reserved;
    if (record.tokenId > 0) {
      sumInto(tokenUsed, record.tokenId, delta);
      if (!claim.tokenUnlimited) sumInto(tokenRemain, record.tokenId, delta);
    }
    sumInto(userQuota, record.userId, delta);
    sumInto(userUsed, record.userId, record.quota);
    sumInto(userCount, record.userId, 1);
    if (record.channelId > 0) shared.addChannel(record.channelId, record.quota);
    const hour = record.createdAt - (record.createdAt % 3600);
    shared.addHour(record.userId, usernameById.get(record.userId) ?? '', record.model, hour, record.promptTokens + record.completionTokens, record.quota);
    results[claim.index] = { settled: true, reserved: claim.reserved, delta };
  }
  for (const id of [...tokenUsed.keys()].sort((a, b) => a - b)) {
    await manager.query(`UPDATE tokens SET used_quota = used_quota + $2, remain_quota = remain_quota - $3 WHERE id = $1`, [
      id,
      tokenUsed.get(id),
      tokenRemain.get(id) ?? 0,
    ]);
  }
  for (const id of [...userQuota.keys()].sort((a, b) => a - b)) {
    await manager.query(
      `UPDATE users SET quota = quota - $2, used_quota = used_quota + $3, request_count = request_count + $4 WHERE id = $1`,
      [id, userQuota.get(id), userUsed.get(id), userCount.get(id)],
    );
  }
  return results;
}
