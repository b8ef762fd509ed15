import { ValidationError } from '@modelgate/runtime';
import { parseOpenAIRequest } from '../../protocols/openai/inbound';
import { DONE, type WireEvent } from '../../protocols/stream-events';
import { DEFAULT_CLAUDE_SETTINGS } from '../../providers/anthropic/claude-request';
import type { TranslationContext } from '../types';
import { openAIToAnthropic } from '.';

const context = (body: Record<string, unknown>, settings = DEFAULT_CLAUDE_SETTINGS): TranslationContext => ({
  request: parseOpenAIRequest('chat/completions', Buffer.from(JSON.stringify({ model: 'sonnet-test', ...body })), 'application/json'),
  upstreamModel: 'claude-up',
  settings: { claude: settings },
});
const translate = (body: Record<string, unknown>, settings?: typeof DEFAULT_CLAUDE_SETTINGS) => openAIToAnthropic.request(context(body, settings));

describe('OpenAI chat → Anthropic Messages: the request', () => {
  it('gathers system and developer messages into the system prompt and keeps the rest as turns', () => {
    const { json, stream } = translate({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'developer', content: [{ type: 'text', text: 'Be kind.' }] },
        { role: 'user', content: 'hi' },
        { role: 'user', content: 'anyone?' },
        { role: 'assistant', content: 'Hello!' },
      ],
      max_tokens: 300,
      temperature: 1.6,
      top_p: 0.8,
      stop: 'END',
      user: 'u-1',
      stream: true,
    });
    expect(stream).toBe(true);
    expect(json).toEqual({
      model: 'claude-up',
      system: 'Be brief.\n\nBe kind.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'text', text: 'anyone?' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Hello!' }] },
      ],
      stop_sequences: ['END'],
      temperature: 1,
      top_p: 0.8,
      max_tokens: 300,
      metadata: { user_id: 'u-1' },
      stream: true,
    });
  });

  it('asks for JSON in the system prompt when response_format does, with the schema it gives', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    const asked = translate({
      messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'x' }],
      response_format: { type: 'json_schema', json_schema: { name: 'place', schema } },
    }).json['system'] as string;
    expect(asked.startsWith('Be brief.\n\nAnswer with a single JSON value and nothing else')).toBe(true);
    expect(asked).toContain(JSON.stringify(schema));
    expect(translate({ messages: [{ role: 'user', content: 'x' }], response_format: { type: 'json_object' } }).json['system']).toBe(
      'Answer with a single JSON value and nothing else: no prose, no code fences.',
    );
    expect(translate({ messages: [{ role: 'user', content: 'x' }], response_format: { type: 'text' } }).json['system']).toBeUndefined();
  });

  it('takes max_completion_tokens, else the default of claude.default_max_tokens', () => {
    expect(translate({ messages: [{ role: 'user', content: 'x' }], max_completion_tokens: 77 }).json['max_tokens']).toBe(77);
    const settings = { ...DEFAULT_CLAUDE_SETTINGS, defaultMaxTokens: (model: string) => (model === 'claude-up' ? 1234 : undefined) };
    expect(translate({ messages: [{ role: 'user', content: 'x' }] }, settings).json['max_tokens']).toBe(1234);
  });

  it('turns image parts into image blocks (base64 or URL) and files into documents', () => {
    const { json } = translate({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look' },
            { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/4AAQ' } },
            { type: 'image_url', image_url: { url: 'https://x.example/dog.png', detail: 'low' } },
            { type: 'file', file: { filename: 'r.pdf', file_data: 'data:application/pdf;base64,JVBER' } },
          ],
        },
      ],
    });
    expect(json['messages']).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look' },
          { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/4AAQ' } },
          { type: 'image', source: { type: 'url', url: 'https://x.example/dog.png' } },
          { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBER' }, title: 'r.pdf' },
        ],
      },
    ]);
  });

  it('turns tool calls into tool_use blocks and consecutive tool messages into one user turn of results', () => {
    const { json } = translate({
      tools: [
        { type: 'function', function: { name: 'weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } },
        { type: 'function', function: { name: 'time' } },
      ],
      tool_choice: { type: 'function', function: { name: 'weather' } },
      parallel_tool_calls: false,
      messages: [
        { role: 'user', content: 'Weather and time in Paris?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
            { id: 'call_2', type: 'function', function: { name: 'time', arguments: '' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'Sunny' },
        { role: 'tool', tool_call_id: 'call_2', content: [{ type: 'text', text: '14:00' }] },
        { role: 'user', content: 'Thanks' },
      ],
    });
    expect(json['tools']).toEqual([
      { name: 'weather', description: 'Weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } },
      { name: 'time', input_schema: { type: 'object', properties: {} } },
    ]);
    expect(json['tool_choice']).toEqual({ type: 'tool', name: 'weather', disable_parallel_tool_use: true });
    expect(json['messages']).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather and time in Paris?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'call_1', name: 'weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'call_2', name: 'time', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'call_1', content: [{ type: 'text', text: 'Sunny' }] },
          { type: 'tool_result', tool_use_id: 'call_2', content: [{ type: 'text', text: '14:00' }] },
          { type: 'text', text: 'Thanks' },
        ],
      },
    ]);
  });

  it('turns a reasoning effort into a thinking budget, leaving out the sampling thinking refuses', () => {
    const { json } = translate({ messages: [{ role: 'user', content: 'x' }], reasoning_effort: 'medium', max_tokens: 4000, temperature: 0.2 });
    expect(json).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 2000 }, max_tokens: 4000 });
    expect(json).not.toHaveProperty('temperature');
    const small = translate({ messages: [{ role: 'user', content: 'x' }], reasoning_effort: 'low', max_tokens: 100 }).json;
    expect(small).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 1024 }, max_tokens: 1280 });
    expect(translate({ messages: [{ role: 'user', content: 'x' }], reasoning_effort: 'minimal' }).json).not.toHaveProperty('thinking');
  });

  it.each([
    [{ messages: [{ role: 'user', content: 'x' }], n: 2 }, 'n'],
    [{ messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: { data: 'x', format: 'wav' } }] }] }, 'messages.0.content.0'],
    [{ messages: [{ role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{oops' } }] }] }, 'messages.0.tool_calls.0'],
    [{ messages: [{ role: 'tool', content: 'x' }] }, 'messages.0.tool_call_id'],
    [{ messages: [{ role: 'narrator', content: 'x' }] }, 'messages.0.role'],
    [{ messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'custom', custom: { name: 'x' } }] }, 'tools.0'],
    [{ messages: [{ role: 'system', content: [{ type: 'image_url', image_url: { url: 'https://x' } }] }] }, 'messages.0.content'],
  ])('refuses what a Claude channel cannot take, with a 400 naming it (%#)', (body, param) => {
    let error: unknown;
    try {
      translate(body);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details?.['param']).toBe(param);
  });
});

describe('OpenAI chat → Anthropic Messages: the answer', () => {
  it('builds a completion from a Message: text, thinking as reasoning_content, tool calls and usage with the cache', () => {
    const completion = openAIToAnthropic.response(
      {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-up',
        content: [
          { type: 'thinking', thinking: 'Let me see.', signature: 'sig' },
          { type: 'text', text: 'It is ' },
          { type: 'text', text: 'sunny.' },
          { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } },
        ],
        stop_reason: 'tool_use',
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 7, cache_read_input_tokens: 100, cache_creation_input_tokens: 50 },
      },
      context({ messages: [{ role: 'user', content: 'x' }] }),
    ) as Record<string, any>;
    expect(completion).toMatchObject({
      id: 'chatcmpl-msg_1',
      object: 'chat.completion',
      model: 'sonnet-test',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'It is sunny.',
            reasoning_content: 'Let me see.',
            tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 160, completion_tokens: 7, total_tokens: 167, prompt_tokens_details: { cached_tokens: 100 } },
    });
  });

  it.each([
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['max_tokens', 'length'],
    ['refusal', 'content_filter'],
    ['pause_turn', 'stop'],
  ])('maps stop_reason %s to finish_reason %s', (stop, finish) => {
    const completion = openAIToAnthropic.response(
      { id: 'm', content: [{ type: 'text', text: 'x' }], stop_reason: stop, usage: { input_tokens: 1, output_tokens: 1 } },
      context({ messages: [{ role: 'user', content: 'x' }] }),
    ) as { choices: Array<{ finish_reason: string }> };
    expect(completion.choices[0]!.finish_reason).toBe(finish);
  });
});

/** The Anthropic events of one answer with thinking, text and a tool call. */
const EVENTS: Array<Record<string, unknown>> = [
  { type: 'message_start', message: { id: 'msg_5', type: 'message', role: 'assistant', content: [], usage: { input_tokens: 20, output_tokens: 1, cache_read_input_tokens: 5 } } },
  { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Hmm.' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'ping' },
  { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Hi' } },
  { type: 'content_block_stop', index: 1 },
  { type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 'toolu_3', name: 'weather', input: {} } },
  { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{"city":' } },
  { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '"Paris"}' } },
  { type: 'content_block_stop', index: 2 },
  { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 15 } },
  { type: 'message_stop' },
];

function run(body: Record<string, unknown>, events = EVENTS): WireEvent[] {
  const stream = openAIToAnthropic.stream(context({ messages: [{ role: 'user', content: 'x' }], stream: true, ...body }));
  return [...events.flatMap((data) => stream.push({ name: String(data['type']), data })), ...stream.end(false)];
}

const deltas = (out: WireEvent[]) =>
  out.filter((event) => event.data !== DONE).map((event) => (event.data as { choices: Array<{ delta: unknown; finish_reason: unknown }> }).choices[0]);

describe('OpenAI chat → Anthropic Messages: the stream', () => {
  it('builds chunks as events arrive: the role, reasoning, content, the tool call with its argument pieces, the finish, [DONE]', () => {
    const out = run({});
    expect(deltas(out)).toEqual([
      { delta: { role: 'assistant', content: '' }, finish_reason: null, index: 0, logprobs: null },
      { delta: { reasoning_content: 'Hmm.' }, finish_reason: null, index: 0, logprobs: null },
      { delta: { content: 'Hi' }, finish_reason: null, index: 0, logprobs: null },
      { delta: { tool_calls: [{ index: 0, id: 'toolu_3', type: 'function', function: { name: 'weather', arguments: '' } }] }, finish_reason: null, index: 0, logprobs: null },
      { delta: { tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }, finish_reason: null, index: 0, logprobs: null },
      { delta: { tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }, finish_reason: null, index: 0, logprobs: null },
      { delta: {}, finish_reason: 'tool_calls', index: 0, logprobs: null },
    ]);
    expect(out.at(-1)).toEqual({ data: DONE });
    const first = out[0]!.data as Record<string, unknown>;
    expect(first).toMatchObject({ id: 'chatcmpl-msg_5', object: 'chat.completion.chunk', model: 'sonnet-test' });
  });

  it('sends the usage chunk only when the client asked for it', () => {
    const withUsage = run({ stream_options: { include_usage: true } });
    expect(withUsage.at(-2)!.data).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 25, completion_tokens: 15, total_tokens: 40, prompt_tokens_details: { cached_tokens: 5 } },
    });
    expect(run({}).some((event) => (event.data as { usage?: unknown }).usage !== undefined)).toBe(false);
  });

  it('turns an error event into an error chunk and a cut stream into one, without [DONE]', () => {
    const failing = run({}, [EVENTS[0]!, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }]);
    expect(failing.at(-1)).toEqual({ data: { error: { message: 'Overloaded', type: 'overloaded_error', param: null, code: 'upstream_error' } } });
    const stream = openAIToAnthropic.stream(context({ messages: [{ role: 'user', content: 'x' }], stream: true }));
    stream.push({ name: 'message_start', data: EVENTS[0] });
    const cut = stream.end(true);
    expect(cut).toEqual([{ data: { error: expect.objectContaining({ code: 'upstream_stream_interrupted' }) } }]);
  });
});
