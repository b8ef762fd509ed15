import { readAnthropicResponse } from '../anthropic/response';
import type { ProviderAdapter } from '../types';
import { mapBedrockError } from './errors';
import { buildBedrockRequest, supportsBedrockOperation } from './request';
import { BedrockEventDecoder } from './stream';

const EVENT_STREAM = 'application/vnd.amazon.eventstream';

/**
 * The adapter of the `aws-bedrock` schema: Claude on AWS Bedrock Runtime (type 33). It speaks
 * Anthropic's Messages format, signed with SigV4 and streamed as AWS event-stream frames.
 */
export const bedrockAdapter: ProviderAdapter = Object.freeze({
  schemas: Object.freeze(['aws-bedrock'] as const),
  protocol: 'anthropic',
  relaysHeaders: false,
  supports: supportsBedrockOperation,
  buildRequest: buildBedrockRequest,
  isStream: (contentType: string | undefined) => contentType?.toLowerCase().includes(EVENT_STREAM) === true,
  readResponse: readAnthropicResponse,
  createEventDecoder: () => new BedrockEventDecoder(),
  mapError: mapBedrockError,
});
