import { mapGeminiError } from '../../protocols/gemini/errors';
import { SseDecoder } from '../../protocols/stream-events';
import { isEventStream } from '../openai';
import type { ProviderAdapter } from '../types';
import { buildGeminiRequest, supportsGeminiOperation } from './request';
import { readGeminiResponse } from './response';
import { createGeminiStreamParser } from './stream';

/** The adapter of the `gemini` wire schema: Google's Gemini API (type 24). */
export const geminiAdapter: ProviderAdapter = Object.freeze({
  schemas: Object.freeze(['gemini'] as const),
  protocol: 'gemini',
  relaysHeaders: true,
  supports: supportsGeminiOperation,
  buildRequest: buildGeminiRequest,
  isStream: isEventStream,
  readResponse: readGeminiResponse,
  createStreamParser: createGeminiStreamParser,
  createEventDecoder: () => new SseDecoder(),
  mapError: mapGeminiError,
});
