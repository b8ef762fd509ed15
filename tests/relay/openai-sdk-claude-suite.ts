// The tests both Claude upstreams (Anthropic's API and Bedrock) must pass with the official OpenAI
// SDK as the client: the relay translates OpenAI chat completions into Claude's Messages and the
// answers (whole and streamed) back, and bills each call by Claude's formula. Each file that
// calls `describeOpenAISdkOnClaude` gets its own stack; the callback adds its upstream's own tests.
import type {} from '@modelgate/fake-upstream';
import OpenAI, { APIError, InternalServerError, NotFoundError, RateLimitError } from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { eventually } from '../support/relay-fixtures';
import { type RelayStack, sseEvents, startRelayStack } from '../support/relay-stack';
import {
  body,
  type ClaudeUpstream,
  claudeQuota,
  collect,
  DEFAULT_MAX_TOKENS,
  expectCharged,
  expectNothingCharged,
  failure,
  HELLO,
  HELLO_WIRE,
  MODEL,
  PRICES,
  THINKING_MODEL,
  THINKING_SHARE,
  type User,
} from './openai-sdk-claude-support';
import { toolAndThinkingCases } from './openai-sdk-claude-tools';

export { DEFAULT_MAX_TOKENS, THINKING_SHARE } from './openai-sdk-claude-support';

export const INITIAL_QUOTA = 100_000_000;
export const GROUP = 'vip';
const DEFAULT_PIECES = ['Hello', ' from', ' the', ' fake', ' upstream', '.'];

export interface ClaudeSuiteContext {
  stack: RelayStack;
  /** The channel serving every model of the suite. */
  channelId: number;
  client(user: User): OpenAI;
  /** A fresh user (and token) in the billed group, with {@link INITIAL_QUOTA}. */
  newUser(): Promise<User & { id: number; key: string }>;
}

export interface ClaudeSuiteSetup {
  /** More `ModelRatio` entries. */
  modelRatio?: Record<string, number>;
  /** More `CacheRatio` entries. */
  cacheRatio?: Record<string, number>;
  /** More options to set before the channels are seeded. */
  options?: Record<string, string>;
  /** Seeds what the upstream's own tests need; returns models a probe should see listed. */
  seed?(context: ClaudeSuiteContext): Promise<string[]>;
}

/** The suite's models: the neutral one, its `-thinking` twin, `x` and `mapped-x` (→ `x`). */
export const SUITE_MODELS = [MODEL, THINKING_MODEL, 'x', 'mapped-x'];

export function describeOpenAISdkOnClaude(
  upstream: ClaudeUpstream,
  setup: ClaudeSuiteSetup,
  more: (context: ClaudeSuiteContext) => void,
): void {
  describe(`OpenAI SDK → ${upstream.label}`, () => {
    const context = {} as ClaudeSuiteContext;
    /** The one upstream call of the test (fails when there were more or none). */
    const onlyCall = () => {
      expect(context.stack.fake.requests).toHaveLength(1);
      return context.stack.fake.requests[0]!;
    };

    beforeAll(async () => {
      const stack = await startRelayStack();
      context.stack = stack;
      context.client = (user) => stack.openai(user.apiKey);
      context.newUser = () => stack.userWithToken(INITIAL_QUOTA, {}, { group: GROUP });
      await stack.setOptions({
        ModelRatio: JSON.stringify({ [MODEL]: PRICES.modelRatio, [THINKING_MODEL]: PRICES.modelRatio, x: 1, 'mapped-x': 1, ...setup.modelRatio }),
        CompletionRatio: JSON.stringify({ [MODEL]: PRICES.completionRatio, [THINKING_MODEL]: PRICES.completionRatio }),
        CacheRatio: JSON.stringify({ [MODEL]: PRICES.cacheRatio, ...setup.cacheRatio }),
        GroupRatio: JSON.stringify({ default: 1, [GROUP]: PRICES.groupRatio }),
        'claude.default_max_tokens': JSON.stringify({ default: DEFAULT_MAX_TOKENS, x: 77 }),
        'claude.thinking_adapter_budget_tokens_percentage': String(THINKING_SHARE),
        ...setup.options,
      });
      context.channelId = await stack.seedChannel({
        type: upstream.type,
        baseUrl: stack.fake.url,
        key: upstream.key,
        models: SUITE_MODELS,
        groups: [GROUP],
        modelMapping: { 'mapped-x': 'x' },
        autoBan: false,
      });
      const more = (await setup.seed?.(context)) ?? [];
      const probe = await context.newUser();
      await stack.waitForModels(probe.apiKey, [...SUITE_MODELS, ...more]);
    });

    afterAll(async () => {
      await context.stack?.stop();
    });

    beforeEach(() => context.stack.fake.reset());

    it('answers a chat completion: the text, finish_reason, usage with cache reads and writes in the prompt; billed by Claude formula', async () => {
      const { stack } = context;
      const user = await context.newUser();
      stack.fake.program(
        { model: MODEL },
        { text: 'Bonjour tout le monde.', promptTokens: 11, completionTokens: 5, cachedTokens: 9, cacheCreationTokens: 3, cacheCreation1hTokens: 2 },
      );
      const { data: completion, response } = await context.client(user).chat.completions.create({ model: MODEL, messages: HELLO }).withResponse();

      expect(completion).toEqual({
        id: expect.stringMatching(/^chatcmpl-msg_/),
        object: 'chat.completion',
        created: expect.any(Number),
        model: MODEL,
        choices: [{ index: 0, message: { role: 'assistant', content: 'Bonjour tout le monde.' }, finish_reason: 'stop', logprobs: null }],
        // 11 uncached + 9 read + 3 + 2 written.
        usage: { prompt_tokens: 25, completion_tokens: 5, total_tokens: 30, prompt_tokens_details: { cached_tokens: 9 } },
      });
      const call = onlyCall();
      expect(call).toMatchObject({ method: 'POST', path: upstream.path(MODEL, false), apiKey: upstream.recordedKey, stream: false });
      // No `max_tokens` in the request: the option's default.
      expect(call.body).toEqual(upstream.wire({ model: MODEL, messages: HELLO_WIRE, max_tokens: DEFAULT_MAX_TOKENS }));

      // trunc((11 + 9 × 0.1 + 3 × 1.25 + 2 × 2 + 5 × 3) × 2 × 1.5) = trunc(34.65 × 3) = trunc(103.95) = 103
      expect(claudeQuota({ input: 11, cacheRead: 9, write5m: 3, write1h: 2, output: 5 })).toBe(103);
      const [log] = await stack.waitForLogs(user.userId, 1);
      expect(log).toMatchObject({
        requestId: response.headers.get('x-request-id'),
        channelId: context.channelId,
        model: MODEL,
        group: GROUP,
        quota: 103,
        promptTokens: 11,
        completionTokens: 5,
        isStream: false,
      });
      expect(log!.other).toMatchObject({
        claude: true,
        model_ratio: 2,
        completion_ratio: 3,
        group_ratio: 1.5,
        cache_tokens: 9,
        cache_ratio: 0.1,
        cache_creation_tokens: 5,
        cache_creation_tokens_5m: 3,
        cache_creation_tokens_1h: 2,
        cache_creation_ratio: 1.25,
        cache_creation_ratio_1h: 2,
        admin_info: { use_channel: [String(context.channelId)] },
      });
      await expectCharged(stack, user.userId, INITIAL_QUOTA, 103, 1);
    });

    it('streams chunks as the SDK iterates them: the role first, content deltas, the finish chunk; usage only when asked; [DONE] last', async () => {
      const { stack } = context;
      const user = await context.newUser();
      const tokens = { promptTokens: 11, completionTokens: 6, cachedTokens: 9, cacheCreationTokens: 3, cacheCreation1hTokens: 2 };
      stack.fake.program({ model: MODEL }, tokens);
      const client = context.client(user);

      const chunks = await collect(await client.chat.completions.create({ model: MODEL, messages: HELLO, stream: true }));
      const choice = (delta: ChatCompletionChunk.Choice['delta'], finish: string | null = null) => ({ index: 0, delta, finish_reason: finish, logprobs: null });
      expect(chunks.map((c) => c.choices)).toEqual([
        [choice({ role: 'assistant', content: '' })],
        ...DEFAULT_PIECES.map((content) => [choice({ content })]),
        [choice({}, 'stop')],
      ]);
      for (const chunk of chunks) {
        expect(chunk).toMatchObject({ id: chunks[0]!.id, object: 'chat.completion.chunk', model: MODEL });
        expect(chunk).not.toHaveProperty('usage');
      }
      expect(chunks[0]!.id).toMatch(/^chatcmpl-msg_/);

      // The same stream with include_usage, as it is on the wire.
      const raw = await client.chat.completions
        .create({ model: MODEL, messages: HELLO, stream: true, stream_options: { include_usage: true } })
        .asResponse();
      expect(raw.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const events = sseEvents(await raw.text());
      expect(events.at(-1)).toBe('[DONE]');
      expect(events.filter((e) => e === '[DONE]')).toHaveLength(1);
      expect(events.at(-2)).toMatchObject({
        object: 'chat.completion.chunk',
        choices: [],
        usage: { prompt_tokens: 25, completion_tokens: 6, total_tokens: 31, prompt_tokens_details: { cached_tokens: 9 } },
      });
      expect(events.slice(0, -2).filter((e) => e !== '[DONE]' && e.usage !== undefined)).toEqual([]);
      expect(events.slice(0, -2).map((e) => (e as ChatCompletionChunk).choices[0]!.delta.content ?? '').join('')).toBe(DEFAULT_PIECES.join(''));

      expect(stack.fake.requests.map((r) => [r.path, r.stream])).toEqual([
        [upstream.path(MODEL, true), true],
        [upstream.path(MODEL, true), true],
      ]);
      for (const request of stack.fake.requests) {
        expect(request.body).toEqual(upstream.wire({ model: MODEL, messages: HELLO_WIRE, max_tokens: DEFAULT_MAX_TOKENS, stream: true }));
      }
      // trunc((11 + 0.9 + 3.75 + 4 + 6 × 3) × 3) = trunc(37.65 × 3) = 112, each.
      expect(claudeQuota({ input: 11, cacheRead: 9, write5m: 3, write1h: 2, output: 6 })).toBe(112);
      const logs = await stack.waitForLogs(user.userId, 2);
      expect(logs.map((l) => [l.isStream, l.promptTokens, l.completionTokens, l.quota])).toEqual([
        [true, 11, 6, 112],
        [true, 11, 6, 112],
      ]);
      expect(logs[1]!.other).toMatchObject({ claude: true, cache_tokens: 9, cache_creation_tokens_5m: 3, cache_creation_tokens_1h: 2 });
      await expectCharged(stack, user.userId, INITIAL_QUOTA, 224, 2);
    });

    it('turns system and developer messages into system, and keeps stop, sampling (temperature clamped to 1), user and max_completion_tokens', async () => {
      const { stack } = context;
      const user = await context.newUser();
      stack.fake.program({ model: MODEL }, { finishReason: 'stop_sequence' }, { times: 1 });
      stack.fake.program({ model: MODEL }, { finishReason: 'max_tokens' }, { times: 1 });
      const client = context.client(user);
      const first = await client.chat.completions.create({
        model: MODEL,
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'developer', content: [{ type: 'text', text: 'Be kind.' }] },
          { role: 'user', content: 'Hi.' },
          { role: 'assistant', content: 'Hello!' },
          { role: 'user', content: 'Again?' },
        ],
        stop: ['END', 'STOP'],
        temperature: 1.7,
        top_p: 0.5,
        user: 'user-42',
        max_completion_tokens: 500,
      });
      const second = await client.chat.completions.create({ model: MODEL, messages: HELLO, stop: 'END', temperature: 0.3, max_tokens: 50 });

      expect([first.choices[0]!.finish_reason, second.choices[0]!.finish_reason]).toEqual(['stop', 'length']);
      expect(stack.fake.requests.map((r) => r.body)).toEqual([
        upstream.wire({
          model: MODEL,
          messages: [
            { role: 'user', content: [{ type: 'text', text: 'Hi.' }] },
            { role: 'assistant', content: [{ type: 'text', text: 'Hello!' }] },
            { role: 'user', content: [{ type: 'text', text: 'Again?' }] },
          ],
          system: 'Be brief.\n\nBe kind.',
          stop_sequences: ['END', 'STOP'],
          temperature: 1,
          top_p: 0.5,
          max_tokens: 500,
          metadata: { user_id: 'user-42' },
        }),
        upstream.wire({ model: MODEL, messages: HELLO_WIRE, stop_sequences: ['END'], temperature: 0.3, max_tokens: 50 }),
      ]);
    });

    it('takes max_tokens from claude.default_max_tokens when the client sets none: the model entry, else the default, after model mapping', async () => {
      const { stack } = context;
      const user = await context.newUser();
      const client = context.client(user);
      for (const model of [MODEL, 'x', 'mapped-x']) await client.chat.completions.create({ model, messages: HELLO });
      expect(stack.fake.requests.map((r) => [r.path, body(r).max_tokens])).toEqual([
        [upstream.path(MODEL, false), DEFAULT_MAX_TOKENS],
        [upstream.path('x', false), 77],
        [upstream.path('x', false), 77],
      ]);
      expect(stack.fake.requests[2]!.body).toEqual(upstream.wire({ model: 'x', messages: HELLO_WIRE, max_tokens: 77 }));
      const logs = await stack.waitForLogs(user.userId, 3);
      expect(logs.map((l) => l.model)).toEqual([MODEL, 'x', 'mapped-x']);
      expect(logs[2]!.other).toMatchObject({ is_model_mapped: true, upstream_model_name: 'x', claude: true });
    });

    toolAndThinkingCases(upstream, context);
    it.each([
      [404, NotFoundError],
      [429, RateLimitError],
      [500, InternalServerError],
      [529, InternalServerError],
    ])('an upstream %i reaches the SDK as its error class with the upstream message; one call, nothing charged', async (status, errorClass) => {
      const { stack } = context;
      const user = await context.newUser();
      stack.fake.program({ model: MODEL }, { status }, { times: 2 });
      const client = context.client(user);
      const whole = await failure(client.chat.completions.create({ model: MODEL, messages: HELLO }));
      const streamed = await failure(client.chat.completions.create({ model: MODEL, messages: HELLO, stream: true }));
      for (const error of [whole, streamed]) {
        expect(error).toBeInstanceOf(errorClass);
        expect(error.status).toBe(status);
        expect(error.error).toEqual({ message: upstream.errorMessage(status, MODEL), type: upstream.errorType(status), param: null, code: 'upstream_error' });
        expect(error.message).toBe(`${status} ${upstream.errorMessage(status, MODEL)}`);
      }
      expect(stack.fake.requests.map((r) => r.path)).toEqual([upstream.path(MODEL, false), upstream.path(MODEL, true)]);
      await expectNothingCharged(stack, user, INITIAL_QUOTA, async () => {
        const ok = await client.chat.completions.create({ model: MODEL, messages: HELLO }).withResponse();
        return ok.response.headers.get('x-request-id');
      });
    });

    it.each([401, 403])(
      "an upstream %i (the provider refusing the gateway's key) reaches the SDK as a 502, never as the client's own key; nothing charged",
      async (status) => {
        const { stack } = context;
        const user = await context.newUser();
        stack.fake.program({ model: MODEL }, { status }, { times: 2 });
        const client = context.client(user);
        const whole = await failure(client.chat.completions.create({ model: MODEL, messages: HELLO }));
        const streamed = await failure(client.chat.completions.create({ model: MODEL, messages: HELLO, stream: true }));
        for (const error of [whole, streamed]) {
          expect(error).toBeInstanceOf(InternalServerError);
          expect(error.status).toBe(502);
          expect(error.error).toEqual({
            message: expect.stringMatching(new RegExp(`rejected the gateway's credentials for this channel \\(HTTP ${status}\\)`)),
            type: 'upstream_error',
            param: null,
            code: 'upstream_auth_failed',
          });
        }
        expect(stack.fake.requests.map((r) => r.path)).toEqual([upstream.path(MODEL, false), upstream.path(MODEL, true)]);
        await expectNothingCharged(stack, user, INITIAL_QUOTA, async () => {
          const ok = await client.chat.completions.create({ model: MODEL, messages: HELLO }).withResponse();
          return ok.response.headers.get('x-request-id');
        });
      },
    );

    it('an upstream error in the middle of a stream makes the SDK throw it; what was delivered is charged', async () => {
      const { stack } = context;
      const user = await context.newUser();
      stack.fake.program({ model: MODEL }, { streamErrorAfter: 2, promptTokens: 11 });
      const stream = await context.client(user).chat.completions.create({ model: MODEL, messages: HELLO, stream: true });
      const received: ChatCompletionChunk[] = [];
      const error = await failure(
        (async () => {
          for await (const chunk of stream) received.push(chunk);
        })(),
      );
      expect(error).toBeInstanceOf(APIError);
      expect(error.message).toContain(upstream.streamErrorMessage);
      expect(received.map((c) => c.choices[0]!.delta.content).join('')).toBe('Hello from');
      const [log] = await stack.waitForLogs(user.userId, 1);
      // 'Hello from' counts 2 tokens: trunc((11 + 2 × 3) × 3) = 51.
      expect(log).toMatchObject({ isStream: true, promptTokens: 11, completionTokens: 2, quota: 51 });
    });

    it('a stream the upstream cuts ends in an SDK error; the delivered part is charged and the stack keeps serving', async () => {
      const { stack } = context;
      const user = await context.newUser();
      stack.fake.program({ model: MODEL }, { text: 'alpha beta gamma delta epsilon', disconnectAfter: 3, promptTokens: 11 }, { times: 1 });
      const stream = await context.client(user).chat.completions.create({ model: MODEL, messages: HELLO, stream: true });
      const received: ChatCompletionChunk[] = [];
      const error = await failure(
        (async () => {
          for await (const chunk of stream) received.push(chunk);
        })(),
      );
      expect(error).toBeInstanceOf(APIError);
      expect(error.error).toMatchObject({ code: 'upstream_stream_interrupted' });
      expect(received.map((c) => c.choices[0]!.delta.content ?? '').join('')).toBe('alpha beta gamma');
      expect(stack.fake.requests[0]!.outcome).toBe('cut');

      const after = await context.client(user).chat.completions.create({ model: MODEL, messages: HELLO });
      expect(after.choices[0]!.message.content).toBe('Hello from the fake upstream.');
      const [log] = await stack.waitForLogs(user.userId, 2);
      // Three words delivered, 3 tokens: trunc((11 + 3 × 3) × 3) = 60.
      expect(log).toMatchObject({ isStream: true, promptTokens: 11, completionTokens: 3, quota: 60 });
    });

    it('a client that aborts the SDK stream aborts the upstream call and pays for what it received', async () => {
      const { stack } = context;
      const user = await context.newUser();
      const text = Array.from({ length: 30 }, () => 'hello').join(' ');
      stack.fake.program({ model: MODEL }, { text, chunkDelayMs: 150, promptTokens: 11 }, { times: 1 });
      const stream = await context.client(user).chat.completions.create({ model: MODEL, messages: HELLO, stream: true });
      let content = '';
      for await (const chunk of stream) {
        content += chunk.choices[0]?.delta.content ?? '';
        if (content.split('hello').length - 1 === 3) stream.controller.abort();
      }
      expect(content).toBe('hello hello hello');
      const upstreamCall = stack.fake.requests[0]!;
      expect(await eventually(() => upstreamCall.outcome === 'client-aborted', 3_000)).toBe(true);
      expect(upstreamCall.chunksSent).toBeLessThan(30);
      const [log] = await stack.waitForLogs(user.userId, 1);
      // One token a word: the three the client read, and at most what the upstream sent before it saw the abort.
      expect(log!.completionTokens).toBeGreaterThanOrEqual(3);
      expect(log!.completionTokens).toBeLessThanOrEqual(upstreamCall.chunksSent);
      expect(log).toMatchObject({ isStream: true, promptTokens: 11 });
      expect(log!.quota).toBe(claudeQuota({ input: 11, output: log!.completionTokens }));
    });

    more(context);
  });
}
