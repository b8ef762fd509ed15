import { randomBytes } from 'node:crypto';
import type { MessageBus } from '@modelgate/contracts/bus';

/**
 * The outbound allow list the test stacks start with: loopback, where the fake upstreams and fake
 * providers listen, as a root allows a model server on the machine itself. A test about the
 * outbound address policy sets `OutboundAllowedRanges` back to '' (the installation default).
 */
export const TEST_OUTBOUND_ALLOWED_RANGES = '127.0.0.0/8,::1';

/** Runs SQL against the stack's database (ApiStack.query, or a pg client in split-process tests). */
export type Sql = <T = any>(text: string, parameters?: unknown[]) => Promise<T[]>;

/** A channel to seed: an OpenAI-schema upstream (type 1 unless given) serving `models` in `groups`. */
export interface ChannelSeed {
  baseUrl: string;
  key?: string;
  type?: number;
  name?: string;
  models: string[];
  groups?: string[];
  priority?: number;
  weight?: number;
  status?: number;
  autoBan?: boolean;
  modelMapping?: Record<string, string>;
  statusCodeMapping?: Record<string, string>;
  other?: string;
}

/**
 * Inserts a channel and its abilities (one row per group × model, as the admin API writes them)
 * and, when a bus is given, announces it so every relay reloads. Returns the channel id.
 */
export async function seedChannel(sql: Sql, seed: ChannelSeed, bus?: MessageBus): Promise<number> {
  const groups = seed.groups ?? ['default'];
  const rows = await sql<{ id: number }>(
    `INSERT INTO channels (type, key, name, base_url, models, "group", priority, weight, status, auto_ban,
                           model_mapping, status_code_mapping, other, created_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, extract(epoch from now())::bigint)
     RETURNING id`,
    [
      seed.type ?? 1,
      seed.key ?? `sk-upstream-${randomBytes(4).toString('hex')}`,
      seed.name ?? 'test channel',
      seed.baseUrl,
      seed.models.join(','),
      groups.join(','),
      seed.priority ?? 0,
      seed.weight ?? 0,
      seed.status ?? 1,
      seed.autoBan === false ? 0 : 1,
      seed.modelMapping ? JSON.stringify(seed.modelMapping) : '',
      seed.statusCodeMapping ? JSON.stringify(seed.statusCodeMapping) : '',
      seed.other ?? '',
    ],
  );
  const id = rows[0]!.id;
  for (const group of groups) {
    for (const model of seed.models) {
      await sql(
        `INSERT INTO abilities ("group", model, channel_id, enabled, priority, weight) VALUES ($1, $2, $3, $4, $5, $6)`,
        [group, model, id, (seed.status ?? 1) === 1, seed.priority ?? 0, seed.weight ?? 0],
      );
    }
  }
  if (bus) await bus.publish('modelgate.evt.config.channel.changed', { channelIds: [id], reason: 'created' });
  return id;
}

/** A token to seed for a user. */
export interface TokenSeed {
  userId: number;
  name?: string;
  unlimited?: boolean;
  remainQuota?: number;
  expiredTime?: number;
  status?: number;
  group?: string;
  modelLimits?: string[];
  allowIps?: string;
}

/** A seeded token: its id and the key a client sends (`sk-` + the stored 48 characters). */
export interface SeededToken {
  id: number;
  key: string;
  apiKey: string;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 48 random alphanumerics, the stored form of a token key. */
export function randomTokenKey(): string {
  const bytes = randomBytes(48);
  return [...bytes].map((b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
}

/** Inserts a token (unlimited unless told otherwise) and announces it when a bus is given. */
export async function seedToken(sql: Sql, seed: TokenSeed, bus?: MessageBus): Promise<SeededToken> {
  const key = randomTokenKey();
  const rows = await sql<{ id: number }>(
    `INSERT INTO tokens (user_id, key, status, name, created_time, expired_time, remain_quota, unlimited_quota,
                         model_limits_enabled, model_limits, allow_ips, "group")
     VALUES ($1, $2, $3, $4, extract(epoch from now())::bigint, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      seed.userId,
      key,
      seed.status ?? 1,
      seed.name ?? 'test token',
      seed.expiredTime ?? -1,
      seed.remainQuota ?? 0,
      seed.unlimited ?? true,
      seed.modelLimits !== undefined,
      (seed.modelLimits ?? []).join(','),
      seed.allowIps ?? '',
      seed.group ?? '',
    ],
  );
  const id = rows[0]!.id;
  if (bus) await bus.publish('modelgate.evt.identity.token.changed', { tokenIds: [id], userId: seed.userId, reason: 'created' });
  return { id, key, apiKey: `sk-${key}` };
}

/** Inserts an ordinary user with `quota` and returns its id (role 1, status 1, group `default` unless given). */
export async function seedUser(sql: Sql, quota: number, group = 'default', role = 1): Promise<number> {
  const name = `u${randomBytes(5).toString('hex')}`;
  const rows = await sql<{ id: number }>(
    `INSERT INTO users (username, password, display_name, role, status, quota, "group", aff_code)
     VALUES ($1, 'x', $1, $2, 1, $3, $4, $5) RETURNING id`,
    [name, role, quota, group, randomBytes(3).toString('hex')],
  );
  return rows[0]!.id;
}

/** Polls `check` until it holds or `timeoutMs` passes (then one last check decides). */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}
