import type { EventStreamCodec, Message } from '@smithy/core/event-streams';
import { lazy } from '../../protocols/request';
import type { WireEvent } from '../../protocols/stream-events';
import type { EventDecoder } from '../types';
import { errorTypeOfException, exceptionName } from './errors';

/**
 * Bedrock's streamed answers: AWS event-stream messages (headers and checksums decoded by AWS's own
 * codec), each carrying one Anthropic event as base64 in `{"bytes": …}`, or an exception. They
 * become the same events an Anthropic stream has, errors as Anthropic `error` events.
 */

/** The prelude's total length, headers length and checksum, and the message's own checksum. */
const PRELUDE_BYTES = 12;
const CHECKSUM_BYTES = 4;
/**
 * The longest message taken: AWS caps an event's payload at 16 MiB and its headers at 128 KiB. A
 * longer prelude is a corrupt stream, refused before anything is held for it.
 */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024 + 128 * 1024 + PRELUDE_BYTES + CHECKSUM_BYTES;

/** AWS's event-stream codec, loaded with the first Bedrock stream (see the signer in request.ts). */
const aws = lazy(() => ({
  ...(require('@smithy/core/event-streams') as Pick<typeof import('@smithy/core/event-streams'), 'EventStreamCodec'>),
  ...(require('@smithy/util-utf8') as Pick<typeof import('@smithy/util-utf8'), 'fromUtf8' | 'toUtf8'>),
}));

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

/**
 * Decodes a Bedrock body as it arrives, whatever the chunk boundaries: each chunk's whole messages
 * become their events at once (all the events one read of the body holds, so they reach the client
 * in one write), and the start of a message cut by the chunk's end waits for the rest of it.
 */
export class BedrockEventDecoder implements EventDecoder {
  private readonly codec: EventStreamCodec;
  /** The start of a message the last chunk cut (a copy: the caller may reuse its buffer). */
  private pending: Buffer | undefined;

  constructor() {
    const { EventStreamCodec: Codec, toUtf8, fromUtf8 } = aws();
    this.codec = new Codec(toUtf8, fromUtf8);
  }

  push(chunk: Uint8Array): WireEvent[] {
    const bytes = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = undefined;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const events: WireEvent[] = [];
    let offset = 0;
    while (bytes.byteLength - offset >= PRELUDE_BYTES) {
      const length = view.getUint32(offset, false);
      if (length < PRELUDE_BYTES + CHECKSUM_BYTES || length > MAX_MESSAGE_BYTES) {
        throw new Error(`the Bedrock stream has a message of ${length} bytes, not an event-stream message`);
      }
      if (bytes.byteLength - offset < length) break;
      // The codec checks both checksums and throws on a corrupt message (the stream is then cut).
      const event = eventOf(this.codec.decode(bytes.subarray(offset, offset + length)));
      if (event) events.push(event);
      offset += length;
    }
    if (offset < bytes.byteLength) this.pending = Buffer.from(bytes.subarray(offset));
    return events;
  }

  /** A body that ended inside a message was cut: told as an Anthropic error, as an exception is. */
  finish(): WireEvent[] {
    if (!this.pending) return [];
    this.pending = undefined;
    return [errorEvent('api_error', 'the Bedrock stream ended inside an event-stream message')];
  }
}
