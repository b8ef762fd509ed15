// Exact quota arithmetic end to end (reference §3.3): a request goes through the SDK, the fake
// upstream reports a usage we chose, and the consume log, the user's balances and the hourly
// aggregate must show exactly the quota the formula gives for the ratios set here.
import { type RelayStack, startRelayStack } from '../support/relay-stack';

jest.setTimeout(30_000);

const INITIAL_QUOTA = 100_000_000;

const OPTIONS = {
  ModelRatio: { 'test-model': 2, 'cheap-model': 0.75, 'mapped-model': 1.5 },
  CompletionRatio: { 'test-model': 3 },
  CacheRatio: { 'test-model': 0.5 },
  GroupRatio: { default: 1, vip: 1.5 },
  ModelPrice: { 'per-call-model': 0.02 },
};

interface Case {
  name: string;
  model: string;
  group: 'default' | 'vip';
  usage: { promptTokens: number; completionTokens: number; cachedTokens?: number };
  stream?: boolean;
  /** The formula written out with this file's ratios. */
  quota: number;
  other: Record<string, unknown>;
}

const perToken = (model: string, group: 'default' | 'vip', cacheTokens = 0) => ({
  model_ratio: OPTIONS.ModelRatio[model as keyof typeof OPTIONS.ModelRatio],
  completion_ratio: model === 'test-model' ? 3 : 1,
  cache_ratio: model === 'test-model' ? 0.5 : 1,
  group_ratio: OPTIONS.GroupRatio[group],
  cache_tokens: cacheTokens,
  model_price: -1,
});

const CASES: Case[] = [
  {
    name: 'per token: (P + O × CompletionRatio) × ModelRatio',
    model: 'test-model',
    group: 'default',
    usage: { promptTokens: 10, completionTokens: 7 },
    quota: (10 + 7 * 3) * 2, // 62
    other: perToken('test-model', 'default'),
  },
  {
    name: 'per token in the vip group: × GroupRatio 1.5',
    model: 'test-model',
    group: 'vip',
    usage: { promptTokens: 10, completionTokens: 7 },
    quota: (10 + 7 * 3) * 2 * 1.5, // 93
    other: perToken('test-model', 'vip'),
  },
  {
    name: 'per token, streamed: the usage the gateway asked the upstream for',
    model: 'test-model',
    group: 'default',
    usage: { promptTokens: 25, completionTokens: 6 },
    stream: true,
    quota: (25 + 6 * 3) * 2, // 86
    other: perToken('test-model', 'default'),
  },
  {
    name: 'cached tokens: (P − C) + C × CacheRatio + O × CompletionRatio',
    model: 'test-model',
    group: 'default',
    usage: { promptTokens: 100, cachedTokens: 40, completionTokens: 10 },
    quota: (100 - 40 + 40 * 0.5 + 10 * 3) * 2, // 220
    other: perToken('test-model', 'default', 40),
  },
  {
    name: 'cached tokens in the vip group',
    model: 'test-model',
    group: 'vip',
    usage: { promptTokens: 100, cachedTokens: 40, completionTokens: 10 },
    quota: (100 - 40 + 40 * 0.5 + 10 * 3) * 2 * 1.5, // 330
    other: perToken('test-model', 'vip', 40),
  },
  {
    name: 'a fractional result rounds half away from zero (completion ratio 1 by the default rule)',
    model: 'cheap-model',
    group: 'default',
    usage: { promptTokens: 3, completionTokens: 3 },
    quota: 5, // (3 + 3 × 1) × 0.75 = 4.5 → 5
    other: perToken('cheap-model', 'default'),
  },
  {
    name: 'the same in the vip group',
    model: 'cheap-model',
    group: 'vip',
    usage: { promptTokens: 3, completionTokens: 3 },
    quota: 7, // 6 × 0.75 × 1.5 = 6.75 → 7
    other: perToken('cheap-model', 'vip'),
  },
  {
    name: 'a tiny request still costs at least 1',
    model: 'cheap-model',
    group: 'default',
    usage: { promptTokens: 1, completionTokens: 0 },
    quota: 1, // 0.75 → 1
    other: perToken('cheap-model', 'default'),
  },
  {
    name: 'per call: ModelPrice × QuotaPerUnit, whatever the tokens',
    model: 'per-call-model',
    group: 'default',
    usage: { promptTokens: 5000, completionTokens: 5000 },
    quota: 0.02 * 500_000, // 10000
    other: { model_price: 0.02, group_ratio: 1, model_ratio: 0, completion_ratio: 0 },
  },
  {
    name: 'per call in the vip group',
    model: 'per-call-model',
    group: 'vip',
    usage: { promptTokens: 1, completionTokens: 1 },
    quota: 0.02 * 500_000 * 1.5, // 15000
    other: { model_price: 0.02, group_ratio: 1.5 },
  },
];

describe('quota arithmetic, end to end', () => {
  let stack: RelayStack;
  let channelId: number;
  let mappedChannelId: number;
  const users: number[] = [];
  const requestIds: string[] = [];

  beforeAll(async () => {
    stack = await startRelayStack();
    await stack.setOptions({
      ...Object.fromEntries(Object.entries(OPTIONS).map(([key, value]) => [key, JSON.stringify(value)])),
      UserUsableGroups: JSON.stringify({ default: '默认分组', vip: 'vip分组' }),
    });
    channelId = await stack.seedChannel({
      baseUrl: stack.fake.url,
      models: ['test-model', 'cheap-model', 'per-call-model'],
      groups: ['default', 'vip'],
    });
    mappedChannelId = await stack.seedChannel({
      baseUrl: stack.fake.url,
      models: ['mapped-model'],
      modelMapping: { 'mapped-model': 'upstream-real-model' },
    });
    const probe = await stack.userWithToken(1_000);
    await stack.waitForModels(probe.apiKey, ['test-model', 'cheap-model', 'per-call-model', 'mapped-model']);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** One chat request by a fresh user (token group `group`); returns its request id and log. */
  async function charge(model: string, group: string, usage: Case['usage'], stream = false) {
    const user = await stack.userWithToken(INITIAL_QUOTA, group === 'default' ? {} : { group });
    users.push(user.userId);
    stack.fake.program({ model: model === 'mapped-model' ? 'upstream-real-model' : model }, usage, { times: 1 });
    const client = stack.openai(user.apiKey);
    const messages = [{ role: 'user' as const, content: 'Count for me.' }];
    let requestId: string | null;
    if (stream) {
      const { data, response } = await client.chat.completions.create({ model, messages, stream: true }).withResponse();
      for await (const chunk of data) expect(chunk.usage ?? null).toBeNull();
      requestId = response.headers.get('x-request-id');
    } else {
      const { data, response } = await client.chat.completions.create({ model, messages }).withResponse();
      expect(data.usage).toMatchObject({ prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens });
      requestId = response.headers.get('x-request-id');
    }
    expect(requestId).toMatch(/\S/);
    requestIds.push(requestId!);
    const [log] = await stack.waitForLogs(user.userId, 1);
    return { user, requestId: requestId!, log: log! };
  }

  it.each(CASES)('$name', async (c) => {
    const { user, requestId, log } = await charge(c.model, c.group, c.usage, c.stream);
    expect(Number.isInteger(c.quota)).toBe(true);
    expect(log).toMatchObject({
      requestId,
      model: c.model,
      group: c.group,
      channelId,
      quota: c.quota,
      promptTokens: c.usage.promptTokens,
      completionTokens: c.usage.completionTokens,
      isStream: c.stream === true,
    });
    expect(log.other).toMatchObject({ ...c.other, admin_info: { use_channel: [String(channelId)] } });
    expect(log.other.frt).toEqual(expect.any(Number));
    expect(log.other.is_model_mapped).toBeUndefined();
    const balances = await stack.balances(user.userId);
    expect([balances.usedQuota, balances.requestCount]).toEqual([c.quota, 1]);
    expect(balances.quota + balances.usedQuota + balances.reserved).toBe(INITIAL_QUOTA);
  });

  it('model_mapping: the upstream gets the mapped name, billing and the log keep the requested one', async () => {
    const { log } = await charge('mapped-model', 'default', { promptTokens: 10, completionTokens: 10 });
    expect(stack.fake.requests.at(-1)!.model).toBe('upstream-real-model');
    // Priced as mapped-model (upstream-real-model has no price): (10 + 10 × 1) × 1.5 = 30.
    expect(log).toMatchObject({ model: 'mapped-model', quota: 30, channelId: mappedChannelId });
    expect(log.other).toMatchObject({ is_model_mapped: true, upstream_model_name: 'upstream-real-model', model_ratio: 1.5 });
  });

  it('every request was logged exactly once, and every balance equals the sum of its logs', async () => {
    const rows = await stack.sql<{ request_id: string; n: string }>(
      `SELECT request_id, count(*) AS n FROM logs WHERE type = 2 AND user_id = ANY($1) GROUP BY request_id`,
      [users],
    );
    expect(rows.map((r) => r.request_id).sort()).toEqual([...requestIds].sort());
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);

    for (const userId of users) {
      const logs = await stack.consumeLogs(userId);
      const sum = logs.reduce((total, log) => total + log.quota, 0);
      const balances = await stack.balances(userId);
      expect([userId, balances.usedQuota]).toEqual([userId, sum]);
      const [aggregate] = await stack.sql(`SELECT COALESCE(SUM(quota), 0) AS q, COALESCE(SUM(count), 0) AS n FROM quota_data WHERE user_id = $1`, [userId]);
      expect([Number(aggregate.q), Number(aggregate.n)]).toEqual([sum, logs.length]);
    }
    const expectedChannel = CASES.reduce((total, c) => total + c.quota, 0);
    const [channel] = await stack.sql(`SELECT used_quota FROM channels WHERE id = $1`, [channelId]);
    expect(Number(channel.used_quota)).toBe(expectedChannel);
    const [mapped] = await stack.sql(`SELECT used_quota FROM channels WHERE id = $1`, [mappedChannelId]);
    expect(Number(mapped.used_quota)).toBe(30);
  });
});
