// A token managed through /api is what the relay accepts: a new token works on /v1 right away,
// and one disabled, deleted, expired or limited to other models through /api is refused by
// /v1/chat/completions within about a second (the relay's credential cache reloads from
// identity's token.changed event). The embedded stack serves /api and /v1 on one URL.
import type { ApiClient } from '../support/api-client';
import { eventually, seedUser } from '../support/relay-fixtures';
import { chatBody, type RelayStack, startRelayStack } from '../support/relay-stack';
import { nowSeconds } from './tokens-fixtures';

jest.setTimeout(60_000);

/** How soon the relay must follow a change made through /api. */
const PROPAGATION_BOUND_MS = 1_500;
const MODEL = 'tok-relay-model';

describe('tokens managed through /api on the relay', () => {
  let stack: RelayStack;
  let owner: ApiClient;

  /** Status and OpenAI error code of a one-message chat request with `apiKey`. */
  const chat = async (apiKey: string, model = MODEL): Promise<{ status: number; code?: string; message?: string }> => {
    const res = await fetch(`${stack.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: chatBody(model),
    });
    const body = (await res.json()) as { error?: { code?: string; message?: string } };
    return { status: res.status, code: body.error?.code, message: body.error?.message };
  };
  /** Milliseconds until `chat(apiKey)` answers `status` (fails the test after 5 s). */
  const timeUntil = async (apiKey: string, status: number, started = Date.now()): Promise<number> => {
    expect(await eventually(async () => (await chat(apiKey)).status === status, 5_000)).toBe(true);
    return Date.now() - started;
  };
  const create = async (body: Record<string, unknown>) => {
    const res = await owner.post('/api/token/', body);
    expect(res.body.success).toBe(true);
    return res.body.data[0] as { id: number; key: string };
  };

  beforeAll(async () => {
    stack = await startRelayStack({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false' });
    await stack.setOptions({ ModelRatio: JSON.stringify({ [MODEL]: 1, 'tok-other-model': 1 }) });
    await stack.seedChannel({ baseUrl: stack.fake.url, models: [MODEL, 'tok-other-model'] });
    const userId = await seedUser(stack.sql, 100_000_000);
    owner = await stack.api.signedInAs(userId);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('accepts a new token at once, with the sk- prefix, and refuses it soon after it is disabled', async () => {
    const token = await create({ name: 'relay-switch', unlimited_quota: true });
    const apiKey = `sk-${token.key}`;
    expect(await timeUntil(apiKey, 200)).toBeLessThan(PROPAGATION_BOUND_MS);

    const started = Date.now();
    expect((await owner.put('/api/token/?status_only=true', { id: token.id, status: 2 })).body.success).toBe(true);
    expect(await timeUntil(apiKey, 401, started)).toBeLessThan(PROPAGATION_BOUND_MS);
    expect(await chat(apiKey)).toMatchObject({ status: 401, message: '该令牌状态不可用' });

    const enabled = Date.now();
    expect((await owner.put('/api/token/?status_only=true', { id: token.id, status: 1 })).body.success).toBe(true);
    expect(await timeUntil(apiKey, 200, enabled)).toBeLessThan(PROPAGATION_BOUND_MS);
  });

  it('refuses a deleted token soon after the delete', async () => {
    const token = await create({ name: 'relay-delete', unlimited_quota: true });
    const apiKey = `sk-${token.key}`;
    await timeUntil(apiKey, 200);
    const started = Date.now();
    expect((await owner.delete(`/api/token/${token.id}/`)).body.success).toBe(true);
    expect(await timeUntil(apiKey, 401, started)).toBeLessThan(PROPAGATION_BOUND_MS);
    expect(await chat(apiKey)).toMatchObject({ status: 401, message: '无效的令牌' });
  });

  it('follows an edit: a past expiry, then model limits, then an IP list that excludes the caller', async () => {
    const token = await create({ name: 'relay-edit', unlimited_quota: true });
    const apiKey = `sk-${token.key}`;
    await timeUntil(apiKey, 200);

    let started = Date.now();
    await owner.put('/api/token/', { id: token.id, expired_time: nowSeconds() - 1 });
    expect(await timeUntil(apiKey, 401, started)).toBeLessThan(PROPAGATION_BOUND_MS);
    expect(await chat(apiKey)).toMatchObject({ status: 401, message: '该令牌已过期' });

    await owner.put('/api/token/', { id: token.id, expired_time: -1, model_limits_enabled: true, model_limits: 'tok-other-model' });
    started = Date.now();
    expect(await eventually(async () => (await chat(apiKey, 'tok-other-model')).status === 200, 5_000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(PROPAGATION_BOUND_MS);
    expect((await chat(apiKey)).status).toBe(403);

    started = Date.now();
    await owner.put('/api/token/', { id: token.id, model_limits_enabled: false, allow_ips: '203.0.113.0/24' });
    expect(await eventually(async () => (await chat(apiKey)).status === 403 && (await chat(apiKey, 'tok-other-model')).status === 403, 5_000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(PROPAGATION_BOUND_MS);
    expect((await chat(apiKey)).message).toBe('您的 IP 不在令牌允许访问的列表中');

    await owner.put('/api/token/', { id: token.id, allow_ips: '127.0.0.1\n::1' });
    expect(await timeUntil(apiKey, 200)).toBeLessThan(PROPAGATION_BOUND_MS * 2);
  });

  it('refuses a limited token whose budget is set to 0, and accepts it again with a new budget', async () => {
    const token = await create({ name: 'relay-budget', remain_quota: 50_000_000 });
    const apiKey = `sk-${token.key}`;
    await timeUntil(apiKey, 200);
    const started = Date.now();
    await owner.put('/api/token/', { id: token.id, remain_quota: 0 });
    expect(await timeUntil(apiKey, 401, started)).toBeLessThan(PROPAGATION_BOUND_MS);
    expect((await chat(apiKey)).message).toMatch(/^该令牌额度已用尽/);
    await owner.put('/api/token/', { id: token.id, remain_quota: 50_000_000 });
    expect(await timeUntil(apiKey, 200)).toBeLessThan(PROPAGATION_BOUND_MS);
  });
});
