import { asJsonArrayStream } from '../../protocols/gemini/json-array-stream';
import { createGeminiStreamParser } from './stream';

const chunk = (value: unknown) => `data: ${JSON.stringify(value)}\r\n\r\n`;
const CHUNKS = [
  { candidates: [{ content: { role: 'model', parts: [{ text: 'Bonjour ' }] } }], usageMetadata: { promptTokenCount: 12, totalTokenCount: 12 } },
  { candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'weather', args: { city: 'Paris' } } }] } }] },
  {
    candidates: [{ content: { role: 'model', parts: [{ text: 'à tous' }] }, finishReason: 'STOP' }],
    usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 8, thoughtsTokenCount: 5, totalTokenCount: 25 },
  },
];
const STREAM = CHUNKS.map(chunk).join('');

describe('the Gemini passthrough stream', () => {
  it('forwards every byte untouched, wherever chunks split it, and reads usage on the way', () => {
    const bytes = Buffer.from(STREAM);
    for (const size of [1, 9, 100, bytes.length]) {
      const parser = createGeminiStreamParser({ now: () => 5 });
      const out: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) {
        const piece = bytes.subarray(i, i + size);
        const forwarded = parser.push(piece);
        expect(forwarded).toBe(piece);
        out.push(Buffer.from(forwarded));
      }
      const { rest, summary } = parser.finish();
      expect(rest.byteLength).toBe(0);
      expect(Buffer.concat(out).equals(bytes)).toBe(true);
      expect(summary).toMatchObject({
        usage: { promptTokens: 12, completionTokens: 13, reasoningTokens: 5, source: 'gemini' },
        usageComplete: true,
        firstTokenAt: 5,
        sawDone: true,
        events: 3,
        toolCalls: 1,
        completionText: 'Bonjour weather{"city":"Paris"}à tous',
      });
    }
  });

  it('keeps the prompt usage of a stream cut before its finishReason, marked incomplete, and tells the client', () => {
    const parser = createGeminiStreamParser();
    parser.push(Buffer.from(chunk(CHUNKS[0])));
    const { rest, summary } = parser.finish({ interrupted: true });
    expect(summary).toMatchObject({ usage: { promptTokens: 12, completionTokens: 0 }, usageComplete: false, sawDone: false, completionText: 'Bonjour ' });
    const error = JSON.parse(Buffer.from(rest).toString().trim().replace(/^data: /, ''));
    expect(error).toEqual({ error: { code: 502, message: 'the upstream stream ended before the answer was complete', status: 'UNAVAILABLE' } });
  });

  it('notes an error object sent mid-stream', () => {
    const parser = createGeminiStreamParser();
    parser.push(Buffer.from(chunk({ error: { code: 500, message: 'An internal error has occurred.', status: 'INTERNAL' } })));
    expect(parser.finish({ interrupted: true })).toMatchObject({ rest: Buffer.alloc(0), summary: { error: { status: 500, message: 'An internal error has occurred.' } } });
  });

  it('is re-framed as one JSON array for a client that did not ask for alt=sse', () => {
    const parser = asJsonArrayStream(createGeminiStreamParser());
    const bytes = Buffer.from(STREAM);
    let out = '';
    for (let i = 0; i < bytes.length; i += 13) out += Buffer.from(parser.push(bytes.subarray(i, i + 13))).toString();
    const { rest, summary } = parser.finish();
    out += Buffer.from(rest).toString();
    expect(out.startsWith('[{')).toBe(true);
    expect(JSON.parse(out)).toEqual(CHUNKS);
    expect(summary.usageComplete).toBe(true);
    const empty = asJsonArrayStream(createGeminiStreamParser());
    expect(Buffer.from(empty.finish().rest).toString()).toBe('[]');
  });
});
