import { ValidationError } from '@modelgate/runtime';
import { UnsupportedMediaTypeError } from '../json-body';
import { parseAnthropicRequest } from './inbound';

const JSON_TYPE = 'application/json';
const body = (value: unknown) => Buffer.from(JSON.stringify(value));
const parse = (value: unknown, operation: 'messages' | 'messages/count_tokens' = 'messages') =>
  parseAnthropicRequest(operation, body(value), JSON_TYPE);

function refusal(value: unknown, operation?: 'messages' | 'messages/count_tokens'): { message: string; param: unknown } {
  try {
    parse(value, operation);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return { message: (error as ValidationError).message, param: (error as ValidationError).details?.['param'] };
  }
  throw new Error('not refused');
}

const hello = { model: 'claude-test', max_tokens: 64, messages: [{ role: 'user', content: 'hello' }] };

describe('parseAnthropicRequest', () => {
  it('reads a Messages request into its payload and a neutral summary', () => {
    const request = parse({ ...hello, stream: true, system: 'Be brief.' });
    expect(request).toMatchObject({ protocol: 'anthropic', operation: 'messages' });
    expect(request.summary).toMatchObject({ model: 'claude-test', upstreamModel: 'claude-test', stream: true, metering: 'tokens', maxTokens: 64 });
    expect(request.summary.promptTexts()).toEqual(['Be brief.', 'hello']);
    expect(request.summary.promptTokens()).toBeGreaterThan(3);
    expect(request.payload).toEqual({ ...hello, stream: true, system: 'Be brief.' });
  });

  it('reads a token count as free, and takes one without max_tokens', () => {
    const request = parse({ model: 'claude-test', messages: [{ role: 'user', content: 'count me' }] }, 'messages/count_tokens');
    expect(request.summary).toMatchObject({ metering: 'free', stream: false });
    expect(request.summary.maxTokens).toBeUndefined();
  });

  it('counts system blocks, tool results, tool definitions and images in the prompt estimate', () => {
    const plain = parse(hello).summary.promptTokens();
    const rich = parse({
      ...hello,
      system: [{ type: 'text', text: 'You are a careful assistant.', cache_control: { type: 'ephemeral' } }],
      tools: [{ name: 'lookup', description: 'Looks a word up', input_schema: { type: 'object', properties: { word: { type: 'string' } } } }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'hello' }, { type: 'image', source: { type: 'url', url: 'https://x.example/a.png' } }] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'lookup', input: { word: 'x' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'a letter' }] }] },
      ],
    }).summary;
    expect(rich.promptTokens()).toBeGreaterThan(plain + 1600);
    expect(rich.promptTexts()).toEqual(['You are a careful assistant.', 'hello', 'a letter']);
  });

  it('passes block types it does not know, and system turns in the conversation (Claude Code sends both)', () => {
    const request = parse({
      ...hello,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'search_result', source: 's', title: 't', content: [] }] },
        { role: 'system', content: [{ type: 'text', text: 'Reply in French.' }], output_config: { effort: 'low' } },
      ],
    });
    expect(request.summary.promptTexts()).toEqual(['hi', 'Reply in French.']);
  });

  it.each([
    [{ max_tokens: 5, messages: [{ role: 'user', content: 'x' }] }, 'model: Field required', 'model'],
    [{ model: 'm', max_tokens: 5 }, 'messages: Field required', 'messages'],
    [{ model: 'm', max_tokens: 5, messages: [] }, 'messages: at least one message is required', 'messages'],
    [{ ...hello, max_tokens: 0 }, 'max_tokens: Input should be greater than or equal to 1', 'max_tokens'],
    [{ ...hello, max_tokens: 'many' }, 'max_tokens: Input should be a valid integer', 'max_tokens'],
    [{ ...hello, messages: [{ role: 'user', content: 7 }] }, 'messages.0.content must be a string or a list of blocks', 'messages.0.content'],
    [{ ...hello, messages: [{ content: 'x' }] }, 'messages.0.role must be a string', 'messages.0.role'],
    [{ ...hello, system: [{ type: 'text', text: 1 }] }, 'system.0.text must be a string', 'system.0.text'],
    [{ ...hello, messages: [{ role: 'user', content: [{ type: 'image', source: 'x' }] }] }, 'messages.0.content.0.source must be an object', 'messages.0.content.0.source'],
    [{ ...hello, messages: [{ role: 'user', content: [{ type: 'text' }] }] }, 'messages.0.content.0.text must be a string', 'messages.0.content.0.text'],
    [{ ...hello, temperature: 1.5 }, 'temperature is too large', 'temperature'],
  ])('refuses %j: %s', (value, message, param) => {
    expect(refusal(value)).toEqual({ message, param });
  });

  it('refuses blocks in a turn whose role cannot carry them', () => {
    const toolUse = { type: 'tool_use', id: 't1', name: 'f', input: {} };
    expect(refusal({ ...hello, messages: [{ role: 'user', content: [toolUse] }] })).toEqual({
      message: 'messages.0.content.0: a user message cannot contain a tool_use block',
      param: 'messages.0.content.0',
    });
    const result = { type: 'tool_result', tool_use_id: 't1', content: 'ok' };
    expect(refusal({ ...hello, messages: [{ role: 'assistant', content: [result] }] }).message).toBe(
      'messages.0.content.0: an assistant message cannot contain a tool_result block',
    );
  });

  it('refuses a tool result that answers no earlier tool call', () => {
    const messages = [
      { role: 'user', content: 'weather?' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'weather', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_2', content: 'sunny' }] },
    ];
    expect(refusal({ ...hello, messages })).toEqual({
      message: 'messages.2.content.0: tool_result block names tool_use_id "toolu_2", which no earlier tool_use block has',
      param: 'messages.2.content.0.tool_use_id',
    });
    const fixed = messages.map((m, i) => (i === 2 ? { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'sunny' }] } : m));
    expect(() => parse({ ...hello, messages: fixed })).not.toThrow();
  });

  it('refuses a body that is not a JSON object, or not JSON at all', () => {
    expect(() => parseAnthropicRequest('messages', Buffer.from('{"model":'), JSON_TYPE)).toThrow(/not valid JSON/);
    expect(() => parseAnthropicRequest('messages', Buffer.from('[1]'), JSON_TYPE)).toThrow(/must be a JSON object/);
    expect(() => parseAnthropicRequest('messages', body(hello), 'text/plain')).toThrow(UnsupportedMediaTypeError);
  });
});
