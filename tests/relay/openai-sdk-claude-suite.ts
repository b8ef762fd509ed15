// The tests both Claude upstreams (Anthropic's API and Bedrock) must pass with the official OpenAI
// SDK as the client: the relay translates OpenAI chat completions into Claude's Messages and the
// answers (whole and streamed) back, and bills each call by Claude's formula. Each file that
// calls `describeOpenAISdkOnClaude` gets its own stack; the callback adds its upstream's own tests.
import type { FakeRequest } from '@modelgate/fake-upstream';
import OpenAI, { APIError, InternalServerError, NotFoundError, RateLimitError } from 'openai';
import type { ChatCompletionChunk, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { eventually } from '../support/relay-fixtures';
import { type RelayStack, sseEvents, startRelayStack } from '../support/relay-stack';
import {
  type ClaudeUpstream,
  claudeQuota,
  collect,
  expectCharged,
  expectNothingCharged,
  failure,
  MODEL,
  PRICES,
  type User,
} from './openai-sdk-claude-support';

export const INITIAL_QUOTA = 100_000_000;
export const GROUP = 'vip';
/** `claude.default_max_tokens` of every Claude-upstream file. */
export const DEFAULT_MAX_TOKENS = 1234;
/** `claude.thinking_adapter_budget_tokens_percentage` of every Claude-upstream file. */
export const THINKING_SHARE = 0.6;
const THINKING_MODEL = `${MODEL}-thinking`;
const DEFAULT_PIECES = ['Hello', ' from', ' the', ' fake', ' upstream', '.'];
/** A recorded upstream body, as JSON. */
const body = (request: FakeRequest) => request.body as Record<string, any>;
const HELLO: ChatCompletionMessageParam[] = [{ role: 'user', content: 'Say hello.' }];
const HELLO_WIRE = [{ role: 'user', content: [{ type: 'text', text: 'Say hello.' }] }];

const TOOLS: ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: 'weather',
      description: 'The weather in a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  },
  { type: 'function', function: { name: 'time' } },
];
const TOOLS_WIRE = [
  {
    name: 'weather',
    description: 'The weather in a city',
    input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
  { name: 'time', input_schema: { type: 'object', properties: {} } },
];

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

    it('offers function tools as Claude tools, with every tool_choice, and answers tool_calls with their arguments', async () => {
      const { stack } = context;
      const user = await context.newUser();
      stack.fake.program({ model: MODEL }, { toolCalls: [{ name: 'weather', arguments: '{"city":"Paris"}' }], promptTokens: 40, completionTokens: 12 });
      const client = context.client(user);
      const ask = (extra: Partial<OpenAI.ChatCompletionCreateParamsNonStreaming>) =>
        client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: TOOLS, ...extra });

      const completion = await ask({ tool_choice: 'auto' });
      expect(completion.choices).toEqual([
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: expect.stringMatching(/^toolu_/), type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }],
          },
          finish_reason: 'tool_calls',
          logprobs: null,
        },
      ]);
      await ask({ tool_choice: 'required' });
      await ask({ tool_choice: 'none' });
      await ask({ tool_choice: { type: 'function', function: { name: 'time' } } });
      await ask({ parallel_tool_calls: false });
      await ask({ tool_choice: 'required', parallel_tool_calls: false });
      await ask({});

      expect(stack.fake.requests[0]!.body).toEqual(
        upstream.wire({
          model: MODEL,
          messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] }],
          tools: TOOLS_WIRE,
          tool_choice: { type: 'auto' },
          max_tokens: DEFAULT_MAX_TOKENS,
        }),
      );
      expect(stack.fake.requests.map((r) => body(r).tool_choice)).toEqual([
        { type: 'auto' },
        { type: 'any' },
        { type: 'none' },
        { type: 'tool', name: 'time' },
        { type: 'auto', disable_parallel_tool_use: true },
        { type: 'any', disable_parallel_tool_use: true },
        undefined,
      ]);
      for (const request of stack.fake.requests) expect(body(request).tools).toEqual(TOOLS_WIRE);
      const logs = await stack.waitForLogs(user.userId, 7);
      // trunc((40 + 12 × 3) × 3) = 228 each.
      expect(logs.map((l) => l.quota)).toEqual(Array(7).fill(228));
    });

    it('streams tool calls: argument deltas that chat.completions.stream() assembles into finalChatCompletion()', async () => {
      const { stack } = context;
      const user = await context.newUser();
      stack.fake.program(
        { model: MODEL },
        {
          text: 'Checking both.',
          toolCalls: [
            { name: 'weather', arguments: '{"city":"Paris"}' },
            { name: 'time', arguments: '{"zone":"Europe/Paris"}' },
          ],
          promptTokens: 40,
          completionTokens: 20,
        },
      );
      const stream = context.client(user).chat.completions.stream({
        model: MODEL,
        messages: [{ role: 'user', content: 'Weather and time in Paris?' }],
        tools: TOOLS,
        stream_options: { include_usage: true },
      });
      const chunks = await collect(stream);
      const final = await stream.finalChatCompletion();

      expect(final.choices[0]).toMatchObject({
        finish_reason: 'tool_calls',
        message: {
          role: 'assistant',
          content: 'Checking both.',
          tool_calls: [
            { id: expect.stringMatching(/^toolu_/), type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
            { id: expect.stringMatching(/^toolu_/), type: 'function', function: { name: 'time', arguments: '{"zone":"Europe/Paris"}' } },
          ],
        },
      });
      expect(final.usage).toMatchObject({ prompt_tokens: 40, completion_tokens: 20 });
      // The arguments came in pieces, each call's id and name first.
      const calls = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
      expect(calls.filter((c) => c.id !== undefined).map((c) => [c.index, c.function?.name, c.function?.arguments])).toEqual([
        [0, 'weather', ''],
        [1, 'time', ''],
      ]);
      const pieces = (index: number) => calls.filter((c) => c.index === index && c.id === undefined).map((c) => c.function!.arguments);
      expect(pieces(0).length).toBeGreaterThan(1);
      expect(pieces(0).join('')).toBe('{"city":"Paris"}');
      expect(pieces(1).join('')).toBe('{"zone":"Europe/Paris"}');
      expect(stack.fake.requests[0]!.body).toMatchObject({ tools: TOOLS_WIRE });
      const [log] = await stack.waitForLogs(user.userId, 1);
      // trunc((40 + 20 × 3) × 3) = 300
      expect(log).toMatchObject({ isStream: true, promptTokens: 40, completionTokens: 20, quota: 300 });
    });

    it('sends a follow-up turn: the assistant tool_calls as tool_use blocks, role tool messages as tool_result blocks of one user turn', async () => {
      const { stack } = context;
      const user = await context.newUser();
      stack.fake.program({ model: MODEL }, { text: 'Sunny, and it is 14:00.' });
      const completion = await context.client(user).chat.completions.create({
        model: MODEL,
        tools: TOOLS,
        messages: [
          { role: 'user', content: 'Weather and time in Paris?' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'toolu_01', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
              { id: 'toolu_02', type: 'function', function: { name: 'time', arguments: '' } },
            ],
          },
          { role: 'tool', tool_call_id: 'toolu_01', content: 'Sunny, 21°C' },
          { role: 'tool', tool_call_id: 'toolu_02', content: [{ type: 'text', text: '14:00' }] },
        ],
      });
      expect(completion.choices[0]!.message.content).toBe('Sunny, and it is 14:00.');
      expect(body(stack.fake.requests[0]!).messages).toEqual([
        { role: 'user', content: [{ type: 'text', text: 'Weather and time in Paris?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'toolu_01', name: 'weather', input: { city: 'Paris' } },
            { type: 'tool_use', id: 'toolu_02', name: 'time', input: {} },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_01', content: [{ type: 'text', text: 'Sunny, 21°C' }] },
            { type: 'tool_result', tool_use_id: 'toolu_02', content: [{ type: 'text', text: '14:00' }] },
          ],
        },
      ]);
    });

    it('sends images: a data URL as a base64 image block, an https URL as a url source', async () => {
      const { stack } = context;
      const user = await context.newUser();
      await context.client(user).chat.completions.create({
        model: MODEL,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What are these?' },
              { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==' } },
              { type: 'image_url', image_url: { url: 'https://images.example.com/cat.jpg', detail: 'low' } },
            ],
          },
        ],
      });
      expect(body(stack.fake.requests[0]!).messages).toEqual([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What are these?' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgoAAAANSUhEUg==' } },
            { type: 'image', source: { type: 'url', url: 'https://images.example.com/cat.jpg' } },
          ],
        },
      ]);
    });

    it('turns reasoning_effort into a thinking budget (dropping temperature) and answers the thinking as reasoning_content', async () => {
      const { stack } = context;
      const user = await context.newUser();
      stack.fake.program({ model: MODEL }, { reasoning: 'Weighing it up.', text: 'Yes.', promptTokens: 10, completionTokens: 8 });
      const client = context.client(user);
      const completion = await client.chat.completions.create({
        model: MODEL,
        messages: HELLO,
        reasoning_effort: 'medium',
        max_tokens: 4000,
        temperature: 0.2,
      });
      expect(completion.choices[0]!.message).toEqual({ role: 'assistant', content: 'Yes.', reasoning_content: 'Weighing it up.' });
      // A small max_tokens is raised to leave room for the minimum budget.
      await client.chat.completions.create({ model: MODEL, messages: HELLO, reasoning_effort: 'low', max_tokens: 100 });

      expect(stack.fake.requests.map((r) => r.body)).toEqual([
        upstream.wire({ model: MODEL, messages: HELLO_WIRE, thinking: { type: 'enabled', budget_tokens: 2000 }, max_tokens: 4000 }),
        upstream.wire({ model: MODEL, messages: HELLO_WIRE, thinking: { type: 'enabled', budget_tokens: 1024 }, max_tokens: 1280 }),
      ]);
      const logs = await stack.waitForLogs(user.userId, 2);
      expect(logs[0]!.other).toMatchObject({ reasoning_effort: 'medium', claude: true });
      // trunc((10 + 8 × 3) × 3) = 102
      expect(logs[0]!.quota).toBe(102);
    });

    it('turns thinking on for a model ending in -thinking: the suffix dropped upstream, budget = share × max_tokens; reasoning_content whole and streamed', async () => {
      const { stack } = context;
      const user = await context.newUser();
      stack.fake.program({ model: MODEL }, { reasoning: 'Let me think.', text: 'Done.', promptTokens: 10, completionTokens: 9 });
      const client = context.client(user);
      const request = { model: THINKING_MODEL, messages: HELLO, max_tokens: 2000, temperature: 0.3, top_p: 0.9 };

      const completion = await client.chat.completions.create(request);
      expect(completion.model).toBe(THINKING_MODEL);
      expect(completion.choices[0]!.message).toEqual({ role: 'assistant', content: 'Done.', reasoning_content: 'Let me think.' });

      const chunks = await collect(await client.chat.completions.create({ ...request, stream: true }));
      const deltas = chunks.map((c) => c.choices[0]?.delta as { content?: string; reasoning_content?: string });
      expect(deltas.map((d) => d.reasoning_content ?? '').join('')).toBe('Let me think.');
      expect(deltas.map((d) => d.content ?? '').join('')).toBe('Done.');
      const firstContent = deltas.findIndex((d) => (d.content ?? '') !== '');
      const lastReasoning = deltas.map((d) => d.reasoning_content !== undefined).lastIndexOf(true);
      expect(lastReasoning).toBeLessThan(firstContent);

      // budget_tokens = 0.6 × 2000; thinking takes temperature 1 and no top_p.
      const thinking = { model: MODEL, messages: HELLO_WIRE, max_tokens: 2000, thinking: { type: 'enabled', budget_tokens: 1200 }, temperature: 1 };
      expect(stack.fake.requests.map((r) => [r.path, r.model, r.body])).toEqual([
        [upstream.path(MODEL, false), MODEL, upstream.wire(thinking)],
        [upstream.path(MODEL, true), MODEL, upstream.wire({ ...thinking, stream: true })],
      ]);
      const logs = await stack.waitForLogs(user.userId, 2);
      // trunc((10 + 9 × 3) × 3) = 111 each.
      expect(logs.map((l) => [l.model, l.isStream, l.quota])).toEqual([
        [THINKING_MODEL, false, 111],
        [THINKING_MODEL, true, 111],
      ]);
    });

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
