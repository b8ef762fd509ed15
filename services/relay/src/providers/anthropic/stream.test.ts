import { createAnthropicStreamParser } from './stream';

const event = (data: Record<string, unknown>) => `event: ${String(data['type'])}\ndata: ${JSON.stringify(data)}\n\n`;
const STREAM = [
  event({ type: 'message_start', message: { id: 'm', usage: { input_tokens: 40, output_tokens: 1, cache_read_input_tokens: 10 } } }),
  event({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
  'event: ping\ndata: {"type": "ping"}\n\n',
  event({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Bonjour ' } }),
  event({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'à tous' } }),
  event({ type: 'content_block_stop', index: 0 }),
  event({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 6 } }),
  event({ type: 'message_stop' }),
].join('');

describe('the Anthropic passthrough stream', () => {
  it('forwards every byte untouched, wherever chunks split it, and reads usage on the way', () => {
    const bytes = Buffer.from(STREAM);
    for (const size of [1, 7, 64, bytes.length]) {
      const parser = createAnthropicStreamParser({ now: () => 5 });
      const out: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) {
        const chunk = bytes.subarray(i, i + size);
        const forwarded = parser.push(chunk);
        expect(forwarded).toBe(chunk);
        out.push(Buffer.from(forwarded));
      }
      const { rest, summary } = parser.finish();
      expect(rest.byteLength).toBe(0);
      expect(Buffer.concat(out).equals(bytes)).toBe(true);
      expect(summary).toMatchObject({
        usage: { promptTokens: 50, completionTokens: 6, cachedTokens: 10, source: 'anthropic' },
        usageComplete: true,
        firstTokenAt: 5,
        sawDone: true,
        completionText: 'Bonjour à tous',
      });
    }
  });

  it('keeps the input usage of a stream cut before message_delta, marked incomplete, and tells the client', () => {
    const parser = createAnthropicStreamParser();
    parser.push(Buffer.from(STREAM.slice(0, STREAM.indexOf('event: content_block_stop') + 10)));
    const { rest, summary } = parser.finish({ interrupted: true });
    expect(summary).toMatchObject({ usage: { promptTokens: 50, completionTokens: 1 }, usageComplete: false, sawDone: false, completionText: 'Bonjour à tous' });
    expect(Buffer.from(rest).toString()).toBe(
      '\n\nevent: error\ndata: {"type":"error","error":{"type":"api_error","message":"the upstream stream ended before the answer was complete"}}\n\n',
    );
    expect(createAnthropicStreamParser().finish({ interrupted: false }).rest.byteLength).toBe(0);
  });
});
