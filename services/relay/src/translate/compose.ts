import { OPENAI_ENDPOINTS } from '@modelgate/channel-types';
import type { CountedCompletion } from '../metering';
import type { InboundProtocol, Operation, RelayRequest } from '../protocols/request';
import type { WireEvent } from '../protocols/stream-events';
import type { StreamTranslator, TranslatedRequest, TranslationContext, Translator } from './types';

/**
 * Two translators in a row: `outer` from the client's protocol to an intermediate one, `inner`
 * from that to the channel's. The request goes through `outer` then `inner`; a whole answer
 * through `inner` then `outer`; a stream's events through `inner`, whose events feed `outer`. So a
 * client protocol that translates to chat completions reaches every channel chat completions
 * translate to, with no translator of its own for each.
 */

const ANTHROPIC_OPERATIONS: ReadonlySet<string> = new Set(['messages', 'messages/count_tokens']);
const OPENAI_OPERATIONS: ReadonlySet<string> = new Set(OPENAI_ENDPOINTS);

/** The protocol an upstream operation is named in. */
function protocolOf(operation: Operation): InboundProtocol {
  if (OPENAI_OPERATIONS.has(operation)) return 'openai';
  return ANTHROPIC_OPERATIONS.has(operation) ? 'anthropic' : 'gemini';
}

/**
 * The call as `inner` sees it: the client's summary (its model names the answers, its prompt is
 * what a missing usage is counted from), with `outer`'s translated request as the payload.
 */
function innerContext(outer: Translator, context: TranslationContext, translated: TranslatedRequest): TranslationContext {
  const payload = translated.json;
  let body: Buffer | undefined;
  const request: RelayRequest = {
    protocol: protocolOf(outer.upstreamOperation),
    operation: outer.upstreamOperation,
    get body() {
      return (body ??= Buffer.from(JSON.stringify(payload)));
    },
    payload,
    summary: context.request.summary,
  };
  return { request, upstreamModel: context.upstreamModel, settings: context.settings };
}

class ComposedStream implements StreamTranslator {
  constructor(
    private readonly outer: StreamTranslator,
    private readonly inner: StreamTranslator,
  ) {}

  push(event: WireEvent): WireEvent[] {
    return this.feed(this.inner.push(event));
  }

  end(interrupted: boolean): WireEvent[] {
    return [...this.feed(this.inner.end(interrupted)), ...this.outer.end(interrupted)];
  }

  /** Either side's count of the answer (both count with the client's model); the stream relay reuses it only for the very text billing counts. */
  countedCompletion(): CountedCompletion | undefined {
    return this.outer.countedCompletion?.() ?? this.inner.countedCompletion?.();
  }

  private feed(events: readonly WireEvent[]): WireEvent[] {
    return events.flatMap((event) => this.outer.push(event));
  }
}

/** `outer` then `inner` ({@link ComposedStream} and the rules above). */
export function composeTranslators(outer: Translator, inner: Translator): Translator {
  /** The inner context of each call, made once by its request and read by its answer. */
  const contexts = new WeakMap<TranslationContext, TranslationContext>();
  const innerOf = (context: TranslationContext): TranslationContext => {
    let found = contexts.get(context);
    if (!found) contexts.set(context, (found = innerContext(outer, context, outer.request(context))));
    return found;
  };
  return Object.freeze({
    upstreamOperation: inner.upstreamOperation,
    request(context: TranslationContext): TranslatedRequest {
      const translated = outer.request(context);
      const inside = innerContext(outer, context, translated);
      contexts.set(context, inside);
      return inner.request(inside);
    },
    response(upstream: unknown, context: TranslationContext): unknown {
      return outer.response(inner.response(upstream, innerOf(context)), context);
    },
    stream(context: TranslationContext): StreamTranslator {
      return new ComposedStream(outer.stream(context), inner.stream(innerOf(context)));
    },
  });
}
