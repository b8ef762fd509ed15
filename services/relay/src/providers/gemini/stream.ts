import { toGeminiError } from '../../protocols/gemini/errors';
import { GeminiStreamObserver } from '../../protocols/gemini/stream-observer';
import { encodeDataEvent } from '../../protocols/stream-events';
import { upstreamInterruptedError } from '../../protocols/upstream-error';
import { ObservedPassthroughParser } from '../observed-passthrough';
import type { StreamParser, StreamParserOptions } from '../types';

/**
 * What a client reads when the upstream's stream stops before a chunk with a `finishReason`: the
 * end of whatever event was cut, then an error object, which Google's SDKs raise as an ApiError.
 */
const INTERRUPTED = Buffer.from(`\r\n\r\n${encodeDataEvent({ data: toGeminiError(upstreamInterruptedError()).body })}`);

/**
 * The identity path of a Gemini stream (`alt=sse`): the bytes as they came, the chunks read for
 * usage (the last chunk's `usageMetadata`) and the text delivered.
 */
export function createGeminiStreamParser(options: StreamParserOptions = {}): StreamParser {
  return new ObservedPassthroughParser(new GeminiStreamObserver(options.now), INTERRUPTED);
}
