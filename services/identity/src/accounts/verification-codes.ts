import type { VerificationPurpose } from '@modelgate/db';
import type { DataSource, EntityManager } from 'typeorm';
import { sameDigest, secretHash } from '../users/secrets';

/** Codes and reset tokens are valid 10 minutes (spec and reference). */
export const SECRET_TTL_MS = 10 * 60_000;
/** Wrong guesses a code survives; the next guess finds it dead (6 digits must not be brute-forced). */
export const MAX_ATTEMPTS = 5;
/** Spec §9: a new code for the same address at most every 30 seconds. */
export const RESEND_INTERVAL_SECONDS = 30;
/** And at most this many per address and purpose per hour. */
export const MAX_SENDS_PER_HOUR = 10;

/** How soon another secret may be sent to an address. */
export interface SendAllowance {
  /** Seconds to wait because of the 30-second interval; 0 when a send is allowed now. */
  waitSeconds: number;
  /** True when the hourly cap is used up. */
  hourlyCapReached: boolean;
}

/** The outcome of redeeming a secret. */
export type Redemption = { ok: true; userId: number | null } | { ok: false };

/**
 * One-time secrets mailed to an address (`verification_codes`): 6-digit codes and reset tokens.
 * They live in the database, not in process memory, so any identity replica can check a code
 * another one sent. Only a hash is stored; a code is valid 10 minutes, once, for at most
 * {@link MAX_ATTEMPTS} wrong guesses, and issuing a new one retires the earlier ones.
 */
export class VerificationCodes {
  constructor(private readonly dataSource: DataSource) {}

  /** Whether a secret may be sent to `target` now (see {@link SendAllowance}). */
  async allowance(purpose: VerificationPurpose, target: string): Promise<SendAllowance> {
    const rows: Array<{ sent: string; since: string | null }> = await this.dataSource.query(
      `SELECT count(*) AS sent, extract(epoch FROM now() - max(created_at)) AS since
         FROM verification_codes
        WHERE purpose = $1 AND target = $2 AND created_at > now() - interval '1 hour'`,
      [purpose, target],
    );
    const sent = Number(rows[0]?.sent ?? 0);
    const since = rows[0]?.since === null || rows[0]?.since === undefined ? Infinity : Number(rows[0].since);
    return {
      waitSeconds: since < RESEND_INTERVAL_SECONDS ? Math.ceil(RESEND_INTERVAL_SECONDS - since) : 0,
      hourlyCapReached: sent >= MAX_SENDS_PER_HOUR,
    };
  }

  /**
   * Stores `secret` for `target`, retiring every earlier unused one of the same purpose, and
   * returns its row id (to {@link discard} it when the mail cannot be sent).
   */
  async issue(purpose: VerificationPurpose, target: string, secret: string, userId: number | null = null): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(
        `DELETE FROM verification_codes WHERE purpose = $1 AND expires_at < now() - interval '1 day'`,
        [purpose],
      );
      await manager.query(
        `UPDATE verification_codes SET consumed_at = now()
          WHERE purpose = $1 AND target = $2 AND consumed_at IS NULL`,
        [purpose, target],
      );
      const rows: Array<{ id: number }> = await manager.query(
        `INSERT INTO verification_codes (purpose, target, code_hash, user_id, expires_at)
         VALUES ($1, $2, $3, $4, now() + ($5 || ' milliseconds')::interval)
         RETURNING id`,
        [purpose, target, secretHash(purpose, target, secret), userId, String(SECRET_TTL_MS)],
      );
      return Number(rows[0]!.id);
    });
  }

  /** Forgets a secret that was never delivered. */
  async discard(id: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM verification_codes WHERE id = $1`, [id]);
  }

  /**
   * Redeems `secret` inside the caller's transaction: the live secret of `target` is locked and
   * either consumed (a match) or charged one attempt (a mismatch). The caller must commit in both
   * cases — return the failed result from the transaction rather than throwing inside it — so a
   * wrong guess is counted, and a match is undone only when the caller's own work fails.
   */
  async redeem(
    manager: EntityManager,
    purpose: VerificationPurpose,
    target: string,
    secret: string,
  ): Promise<Redemption> {
    if (secret === '') return { ok: false };
    const rows: Array<{ id: number; code_hash: string; user_id: number | null }> = await manager.query(
      `SELECT id, code_hash, user_id FROM verification_codes
        WHERE purpose = $1 AND target = $2 AND consumed_at IS NULL AND expires_at > now() AND attempts < $3
        ORDER BY id DESC LIMIT 1
        FOR UPDATE`,
      [purpose, target, MAX_ATTEMPTS],
    );
    const row = rows[0];
    if (!row) return { ok: false };
    if (!sameDigest(row.code_hash, secretHash(purpose, target, secret))) {
      await manager.query(`UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1`, [row.id]);
      return { ok: false };
    }
    await manager.query(`UPDATE verification_codes SET consumed_at = now() WHERE id = $1`, [row.id]);
    return { ok: true, userId: row.user_id === null ? null : Number(row.user_id) };
  }
}
