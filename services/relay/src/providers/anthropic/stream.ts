import { toAnthropicError } from '../../protocols/anthropic/errors';
import { AnthropicStreamObserver } from '../../protocols/anthropic/stream-observer';
import { encodeNamedEvent } from '../../protocols/stream-events';
import { upstreamInterruptedError } from '../../protocols/upstream-error';
import { ObservedPassthroughParser } from '../observed-passthrough';
import type { StreamParser, StreamParserOptions } from '../types';

/**
 * What a client reads when the upstream's stream stops before `message_stop`: the end of whatever
 * event was cut (blank lines are harmless otherwise), then Anthropic's `error` event.
 */
const INTERRUPTED = Buffer.from(
  `\n\n${encodeNamedEvent({ name: 'error', data: toAnthropicError(upstreamInterruptedError()).body })}`,
);

/**
 * The identity path of an Anthropic stream: the bytes as they came, the events read for usage
 * (input on `message_start`, output on `message_delta`) and the text delivered.
 */
export function createAnthropicStreamParser(options: StreamParserOptions = {}): StreamParser {
  return new ObservedPassthroughParser(new AnthropicStreamObserver(options.now), INTERRUPTED);
}
