import { mapAnthropicError } from '../../protocols/anthropic/errors';
import { mapGeminiError } from '../../protocols/gemini/errors';
import { SseDecoder } from '../../protocols/stream-events';
import { readAnthropicResponse } from '../anthropic/response';
import { createAnthropicStreamParser } from '../anthropic/stream';
import { readGeminiResponse } from '../gemini/response';
import { createGeminiStreamParser } from '../gemini/stream';
import { isEventStream } from '../openai';
import type { ProviderAdapter } from '../types';
import { buildVertexClaudeRequest, supportsVertexClaudeOperation } from './claude-request';
import { buildVertexGeminiRequest, supportsVertexGeminiOperation } from './gemini-request';

/** Claude's models on Vertex AI are Anthropic's publisher models; the others are Google's. */
export function isClaudeModel(upstreamModel: string): boolean {
  return upstreamModel.startsWith('claude');
}

/**
 * Claude on Vertex AI (type 41, Claude models): Anthropic's Messages format at the publisher
 * model's `:rawPredict`, answered and streamed as Anthropic's API does. Google's front answers
 * some errors in its own object, which Anthropic's error reading takes by its message.
 */
export const vertexClaudeAdapter: ProviderAdapter = Object.freeze({
  schemas: Object.freeze(['vertex-ai'] as const),
  protocol: 'anthropic',
  relaysHeaders: false,
  supports: supportsVertexClaudeOperation,
  buildRequest: buildVertexClaudeRequest,
  isStream: isEventStream,
  readResponse: readAnthropicResponse,
  createStreamParser: createAnthropicStreamParser,
  createEventDecoder: () => new SseDecoder(),
  mapError: mapAnthropicError,
});

/**
 * Google's models on Vertex AI (type 41, every model but Claude's): the Gemini API's format at the
 * publisher model's methods, answered, streamed and failed as the Gemini API does.
 */
export const vertexGeminiAdapter: ProviderAdapter = Object.freeze({
  schemas: Object.freeze(['vertex-ai'] as const),
  protocol: 'gemini',
  relaysHeaders: false,
  supports: supportsVertexGeminiOperation,
  buildRequest: buildVertexGeminiRequest,
  isStream: isEventStream,
  readResponse: readGeminiResponse,
  createStreamParser: createGeminiStreamParser,
  createEventDecoder: () => new SseDecoder(),
  mapError: mapGeminiError,
});

/**
 * The adapter of the `vertex-ai` schema: the protocol is the model's. Claude models speak
 * `anthropic` ({@link vertexClaudeAdapter}), every other model `gemini` ({@link vertexGeminiAdapter},
 * also this adapter's own protocol when no model is known).
 */
export const vertexAdapter: ProviderAdapter = Object.freeze({
  ...vertexGeminiAdapter,
  forModel: (upstreamModel: string) => (isClaudeModel(upstreamModel) ? vertexClaudeAdapter : vertexGeminiAdapter),
});
