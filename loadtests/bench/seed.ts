import { randomBytes } from 'node:crypto';
import { BENCH_CHAT_ONLY_MODEL, BENCH_MODEL, UPSTREAM_KEY } from './requests';

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

/** The channel type numbers the benchmark's channels are stored with (the channel-types catalogue's ids). */
const OPENAI_CHANNEL_TYPE = 1;
/** DeepSeek: an OpenAI-compatible vendor that serves chat completions but not the Responses API. */
const CHAT_ONLY_CHANNEL_TYPE = 43;

/**
 * Writes what the relay needs to serve the benchmark, on a migrated and seeded database: an
 * OpenAI channel to the fake upstream serving {@link BENCH_MODEL}, a chat-only (DeepSeek)
 * channel to the same fake upstream serving {@link BENCH_CHAT_ONLY_MODEL} (so Responses requests
 * for it are converted through chat completions), each with its routing row, an ordinary user with a large
 * balance, and a token of that user. The token has unlimited quota, so each request reserves
 * and settles against the user's balance only, as most production traffic does. Consume logs
 * stay on (the seeded default), so billing writes a log row per request. Returns the client
 * key, `sk-…`.
 */
/** Limits high enough that the benchmark's traffic never meets them (per minute). */
const NEVER_MET = 100_000_000;

/**
 * `--limits`: every traffic limit on, none ever refusing, so the run measures what deciding them
 * costs: the user's total and successful requests, the token's requests and tokens per minute,
 * and the channels' requests and tokens per minute and concurrency.
 */
async function turnOnLimits(query: Query): Promise<void> {
  const options: Record<string, string> = {
    ModelRequestRateLimitEnabled: 'true',
    ModelRequestRateLimitCount: String(NEVER_MET),
    ModelRequestRateLimitSuccessCount: String(NEVER_MET),
    ModelRequestRateLimitDurationMinutes: '1',
  };
  for (const [key, value] of Object.entries(options)) {
    await query(`INSERT INTO options ("key", "value") VALUES ($1, $2) ON CONFLICT ("key") DO UPDATE SET "value" = EXCLUDED."value"`, [key, value]);
  }
  await query(`UPDATE tokens SET rate_limit_rpm = $1, rate_limit_tpm = $1`, [NEVER_MET]);
  await query(`UPDATE channels SET max_rpm = $1, max_tpm = $1, max_concurrency = 10000`, [NEVER_MET]);
}

/** How the benchmark's rows are seeded beyond the defaults. */
export interface BenchSeed {
  /** Every traffic limit on, none ever met (`--limits`). */
  limits?: boolean;
  /** The channels offer HTTP/2 to their (https) upstream: `upstream_http2` in their settings. */
  upstreamHttp2?: boolean;
}

export async function seedBenchData(query: Query, fakeUpstreamUrl: string, seed: BenchSeed = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const setting = seed.upstreamHttp2 ? JSON.stringify({ upstream_http2: true }) : null;
  const addChannel = async (type: number, name: string, model: string) => {
    const [channel] = (await query(
      `INSERT INTO channels (type, key, status, name, weight, created_time, base_url, models, "group", priority, auto_ban, setting)
       VALUES ($1, $2, 1, $3, 0, $4, $5, $6, 'default', 0, 0, $7)
       RETURNING id`,
      [type, UPSTREAM_KEY, name, now, fakeUpstreamUrl, model, setting],
    )) as Array<{ id: number }>;
    await query(
      `INSERT INTO abilities ("group", model, channel_id, enabled, priority, weight)
       VALUES ('default', $1, $2, true, 0, 0)`,
      [model, channel!.id],
    );
  };
  await addChannel(OPENAI_CHANNEL_TYPE, 'benchmark fake upstream', BENCH_MODEL);
  await addChannel(CHAT_ONLY_CHANNEL_TYPE, 'benchmark fake upstream (chat only)', BENCH_CHAT_ONLY_MODEL);
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
  if (seed.limits) await turnOnLimits(query);
  // The fake upstream listens on loopback: allowed, as a root allows a model server on its own host.
  await query(`UPDATE options SET "value" = $1 WHERE "key" = 'OutboundAllowedRanges'`, ['127.0.0.0/8,::1']);
  return `sk-${key}`;
}
