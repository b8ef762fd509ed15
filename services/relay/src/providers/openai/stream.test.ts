import { seededRandom } from '../../routing/routing-fixtures.test-support';
import type { StreamParserOptions, StreamSummary } from '../types';
import { createOpenAIStreamParser, relayOpenAIStream } from './stream';

const sse = (...payloads: unknown[]) =>
  payloads.map((payload) => `data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}\n\n`).join('');

/** The usage-only chunk `include_usage` adds, kept apart so tests can expect its removal. */
const USAGE_EVENT = sse({
  id: 'c1',
  object: 'chat.completion.chunk',
  choices: [],
  usage: { prompt_tokens: 17, completion_tokens: 9, total_tokens: 26, prompt_tokens_details: { cached_tokens: 4 } },
});
const BEFORE_USAGE = sse(
  { id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant', content: '' } }], usage: null },
  { id: 'c1', choices: [{ index: 0, delta: { content: '你好, ' } }], usage: null },
  { id: 'c1', choices: [{ index: 0, delta: { content: 'world 😀' } }], usage: null },
  {
    id: 'c1',
    choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } }] } }],
    usage: null,
  },
  { id: 'c1', choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"city":"Zürich"}' } }] } }], usage: null },
  { id: 'c1', choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }], usage: null },
);
const STREAM = BEFORE_USAGE + USAGE_EVENT + 'data: [DONE]\n\n';

/** What every split of STREAM must yield (worked out by hand from the events above). */
const EXPECTED: StreamSummary = {
  usage: {
    promptTokens: 17,
    completionTokens: 9,
    totalTokens: 26,
    cachedTokens: 4,
    cacheWriteTokens: 0,
    cacheWrite1hTokens: 0,
    reasoningTokens: 0,
    promptAudioTokens: 0,
    completionAudioTokens: 0,
    source: 'openai',
  },
  usageComplete: true,
  firstTokenAt: 1000,
  events: 7,
  sawDone: true,
  error: undefined,
  completionText: '你好, world 😀get_weather{"city":"Zürich"}',
  toolCalls: 1,
};

/** Feeds `bytes` cut at `cuts`; returns everything forwarded and the summary. */
function run(bytes: Buffer, cuts: number[], options: StreamParserOptions = {}) {
  const parser = createOpenAIStreamParser({ now: () => 1000, collectText: true, ...options });
  const out: Buffer[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    out.push(Buffer.from(parser.push(bytes.subarray(from, cut))));
    from = cut;
  }
  const { rest, summary } = parser.finish();
  out.push(Buffer.from(rest));
  return { output: Buffer.concat(out), summary };
}

function everyTwoWaySplit(text: string, check: (cut: number, result: ReturnType<typeof run>) => void, options?: StreamParserOptions) {
  const bytes = Buffer.from(text);
  for (let cut = 0; cut <= bytes.length; cut++) check(cut, run(bytes, [cut], options));
}

describe('OpenAI stream parser', () => {
  it('forwards every chunk as it is (the same buffer) and reads the stream', () => {
    const parser = createOpenAIStreamParser({ now: () => 1000, collectText: true });
    const chunk = Buffer.from(STREAM);
    expect(parser.push(chunk)).toBe(chunk);
    expect(parser.finish()).toEqual({ rest: Buffer.alloc(0), summary: EXPECTED });
  });

  it('gives the same bytes and summary wherever one chunk boundary falls, UTF-8 characters included', () => {
    const bytes = Buffer.from(STREAM);
    expect(bytes.length).toBeGreaterThan(STREAM.length); // multi-byte characters are really there
    everyTwoWaySplit(STREAM, (cut, { output, summary }) => {
      expect([cut, output.equals(bytes)]).toEqual([cut, true]);
      expect([cut, summary]).toEqual([cut, EXPECTED]);
    });
  });

  it('gives the same result for many random multi-way splits, passing through or suppressing', () => {
    const random = seededRandom(42);
    const bytes = Buffer.from(STREAM.replace(/\n/g, '\r\n'));
    const withoutUsage = Buffer.from((BEFORE_USAGE + 'data: [DONE]\n\n').replace(/\n/g, '\r\n'));
    for (let i = 0; i < 300; i++) {
      const cuts = Array.from({ length: 6 }, () => Math.floor(random() * (bytes.length + 1))).sort((a, b) => a - b);
      const plain = run(bytes, cuts);
      expect([cuts, plain.output.equals(bytes)]).toEqual([cuts, true]);
      expect(plain.summary).toEqual(EXPECTED);
      const suppressed = run(bytes, cuts, { suppressUsageOnlyChunk: true });
      expect([cuts, suppressed.output.equals(withoutUsage)]).toEqual([cuts, true]);
    }
  });

  it('copes with one byte per chunk', () => {
    const bytes = Buffer.from(STREAM);
    const { output, summary } = run(bytes, Array.from({ length: bytes.length - 1 }, (_, i) => i + 1));
    expect(output.equals(bytes)).toBe(true);
    expect(summary).toEqual(EXPECTED);
  });

  it.each([
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('reads %s line endings, split anywhere', (_name, ending) => {
    const text = STREAM.replace(/\n/g, ending);
    const bytes = Buffer.from(text);
    everyTwoWaySplit(text, (cut, { output, summary }) => {
      expect([cut, output.equals(bytes)]).toEqual([cut, true]);
      expect([cut, summary]).toEqual([cut, EXPECTED]);
    });
  });

  it('takes the first-token time when the first data line is complete', () => {
    let clock = 0;
    const parser = createOpenAIStreamParser({ now: () => ++clock * 100 });
    parser.push(Buffer.from(': keep-alive\n\ndata: {"choices":[{"delta":'));
    expect(clock).toBe(0);
    parser.push(Buffer.from('{"content":"a"}}]}\n\ndata: {"choices":[]}\n\n'));
    expect(parser.finish().summary.firstTokenAt).toBe(100);
    expect(clock).toBe(1);
  });

  it('ignores comments, event and id lines, and accepts data without a space', () => {
    const text = ': ping\n\nevent: message\nid: 1\ndata:{"choices":[{"delta":{"content":"x"}}],"usage":{"prompt_tokens":1,"completion_tokens":1}}\n\n';
    const { summary } = run(Buffer.from(text), []);
    expect(summary).toMatchObject({ events: 1, completionText: 'x', usage: { totalTokens: 2 } });
  });

  it('reads usage inside the last choice (Moonshot) and never suppresses such a chunk', () => {
    const text = sse({ choices: [{ index: 0, delta: {}, finish_reason: 'stop', usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } }] });
    const { output, summary } = run(Buffer.from(text), [10], { suppressUsageOnlyChunk: true });
    expect(summary.usage).toMatchObject({ promptTokens: 5, completionTokens: 2, totalTokens: 7 });
    expect(output.toString()).toBe(text);
  });

  it('keeps the last usage when several chunks carry one', () => {
    const text = sse({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 1 } }, { choices: [], usage: { prompt_tokens: 5, completion_tokens: 9 } });
    expect(run(Buffer.from(text), []).summary.usage).toMatchObject({ completionTokens: 9 });
  });

  it('reports an error event sent mid-stream', () => {
    const text = sse({ choices: [{ delta: { content: 'a' } }] }, { error: { message: 'overloaded', type: 'server_error', code: 'busy' } });
    expect(run(Buffer.from(text), [7]).summary.error).toMatchObject({ kind: 'upstream', message: 'overloaded', errorType: 'server_error', errorCode: 'busy' });
  });

  it('survives malformed data and a stream cut off without a newline', () => {
    const text = 'data: {"usage": {oops}\n\ndata: {"choices":[],"usage":{"prompt_tokens":2,"completion_tokens":3}}';
    const { output, summary } = run(Buffer.from(text), [5, 30]);
    expect(output.toString()).toBe(text);
    expect(summary).toMatchObject({ events: 2, sawDone: false, usage: { promptTokens: 2, completionTokens: 3 } });
  });

  it('does not parse ordinary chunks when not collecting text', () => {
    const parse = jest.spyOn(JSON, 'parse');
    run(Buffer.from(BEFORE_USAGE), [], { collectText: false });
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
  });

  describe('suppressing the usage-only chunk the client did not ask for', () => {
    it('drops exactly that event, wherever the chunk boundaries fall, and still reads its usage', () => {
      const expected = Buffer.from(BEFORE_USAGE + 'data: [DONE]\n\n');
      everyTwoWaySplit(
        STREAM,
        (cut, { output, summary }) => {
          expect([cut, output.toString()]).toEqual([cut, expected.toString()]);
          expect([cut, summary]).toEqual([cut, EXPECTED]);
        },
        { suppressUsageOnlyChunk: true },
      );
    });

    it('releases a long event cut into many small chunks intact', () => {
      const long = sse({ choices: [{ delta: { content: 'é'.repeat(100_000) } }] });
      const bytes = Buffer.from(long + USAGE_EVENT);
      const cuts = Array.from({ length: Math.floor(bytes.length / 1000) }, (_, i) => (i + 1) * 1000);
      const { output, summary } = run(bytes, cuts, { suppressUsageOnlyChunk: true });
      expect(output.equals(Buffer.from(long))).toBe(true);
      expect(summary.completionText).toBe('é'.repeat(100_000));
    });

    it('does the same with CRLF endings', () => {
      const { output } = run(Buffer.from(STREAM.replace(/\n/g, '\r\n')), [200, 1191], { suppressUsageOnlyChunk: true });
      expect(output.toString()).toBe((BEFORE_USAGE + 'data: [DONE]\n\n').replace(/\n/g, '\r\n'));
    });

    it('holds only the part of an event a boundary cut, and keeps its own copy of it', () => {
      const parser = createOpenAIStreamParser({ suppressUsageOnlyChunk: true });
      const first = Buffer.from('data: {"choices":[{"delta":{"content":"a"}}]}\n\ndata: {"choi');
      expect(Buffer.from(parser.push(first)).toString()).toBe('data: {"choices":[{"delta":{"content":"a"}}]}\n\n');
      first.fill(0x21); // the caller reuses its buffer
      expect(Buffer.from(parser.push(Buffer.from('ces":[]}\n\n'))).toString()).toBe('data: {"choices":[]}\n\n');
    });
  });

  describe('closing with the usage a client asked for, when the upstream sent none', () => {
    const counter = jest.fn((_text: string, toolCalls: number) => ({ promptTokens: 11, completionTokens: 5 + 7 * toolCalls, textTokens: 5 }));
    const closingUsage = (text: string, toolCalls: number) => counter(text, toolCalls);
    const CLOSING = sse({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm-1', choices: [], usage: { prompt_tokens: 11, completion_tokens: 12, total_tokens: 23 } });
    // The stream's chunks named by their model, as real upstreams do: the closing chunk takes it.
    const NAMED = BEFORE_USAGE.replace(/"id":"c1"/g, '"id":"c1","model":"m-1"');

    beforeEach(() => counter.mockClear());

    it('writes the usage chunk before [DONE], wherever the chunk boundaries fall, and tells billing the text tokens', () => {
      const expected = NAMED + CLOSING + 'data: [DONE]\n\n';
      everyTwoWaySplit(
        NAMED + 'data: [DONE]\n\n',
        (cut, { output, summary }) => {
          expect([cut, output.toString()]).toEqual([cut, expected]);
          expect([cut, summary]).toEqual([cut, { ...EXPECTED, usage: undefined, usageComplete: false, events: 6, completionTextTokens: 5 }]);
        },
        { closingUsage },
      );
      expect(counter.mock.calls.every(([text, calls]) => text === EXPECTED.completionText && calls === 1)).toBe(true);
    });

    it('adds nothing when the upstream sent usage, and passes its [DONE] once', () => {
      const { output, summary } = run(Buffer.from(STREAM), [40, 300], { closingUsage });
      expect(output.toString()).toBe(STREAM);
      expect(summary).toEqual(EXPECTED);
      expect(counter).not.toHaveBeenCalled();
    });

    it('writes the usage chunk at the end of a stream that had no [DONE], but not after a cut or an error', () => {
      const whole = run(Buffer.from(NAMED), [], { closingUsage });
      expect(whole.output.toString()).toBe(NAMED + CLOSING);

      const cut = createOpenAIStreamParser({ now: () => 1000, closingUsage });
      const head = Buffer.from(cut.push(Buffer.from(NAMED)));
      const { rest, summary } = cut.finish({ interrupted: true });
      const text = Buffer.concat([head, Buffer.from(rest)]).toString();
      expect(text.startsWith(NAMED)).toBe(true);
      expect(text).toContain('upstream_stream_interrupted');
      expect(text).not.toContain('"usage":{"prompt_tokens"');
      expect(summary.completionTextTokens).toBeUndefined();

      const failed = run(Buffer.from(NAMED + sse({ error: { message: 'overloaded', type: 'server_error' } }) + 'data: [DONE]\n\n'), [], { closingUsage });
      expect(failed.output.toString()).not.toContain('"usage":{"prompt_tokens"');
      expect(failed.output.toString().endsWith('data: [DONE]\n\n')).toBe(true);
      expect(counter).toHaveBeenCalledTimes(1);
    });
  });

  it('forwards a line longer than 10 MiB without inspecting it, and goes on reading', () => {
    const huge = `data: {"choices":[{"delta":{"content":"${'x'.repeat(11 * 1024 * 1024)}"}}]}\n\n`;
    const bytes = Buffer.from(huge + USAGE_EVENT);
    const cuts = Array.from({ length: Math.floor(bytes.length / (1024 * 1024)) }, (_, i) => (i + 1) * 1024 * 1024);
    const plain = run(bytes, cuts);
    expect(plain.output.equals(bytes)).toBe(true);
    expect(plain.summary).toMatchObject({ events: 2, usage: { promptTokens: 17 } });
    const suppressed = run(bytes, cuts, { suppressUsageOnlyChunk: true });
    expect(suppressed.output.equals(Buffer.from(huge))).toBe(true);
  });

  it('relays an async source chunk by chunk and returns the summary', async () => {
    async function* source() {
      const bytes = Buffer.from(STREAM);
      for (let i = 0; i < bytes.length; i += 100) yield new Uint8Array(bytes.subarray(i, i + 100));
    }
    const relay = relayOpenAIStream(source(), createOpenAIStreamParser({ now: () => 1000, collectText: true }));
    const out: Buffer[] = [];
    let step = await relay.next();
    while (!step.done) {
      out.push(Buffer.from(step.value));
      step = await relay.next();
    }
    expect(Buffer.concat(out).toString()).toBe(STREAM);
    expect(step.value).toEqual(EXPECTED);
  });
});
