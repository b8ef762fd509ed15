import { createHash } from 'node:crypto';
import { RateLimitedError } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import { AccountMessage } from './account-messages';
import { normaliseEmail } from './account-rules';

/** How failed sign-ins of one account name are throttled. */
export interface LoginBackoffSettings {
  /** Attempts allowed before the first wait. */
  freeAttempts: number;
  /** The wait after the last free attempt; each further attempt doubles it. */
  firstDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
  /** A count is forgotten this long after the last attempt it counted. */
  forgetAfterMs: number;
}

/**
 * Five attempts, then 30 s, 1, 2, 4, 8 and at most 15 minutes between two more; forgotten a day
 * after the last one, or at the next successful sign-in. With the per-client critical limit
 * (20 per 20 minutes per address) in front, guessing one account's password from many
 * addresses is held to a few tries an hour.
 */
export const DEFAULT_LOGIN_BACKOFF: LoginBackoffSettings = Object.freeze({
  freeAttempts: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
});

/** One in this many claims also deletes the expired rows. */
const PURGE_EVERY = 100;

/**
 * Counts one attempt of an account and locks it when the count calls for a wait, in one
 * statement, unless the account is locked now (then nothing is written and nothing returned).
 * $1 account, $2 now, $3 free attempts, $4 first delay, $5 max delay, $6 forget after.
 */
/** The count after this attempt: one more, or a fresh one when the old count was forgotten. */
const NEXT_COUNT = `(CASE WHEN f.expires_at <= $2::bigint THEN 1 ELSE f.failures + 1 END)`;
/** When a count of `count` attempts locks the name until: after the free attempts, doubling waits. */
const lockedUntil = (count: string) => `CASE WHEN ${count} >= $3::int
    THEN $2::bigint + LEAST($5::bigint, ($4::bigint * power(2, LEAST(${count} - $3::int, 30)))::bigint)
    ELSE 0 END`;
const CLAIM_SQL = `
INSERT INTO login_failures AS f (account, failures, locked_until, expires_at)
VALUES ($1, 1, ${lockedUntil('1')}, $2::bigint + $6::bigint)
ON CONFLICT (account) DO UPDATE SET
  failures = ${NEXT_COUNT},
  locked_until = ${lockedUntil(NEXT_COUNT)},
  expires_at = $2::bigint + $6::bigint
WHERE f.locked_until <= $2::bigint
RETURNING f.failures`;

/** A claim's outcome: go ahead, or wait this many seconds. */
export type LoginClaim = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * The per-account failed-sign-in counter with exponential backoff, shared by identity replicas
 * through `login_failures`. It is keyed by the login name as typed (an address normalised), never
 * by whether an account has that name, and it is consulted before the account is looked up: an
 * unknown name is counted, locked and answered exactly like a known one, so neither the answers
 * nor their timing tell whether an account exists.
 *
 * Every attempt counts when it is made (so parallel guesses cannot slip past the count); a
 * successful one clears the count. While an account is locked, attempts are refused without
 * checking the password — a right one included — and without extending the lock.
 */
export class LoginBackoff {
  private readonly settings: LoginBackoffSettings;
  private readonly now: () => number;
  private claims = 0;

  constructor(
    private readonly dataSource: DataSource,
    options: { settings?: Partial<LoginBackoffSettings>; now?: () => number } = {},
  ) {
    this.settings = { ...DEFAULT_LOGIN_BACKOFF, ...options.settings };
    this.now = options.now ?? Date.now;
  }

  /** Counts an attempt of `loginName`, or refuses it while the name is locked. */
  async claim(loginName: string): Promise<LoginClaim> {
    const account = accountKey(loginName);
    const now = this.now();
    const { freeAttempts, firstDelayMs, maxDelayMs, forgetAfterMs } = this.settings;
    const rows = (await this.dataSource.query(CLAIM_SQL, [account, now, freeAttempts, firstDelayMs, maxDelayMs, forgetAfterMs])) as unknown[];
    if (++this.claims % PURGE_EVERY === 0) await this.purgeExpired();
    if (rows.length > 0) return { allowed: true };
    const locked = (await this.dataSource.query(`SELECT locked_until FROM login_failures WHERE account = $1`, [account])) as Array<{
      locked_until: string;
    }>;
    const until = Number(locked[0]?.locked_until ?? now);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) };
  }

  /** {@link claim}, throwing the refusal (HTTP 429 on `/api`) while the name is locked. */
  async admit(loginName: string): Promise<void> {
    const claim = await this.claim(loginName);
    if (!claim.allowed) {
      throw new RateLimitedError(AccountMessage.tooManySignInFailures(claim.retryAfterSeconds), {
        details: { retry_after: claim.retryAfterSeconds },
      });
    }
  }

  /** The sign-in succeeded: the name's count is forgotten. */
  async succeeded(loginName: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM login_failures WHERE account = $1`, [accountKey(loginName)]);
  }

  /** Deletes the counts nobody needs any more; returns how many. */
  async purgeExpired(): Promise<number> {
    const result = (await this.dataSource.query(`DELETE FROM login_failures WHERE expires_at < $1`, [this.now()])) as
      | [unknown[], number]
      | unknown[];
    return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
  }
}

/** The stored key of a login name: a hash (a mistyped password in the name field is not kept). */
function accountKey(loginName: string): string {
  const name = loginName.trim();
  const normalised = name.includes('@') ? normaliseEmail(name) : name;
  return createHash('sha256').update(normalised).digest('hex');
}
