import { toGeminiError } from '../../protocols/gemini/errors';
import { GeminiStreamObserver } from '../../protocols/gemini/stream-observer';
import { encodeDataEvent, SseDecoder } from '../../protocols/stream-events';
import { upstreamInterruptedError } from '../../protocols/upstream-error';
import type { StreamEnd, StreamParser, StreamParserOptions, StreamSummary } from '../types';

/**
 * What a client reads when the upstream's stream stops before a chunk with a `finishReason`: the
 * end of whatever event was cut, then an error object, which Google's SDKs raise as an ApiError.
 */
const INTERRUPTED = Buffer.from(`\r\n\r\n${encodeDataEvent({ data: toGeminiError(upstreamInterruptedError()).body })}`);

/**
 * The identity path of a Gemini stream (`alt=sse`): every byte goes to the client as it came, and
 * the chunks are decoded alongside for usage (the last chunk's `usageMetadata`) and the text
 * delivered. A stream cut short ends with an error object, so clients know the answer is incomplete.
 */
class GeminiPassthroughParser implements StreamParser {
  private readonly decoder = new SseDecoder();
  private readonly observer: GeminiStreamObserver;

  constructor(options: StreamParserOptions) {
    this.observer = new GeminiStreamObserver(options.now);
  }

  push(chunk: Uint8Array): Uint8Array {
    for (const event of this.decoder.push(chunk)) this.observer.observe(event);
    return chunk;
  }

  finish(end: StreamEnd = {}): { rest: Uint8Array; summary: StreamSummary } {
    for (const event of this.decoder.finish()) this.observer.observe(event);
    const summary = this.observer.summary();
    const cut = end.interrupted === true && !summary.sawDone && summary.error === undefined;
    return { rest: cut ? INTERRUPTED : Buffer.alloc(0), summary };
  }
}

export function createGeminiStreamParser(options: StreamParserOptions = {}): StreamParser {
  return new GeminiPassthroughParser(options);
}
