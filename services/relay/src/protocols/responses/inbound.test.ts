import { ValidationError } from '@modelgate/runtime';
import { UnsupportedMediaTypeError } from '../json-body';
import { parseResponsesRequest, previousResponseIdOf, storesResponse } from './inbound';

const body = (value: unknown) => Buffer.from(JSON.stringify(value));
const parse = (value: unknown, operation: 'responses' | 'responses/compact' = 'responses') =>
  parseResponsesRequest(operation, body(value), 'application/json');

function refusal(value: unknown): { message: string; param: unknown } {
  try {
    parse(value);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return { message: (error as ValidationError).message, param: (error as ValidationError).details?.['param'] };
  }
  throw new Error('not refused');
}

describe('parseResponsesRequest', () => {
  it('reads a create request into its payload (as sent) and a neutral summary', () => {
    const sent = {
      model: 'gpt-test',
      instructions: 'Be brief.',
      input: [
        { role: 'user', content: [{ type: 'input_text', text: 'What is in this image?' }, { type: 'input_image', image_url: 'https://x/y.png', detail: 'low' }] },
        { type: 'function_call_output', call_id: 'call_1', output: 'sunny' },
      ],
      stream: true,
      max_output_tokens: 500,
      reasoning: { effort: 'high', summary: 'auto' },
      future_field: { kept: true },
    };
    const request = parse(sent);
    expect(request).toMatchObject({ protocol: 'responses', operation: 'responses', payload: sent });
    expect(request.summary).toMatchObject({ model: 'gpt-test', stream: true, metering: 'tokens', maxCompletionTokens: 500, reasoningEffort: 'high' });
    expect(request.summary.promptTexts()).toEqual(['Be brief.', 'What is in this image?', 'sunny']);
    // Instructions, text, the low-detail image (85) and the tool output, with per-item framing.
    expect(request.summary.promptTokens()).toBeGreaterThan(85);
  });

  it('takes input as one string, and reads a follow-up’s previous response', () => {
    const request = parse({ model: 'gpt-test', input: 'hello', previous_response_id: 'resp_1' });
    expect(request.summary.promptTexts()).toEqual(['hello']);
    expect(request.summary.stream).toBe(false);
    expect(previousResponseIdOf(request)).toBe('resp_1');
    expect(previousResponseIdOf(parse({ model: 'gpt-test', input: 'hello' }))).toBeUndefined();
  });

  it('passes built-in tools, unknown items and reasoning items with encrypted content through', () => {
    const sent = {
      model: 'gpt-test',
      input: [
        { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'gAAAA…' },
        { type: 'local_shell_call', id: 'lsc_1', action: { type: 'exec', command: ['ls'] } },
        { type: 'item_reference', id: 'msg_1' },
      ],
      tools: [{ type: 'web_search' }, { type: 'function', name: 'shell', parameters: { type: 'object' }, strict: false }],
      include: ['reasoning.encrypted_content'],
      store: false,
    };
    expect(parse(sent).payload).toEqual(sent);
  });

  it('knows which calls leave a stored response upstream', () => {
    expect(storesResponse(parse({ model: 'gpt-test', input: 'hi' }))).toBe(true);
    expect(storesResponse(parse({ model: 'gpt-test', input: 'hi', store: true }))).toBe(true);
    expect(storesResponse(parse({ model: 'gpt-test', input: 'hi', store: false }))).toBe(false);
    expect(storesResponse(parse({ model: 'gpt-test', input: 'hi' }, 'responses/compact'))).toBe(false);
  });

  it('never streams a compaction', () => {
    expect(parse({ model: 'gpt-test', input: 'hello', stream: true }, 'responses/compact').summary.stream).toBe(false);
  });

  it.each([
    [{ input: 'hi' }, 'model: Field required', 'model'],
    [{ model: 'gpt-test', input: 3 }, 'input must be a string or a list', 'input'],
    [{ model: 'gpt-test', input: [{ role: 'robot', content: 'hi' }] }, undefined, 'input.0.role'],
    [{ model: 'gpt-test', input: [{ type: 'function_call_output', output: 'x' }] }, undefined, 'input.0.call_id'],
    [{ model: 'gpt-test', input: [{ role: 'user', content: [{ type: 'input_text' }] }] }, undefined, 'input.0.content.0.text'],
    [{ model: 'gpt-test', input: 'hi', tools: [{ type: 'function' }] }, undefined, 'tools.0.name'],
    [{ model: 'gpt-test', input: 'hi', max_output_tokens: 0 }, 'max_output_tokens: Input should be greater than or equal to 1', 'max_output_tokens'],
    [{ model: 'gpt-test', input: 'hi', text: { format: { type: 'json_schema' } } }, undefined, 'text.format.name'],
  ])('refuses %j naming the field', (value, message, param) => {
    const refused = refusal(value);
    expect(refused.param).toBe(param);
    if (message) expect(refused.message).toContain(message);
  });

  it('takes JSON only', () => {
    expect(() => parseResponsesRequest('responses', body({ model: 'm' }), 'text/plain')).toThrow(UnsupportedMediaTypeError);
  });
});
