import type { AppError } from '@modelgate/runtime';
import { toAnthropicError } from './anthropic/errors';
import { toGeminiError } from './gemini/errors';
import { toOpenAIError } from './openai/errors';
import type { InboundProtocol } from './request';
import { toResponsesStreamError } from './responses/errors';
import { DONE, encodeDataEvent, encodeNamedEvent, type WireEvent } from './stream-events';

/**
 * What the relay writes to a client, by the protocol it speaks: error answers and stream events in
 * that protocol's own shapes. Parsing lives with each protocol's routes (`protocols/<p>/inbound`).
 */
export interface InboundCodec {
  readonly protocol: InboundProtocol;
  /** The status and body of an error answer. */
  errorAnswer(error: AppError): { readonly status: number; readonly body: unknown };
  /** An error told in the middle of a stream, as the protocol's SDKs recognise one. */
  streamError(error: AppError): WireEvent;
  /** One stream event in the protocol's framing. */
  encodeEvent(event: WireEvent): string;
}

const openai: InboundCodec = Object.freeze({
  protocol: 'openai',
  errorAnswer: toOpenAIError,
  // The OpenAI SDKs raise an APIError for a chunk that carries `error`.
  streamError: (error: AppError): WireEvent => ({ data: toOpenAIError(error).body }),
  encodeEvent: encodeDataEvent,
});

const anthropic: InboundCodec = Object.freeze({
  protocol: 'anthropic',
  errorAnswer: toAnthropicError,
  streamError: (error: AppError): WireEvent => ({ name: 'error', data: toAnthropicError(error).body }),
  encodeEvent: encodeNamedEvent,
});

const gemini: InboundCodec = Object.freeze({
  protocol: 'gemini',
  errorAnswer: toGeminiError,
  // Google's SDKs raise an ApiError for a streamed chunk that is an error object with a 4xx/5xx code.
  streamError: (error: AppError): WireEvent => ({ data: toGeminiError(error).body }),
  encodeEvent: encodeDataEvent,
});

const responses: InboundCodec = Object.freeze({
  protocol: 'responses',
  errorAnswer: toOpenAIError,
  // The Responses stream's own `error` event: `{type:'error', code, message, param}`.
  streamError: (error: AppError): WireEvent => ({ name: 'error', data: toResponsesStreamError(error) }),
  encodeEvent: encodeNamedEvent,
});

const CODECS: Readonly<Record<InboundProtocol, InboundCodec>> = Object.freeze({ openai, anthropic, gemini, responses });

export function codecFor(protocol: InboundProtocol): InboundCodec {
  return CODECS[protocol];
}

export { DONE };
