import { mapOpenAIError } from '../../protocols/openai/errors';
import { SseDecoder } from '../../protocols/stream-events';
import type { ProviderAdapter, StreamParserOptions } from '../types';
import { buildOpenAIRequest, supportsOpenAIEndpoint } from './request';
import { readOpenAIResponse } from './response';
import { createResponsesStreamParser } from './responses-stream';
import { createOpenAIStreamParser } from './stream';

/** Whether a content type is a server-sent event stream. */
export function isEventStream(contentType: string | undefined): boolean {
  return contentType !== undefined && contentType.toLowerCase().includes('text/event-stream');
}

/**
 * The adapter of the `openai` wire schema and its Azure variant: OpenAI itself, the local runner,
 * the custom full-URL channel, Azure, and every OpenAI-compatible vendor of the catalogue. The
 * vendors differ only in catalogue data (base URL, auth style, quirks), read here.
 */
export const openaiAdapter: ProviderAdapter = Object.freeze({
  schemas: Object.freeze(['openai', 'azure-openai'] as const),
  protocol: 'openai',
  relaysHeaders: true,
  supports: supportsOpenAIEndpoint,
  buildRequest: buildOpenAIRequest,
  isStream: isEventStream,
  readResponse: readOpenAIResponse,
  // A Responses stream is told in named events of its own; everything else in chat-style chunks.
  createStreamParser: (options?: StreamParserOptions) =>
    options?.operation === 'responses' ? createResponsesStreamParser(options) : createOpenAIStreamParser(options),
  createEventDecoder: () => new SseDecoder(),
  mapError: mapOpenAIError,
});
