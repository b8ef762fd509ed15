import type { QuotaReservationStatus } from '@modelgate/db';
import { NotFoundError, QuotaExceededError } from '@modelgate/runtime';
import type { DataSource, EntityManager } from 'typeorm';
import { nowSeconds, queryReturning, runTransaction } from './sql';

/** One reservation request: take `amount` for `requestId` from the user and the token. */
export interface ReserveInput {
  requestId: string;
  userId: number;
  /** 0 when the request has no token (console playground): only the user is charged. */
  tokenId: number;
  amount: number;
  /** An unlimited token's `remain_quota` is not checked or reduced. */
  tokenUnlimited: boolean;
}

/** What a reservation call achieved. */
export interface ReserveResult {
  /** The amount held for the request (of the earlier call when `replayed`). */
  amount: number;
  /** The request id already had a reservation (or a release): nothing was taken this time. */
  replayed: boolean;
  /** Where the request's reservation stands now. */
  status: QuotaReservationStatus;
}

/** What a release call achieved. */
export interface ReleaseResult {
  /** True when this call refunded the reservation; false for a repeat, a settled or unknown id. */
  released: boolean;
  /** The amount refunded by this call (0 when nothing was refunded). */
  amount: number;
}

/**
 * Reservation at admission (reference §3.2) and its refund for a failed request. Each call is one
 * transaction whose first statement claims the request id in `quota_reservations`, so a retried
 * call never takes or refunds twice; balances move only by conditional atomic updates
 * (`remain_quota >= n`, `quota >= n`), so concurrent reservations never exceed a balance.
 */
export class ReservationStore {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Takes `amount` from the user's `quota` and (unless unlimited or absent) the token's
   * `remain_quota`, adding it to the token's `used_quota`; refuses with a QuotaExceededError
   * (codes `insufficient_user_quota`, `pre_consume_token_quota_failed`) when either falls short.
   */
  reserve(input: ReserveInput): Promise<ReserveResult> {
    return runTransaction(this.dataSource, async (manager) => {
      const claimed = await queryReturning<{ request_id: string }>(
        manager,
        `INSERT INTO quota_reservations (request_id, user_id, token_id, amount, token_unlimited, status, created_at)
         VALUES ($1, $2, $3, $4, $5, 'reserved', $6)
         ON CONFLICT (request_id) DO NOTHING RETURNING request_id`,
        [input.requestId, input.userId, input.tokenId, input.amount, input.tokenUnlimited, nowSeconds()],
      );
      if (claimed.length === 0) {
        const rows = await queryReturning<{ amount: string; status: QuotaReservationStatus }>(
          manager,
          `SELECT amount, status FROM quota_reservations WHERE request_id = $1`,
          [input.requestId],
        );
        const existing = rows[0];
        if (!existing) throw new Error(`reservation ${input.requestId} vanished`);
        return { amount: Number(existing.amount), replayed: true, status: existing.status };
      }
      if (input.tokenId > 0) await takeFromToken(manager, input);
      await takeFromUser(manager, input);
      return { amount: input.amount, replayed: false, status: 'reserved' };
    });
  }

  /**
   * Refunds the open reservation of `requestId`: user `quota +=`, token `remain_quota +=` (when
   * limited) and `used_quota −=`. Without `maxAmount` everything left is refunded and the
   * reservation is closed exactly once. With `maxAmount` (a quota lease giving back what it never
   * handed out) at most that much is refunded and the rest stays reserved for the records still to
   * be settled against it; the reservation closes when nothing is left. A release of an unknown
   * request id leaves a `released` marker, so a reservation arriving late for it takes nothing.
   */
  release(requestId: string, maxAmount?: number): Promise<ReleaseResult> {
    return runTransaction(this.dataSource, async (manager) => {
      const rows = await queryReturning<{ user_id: number; token_id: number; amount: string; token_unlimited: boolean }>(
        manager,
        `SELECT user_id, token_id, amount, token_unlimited FROM quota_reservations
          WHERE request_id = $1 AND status = 'reserved' FOR UPDATE`,
        [requestId],
      );
      const row = rows[0];
      if (!row) {
        await manager.query(
          `INSERT INTO quota_reservations (request_id, user_id, token_id, amount, token_unlimited, status, created_at)
           VALUES ($1, 0, 0, 0, true, 'released', $2) ON CONFLICT (request_id) DO NOTHING`,
          [requestId, nowSeconds()],
        );
        return { released: false, amount: 0 };
      }
      const held = Number(row.amount);
      const amount = maxAmount !== undefined && maxAmount > 0 ? Math.min(held, maxAmount) : held;
      const left = held - amount;
      if (left > 0) {
        await manager.query(`UPDATE quota_reservations SET amount = $2 WHERE request_id = $1`, [requestId, left]);
      } else {
        // Closed: the row keeps what it last held, for the record; settlement reads only the status.
        await manager.query(`UPDATE quota_reservations SET status = 'released' WHERE request_id = $1`, [requestId]);
      }
      if (row.token_id > 0) {
        await manager.query(
          `UPDATE tokens SET used_quota = used_quota - $2,
                  remain_quota = CASE WHEN $3 THEN remain_quota ELSE remain_quota + $2 END
            WHERE id = $1`,
          [row.token_id, amount, row.token_unlimited],
        );
      }
      await manager.query(`UPDATE users SET quota = quota + $2 WHERE id = $1`, [row.user_id, amount]);
      return { released: true, amount };
    });
  }
}

async function takeFromToken(manager: EntityManager, input: ReserveInput): Promise<void> {
  const taken = await queryReturning<{ id: number }>(
    manager,
    `UPDATE tokens SET used_quota = used_quota + $3,
            remain_quota = CASE WHEN $4 THEN remain_quota ELSE remain_quota - $3 END
      WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL AND ($4 OR remain_quota >= $3)
      RETURNING id`,
    [input.tokenId, input.userId, input.amount, input.tokenUnlimited],
  );
  if (taken.length > 0) return;
  const rows = await queryReturning<{ remain_quota: string }>(
    manager,
    `SELECT remain_quota FROM tokens WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`,
    [input.tokenId, input.userId],
  );
  const token = rows[0];
  if (!token) throw new NotFoundError(`token ${input.tokenId} not found`, { code: 'token_not_found' });
  throw new QuotaExceededError(
    `token quota is not enough, token remain quota: ${token.remain_quota}, need quota: ${input.amount}`,
    { code: 'pre_consume_token_quota_failed' },
  );
}

async function takeFromUser(manager: EntityManager, input: ReserveInput): Promise<void> {
  const taken = await queryReturning<{ id: number }>(
    manager,
    `UPDATE users SET quota = quota - $2
      WHERE id = $1 AND deleted_at IS NULL AND quota > 0 AND quota >= $2
      RETURNING id`,
    [input.userId, input.amount],
  );
  if (taken.length > 0) return;
  const rows = await queryReturning<{ quota: string }>(
    manager,
    `SELECT quota FROM users WHERE id = $1 AND deleted_at IS NULL`,
    [input.userId],
  );
  const user = rows[0];
  if (!user) throw new NotFoundError(`user ${input.userId} not found`, { code: 'user_not_found' });
  const message =
    Number(user.quota) <= 0
      ? 'user quota is not enough'
      : `chat pre-consumed quota failed, user quota: ${user.quota}, need quota: ${input.amount}`;
  throw new QuotaExceededError(message, { code: 'insufficient_user_quota' });
}
