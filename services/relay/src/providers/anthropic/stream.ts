import { AnthropicStreamObserver } from '../../protocols/anthropic/stream-observer';
import { SseDecoder } from '../../protocols/stream-events';
import type { StreamParser, StreamParserOptions, StreamSummary } from '../types';

/**
 * The identity path of an Anthropic stream: every byte goes to the client as it came, and the
 * events are decoded alongside for usage (input on `message_start`, output on `message_delta`).
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

  finish(): { rest: Uint8Array; summary: StreamSummary } {
    for (const event of this.decoder.finish()) this.observer.observe(event);
    return { rest: Buffer.alloc(0), summary: this.observer.summary() };
  }
}

export function createAnthropicStreamParser(options: StreamParserOptions = {}): StreamParser {
  return new AnthropicPassthroughParser(options);
}
