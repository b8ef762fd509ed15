import { mapAnthropicError } from '../../protocols/anthropic/errors';
import { SseDecoder } from '../../protocols/stream-events';
import { isEventStream } from '../openai';
import type { ProviderAdapter } from '../types';
import { buildAnthropicRequest, supportsAnthropicOperation } from './request';
import { readAnthropicResponse } from './response';
import { createAnthropicStreamParser } from './stream';

/** The adapter of the `anthropic` wire schema: Anthropic's own Messages API (type 14). */
export const anthropicAdapter: ProviderAdapter = Object.freeze({
  schemas: Object.freeze(['anthropic'] as const),
  protocol: 'anthropic',
  relaysHeaders: true,
  supports: supportsAnthropicOperation,
  buildRequest: buildAnthropicRequest,
  isStream: isEventStream,
  readResponse: readAnthropicResponse,
  createStreamParser: createAnthropicStreamParser,
  createEventDecoder: () => new SseDecoder(),
  mapError: mapAnthropicError,
});
