// The official OpenAI SDK's error classes against the whole stack: each gateway refusal and
// each passed-through upstream failure arrives as the class a client branches on.
import {
  AuthenticationError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from 'openai';
import { type RelayStack, startRelayStack } from '../support/relay-stack';

jest.setTimeout(30_000);

const messages = [{ role: 'user' as const, content: 'Say hello.' }];

describe('OpenAI SDK: error classes for 401, 403, 404, 429 and 503', () => {
  let stack: RelayStack;
  let user: { userId: number; apiKey: string };

  const chatError = (apiKey: string, model: string) => stack.chatError(apiKey, model);

  beforeAll(async () => {
    stack = await startRelayStack();
    await stack.setOptions({
      ModelRatio: JSON.stringify({
        'test-model': 2,
        'busy-model': 1,
        'vip-only-model': 1,
        'disabled-model': 1,
        'nowhere-model': 1,
      }),
      RetryTimes: '0',
    });
    await stack.seedChannel({ baseUrl: stack.fake.url, key: 'sk-errors', models: ['test-model', 'busy-model'] });
    await stack.seedChannel({ baseUrl: stack.fake.url, key: 'sk-errors-busy-2', models: ['busy-model'] });
    await stack.seedChannel({ baseUrl: stack.fake.url, models: ['vip-only-model'], groups: ['vip'] });
    await stack.seedChannel({ baseUrl: stack.fake.url, models: ['disabled-model'], status: 2 });
    user = await stack.userWithToken(100_000_000);
    await stack.waitForModels(user.apiKey, ['test-model', 'busy-model']);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  beforeEach(() => stack.fake.reset());

  it('401 AuthenticationError for a key that is no token, an expired token and a spent one', async () => {
    const error = await chatError('sk-thisisnotatokenthisisnotatokenthisisnotatoken123', 'test-model');
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_api_key' });

    const expired = await stack.userWithToken(1_000_000, { expiredTime: Math.floor(Date.now() / 1000) - 60 });
    expect(await chatError(expired.apiKey, 'test-model')).toMatchObject({ status: 401, code: 'token_expired' });
    const exhausted = await stack.userWithToken(1_000_000, { unlimited: false, remainQuota: 0 });
    const spent = await chatError(exhausted.apiKey, 'test-model');
    expect(spent).toBeInstanceOf(AuthenticationError);
    expect(spent).toMatchObject({ status: 401, code: 'token_exhausted' });
    expect(stack.fake.requests).toEqual([]);
  });

  it('403 PermissionDeniedError for a model outside the token model limits', async () => {
    const token = await stack.userWithToken(1_000_000, { modelLimits: ['busy-model'] });
    const error = await chatError(token.apiKey, 'test-model');
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, code: 'model_not_allowed' });
    expect(error.error).toEqual({ message: '该令牌无权访问模型 test-model', type: 'invalid_request_error', param: null, code: 'model_not_allowed' });
    expect(stack.fake.requests).toEqual([]);
  });

  it('403 PermissionDeniedError when the IP allow list excludes 127.0.0.1; a CIDR including it admits', async () => {
    const elsewhere = await stack.userWithToken(1_000_000, { allowIps: '10.1.2.3\n192.168.0.0/16' });
    const error = await chatError(elsewhere.apiKey, 'test-model');
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, code: 'ip_not_allowed' });
    expect(stack.fake.requests).toEqual([]);

    const loopback = await stack.userWithToken(1_000_000, { allowIps: '10.1.2.3, 127.0.0.0/8' });
    const completion = await stack.openai(loopback.apiKey).chat.completions.create({ model: 'test-model', messages });
    expect(completion.choices[0]!.message.content).toBe('Hello from the fake upstream.');
  });

  it('429 RateLimitError passes an upstream 429 through, with no retry when RetryTimes is 0', async () => {
    stack.fake.program({ model: 'busy-model' }, { error: 'rate_limit' });
    const error = await chatError(user.apiKey, 'busy-model');
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
    // Two channels serve the model, but RetryTimes 0 means one attempt.
    expect(stack.fake.requests).toHaveLength(1);
    // Nothing delivered, nothing billed.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await stack.consumeLogs(user.userId)).toEqual([]);
  });

  it('503 InternalServerError when the model is configured but has no enabled channel in the group', async () => {
    for (const [model, group] of [['vip-only-model', 'default'], ['disabled-model', 'default']]) {
      const error = await chatError(user.apiKey, model!);
      expect(error).toBeInstanceOf(InternalServerError);
      expect(error.status).toBe(503);
      expect(error.message).toContain(`当前分组 ${group} 下对于模型 ${model} 无可用渠道`);
    }
    expect(stack.fake.requests).toEqual([]);
  });

  it('404 NotFoundError model_not_found for a model no channel lists', async () => {
    const error = await chatError(user.apiKey, 'nowhere-model');
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'model_not_found', param: 'model' });
    expect(stack.fake.requests).toEqual([]);
  });

  it('an upstream 5xx passes through as InternalServerError with the provider message', async () => {
    stack.fake.program({ model: 'busy-model' }, { error: 'overloaded', errorMessage: 'The engine is overloaded.' });
    const error = await chatError(user.apiKey, 'busy-model');
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 503, message: expect.stringContaining('The engine is overloaded.') });
  });
});
