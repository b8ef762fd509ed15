import { randomBytes } from 'node:crypto';
import { BENCH_MODEL, UPSTREAM_KEY } from './requests';

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const KEY_LENGTH = 48;

/**
 * A token key in the product's format: 48 alphanumerics, sent as `sk-<key>`. Rejection
 * sampling keeps every character equally likely.
 */
export function generateTokenKey(random: (size: number) => Buffer = randomBytes): string {
  let key = '';
  // 248 is the largest multiple of 62 below 256: bytes from 248 up would favour some letters.
  const limit = 256 - (256 % KEY_ALPHABET.length);
  while (key.length < KEY_LENGTH) {
    for (const byte of random(KEY_LENGTH)) {
      if (byte < limit && key.length < KEY_LENGTH) key += KEY_ALPHABET[byte % KEY_ALPHABET.length];
    }
  }
  return key;
}

/** Runs one SQL statement with positional parameters and returns its rows. */
export type Query = (sql: string, parameters?: unknown[]) => Promise<unknown>;

/** A user balance large enough that no benchmark ever runs it down (2 million USD). */
const BENCH_USER_QUOTA = 1_000_000_000_000;

/**
 * Writes what the relay needs to serve the benchmark, on a migrated and seeded database: one
 * OpenAI channel to the fake upstream with its routing row, an ordinary user with a large
 * balance, and a token of that user. The token has unlimited quota, so each request reserves
 * and settles against the user's balance only, as most production traffic does. Consume logs
 * stay on (the seeded default), so billing writes a log row per request. Returns the client
 * key, `sk-…`.
 */
export async function seedBenchData(query: Query, fakeUpstreamUrl: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const [channel] = (await query(
    `INSERT INTO channels (type, key, status, name, weight, created_time, base_url, models, "group", priority, auto_ban)
     VALUES (1, $1, 1, 'benchmark fake upstream', 0, $2, $3, $4, 'default', 0, 0)
     RETURNING id`,
    [UPSTREAM_KEY, now, fakeUpstreamUrl, BENCH_MODEL],
  )) as Array<{ id: number }>;
  await query(
    `INSERT INTO abilities ("group", model, channel_id, enabled, priority, weight)
     VALUES ('default', $1, $2, true, 0, 0)`,
    [BENCH_MODEL, channel!.id],
  );
  const [user] = (await query(
    `INSERT INTO users (username, password, display_name, role, status, quota, "group")
     VALUES ('benchmark', '!', 'Benchmark', 1, 1, $1, 'default')
     RETURNING id`,
    [BENCH_USER_QUOTA],
  )) as Array<{ id: number }>;
  const key = generateTokenKey();
  await query(
    `INSERT INTO tokens (user_id, key, status, name, created_time, expired_time, remain_quota, unlimited_quota)
     VALUES ($1, $2, 1, 'benchmark', $3, -1, 0, true)`,
    [user!.id, key, now],
  );
  await query(`UPDATE options SET "value" = 'true' WHERE "key" = 'LogConsumeEnabled'`);
  // The fake upstream listens on loopback: allowed, as a root allows a model server on its own host.
  await query(`UPDATE options SET "value" = $1 WHERE "key" = 'OutboundAllowedRanges'`, ['127.0.0.0/8,::1']);
  return `sk-${key}`;
}
