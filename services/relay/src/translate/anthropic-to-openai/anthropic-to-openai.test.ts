import { ValidationError } from '@modelgate/runtime';
import { parseAnthropicRequest } from '../../protocols/anthropic/inbound';
import { DONE, type WireEvent } from '../../protocols/stream-events';
import type { TranslationContext } from '../types';
import { anthropicToOpenAI } from '.';

const context = (body: Record<string, unknown>, upstreamModel = 'gpt-test'): TranslationContext => ({
  request: parseAnthropicRequest('messages', Buffer.from(JSON.stringify({ model: 'claude-test', max_tokens: 256, ...body })), 'application/json'),
  upstreamModel,
});
const translate = (body: Record<string, unknown>, upstreamModel?: string) => anthropicToOpenAI.request(context(body, upstreamModel));

describe('Anthropic Messages → OpenAI chat: the request', () => {
  it('puts the system prompt first and keeps sampling, stop and limits', () => {
    const { json, stream } = translate({
      system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }, { type: 'text', text: 'Be kind.' }],
      messages: [{ role: 'user', content: 'hi' }],
      temperature: 0.3,
      top_p: 0.9,
      top_k: 5,
      stop_sequences: ['END'],
      stream: true,
      metadata: { user_id: 'user-7' },
    });
    expect(stream).toBe(true);
    expect(json).toEqual({
      model: 'gpt-test',
      messages: [
        { role: 'system', content: 'Be brief.\nBe kind.' },
        { role: 'user', content: 'hi' },
      ],
      max_tokens: 256,
      temperature: 0.3,
      top_p: 0.9,
      stop: ['END'],
      user: 'user-7',
      stream: true,
    });
  });

  it('turns images into image_url parts and documents into files', () => {
    const { json } = translate({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in these?' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBOR' } },
            { type: 'image', source: { type: 'url', url: 'https://x.example/cat.jpg' } },
            { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBER' }, title: 'a.pdf' },
          ],
        },
      ],
    });
    expect(json['messages']).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in these?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBOR' } },
          { type: 'image_url', image_url: { url: 'https://x.example/cat.jpg' } },
          { type: 'file', file: { filename: 'a.pdf', file_data: 'data:application/pdf;base64,JVBER' } },
        ],
      },
    ]);
  });

  it('turns tool calls into tool_calls and their results into tool messages, right after the call', () => {
    const { json } = translate({
      tools: [{ name: 'weather', description: 'Weather in a city', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'I should look it up.', signature: 'sig' },
            { type: 'text', text: 'Let me check.' },
            { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'Sunny' }] },
            { type: 'text', text: 'And tomorrow?' },
          ],
        },
      ],
    });
    expect(json['tools']).toEqual([
      { type: 'function', function: { name: 'weather', description: 'Weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } } } } },
    ]);
    expect(json['tool_choice']).toBe('required');
    expect(json['parallel_tool_calls']).toBe(false);
    expect(json['messages']).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: 'Let me check.',
        tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }],
      },
      { role: 'tool', tool_call_id: 'toolu_1', content: 'Sunny' },
      { role: 'user', content: 'And tomorrow?' },
    ]);
  });

  it('names a failed tool result as one, and maps the other tool choices', () => {
    const { json } = translate({
      tools: [{ name: 'f', input_schema: { type: 'object' } }],
      tool_choice: { type: 'tool', name: 'f' },
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'f', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'boom', is_error: true }] },
      ],
    });
    expect(json['tool_choice']).toEqual({ type: 'function', function: { name: 'f' } });
    expect((json['messages'] as unknown[])[2]).toEqual({ role: 'tool', tool_call_id: 't', content: 'Error: boom' });
    expect(translate({ tools: [{ name: 'f' }], tool_choice: { type: 'none' }, messages: [{ role: 'user', content: 'x' }] }).json['tool_choice']).toBe('none');
  });

  it('asks reasoning models for the effort thinking or output_config stands for, and other models for nothing', () => {
    const thinking = { thinking: { type: 'enabled', budget_tokens: 200 }, messages: [{ role: 'user', content: 'x' }] };
    expect(translate(thinking, 'o3-mini').json['reasoning_effort']).toBe('high');
    expect(translate({ ...thinking, thinking: { type: 'enabled', budget_tokens: 40 } }, 'o3-mini').json['reasoning_effort']).toBe('low');
    expect(translate({ ...thinking, output_config: { effort: 'max' } }, 'o4-mini').json['reasoning_effort']).toBe('high');
    expect(translate({ ...thinking, thinking: { type: 'adaptive' } }, 'o4-mini').json['reasoning_effort']).toBe('medium');
    expect(translate({ ...thinking, thinking: { type: 'disabled' } }, 'o4-mini').json).not.toHaveProperty('reasoning_effort');
    expect(translate(thinking, 'gpt-4o').json).not.toHaveProperty('reasoning_effort');
  });

  it('keeps system turns of the conversation as system messages', () => {
    const { json } = translate({
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'system', content: [{ type: 'text', text: 'Answer in French.' }] },
      ],
    });
    expect(json['messages']).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'system', content: 'Answer in French.' },
    ]);
  });

  it.each([
    [{ tools: [{ name: 'web_search', type: 'web_search_20250305' }], messages: [{ role: 'user', content: 'x' }] }, 'tools.0', /server tool web_search_20250305/],
    [{ messages: [{ role: 'user', content: [{ type: 'search_result', source: 's', title: 't', content: [] }] }] }, 'messages.0.content.0', /search_result block/],
    [{ messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'file', file_id: 'f' } }] }] }, 'messages.0.content.0', /file source/],
    [{ messages: [{ role: 'moderator', content: 'x' }] }, 'messages.0.role', /unknown role "moderator"/],
  ])('refuses what an OpenAI channel cannot take, with a 400 naming it (%#)', (body, param, message) => {
    let error: unknown;
    try {
      translate(body);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details?.['param']).toBe(param);
    expect((error as Error).message).toMatch(message);
  });
});

describe('Anthropic Messages → OpenAI chat: the answer', () => {
  it('builds a Message from a completion: reasoning, text, tool calls, stop reason and usage', () => {
    const message = anthropicToOpenAI.response(
      {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: 'It is sunny.',
              reasoning_content: 'Checking.',
              tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }],
            },
            finish_reason: 'tool_calls',
          },
        ],
        usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120, prompt_tokens_details: { cached_tokens: 30 } },
      },
      context({ messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(message).toEqual({
      id: 'msg_chatcmpl-1',
      type: 'message',
      role: 'assistant',
      model: 'claude-test',
      content: [
        { type: 'thinking', thinking: 'Checking.', signature: '' },
        { type: 'text', text: 'It is sunny.' },
        { type: 'tool_use', id: 'call_1', name: 'weather', input: { city: 'Paris' } },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 70, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 30 },
    });
  });

  it.each([
    ['stop', 'end_turn'],
    ['length', 'max_tokens'],
    ['content_filter', 'refusal'],
    [null, 'end_turn'],
  ])('maps finish_reason %s to stop_reason %s', (finish, stop) => {
    const message = anthropicToOpenAI.response(
      { choices: [{ index: 0, message: { role: 'assistant', content: 'x' }, finish_reason: finish }] },
      context({ messages: [{ role: 'user', content: 'x' }] }),
    ) as { stop_reason: string };
    expect(message.stop_reason).toBe(stop);
  });
});

const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}): WireEvent => ({
  data: { id: 'chatcmpl-9', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }], ...extra },
});
const names = (events: WireEvent[]) => events.map((event) => event.name);

describe('Anthropic Messages → OpenAI chat: the stream', () => {
  it('builds the event sequence as chunks arrive: thinking, text, a tool call with streamed input, stop and usage', () => {
    const stream = anthropicToOpenAI.stream(context({ messages: [{ role: 'user', content: 'hi' }], stream: true }));
    const out: WireEvent[] = [];
    const push = (event: WireEvent) => {
      const events = stream.push(event);
      out.push(...events);
      return events;
    };
    expect(names(push(chunk({ role: 'assistant', content: '' })))).toEqual(['message_start']);
    expect(names(push(chunk({ reasoning_content: 'Hmm.' })))).toEqual(['content_block_start', 'content_block_delta']);
    expect(names(push(chunk({ content: 'Hello' })))).toEqual(['content_block_delta', 'content_block_stop', 'content_block_start', 'content_block_delta']);
    push(chunk({ content: ' there' }));
    push(chunk({ tool_calls: [{ index: 0, id: 'call_7', type: 'function', function: { name: 'weather', arguments: '' } }] }));
    push(chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }));
    push(chunk({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }));
    push({ data: { id: 'chatcmpl-9', choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] } });
    push({ data: { id: 'chatcmpl-9', choices: [], usage: { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 } } });
    push({ data: DONE });
    expect(stream.end(false)).toEqual([]);

    expect(names(out)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const data = out.map((event) => event.data as Record<string, any>);
    expect(data[0]!['message']).toMatchObject({ id: 'msg_chatcmpl-9', model: 'claude-test', role: 'assistant', content: [] });
    expect(data[1]).toEqual({ type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } });
    expect(data[3]).toEqual({ type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: '' } });
    expect(data[6]).toEqual({ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Hello' } });
    expect(data[9]).toEqual({ type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 'call_7', name: 'weather', input: {} } });
    expect(data[11]).toEqual({ type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '"Paris"}' } });
    expect(data[13]).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: { input_tokens: 12, output_tokens: 9, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    });
  });

  it('counts the usage itself when the vendor streams none', () => {
    const stream = anthropicToOpenAI.stream(context({ messages: [{ role: 'user', content: 'hi' }], stream: true }));
    stream.push(chunk({ content: 'Hello there friend' }));
    stream.push({ data: { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] } });
    const closing = stream.push({ data: DONE });
    expect(closing.at(-2)!.data).toMatchObject({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 3 } });
    expect((closing.at(-2)!.data as { usage: { input_tokens: number } }).usage.input_tokens).toBeGreaterThan(0);
  });

  it('turns an error chunk into an error event, and a cut stream into one', () => {
    const failing = anthropicToOpenAI.stream(context({ messages: [{ role: 'user', content: 'hi' }], stream: true }));
    failing.push(chunk({ content: 'Hel' }));
    const error = failing.push({ data: { error: { message: 'The server is overloaded', type: 'server_error' } } });
    expect(error).toEqual([{ name: 'error', data: { type: 'error', error: { type: 'api_error', message: 'The server is overloaded' } } }]);
    expect(failing.push(chunk({ content: 'lo' }))).toEqual([]);
    expect(failing.end(true)).toEqual([]);

    const cut = anthropicToOpenAI.stream(context({ messages: [{ role: 'user', content: 'hi' }], stream: true }));
    cut.push(chunk({ content: 'Hel' }));
    expect(cut.end(true)).toEqual([
      { name: 'error', data: { type: 'error', error: { type: 'api_error', message: 'the upstream stream ended before the answer was complete' } } },
    ]);
  });

  it('closes a stream that ended without [DONE] as if it had one', () => {
    const stream = anthropicToOpenAI.stream(context({ messages: [{ role: 'user', content: 'hi' }], stream: true }));
    stream.push(chunk({ content: 'Hi' }));
    expect(names(stream.end(false))).toEqual(['content_block_stop', 'message_delta', 'message_stop']);
  });
});
