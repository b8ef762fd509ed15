import type { StreamEnd, StreamParser, StreamSummary } from '../../providers/types';
import { SseDecoder } from '../stream-events';

/**
 * Gemini's other stream framing: `:streamGenerateContent` without `alt=sse` answers one JSON
 * array whose elements (each a whole `GenerateContentResponse`, or an error object) arrive as
 * they are produced: `[{…}\n,\r\n{…}\n]`. The relay always streams server-sent events from its
 * upstreams and re-frames them for a client that asked for the array.
 */
class JsonArrayFraming implements StreamParser {
  private readonly decoder = new SseDecoder();
  private opened = false;

  constructor(private readonly inner: StreamParser) {}

  push(chunk: Uint8Array): Uint8Array {
    return this.frame(this.decoder.push(this.inner.push(chunk)), false);
  }

  deliveredChars(): number {
    return this.inner.deliveredChars?.() ?? 0;
  }

  finish(end?: StreamEnd): { rest: Uint8Array; summary: StreamSummary } {
    const { rest, summary } = this.inner.finish(end);
    const events = [...(rest.byteLength > 0 ? this.decoder.push(rest) : []), ...this.decoder.finish()];
    return { rest: this.frame(events, true), summary };
  }

  private frame(events: ReadonlyArray<{ data: unknown }>, closing: boolean): Buffer {
    let out = '';
    for (const event of events) {
      if (typeof event.data !== 'object' || event.data === null) continue;
      out += `${this.opened ? '\n,\r\n' : '['}${JSON.stringify(event.data)}`;
      this.opened = true;
    }
    if (closing) out += this.opened ? '\n]' : '[]';
    return Buffer.from(out);
  }
}

/** A stream relay whose server-sent events reach the client as the elements of one JSON array. */
export function asJsonArrayStream(relay: StreamParser): StreamParser {
  return new JsonArrayFraming(relay);
}
