import { codecFor } from '../../protocols/codecs';
import { ResponsesStreamObserver } from '../../protocols/responses/stream-observer';
import { upstreamInterruptedError } from '../../protocols/upstream-error';
import { ObservedPassthroughParser } from '../observed-passthrough';
import type { StreamParser, StreamParserOptions } from '../types';

const responses = codecFor('responses');

/**
 * What a client reads when the upstream's Responses stream stops before the event that ends it:
 * the end of whatever event was cut, then the stream's own `error` event.
 */
const INTERRUPTED = Buffer.from(`\n\n${responses.encodeEvent(responses.streamError(upstreamInterruptedError()))}`);

/**
 * The identity path of a Responses stream: the bytes as they came, the events read for the
 * response's id and usage (on `response.completed`, `.incomplete` or `.failed`) and the text
 * delivered.
 */
export function createResponsesStreamParser(options: StreamParserOptions = {}): StreamParser {
  return new ObservedPassthroughParser(new ResponsesStreamObserver(options.now, options.onResponseId), INTERRUPTED);
}
