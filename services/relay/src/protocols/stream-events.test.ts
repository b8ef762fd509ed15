import { codecFor } from './codecs';
import { DONE, encodeDataEvent, encodeNamedEvent, JsonEvent, SseDecoder, type WireEvent } from './stream-events';

/** Every event of `bytes` fed to a fresh decoder in pieces of `size` bytes. */
function decodeInPieces(bytes: Buffer, size: number): WireEvent[] {
  const decoder = new SseDecoder();
  const events: WireEvent[] = [];
  for (let i = 0; i < bytes.length; i += size) events.push(...decoder.push(bytes.subarray(i, i + size)));
  return [...events, ...decoder.finish()];
}

describe('SseDecoder', () => {
  const stream = Buffer.from('event: a\ndata: {"text":"Grüße 🌍"}\n\ndata: {"n":2}\r\n\r\ndata: [DONE]\n\n');

  it.each([1, 2, 3, 7, stream.length])('decodes a stream cut every %i bytes (inside characters too) as a whole one', (size) => {
    expect(decodeInPieces(stream, size)).toEqual([{ name: 'a', data: { text: 'Grüße 🌍' } }, { data: { n: 2 } }, { data: DONE }]);
  });

  it.each([1, 2, 4])('drops the byte order mark a stream starts with, even cut every %i bytes', (size) => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), stream]);
    expect(decodeInPieces(withBom, size)).toEqual(decodeInPieces(stream, stream.length));
  });

  it('keeps a last event that lacks its blank line, and a payload that is not JSON as text', () => {
    expect(decodeInPieces(Buffer.from('data: plain words\n\ndata: {"last":true}'), 5)).toEqual([{ data: 'plain words' }, { data: { last: true } }]);
  });
});

describe('JsonEvent', () => {
  it('is written by every codec as its JSON text, and reads back as the same data', () => {
    const json = '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a\\"b"}}';
    const event = new JsonEvent('content_block_delta', json);
    expect(encodeNamedEvent(event)).toBe(`event: content_block_delta\ndata: ${json}\n\n`);
    expect(encodeDataEvent(event)).toBe(`data: ${json}\n\n`);
    expect(codecFor('anthropic').encodeEvent(event)).toBe(encodeNamedEvent({ name: event.name, data: JSON.parse(json) }));
    expect(codecFor('gemini').encodeEvent(new JsonEvent(undefined, json))).toBe(encodeDataEvent({ data: JSON.parse(json) }));
    expect(event.data).toEqual({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'a"b' } });
    expect(event.data).toBe(event.data);
  });
});
