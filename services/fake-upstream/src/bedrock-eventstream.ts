// AWS event stream framing of Bedrock's InvokeModelWithResponseStream: each Anthropic event is
// a `chunk` event whose payload is `{"bytes":"<base64 of the event JSON>"}`; a failure is an
// `exception` message. The binary framing and its CRCs come from `@smithy/eventstream-codec`.
import { EventStreamCodec, type MessageHeaders } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';

const codec = new EventStreamCodec(toUtf8, fromUtf8);

const CHUNK_HEADERS: MessageHeaders = {
  ':event-type': { type: 'string', value: 'chunk' },
  ':content-type': { type: 'string', value: 'application/json' },
  ':message-type': { type: 'string', value: 'event' },
};

/** Response headers of an event stream. */
export const EVENTSTREAM_CONTENT_TYPE = 'application/vnd.amazon.eventstream';

/** One `chunk` event carrying `event` (a JSON value). */
export function chunkFrame(event: unknown): Uint8Array {
  const bytes = Buffer.from(JSON.stringify(event)).toString('base64');
  return codec.encode({ headers: CHUNK_HEADERS, body: fromUtf8(`{"bytes":"${bytes}"}`) });
}

/** An exception message of type `exceptionType` (e.g. `throttlingException`) carrying `payload`. */
export function exceptionFrame(exceptionType: string, payload: unknown): Uint8Array {
  return codec.encode({
    headers: {
      ':exception-type': { type: 'string', value: exceptionType },
      ':content-type': { type: 'string', value: 'application/json' },
      ':message-type': { type: 'string', value: 'exception' },
    },
    body: fromUtf8(JSON.stringify(payload)),
  });
}

/** Several frames as one (a content step of several events). */
export const joinFrames = (frames: readonly Uint8Array[]): Uint8Array =>
  frames.length === 1 ? frames[0]! : Buffer.concat(frames);
