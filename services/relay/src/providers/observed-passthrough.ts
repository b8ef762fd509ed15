import { SseDecoder, type StreamObserver } from '../protocols/stream-events';
import type { StreamEnd, StreamParser, StreamSummary } from './types';

/**
 * The identity path of a server-sent-event stream whose client speaks the upstream's protocol:
 * every byte goes to the client as it came, and the events are decoded alongside for the
 * protocol's observer (usage, first token, text delivered, an error sent mid-stream). A stream cut
 * short, before the protocol's own end and without an error of its own, ends with `interrupted`:
 * the protocol's error event, so clients know the answer is incomplete.
 */
export class ObservedPassthroughParser implements StreamParser {
  private readonly decoder = new SseDecoder();

  constructor(
    private readonly observer: StreamObserver,
    private readonly interrupted: Uint8Array,
  ) {}

  push(chunk: Uint8Array): Uint8Array {
    for (const event of this.decoder.push(chunk)) this.observer.observe(event);
    return chunk;
  }

  deliveredChars(): number {
    return this.observer.summary().completionText.length;
  }

  finish(end: StreamEnd = {}): { rest: Uint8Array; summary: StreamSummary } {
    for (const event of this.decoder.finish()) this.observer.observe(event);
    const summary = this.observer.summary();
    const cut = end.interrupted === true && !summary.sawDone && summary.error === undefined;
    return { rest: cut ? this.interrupted : Buffer.alloc(0), summary };
  }
}
