import { toAnthropicError } from '../../protocols/anthropic/errors';
import { AnthropicStreamObserver } from '../../protocols/anthropic/stream-observer';
import { encodeNamedEvent, SseDecoder } from '../../protocols/stream-events';
import { upstreamInterruptedError } from '../../protocols/upstream-error';
import type { StreamEnd, StreamParser, StreamParserOptions, StreamSummary } from '../types';

/**
 * What a client reads when the upstream's stream stops before `message_stop`: the end of whatever
 * event was cut (blank lines are harmless otherwise), then Anthropic's `error` event.
 */
const INTERRUPTED = Buffer.from(
  `\n\n${encodeNamedEvent({ name: 'error', data: toAnthropicError(upstreamInterruptedError()).body })}`,
);

/**
 * The identity path of an Anthropic stream: every byte goes to the client as it came, and the
 * events are decoded alongside for usage (input on `message_start`, output on `message_delta`).
 * A stream cut short ends with an `error` event, so clients know the answer is incomplete.
 */
class AnthropicPassthroughParser implements StreamParser {
  private readonly decoder = new SseDecoder();
  private readonly observer: AnthropicStreamObserver;

  constructor(options: StreamParserOptions) {
    this.observer = new AnthropicStreamObserver(options.now);
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

export function createAnthropicStreamParser(options: StreamParserOptions = {}): StreamParser {
  return new AnthropicPassthroughParser(options);
}
