// Anthropic SDK → Claude channel cases: what the gateway adds on the way (versions, betas,
// `claude.*` options, model mapping, the thinking adapter) and every error class the SDK raises.
import Anthropic, {
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  OverloadedError,
  PermissionDeniedError,
  RateLimitError,
} from '@anthropic-ai/sdk';
import {
  expectNothingCharged,
  failure,
  HELLO,
} from '../anthropic-sdk-support';
import { type Body, type ClaudeChannelSuite, INITIAL, KEY, MAPPED_KEY } from './suite';

export function gatewayAndErrorCases(suite: ClaudeChannelSuite): void {
  const { client, freshUser, sentinel } = suite;

  describe('what the gateway adds on the way', () => {
    it('forwards anthropic-version and anthropic-beta, adds the model’s claude.model_headers_settings headers', async () => {
      const custom = client(suite.user.apiKey, { defaultHeaders: { 'anthropic-version': '2023-01-01' } });
      await custom.messages.create(
        { model: 'sonnet-test', max_tokens: 32, messages: HELLO },
        { headers: { 'anthropic-beta': 'prompt-caching-2024-07-31, context-1m-2025-08-07' } },
      );
      await client().messages.create({ model: 'sonnet-mapped', max_tokens: 32, messages: HELLO });
      const [first, second] = suite.stack.fake.requests;
      expect(first!.headers['anthropic-version']).toBe('2023-01-01');
      // The client's features, then the option's, each once.
      expect(first!.headers['anthropic-beta']).toBe('prompt-caching-2024-07-31,context-1m-2025-08-07');
      expect(first!.headers['x-gateway-feature']).toBe('extra');
      // Another model gets none of sonnet-test's headers.
      expect(second!.headers['anthropic-beta']).toBeUndefined();
      expect(second!.headers['x-gateway-feature']).toBeUndefined();
    });

    it('fills max_tokens from claude.default_max_tokens (by the upstream model name) and applies the model mapping', async () => {
      const me = await freshUser();
      const noMax = (model: string) =>
        ({ model, messages: HELLO }) as unknown as Anthropic.MessageCreateParamsNonStreaming;
      await client(me.apiKey).messages.create(noMax('sonnet-test'));
      const { data: mapped } = await client(me.apiKey).messages.create(noMax('sonnet-mapped')).withResponse();
      expect(suite.stack.fake.requests.map((r) => [(r.body as Body).model, (r.body as Body).max_tokens, r.apiKey])).toEqual([
        ['sonnet-test', 4096, KEY],
        ['claude-upstream-1', 2048, MAPPED_KEY],
      ]);
      // The answer is the upstream's own (it names the model it ran).
      expect(mapped.model).toBe('claude-upstream-1');

      const logs = await suite.stack.waitForLogs(me.userId, 2);
      expect(logs[1]).toMatchObject({ model: 'sonnet-mapped' });
      expect(logs[1]!.other).toMatchObject({ is_model_mapped: true, upstream_model_name: 'claude-upstream-1', claude: true });
      expect(logs[0]!.other.is_model_mapped).toBeUndefined();
    });

    it('refuses a request without max_tokens for a model without a default: 400 max_tokens: Field required, nothing charged', async () => {
      const me = await freshUser();
      const error = await failure(
        client(me.apiKey).messages.create({ model: 'nomax-test', messages: HELLO } as unknown as Anthropic.MessageCreateParamsNonStreaming),
      );
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.error).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: Field required' } });
      expect(suite.stack.fake.requests).toEqual([]);
      await expectNothingCharged(suite.stack, me, INITIAL, sentinel(me.apiKey));
    });

    it('the thinking adapter: a -thinking model turns thinking on upstream, with room and without sampling limits', async () => {
      const me = await freshUser();
      suite.stack.fake.program({ model: 'sonnet-test' }, { reasoning: 'Hmm.', promptTokens: 10, completionTokens: 8 }, { times: 1 });
      const message = await client(me.apiKey).messages.create({
        model: 'sonnet-test-thinking',
        max_tokens: 1000,
        temperature: 0.3,
        top_k: 5,
        messages: HELLO,
      } as Anthropic.MessageCreateParamsNonStreaming);
      expect(message.content.map((b) => b.type)).toEqual(['thinking', 'text']);
      const body = suite.stack.fake.requests[0]!.body;
      // max_tokens raised to 1280, a budget of max(1024, 0.8 × 1280) (below max_tokens), temperature 1.
      expect(body).toEqual({
        model: 'sonnet-test',
        max_tokens: 1280,
        thinking: { type: 'enabled', budget_tokens: 1024 },
        temperature: 1,
        messages: HELLO,
      });
      // The model's headers are those of the model sent (sonnet-test).
      expect(suite.stack.fake.requests[0]!.headers['x-gateway-feature']).toBe('extra');
      const [log] = await suite.stack.waitForLogs(me.userId, 1);
      // Billed as the model asked for: trunc((10 + 8 × 5) × 2) = 100.
      expect(log).toMatchObject({ model: 'sonnet-test-thinking', quota: 100, promptTokens: 10, completionTokens: 8 });
      expect(log!.other).toMatchObject({ claude: true, model_ratio: 2, completion_ratio: 5 });
    });
  });

  describe('errors', () => {
    it('401 AuthenticationError for a bad gateway token', async () => {
      const error = await failure(client('sk-thisisnotatokenthisisnotatokenthisisnotatoken123').messages.create({ model: 'sonnet-test', max_tokens: 8, messages: HELLO }));
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error.status).toBe(401);
      expect(error.type).toBe('authentication_error');
      expect(error.error).toEqual({ type: 'error', error: { type: 'authentication_error', message: expect.any(String) } });
      expect(suite.stack.fake.requests).toEqual([]);
    });

    it('403 PermissionDeniedError for a model outside the token’s model limits; nothing charged', async () => {
      const me = await freshUser({ modelLimits: ['nomax-test'] });
      const error = await failure(client(me.apiKey).messages.create({ model: 'sonnet-test', max_tokens: 8, messages: HELLO }));
      expect(error).toBeInstanceOf(PermissionDeniedError);
      expect(error.type).toBe('permission_error');
      expect(error.error).toEqual({ type: 'error', error: { type: 'permission_error', message: '该令牌无权访问模型 sonnet-test' } });
      expect(suite.stack.fake.requests).toEqual([]);
      await expectNothingCharged(suite.stack, me, INITIAL, sentinel(me.apiKey, 'nomax-test'));
    });

    it('404 NotFoundError for a model no channel serves', async () => {
      const error = await failure(client().messages.create({ model: 'no-such-model', max_tokens: 8, messages: HELLO }));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.type).toBe('not_found_error');
      expect(error.apiMessage).toContain('no-such-model');
      expect(suite.stack.fake.requests).toEqual([]);
    });

    it('400 BadRequestError for malformed JSON, misplaced blocks, an orphan tool_result and missing messages; nothing charged', async () => {
      const me = await freshUser();
      const sdk = client(me.apiKey);
      const malformed = await failure(
        sdk.post('/v1/messages', { body: '{"model": "sonnet-test", "max_tokens": 8, "messages": [', headers: { 'content-type': 'application/json' } }),
      );
      const userToolUse = await failure(
        sdk.messages.create({
          model: 'sonnet-test',
          max_tokens: 8,
          messages: [{ role: 'user', content: [{ type: 'tool_use', id: 'toolu_1', name: 'f', input: {} }] }],
        } as unknown as Anthropic.MessageCreateParamsNonStreaming),
      );
      const assistantResult = await failure(
        sdk.messages.create({
          model: 'sonnet-test',
          max_tokens: 8,
          messages: [...HELLO, { role: 'assistant', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'x' }] }],
        } as unknown as Anthropic.MessageCreateParamsNonStreaming),
      );
      const imageWithoutSource = await failure(
        sdk.messages.create({
          model: 'sonnet-test',
          max_tokens: 8,
          messages: [{ role: 'user', content: [{ type: 'image' }, { type: 'text', text: 'What is it?' }] }],
        } as unknown as Anthropic.MessageCreateParamsNonStreaming),
      );
      const orphan = await failure(
        sdk.messages.create({
          model: 'sonnet-test',
          max_tokens: 8,
          messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_nowhere', content: '42' }] }],
        }),
      );
      const noMessages = await failure(
        sdk.messages.create({ model: 'sonnet-test', max_tokens: 8 } as unknown as Anthropic.MessageCreateParamsNonStreaming),
      );
      const errors = { malformed, userToolUse, assistantResult, imageWithoutSource, orphan, noMessages };
      for (const [name, error] of Object.entries(errors)) {
        expect([name, error]).toEqual([name, expect.any(BadRequestError)]);
        expect([name, error.status, error.type]).toEqual([name, 400, 'invalid_request_error']);
        expect(error.error).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: expect.any(String) } });
      }
      expect(userToolUse.apiMessage).toMatch(/^messages\.0\.content\.0: .*user message cannot contain .*tool_use block$/);
      expect(assistantResult.apiMessage).toMatch(/^messages\.1\.content\.0: .*assistant message cannot contain .*tool_result block$/);
      expect(imageWithoutSource.apiMessage).toContain('source');
      expect(orphan.apiMessage).toContain('toolu_nowhere');
      expect(noMessages.apiMessage).toBe('messages: Field required');
      expect(suite.stack.fake.requests).toEqual([]);
      await expectNothingCharged(suite.stack, me, INITIAL, sentinel(me.apiKey));
    });

    it('upstream 429, 500, 403 and 529 arrive as RateLimitError, InternalServerError, PermissionDeniedError and OverloadedError; nothing charged', async () => {
      const me = await freshUser();
      const call = () => failure(client(me.apiKey).messages.create({ model: 'sonnet-test', max_tokens: 8, messages: HELLO }));
      suite.stack.fake.program({ model: 'sonnet-test' }, { error: 'rate_limit' }, { times: 1 });
      const limited = await call();
      suite.stack.fake.program({ model: 'sonnet-test' }, { error: 'server_error' }, { times: 1 });
      const broken = await call();
      suite.stack.fake.program({ model: 'sonnet-test' }, { error: 'permission' }, { times: 1 });
      const forbidden = await call();
      suite.stack.fake.program({ model: 'sonnet-test' }, { status: 529 }, { times: 1 });
      const overloaded = await call();
      // Streamed requests get the same answers (the upstream answers JSON before any event).
      suite.stack.fake.program({ model: 'sonnet-test' }, { status: 529 }, { times: 1 });
      const overloadedStream = await failure(
        client(me.apiKey).messages.stream({ model: 'sonnet-test', max_tokens: 8, messages: HELLO }).finalMessage(),
      );

      expect(limited).toBeInstanceOf(RateLimitError);
      expect(limited.error).toEqual({
        type: 'error',
        error: { type: 'rate_limit_error', message: expect.stringContaining('rate limit') },
      });
      expect(broken).toBeInstanceOf(InternalServerError);
      expect([broken.status, broken.type, broken.apiMessage]).toEqual([500, 'api_error', 'Internal server error']);
      // The provider refusing the gateway's key is the gateway's fault, not the client's permission.
      expect(forbidden).toBeInstanceOf(InternalServerError);
      expect([forbidden.status, forbidden.type]).toEqual([502, 'api_error']);
      expect(forbidden.message).toMatch(/rejected the gateway's credentials/);
      for (const error of [overloaded, overloadedStream]) {
        expect(error).toBeInstanceOf(OverloadedError);
        expect([error.status, error.type, error.apiMessage]).toEqual([529, 'overloaded_error', 'Overloaded']);
      }
      expect(suite.stack.fake.requests).toHaveLength(5);
      await expectNothingCharged(suite.stack, me, INITIAL, sentinel(me.apiKey));
    });
  });
}
