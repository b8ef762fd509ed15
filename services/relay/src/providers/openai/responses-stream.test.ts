import { createResponsesStreamParser } from './responses-stream';
import { openaiAdapter } from '.';

const event = (data: Record<string, unknown>) => `event: ${data['type']}\ndata: ${JSON.stringify(data)}\n\n`;
const usage = { input_tokens: 40, input_tokens_details: { cached_tokens: 10 }, output_tokens: 12, output_tokens_details: { reasoning_tokens: 5 }, total_tokens: 52 };
const response = (status: string, extra: Record<string, unknown> = {}) => ({ id: 'resp_1', object: 'response', status, output: [], ...extra });

const CREATED = event({ type: 'response.created', sequence_number: 0, response: response('in_progress') });
const DELTA = event({ type: 'response.output_text.delta', sequence_number: 1, item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Hello there' });
const CALL = event({ type: 'response.output_item.added', sequence_number: 2, output_index: 1, item: { type: 'function_call', name: 'get_weather', call_id: 'c', arguments: '' } });

describe('Responses stream passthrough', () => {
  it('is the parser the OpenAI adapter gives for the responses endpoint, telling the id once, with the first event', () => {
    const told: string[] = [];
    const parser = openaiAdapter.createStreamParser!({ operation: 'responses', onResponseId: (id) => told.push(id) });
    parser.push(Buffer.from(CREATED));
    expect(told).toEqual(['resp_1']);
    parser.push(Buffer.from(DELTA + event({ type: 'response.completed', sequence_number: 2, response: response('completed', { usage }) })));
    expect(told).toEqual(['resp_1']);
    expect(parser.finish().summary.responseId).toBe('resp_1');
  });

  it.each(['response.completed', 'response.incomplete', 'response.failed'])('passes the bytes as they come and reads the usage of %s', (type) => {
    const parser = createResponsesStreamParser();
    const bytes = [CREATED, DELTA, event({ type, sequence_number: 3, response: response('completed', { usage }) })].map((text) => Buffer.from(text));
    // Cut mid-event: the framing is the decoder's business, the bytes go out untouched.
    const joined = Buffer.concat(bytes);
    const out = [parser.push(joined.subarray(0, 50)), parser.push(joined.subarray(50))];
    expect(Buffer.concat(out).equals(joined)).toBe(true);
    const { rest, summary } = parser.finish({ interrupted: false });
    expect(rest.byteLength).toBe(0);
    expect(summary).toMatchObject({ responseId: 'resp_1', sawDone: true, usageComplete: true, error: undefined });
    expect(summary.usage).toMatchObject({ promptTokens: 40, cachedTokens: 10, completionTokens: 12, reasoningTokens: 5, totalTokens: 52 });
  });

  it('ends a cut stream with the Responses error event, and keeps what was delivered for billing', () => {
    const parser = createResponsesStreamParser();
    parser.push(Buffer.from(CREATED + DELTA + CALL));
    const { rest, summary } = parser.finish({ interrupted: true });
    expect(rest.toString()).toContain('event: error\ndata: {"type":"error","code":"upstream_stream_interrupted"');
    expect(summary).toMatchObject({ usage: undefined, sawDone: false, completionText: 'Hello thereget_weather', toolCalls: 1 });
  });

  it('reads an error event as the upstream’s error', () => {
    const parser = createResponsesStreamParser();
    parser.push(Buffer.from(event({ type: 'error', sequence_number: 0, code: 'server_error', message: 'boom', param: null })));
    const { rest, summary } = parser.finish({ interrupted: true });
    expect(summary.error).toMatchObject({ message: 'boom', errorCode: 'server_error' });
    expect(rest.byteLength).toBe(0);
  });
});
