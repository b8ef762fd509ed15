import type { WireProtocol } from '@modelgate/channel-types';
import { AnthropicStreamObserver } from '../protocols/anthropic/stream-observer';
import { GeminiStreamObserver } from '../protocols/gemini/stream-observer';
import type { InboundCodec } from '../protocols/codecs';
import { OpenAIStreamObserver } from '../protocols/openai/stream-observer';
import type { StreamObserver, WireEvent } from '../protocols/stream-events';
import type { EventDecoder, StreamEnd, StreamParser, StreamSummary } from '../providers/types';
import type { StreamTranslator } from '../translate/types';

const EMPTY = Buffer.alloc(0);

/** The observer of a channel protocol's stream events. */
export function observerFor(protocol: WireProtocol, now?: () => number): StreamObserver {
  switch (protocol) {
    case 'anthropic':
      return new AnthropicStreamObserver(now);
    case 'gemini':
      return new GeminiStreamObserver(now);
    default:
      return new OpenAIStreamObserver(now);
  }
}

/**
 * A stream whose events the client gets re-encoded: decoded from the upstream's frames, watched for
 * usage in the upstream's protocol, translated (or passed on) event by event and written in the
 * client's framing — as each frame arrives, never buffered.
 */
export class EventStreamRelay implements StreamParser {
  constructor(
    private readonly decoder: EventDecoder,
    private readonly observer: StreamObserver,
    private readonly translator: StreamTranslator,
    private readonly codec: InboundCodec,
  ) {}

  push(frame: Uint8Array): Uint8Array {
    return this.encode(this.decoder.push(frame), []);
  }

  finish(end: StreamEnd = {}): { rest: Uint8Array; summary: StreamSummary } {
    const tail = this.encode(this.decoder.finish(), this.translator.end(end.interrupted === true));
    const summary = this.observer.summary();
    // The translator's own count of the answer, when it counted exactly what billing counts.
    const counted = this.translator.countedCompletion?.();
    const same = counted !== undefined && counted.text === summary.completionText && counted.toolCalls === summary.toolCalls;
    return { rest: tail, summary: same ? { ...summary, completionTextTokens: counted.textTokens } : summary };
  }

  deliveredChars(): number {
    return this.observer.summary().completionText.length;
  }

  private encode(events: readonly WireEvent[], closing: readonly WireEvent[]): Buffer {
    let out = '';
    for (const event of events) {
      this.observer.observe(event);
      for (const translated of this.translator.push(event)) out += this.codec.encodeEvent(translated);
    }
    for (const translated of closing) out += this.codec.encodeEvent(translated);
    return out === '' ? EMPTY : Buffer.from(out);
  }
}
