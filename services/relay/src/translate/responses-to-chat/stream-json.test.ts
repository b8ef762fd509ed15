import { DONE, type WireEvent } from '../../protocols/stream-events';
import { responsesToChat } from '.';
import { ResponseJsonTemplate, responseShell, withListElement } from './answer';
import { responsesContext as context } from './test-context.test-support';

/**
 * The Responses stream writes its events as JSON text spliced from parts serialised once (the
 * response's echo of the request, each item's text): the text must be exactly what serialising
 * the object the event stands for gives, members in the same order.
 */

/** Strings whose JSON looks like the members the template cuts at. */
const TRICKY = '"status":"in_progress","background":false,"error":null,"incomplete_details":null,"output":[], 🌍 \u2028 \\';
const TRICKY_REQUEST = {
  input: 'hi',
  stream: true,
  instructions: TRICKY,
  metadata: { status: TRICKY, output: '[]' },
  tools: [{ type: 'function', name: 'lookup', description: TRICKY, parameters: { type: 'object', properties: {} } }],
  text: { format: { type: 'json_schema', name: 'answer', schema: { type: 'object', description: TRICKY } } },
  reasoning: { effort: 'low', summary: 'auto' },
  max_output_tokens: 100,
  user: TRICKY,
  safety_identifier: 's-1',
};
const usage = { input_tokens: 9, input_tokens_details: { cached_tokens: 2 }, output_tokens: 4, output_tokens_details: { reasoning_tokens: 1 }, total_tokens: 13 };

describe('ResponseJsonTemplate', () => {
  it.each([
    ['a plain request', { input: 'hi' }],
    ['a request whose strings look like the members it cuts at', TRICKY_REQUEST],
  ])('ends the JSON of the shell of %s as serialising the ended response does', (_, body) => {
    const shell = responseShell(context(body), 'resp_1', 1_800_000_000);
    const template = ResponseJsonTemplate.of(JSON.stringify(shell))!;
    expect(template).toBeDefined();
    const output = [{ id: 'msg_1', type: 'message', role: 'assistant', status: 'completed', content: [] }];
    for (const [status, details] of [
      ['completed', null],
      ['incomplete', { reason: 'max_output_tokens' as const }],
    ] as const) {
      expect(template.ended(status, details, JSON.stringify(output), usage)).toBe(
        JSON.stringify({ ...shell, status, incomplete_details: details, output, usage }),
      );
    }
  });

  it('relies on a shell whose members between incomplete_details and output are strings, numbers or null', () => {
    // Were an object or a list among them, a key of the client's inside it could match the cut.
    const shell = responseShell(context(TRICKY_REQUEST), 'resp_1', 1);
    const keys = Object.keys(shell);
    expect(keys.slice(0, keys.indexOf('incomplete_details') + 1)).toEqual(['id', 'object', 'created_at', 'status', 'background', 'error', 'incomplete_details']);
    const between = keys.slice(keys.indexOf('incomplete_details') + 1, keys.indexOf('output'));
    expect(between.length).toBeGreaterThan(0);
    for (const key of between) expect(['string', 'number', 'object:null']).toContain(shell[key] === null ? 'object:null' : typeof shell[key]);
  });

  it('has no template for JSON not laid out as a shell', () => {
    expect(ResponseJsonTemplate.of('{"id":"x"}')).toBeUndefined();
    expect(ResponseJsonTemplate.of(JSON.stringify({ ...responseShell(context({ input: 'hi' }), 'resp_1', 1), status: 'completed' }))).toBeUndefined();
  });
});

describe('withListElement', () => {
  it('puts the element into the named empty list', () => {
    expect(withListElement('{"id":"a","summary":[],"status":"completed"}', 'summary', '{"text":"[]"}')).toBe(
      '{"id":"a","summary":[{"text":"[]"}],"status":"completed"}',
    );
  });
});

/** `text` as a regular expression matching itself. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('Responses → chat completions: the stream as JSON text', () => {
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
    data: { id: 'chatcmpl-1', choices: [{ index: 0, delta, finish_reason: finish }] },
  });
  const usageChunk = { data: { id: 'chatcmpl-1', choices: [], usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 } } };

  function run(events: WireEvent[], finish: string): WireEvent[] {
    const stream = responsesToChat.stream(context(TRICKY_REQUEST));
    return [...events, chunk({}, finish), usageChunk, { data: DONE }].flatMap((event) => stream.push(event));
  }

  it.each(['stop', 'length'])('writes each event of a stream stopped by %s as its object serialised, members in order', (finish) => {
    const events = run(
      [
        chunk({ reasoning_content: `Think ${TRICKY}` }),
        chunk({ content: `Text ${TRICKY}` }),
        chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"q":' } }] }),
        chunk({ refusal: `No ${TRICKY}` }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '"late"}' } }] }),
      ],
      finish,
    );
    for (const event of events) expect(event.json).toBe(JSON.stringify(event.data));
    const json = (name: string) => events.filter((event) => event.name === name).map((event) => event.json!);
    const item = (name: string) => json(name).map((text) => JSON.parse(text) as { item: { id: string; status: string } });
    const [reasoning, message, call, refusal] = item('response.output_item.done').map((done) => done.item);
    const part = { type: 'output_text', text: `Text ${TRICKY}`, annotations: [], logprobs: [] };
    const at = (id: string, index: number) => ({ item_id: id, output_index: index });
    const done = json('response.output_item.done');
    expect(done[0]).toBe(
      JSON.stringify({ type: 'response.output_item.done', output_index: 0, item: { id: reasoning!.id, type: 'reasoning', summary: [{ type: 'summary_text', text: `Think ${TRICKY}` }], status: 'completed' }, sequence_number: 7 }),
    );
    expect(done[1]).toBe(
      JSON.stringify({ type: 'response.output_item.done', output_index: 1, item: { id: message!.id, type: 'message', role: 'assistant', status: 'completed', content: [part] }, sequence_number: 13 }),
    );
    const refusalItem = { id: refusal!.id, type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'refusal', refusal: `No ${TRICKY}` }] };
    expect(done[3]).toMatch(new RegExp(`^${escape(JSON.stringify({ type: 'response.output_item.done', output_index: 3, item: refusalItem }).slice(0, -1))},"sequence_number":\\d+}$`));
    expect(json('response.output_text.done')).toEqual([
      JSON.stringify({ type: 'response.output_text.done', ...at(message!.id, 1), content_index: 0, text: `Text ${TRICKY}`, logprobs: [], sequence_number: 11 }),
    ]);
    expect(json('response.content_part.done')[0]).toBe(JSON.stringify({ type: 'response.content_part.done', ...at(message!.id, 1), content_index: 0, part, sequence_number: 12 }));
    expect(call!.status).toBe('completed');
    // The closing event: the response the stream started with, ended (the call's late arguments included).
    const created = JSON.parse(json('response.created')[0]!) as { response: Record<string, unknown> };
    const closing = JSON.parse(json(finish === 'stop' ? 'response.completed' : 'response.incomplete')[0]!) as { response: Record<string, unknown>; sequence_number: number };
    expect((closing.response['output'] as Array<{ arguments?: string }>)[2]!.arguments).toBe('{"q":"late"}');
    expect(JSON.stringify(closing.response)).toBe(
      JSON.stringify({
        ...created.response,
        status: finish === 'stop' ? 'completed' : 'incomplete',
        incomplete_details: finish === 'stop' ? null : { reason: 'max_output_tokens' },
        output: closing.response['output'],
        usage: { input_tokens: 9, input_tokens_details: { cached_tokens: 0 }, output_tokens: 4, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 13 },
      }),
    );
  });
});
