import { ValidationError } from '@modelgate/runtime';
import { responsesToChat } from '.';
import { responsesContext } from './test-context.test-support';

const context = responsesContext;
const translate = (body: Record<string, unknown>) => responsesToChat.request(context(body));

function refusal(body: Record<string, unknown>): ValidationError {
  try {
    translate(body);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error('the request was translated');
}

describe('Responses → chat completions: the request', () => {
  it('puts instructions first, a string input as the user message, and maps settings', () => {
    const { json, stream } = translate({
      instructions: 'Be brief.',
      input: 'Say hello.',
      max_output_tokens: 300,
      temperature: 0.4,
      top_p: 0.9,
      reasoning: { effort: 'high', summary: 'auto' },
      user: 'user-7',
      metadata: { trace: 'x' },
      store: true,
      include: ['reasoning.encrypted_content'],
      truncation: 'auto',
    });
    expect(stream).toBe(false);
    expect(json).toEqual({
      model: 'chat-up',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Say hello.' },
      ],
      reasoning_effort: 'high',
      max_tokens: 300,
      temperature: 0.4,
      top_p: 0.9,
      user: 'user-7',
    });
  });

  it('asks a stream for its usage, and takes safety_identifier as the user', () => {
    const { json, stream } = translate({ input: 'hi', stream: true, safety_identifier: 'hashed-1' });
    expect(stream).toBe(true);
    expect(json).toMatchObject({ stream: true, stream_options: { include_usage: true }, user: 'hashed-1' });
  });

  it('maps every message role and part, function calls and their outputs, and drops reasoning', () => {
    const { json } = translate({
      input: [
        { role: 'developer', content: 'Use tools.' },
        { type: 'message', role: 'system', content: [{ type: 'input_text', text: 'Line 1' }, { type: 'input_text', text: 'Line 2' }] },
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'What is this?' },
            { type: 'input_image', image_url: 'https://x.example/cat.png', detail: 'low' },
            { type: 'input_image', image_url: 'data:image/png;base64,iVBOR' },
            { type: 'input_file', filename: 'a.pdf', file_data: 'data:application/pdf;base64,JVBER' },
          ],
        },
        { type: 'message', role: 'assistant', id: 'msg_1', status: 'completed', content: [{ type: 'output_text', text: 'Let me look.', annotations: [] }] },
        { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'thinking' }] },
        { type: 'function_call', call_id: 'call_a', name: 'weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call', call_id: 'call_b', name: 'time', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_a', output: 'sunny' },
        {
          type: 'function_call_output',
          call_id: 'call_b',
          output: [
            { type: 'input_text', text: 'noon' },
            { type: 'input_image', image_url: 'https://x.example/clock.png' },
          ],
        },
        { role: 'user', content: 'Thanks.' },
      ],
    });
    expect(json['messages']).toEqual([
      { role: 'system', content: 'Use tools.' },
      { role: 'system', content: 'Line 1\nLine 2' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: 'https://x.example/cat.png', detail: 'low' } },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBOR' } },
          { type: 'file', file: { file_data: 'data:application/pdf;base64,JVBER', filename: 'a.pdf' } },
        ],
      },
      {
        role: 'assistant',
        content: 'Let me look.',
        tool_calls: [
          { id: 'call_a', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_b', type: 'function', function: { name: 'time', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_a', content: 'sunny' },
      { role: 'tool', tool_call_id: 'call_b', content: 'noon' },
      { role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x.example/clock.png' } }] },
      { role: 'user', content: 'Thanks.' },
    ]);
  });

  it('starts an assistant message for a function call that follows a user turn', () => {
    const { json } = translate({
      input: [
        { role: 'user', content: 'Weather?' },
        { type: 'function_call', call_id: 'call_a', name: 'weather', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_a', output: 'rain' },
      ],
    });
    expect(json['messages']).toEqual([
      { role: 'user', content: 'Weather?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'weather', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'call_a', content: 'rain' },
    ]);
  });

  it('offers function tools with the tool choice and parallel setting', () => {
    const tool = { type: 'function', name: 'weather', description: 'Weather now', parameters: { type: 'object', properties: {} }, strict: true };
    const { json } = translate({ input: 'hi', tools: [tool], tool_choice: { type: 'function', name: 'weather' }, parallel_tool_calls: false });
    expect(json).toMatchObject({
      tools: [{ type: 'function', function: { name: 'weather', description: 'Weather now', parameters: { type: 'object', properties: {} }, strict: true } }],
      tool_choice: { type: 'function', function: { name: 'weather' } },
      parallel_tool_calls: false,
    });
    expect(translate({ input: 'hi', tools: [tool], tool_choice: 'required' }).json['tool_choice']).toBe('required');
  });

  it('keeps only the functions an allowed_tools choice names', () => {
    const fn = (name: string) => ({ type: 'function', name, parameters: { type: 'object', properties: {} }, strict: null });
    const { json } = translate({
      input: 'hi',
      tools: [fn('a'), fn('b')],
      tool_choice: { type: 'allowed_tools', mode: 'required', tools: [{ type: 'function', name: 'b' }] },
    });
    expect(json['tools']).toEqual([{ type: 'function', function: { name: 'b', parameters: { type: 'object', properties: {} } } }]);
    expect(json['tool_choice']).toBe('required');
  });

  it('asks for JSON by schema or as an object', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
    expect(translate({ input: 'hi', text: { format: { type: 'json_schema', name: 'thing', schema, strict: true } } }).json['response_format']).toEqual({
      type: 'json_schema',
      json_schema: { name: 'thing', schema, strict: true },
    });
    expect(translate({ input: 'hi', text: { format: { type: 'json_object' } } }).json['response_format']).toEqual({ type: 'json_object' });
    expect(translate({ input: 'hi', text: { format: { type: 'text' }, verbosity: 'low' } }).json['response_format']).toBeUndefined();
  });

  it.each([
    ['previous_response_id', { previous_response_id: 'resp_1' }, /no stored response/],
    ['conversation', { conversation: 'conv_1' }, /no stored conversation/],
    ['tools.0', { tools: [{ type: 'web_search' }] }, /web_search tool .*this channel cannot run built-in tools/],
    ['tools.1', { tools: [{ type: 'function', name: 'f' }, { type: 'code_interpreter', container: { type: 'auto' } }] }, /code_interpreter/],
    ['tool_choice', { tools: [{ type: 'function', name: 'f' }], tool_choice: { type: 'file_search' } }, /file_search .*built-in tools/],
    ['input.0', { input: [{ type: 'item_reference', id: 'msg_1' }] }, /item_reference .*keeps no stored items/],
    ['input.0', { input: [{ type: 'web_search_call', id: 'ws_1', status: 'completed' }] }, /web_search_call item .*built-in tools/],
    ['input.0.content.0', { input: [{ role: 'user', content: [{ type: 'input_image', file_id: 'file_1' }] }] }, /file_id .*image_url/],
    ['input.0.content.0', { input: [{ role: 'user', content: [{ type: 'input_file', file_id: 'file_1' }] }] }, /base64 data URL/],
    ['input.0.content.0', { input: [{ role: 'developer', content: [{ type: 'input_image', image_url: 'https://x.example/a.png' }] }] }, /only text/],
    ['prompt', { prompt: { id: 'pmpt_1' } }, /stored prompt template/],
    ['background', { background: true }, /foreground/],
  ])('refuses %s clearly', (param, body, message) => {
    const error = refusal({ input: 'hi', ...body });
    expect(error.httpStatus).toBe(400);
    expect(error.details).toEqual({ param });
    expect(error.message).toMatch(message);
  });
});

describe('Responses → chat completions: the answer', () => {
  const completion = (message: Record<string, unknown>, finish = 'stop', usage: Record<string, unknown> | null = { prompt_tokens: 20, completion_tokens: 7, total_tokens: 27 }) => ({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'chat-up',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish }],
    ...(usage ? { usage } : {}),
  });

  it('answers a Response with the text as a message item, the echo of the request and the usage', () => {
    const request = { input: 'hi', instructions: 'Be brief.', temperature: 0.5, max_output_tokens: 64, reasoning: { effort: 'low' }, user: 'u-1' };
    const response = responsesToChat.response(
      completion({ content: 'Hello!' }, 'stop', { prompt_tokens: 20, completion_tokens: 7, total_tokens: 27, prompt_tokens_details: { cached_tokens: 5 }, completion_tokens_details: { reasoning_tokens: 2 } }),
      context(request),
    );
    expect(response).toEqual({
      id: expect.stringMatching(/^resp_/),
      object: 'response',
      created_at: 1_700_000_000,
      status: 'completed',
      background: false,
      error: null,
      incomplete_details: null,
      instructions: 'Be brief.',
      max_output_tokens: 64,
      model: 'gpt-client',
      output: [
        {
          id: expect.stringMatching(/^msg_/),
          type: 'message',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: 'Hello!', annotations: [], logprobs: [] }],
        },
      ],
      parallel_tool_calls: true,
      previous_response_id: null,
      reasoning: { effort: 'low', summary: null },
      store: false,
      temperature: 0.5,
      text: { format: { type: 'text' } },
      tool_choice: 'auto',
      tools: [],
      top_p: null,
      truncation: 'disabled',
      metadata: {},
      user: 'u-1',
      usage: {
        input_tokens: 20,
        input_tokens_details: { cached_tokens: 5 },
        output_tokens: 7,
        output_tokens_details: { reasoning_tokens: 2 },
        total_tokens: 27,
      },
    });
  });

  it('gives reasoning as a reasoning item and tool calls as function_call items', () => {
    const response = responsesToChat.response(
      completion(
        {
          content: null,
          reasoning_content: 'The user wants weather.',
          tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } }],
        },
        'tool_calls',
      ),
      context({ input: 'hi' }),
    ) as { output: unknown[]; status: string };
    expect(response.status).toBe('completed');
    expect(response.output).toEqual([
      { id: expect.stringMatching(/^rs_/), type: 'reasoning', summary: [{ type: 'summary_text', text: 'The user wants weather.' }], status: 'completed' },
      { id: expect.stringMatching(/^fc_/), type: 'function_call', call_id: 'call_9', name: 'weather', arguments: '{"city":"Oslo"}', status: 'completed' },
    ]);
  });

  it.each([
    ['length', 'max_output_tokens'],
    ['content_filter', 'content_filter'],
  ])('is incomplete when the chat answer stopped for %s', (finish, reason) => {
    const response = responsesToChat.response(completion({ content: 'Cut' }, finish), context({ input: 'hi' })) as Record<string, any>;
    expect(response['status']).toBe('incomplete');
    expect(response['incomplete_details']).toEqual({ reason });
    expect(response['output'][0].status).toBe('incomplete');
  });

  it('answers an empty message for an upstream body that is no chat completion, rather than failing', () => {
    const response = responsesToChat.response(null, context({ input: 'hi' })) as Record<string, any>;
    expect(response).toMatchObject({ object: 'response', status: 'completed', output: [{ type: 'message', content: [{ type: 'output_text', text: '' }] }] });
  });

  it('counts the usage itself when the channel reported none', () => {
    const response = responsesToChat.response(completion({ content: 'Hello there' }, 'stop', null), context({ input: 'hi' })) as Record<string, any>;
    expect(response['usage']).toMatchObject({ input_tokens: 11, output_tokens: expect.any(Number) });
    expect(response['usage'].output_tokens).toBeGreaterThan(0);
  });
});
