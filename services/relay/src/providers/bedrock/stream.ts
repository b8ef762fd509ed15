import type { EventStreamCodec, Message } from '@smithy/core/event-streams';
import { lazy } from '../../protocols/request';
import type { WireEvent } from '../../protocols/stream-events';
import type { EventDecoder } from '../types';
import { errorTypeOfException, exceptionName } from './errors';

/**
 * Bedrock's streamed answers: AWS event-stream messages (framing, headers and checksums decoded by
 * AWS's own codec), each carrying one Anthropic event as base64 in `{"bytes": …}`, or an exception.
 * They become the same events an Anthropic stream has, errors as Anthropic `error` events.
 */

/** AWS's event-stream codec, loaded with the first Bedrock stream (see the signer in request.ts). */
const aws = lazy(() => ({
  ...(require('@smithy/core/event-streams') as Pick<typeof import('@smithy/core/event-streams'), 'EventStreamCodec' | 'getChunkedStream'>),
  ...(require('@smithy/util-utf8') as Pick<typeof import('@smithy/util-utf8'), 'fromUtf8' | 'toUtf8'>),
}));

/** Splits the body into whole event-stream messages, whatever the chunk boundaries. */
export function bedrockFrames(body: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  return aws().getChunkedStream(body);
}

function stringHeader(message: Message, name: string): string | undefined {
  const value = message.headers[name];
  return value?.type === 'string' ? value.value : undefined;
}

function errorEvent(type: string, message: string): WireEvent {
  return { name: 'error', data: { type: 'error', error: { type, message } } };
}

/** The Anthropic event of one event-stream message. */
function eventOf(message: Message): WireEvent | undefined {
  const kind = stringHeader(message, ':message-type');
  const payload = aws().toUtf8(message.body);
  if (kind === 'exception' || kind === 'error') {
    const name = exceptionName(stringHeader(message, ':exception-type') ?? stringHeader(message, ':error-code'));
    let text = stringHeader(message, ':error-message') ?? '';
    try {
      const parsed = JSON.parse(payload) as { message?: unknown };
      if (typeof parsed.message === 'string') text = parsed.message;
    } catch {
      // A payload that is not JSON keeps the header's message.
    }
    return errorEvent(errorTypeOfException(name, 500), name ? `${name}: ${text}` : text || 'Bedrock stream error');
  }
  let chunk: { bytes?: unknown };
  try {
    chunk = JSON.parse(payload) as { bytes?: unknown };
  } catch {
    return undefined;
  }
  if (typeof chunk.bytes !== 'string') return undefined;
  const text = Buffer.from(chunk.bytes, 'base64').toString('utf8');
  try {
    const data = JSON.parse(text) as { type?: unknown };
    return typeof data.type === 'string' ? { name: data.type, data } : { data };
  } catch {
    return undefined;
  }
}

export class BedrockEventDecoder implements EventDecoder {
  private readonly codec: EventStreamCodec;

  constructor() {
    const { EventStreamCodec: Codec, toUtf8, fromUtf8 } = aws();
    this.codec = new Codec(toUtf8, fromUtf8);
  }

  push(frame: Uint8Array): WireEvent[] {
    const event = eventOf(this.codec.decode(frame));
    return event ? [event] : [];
  }

  finish(): WireEvent[] {
    return [];
  }
}
