import { randomBytes } from 'node:crypto';
import { type FakeUpstream, startFakeUpstream } from '@modelgate/fake-upstream';
import OpenAI, { type APIError } from 'openai';
import { type ApiStack, startApiStack } from './api-stack';
import { eventually, seedChannel, seedToken, seedUser, type Sql } from './relay-fixtures';

/** A consume log row (`logs`, type 2) with its numbers as numbers and `other` parsed. */
export interface ConsumeLog {
  id: number;
  requestId: string;
  userId: number;
  tokenId: number;
  channelId: number;
  model: string;
  group: string;
  quota: number;
  promptTokens: number;
  completionTokens: number;
  isStream: boolean;
  content: string;
  other: Record<string, any>;
}

/** A user's balances as billing left them, with what is still held in open reservations. */
export interface Balances {
  quota: number;
  usedQuota: number;
  requestCount: number;
  /** Sum of the user's `quota_reservations` still `reserved` (leases and per-request holds). */
  reserved: number;
}

/** The whole stack plus a fake upstream, for tests of the `/v1` data plane. */
export interface RelayStack {
  readonly api: ApiStack;
  readonly url: string;
  readonly fake: FakeUpstream;
  readonly sql: Sql;
  /** The official SDK against this stack's `/v1` (no retries, so every error surfaces). */
  openai(apiKey: string): OpenAI;
  /** The SDK error a one-message chat request for `model` fails with (throws if it succeeds). */
  chatError(apiKey: string, model: string): Promise<APIError>;
  /**
   * Writes options through identity and waits until the relay prices with them (a probe model
   * added to `ModelRatio` becomes billable), so the next request sees every value written.
   */
  setOptions(values: Record<string, string>): Promise<void>;
  /** Polls `GET /v1/models` with `apiKey` until every model in `models` is listed. */
  waitForModels(apiKey: string, models: readonly string[]): Promise<void>;
  /** Seeds a user (role 1 unless given) and an unlimited token for it. */
  userWithToken(
    quota: number,
    token?: Partial<Parameters<typeof seedToken>[1]>,
    user?: { group?: string; role?: number },
  ): Promise<{ userId: number; id: number; apiKey: string; key: string }>;
  seedChannel(seed: Parameters<typeof seedChannel>[1]): Promise<number>;
  /** The user's consume logs, oldest first. */
  consumeLogs(userId: number): Promise<ConsumeLog[]>;
  /** Waits until the user has at least `count` consume logs (then returns them all). */
  waitForLogs(userId: number, count: number, timeoutMs?: number): Promise<ConsumeLog[]>;
  balances(userId: number): Promise<Balances>;
  stop(): Promise<void>;
}

const PROBE_GROUP = 'mgprobe';
const PROBE_MODELS = Array.from({ length: 40 }, (_, i) => `mg-probe-${i}`);

function toLog(row: any): ConsumeLog {
  return {
    id: Number(row.id),
    requestId: row.request_id,
    userId: Number(row.user_id),
    tokenId: Number(row.token_id),
    channelId: Number(row.channel_id),
    model: row.model_name,
    group: row.group,
    quota: Number(row.quota),
    promptTokens: Number(row.prompt_tokens),
    completionTokens: Number(row.completion_tokens),
    isStream: Boolean(row.is_stream),
    content: row.content,
    other: row.other ? JSON.parse(row.other) : {},
  };
}

/**
 * Starts the embedded stack (on NATS under a private namespace when NATS_URL is set, else the
 * in-process bus) and a fake upstream. A probe channel that cannot be reached (port 1) serves
 * `mg-probe-*` in a group of its own, so options can be confirmed applied without touching the
 * fake, the test's users or any model list the tests read.
 */
export async function startRelayStack(env: Record<string, string> = {}): Promise<RelayStack> {
  const natsEnv: Record<string, string> = process.env.NATS_URL
    ? { NATS_URL: process.env.NATS_URL, NATS_NAMESPACE: `relay${randomBytes(4).toString('hex')}` }
    : {};
  const fake = await startFakeUpstream();
  let api: ApiStack;
  try {
    api = await startApiStack({ ...natsEnv, ...env });
  } catch (error) {
    await fake.close();
    throw error;
  }
  const sql: Sql = (text, parameters) => api.query(text, parameters);
  const bus = api.stack.bus;
  const url = api.url;

  const waitForModels = async (apiKey: string, models: readonly string[]) => {
    const listed = async () => {
      const res = await fetch(`${url}/v1/models`, { headers: { Authorization: `Bearer ${apiKey}` } });
      if (res.status !== 200) return false;
      const ids = new Set(((await res.json()) as { data: Array<{ id: string }> }).data.map((m) => m.id));
      return models.every((m) => ids.has(m));
    };
    if (!(await eventually(listed, 10_000))) throw new Error(`the relay never listed ${models.join(', ')}`);
  };

  const probeUser = await seedUser(sql, 1_000_000_000, PROBE_GROUP);
  const probeToken = await seedToken(sql, { userId: probeUser }, bus);
  await seedChannel(sql, { baseUrl: 'http://127.0.0.1:1', models: PROBE_MODELS, groups: [PROBE_GROUP], autoBan: false }, bus);
  await waitForModels(probeToken.apiKey, PROBE_MODELS);
  let probes = 0;

  const openai = (apiKey: string) => new OpenAI({ baseURL: `${url}/v1`, apiKey, maxRetries: 0 });
  const consumeLogs = async (userId: number) =>
    (await sql(`SELECT * FROM logs WHERE type = 2 AND user_id = $1 ORDER BY id`, [userId])).map(toLog);

  return {
    api,
    url,
    fake,
    sql,
    openai,
    chatError: (apiKey, model) =>
      openai(apiKey).chat.completions
        .create({ model, messages: [{ role: 'user', content: 'Say hello.' }] })
        .then(
          () => {
            throw new Error(`a request for ${model} succeeded`);
          },
          (error: unknown) => error as APIError,
        ),
    async setOptions(values) {
      const probe = PROBE_MODELS[probes++ % PROBE_MODELS.length]!;
      let ratios = values['ModelRatio'];
      if (ratios === undefined) {
        const rows = await sql<{ value: string }>(`SELECT value FROM options WHERE key = 'ModelRatio'`);
        ratios = rows[0]?.value ?? '{}';
      }
      const withProbe = { ...(JSON.parse(ratios) as Record<string, number>) };
      for (const name of PROBE_MODELS) delete withProbe[name];
      withProbe[probe] = 1;
      await api.setOptions({ ...values, ModelRatio: JSON.stringify(withProbe) });
      const applied = await eventually(async () => {
        const res = await fetch(`${url}/v1/chat/completions`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${probeToken.apiKey}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ model: probe, messages: [{ role: 'user', content: 'probe' }] }),
        });
        const body = (await res.json()) as { error?: { code?: string } };
        return body.error?.code !== 'model_price_error';
      }, 10_000);
      if (!applied) throw new Error('the relay never applied the options');
    },
    waitForModels,
    async userWithToken(quota, token = {}, user = {}) {
      const userId = await seedUser(sql, quota, user.group ?? 'default', user.role ?? 1);
      const seeded = await seedToken(sql, { ...token, userId }, bus);
      return { userId, ...seeded };
    },
    seedChannel: (seed) => seedChannel(sql, seed, bus),
    consumeLogs,
    async waitForLogs(userId, count, timeoutMs = 10_000) {
      let logs: ConsumeLog[] = [];
      await eventually(async () => (logs = await consumeLogs(userId)).length >= count, timeoutMs);
      return logs;
    },
    async balances(userId) {
      const [user] = await sql(`SELECT quota, used_quota, request_count FROM users WHERE id = $1`, [userId]);
      const [open] = await sql(
        `SELECT COALESCE(SUM(amount), 0) AS reserved FROM quota_reservations WHERE user_id = $1 AND status = 'reserved'`,
        [userId],
      );
      return {
        quota: Number(user.quota),
        usedQuota: Number(user.used_quota),
        requestCount: Number(user.request_count),
        reserved: Number(open.reserved),
      };
    },
    async stop() {
      await api.stop();
      await fake.close();
    },
  };
}

/** Reads a whole SSE body into its `data:` payloads (JSON parsed; `[DONE]` kept as the string). */
export function sseEvents(text: string): Array<Record<string, any> | '[DONE]'> {
  return text
    .split(/\n\n/)
    .map((event) => event.split('\n').find((line) => line.startsWith('data:')))
    .filter((line): line is string => line !== undefined)
    .map((line) => line.slice(5).trim())
    .map((data) => (data === '[DONE]' ? '[DONE]' : JSON.parse(data)));
}

/** A chat request body for raw `fetch` calls. */
export function chatBody(model: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ model, messages: [{ role: 'user', content: 'Say hello.' }], ...extra });
}
