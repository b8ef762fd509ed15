import { createHash, randomBytes } from 'node:crypto';
import { VerificationPurpose } from '@modelgate/db';
import { PermissionDeniedError } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import { OAuthMessage } from './oauth-messages';

/** How long an OAuth state stays usable. */
export const STATE_TTL_MS = 10 * 60_000;
/** The shape of a state: 12 base64url characters (72 random bits), like the reference's. */
export const STATE_PATTERN = /^[A-Za-z0-9_-]{12}$/;
/** Longest invitation code looked up (`users.aff_code` is varchar(32)). */
const MAX_AFF_CODE_LENGTH = 32;

/** What a consumed state remembered. */
export interface ConsumedState {
  /** The inviter named by the state's invitation code; 0 when none (or unknown). */
  inviterId: number;
}

function stateKey(state: string): string {
  return createHash('sha256').update(`oauth_state\n${state}`).digest('hex');
}

/**
 * One-time OAuth states in `verification_codes` (purpose `oauth_state`), so any replica can check
 * a state another issued. Only a hash is stored (in `target`, which is indexed with the purpose,
 * and `code_hash`); the invitation code is resolved to its inviter when the state is issued and
 * kept in `user_id`. Edge additionally binds the state to the browser with a cookie.
 */
export class OAuthStates {
  constructor(private readonly dataSource: DataSource) {}

  /** Issues a state remembering `affCode`'s inviter (an unknown code is ignored, as at registration). */
  async create(affCode: string): Promise<string> {
    const state = randomBytes(9).toString('base64url');
    const key = stateKey(state);
    const code = affCode.trim();
    let inviterId: number | null = null;
    if (code !== '' && code.length <= MAX_AFF_CODE_LENGTH) {
      const rows: Array<{ id: number }> = await this.dataSource.query(
        `SELECT id FROM users WHERE aff_code = $1 AND deleted_at IS NULL`,
        [code],
      );
      inviterId = rows[0] ? Number(rows[0].id) : null;
    }
    await this.dataSource.query(
      `DELETE FROM verification_codes WHERE purpose = $1 AND expires_at <= now()`,
      [VerificationPurpose.OAuthState],
    );
    await this.dataSource.query(
      `INSERT INTO verification_codes (purpose, target, code_hash, user_id, expires_at)
       VALUES ($1, $2, $2, $3, now() + ($4 || ' milliseconds')::interval)`,
      [VerificationPurpose.OAuthState, key, inviterId, String(STATE_TTL_MS)],
    );
    return state;
  }

  /**
   * Uses up a state: succeeds once for a state issued less than 10 minutes ago, and refuses a
   * malformed, unknown, expired or already used one.
   */
  async consume(state: string): Promise<ConsumedState> {
    if (!STATE_PATTERN.test(state)) throw badState();
    // TypeORM answers a DELETE with [rows, affected].
    const [rows] = (await this.dataSource.query(
      `DELETE FROM verification_codes
        WHERE purpose = $1 AND target = $2 AND consumed_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [VerificationPurpose.OAuthState, stateKey(state)],
    )) as [Array<{ user_id: number | null }>, number];
    const row = rows[0];
    if (!row) throw badState();
    return { inviterId: row.user_id === null ? 0 : Number(row.user_id) };
  }
}

function badState(): PermissionDeniedError {
  return new PermissionDeniedError(OAuthMessage.badState, { code: 'oauth_state_invalid' });
}
