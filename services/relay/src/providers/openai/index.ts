import type { ProviderAdapter } from '../types';
import { mapOpenAIError } from './errors';
import { buildOpenAIRequest, supportsOpenAIEndpoint } from './request';
import { readOpenAIResponse } from './response';
import { createOpenAIStreamParser } from './stream';

/**
 * The adapter of the `openai` wire schema and its Azure variant: OpenAI itself, the local runner,
 * the custom full-URL channel, Azure, and every OpenAI-compatible vendor of the catalogue. The
 * vendors differ only in catalogue data (base URL, auth style, quirks), read here.
 */
export const openaiAdapter: ProviderAdapter = Object.freeze({
  schemas: Object.freeze(['openai', 'azure-openai'] as const),
  supports: supportsOpenAIEndpoint,
  buildRequest: buildOpenAIRequest,
  readResponse: readOpenAIResponse,
  createStreamParser: createOpenAIStreamParser,
  mapError: mapOpenAIError,
});
