import type { DataSource } from 'typeorm';
import type { UsageRecord } from '@modelgate/contracts/bus';

/**
 * Test support for the usage tests: rows to charge against and a way to read balances back.
 * Not used by production code.
 */

/** Balances of the fixture user, token and channel, as numbers. */
export interface Balances {
  userQuota: number;
  userUsed: number;
  requestCount: number;
  tokenRemain: number;
  tokenUsed: number;
  channelUsed: number;
}

/** Inserts a user, a token of theirs and a channel; returns their ids. */
export async function createAccount(
  dataSource: DataSource,
  options: { name: string; quota: number; tokenRemain: number; tokenUnlimited?: boolean },
): Promise<{ userId: number; tokenId: number; channelId: number }> {
  const [user] = (await dataSource.query(
    `INSERT INTO users (username, password, quota) VALUES ($1, 'x', $2) RETURNING id`,
    [options.name, options.quota],
  )) as Array<{ id: number }>;
  const [token] = (await dataSource.query(
    `INSERT INTO tokens (user_id, key, name, remain_quota, unlimited_quota) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [user!.id, `key-${options.name}`, `${options.name}-token`, options.tokenRemain, options.tokenUnlimited ?? false],
  )) as Array<{ id: number }>;
  const [channel] = (await dataSource.query(`INSERT INTO channels (key, name) VALUES ('sk-up', $1) RETURNING id`, [
    `${options.name}-channel`,
  ])) as Array<{ id: number }>;
  return { userId: user!.id, tokenId: token!.id, channelId: channel!.id };
}

/** Reads the balances of one account. */
export async function readBalances(
  dataSource: DataSource,
  ids: { userId: number; tokenId: number; channelId: number },
): Promise<Balances> {
  const [row] = (await dataSource.query(
    `SELECT u.quota, u.used_quota AS user_used, u.request_count, t.remain_quota, t.used_quota AS token_used,
            c.used_quota AS channel_used
       FROM users u, tokens t, channels c WHERE u.id = $1 AND t.id = $2 AND c.id = $3`,
    [ids.userId, ids.tokenId, ids.channelId],
  )) as Array<Record<string, string>>;
  return {
    userQuota: Number(row!.quota),
    userUsed: Number(row!.user_used),
    requestCount: Number(row!.request_count),
    tokenRemain: Number(row!.remain_quota),
    tokenUsed: Number(row!.token_used),
    channelUsed: Number(row!.channel_used),
  };
}

/** A usage record of `quota` units for the account. */
export function usageRecord(
  requestId: string,
  ids: { userId: number; tokenId: number; channelId: number },
  quota: number,
): UsageRecord {
  return {
    requestId,
    userId: ids.userId,
    tokenId: ids.tokenId,
    channelId: ids.channelId,
    model: 'gpt-4o-mini',
    group: 'default',
    promptTokens: 10,
    completionTokens: 5,
    quota,
    isStream: false,
    createdAt: 1_790_000_000,
    content: '模型倍率 0.075，补全倍率 4，分组倍率 1',
    useTime: 2,
    other: { frt: 120 },
  };
}

/** Polls `check` until it returns true, failing after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
