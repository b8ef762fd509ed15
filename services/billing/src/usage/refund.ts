import type { MessageBus, UsageRefund } from '@modelgate/contracts/bus';
import { LogType } from '@modelgate/db';
import type { ConsumerHandle, Logger } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import { queryReturning, runTransaction } from './sql';

/** The durable consumer every billing replica shares for refunds. */
export const REFUND_DURABLE = 'billing-refund';

/** Thrown while the refunded request has not settled yet: the bus redelivers later. */
export class RequestNotSettledError extends Error {}

/**
 * Refunds a settled request in full, exactly once, in one transaction: the refund id is claimed
 * in `quota_reservations` (a second refund with the id is a no-op); the user's `quota` goes back
 * up by `quota` and their `used_quota` and `request_count` down, the token's `used_quota` down
 * and its `remain_quota` up (when limited), the channel's `used_quota` down; a refund log row
 * (type system, the quota given back, `request_id` = the refund id) is written. A request that
 * has not settled yet (its usage record is still on its way) throws
 * {@link RequestNotSettledError}, so the refund waits rather than paying out a charge not made.
 * Rows are locked in the order settlement uses: reservation rows, token, user, channel.
 * Returns false for a refund made before.
 */
export async function refundUsage(dataSource: DataSource, refund: UsageRefund): Promise<boolean> {
  return runTransaction(dataSource, async (manager) => {
    const original = await queryReturning<{ status: string; token_unlimited: boolean }>(
      manager,
      `SELECT status, token_unlimited FROM quota_reservations WHERE request_id = $1 FOR UPDATE`,
      [refund.requestId],
    );
    if (original[0]?.status !== 'settled') throw new RequestNotSettledError(`request ${refund.requestId} is not settled yet`);
    const claimed = await queryReturning<{ request_id: string }>(
      manager,
      `INSERT INTO quota_reservations (request_id, user_id, token_id, amount, token_unlimited, status, created_at)
       VALUES ($1, $2, $3, $4, $5, 'settled', $6) ON CONFLICT (request_id) DO NOTHING RETURNING request_id`,
      [refund.refundId, refund.userId, refund.tokenId, refund.quota, original[0].token_unlimited, refund.createdAt],
    );
    if (claimed.length === 0) return false;
    const quota = refund.quota;
    if (refund.tokenId > 0) {
      await manager.query(
        `UPDATE tokens SET used_quota = used_quota - $2,
                remain_quota = CASE WHEN $3 THEN remain_quota ELSE remain_quota + $2 END
          WHERE id = $1`,
        [refund.tokenId, quota, original[0].token_unlimited],
      );
    }
    await manager.query(
      `UPDATE users SET quota = quota + $2, used_quota = used_quota - $2, request_count = GREATEST(request_count - 1, 0) WHERE id = $1`,
      [refund.userId, quota],
    );
    if (refund.channelId > 0) {
      await manager.query(`UPDATE channels SET used_quota = used_quota - $2 WHERE id = $1`, [refund.channelId, quota]);
    }
    await manager.query(
      `INSERT INTO logs (user_id, username, created_at, type, content, token_name, model_name, quota, channel_id, token_id,
                         "group", request_id, other)
       VALUES ($1, COALESCE((SELECT username FROM users WHERE id = $1), ''), $2, $3, $4,
               COALESCE((SELECT name FROM tokens WHERE id = $5), ''), $6, $7, $8, $5, $9, $10, $11)
       ON CONFLICT (request_id, created_at) DO NOTHING`,
      [refund.userId, refund.createdAt, LogType.System, refund.content, refund.tokenId, refund.model, quota, refund.channelId, refund.group, refund.refundId, refund.other ?? ''],
    );
    return true;
  });
}

/**
 * Consumes refunds (`usage.refund`) under one durable consumer shared by the replicas. A refund
 * that arrives before its request settled is redelivered with backoff until it has.
 */
export function startRefundConsumer(bus: MessageBus, dataSource: DataSource, logger: Logger): Promise<ConsumerHandle> {
  return bus.consume('modelgate.cmd.billing.usage.refund', {
    durable: REFUND_DURABLE,
    concurrency: 2,
    maxDeliver: 20,
    retryBackoff: { initialMs: 200, maxMs: 10_000 },
    handler: async (message) => {
      const refunded = await refundUsage(dataSource, message.payload);
      logger.info({ refundId: message.payload.refundId, quota: message.payload.quota, refunded }, refunded ? 'task refunded' : 'refund already made; skipped');
    },
  });
}
