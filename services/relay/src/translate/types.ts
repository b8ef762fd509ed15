import type { CountedCompletion } from '../metering';
import type { UpstreamOperation, UpstreamSettings } from '../providers/types';
import type { RelayRequest } from '../protocols/request';
import type { WireEvent } from '../protocols/stream-events';

/** What a translator knows about the call it translates. */
export interface TranslationContext {
  /** The client's request, in the client's protocol. */
  readonly request: RelayRequest;
  /** The model to name upstream (after the channel's model mapping). */
  readonly upstreamModel: string;
  readonly settings?: UpstreamSettings;
}

/** The upstream call a translated request becomes, in the channel's protocol. */
export interface TranslatedRequest {
  readonly json: Record<string, unknown>;
  readonly stream: boolean;
}

/** Turns one streamed answer of the channel's protocol into the client's, event by event. */
export interface StreamTranslator {
  /** One upstream event in; the client's events for it out (possibly none). */
  push(event: WireEvent): WireEvent[];
  /** The stream ended (cut short when `interrupted`): the client's closing events. */
  end(interrupted: boolean): WireEvent[];
  /**
   * The answer the translator counted itself, once the stream has ended, when the upstream
   * reported no usage and the client's protocol carries one (the count in its closing event).
   * Billing reuses the figure when it counts the same text and calls, so an answer is tokenized
   * once and charged as the client was told.
   */
  countedCompletion?(): CountedCompletion | undefined;
}

/**
 * A translator between the protocol a client speaks and the one its channel speaks, for one
 * operation: the request, the complete answer and the stream. Usage is read from the upstream's
 * own answer by its adapter, and errors are written by the client's codec, so neither is here.
 */
export interface Translator {
  /** What the upstream call asks for, in the channel's protocol. */
  readonly upstreamOperation: UpstreamOperation;
  request(context: TranslationContext): TranslatedRequest;
  /** The client's answer for the upstream's complete answer (parsed JSON). */
  response(upstream: unknown, context: TranslationContext): unknown;
  stream(context: TranslationContext): StreamTranslator;
}
