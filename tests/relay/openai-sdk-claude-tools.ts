// OpenAI SDK → Claude upstream cases: function tools (every tool_choice, streamed arguments, the
// follow-up turn), images, and thinking (reasoning_effort and `-thinking` models), each checked on
// the wire Claude receives and in what the SDK hands back.
import OpenAI from 'openai';
import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import type { ClaudeSuiteContext } from './openai-sdk-claude-suite';
import {
  body,
  type ClaudeUpstream,
  DEFAULT_MAX_TOKENS,
  collect,
  HELLO,
  HELLO_WIRE,
  MODEL,
  THINKING_MODEL,
} from './openai-sdk-claude-support';

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

export function toolAndThinkingCases(upstream: ClaudeUpstream, context: ClaudeSuiteContext): void {
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
}
