import type { ChannelType } from '@modelgate/channel-types';
import { UnsupportedOperationError } from '@modelgate/runtime';
import { betaFeatures, claudeModelName, DEFAULT_CLAUDE_SETTINGS, shapeClaudeBody } from '../anthropic/claude-request';
import type { BuildRequestInput, UpstreamOperation, UpstreamRequest } from '../types';
import { serviceAccountGrant } from './access-token';
import { publisherModelUrl, regionFor } from './location';
import { parseServiceAccount } from './service-account';

/** The Messages API version Claude on Vertex AI takes in the body. */
export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

/** The "model" Vertex AI counts Claude's tokens at (the model itself goes in the body). */
const COUNT_TOKENS_MODEL = 'count-tokens';

const OPERATIONS: ReadonlySet<UpstreamOperation> = new Set(['messages', 'messages/count_tokens']);

/** Claude on Vertex AI serves Messages and token counting. */
export function supportsVertexClaudeOperation(type: ChannelType, operation: UpstreamOperation): boolean {
  return type.schema === 'vertex-ai' && OPERATIONS.has(operation);
}

/**
 * The call to a Claude model on Vertex AI: the Messages body without `model` and with
 * `anthropic_version: vertex-2023-10-16`, posted to the publisher model's `:rawPredict` (or
 * `:streamRawPredict`) in the model's region of the key's project; tokens are counted at
 * `count-tokens:rawPredict`, the model named in the body. The client's `anthropic-beta` (and the
 * model's from `claude.model_headers_settings`) go as a header; the service account's access
 * token is added by the upstream client.
 */
export function buildVertexClaudeRequest(type: ChannelType, input: BuildRequestInput): UpstreamRequest {
  if (!supportsVertexClaudeOperation(type, input.operation)) {
    throw new UnsupportedOperationError(`channel type ${type.id} (${type.name}) does not support ${input.operation} for Claude models`, {
      code: 'endpoint_not_supported',
    });
  }
  const account = parseServiceAccount(input.channel.key, input.channel.id);
  const settings = input.settings?.claude ?? DEFAULT_CLAUDE_SETTINGS;
  const counting = input.operation === 'messages/count_tokens';
  // Counting needs no max_tokens, nor the thinking adapter's changes: only the model's name.
  const shaped = counting ? undefined : shapeClaudeBody(input);
  const model = shaped?.model ?? claudeModelName(input.upstreamModel, settings);
  const { model: _model, ...rest } = shaped?.json ?? input.json ?? {};
  const body: Record<string, unknown> = { ...rest, anthropic_version: VERTEX_ANTHROPIC_VERSION };
  if (counting) body['model'] = model;
  const stream = input.stream && !counting;
  const headers: Record<string, string> = { ...settings.modelHeaders(model), 'Content-Type': 'application/json' };
  delete headers['anthropic-beta'];
  const beta = betaFeatures(input, model);
  if (beta.length > 0) headers['anthropic-beta'] = beta.join(',');
  if (stream) headers['Accept'] = 'text/event-stream';
  const region = regionFor(input.channel.other, model, input.channel.id);
  const call = counting
    ? { model: COUNT_TOKENS_MODEL, method: 'rawPredict' }
    : { model, method: stream ? 'streamRawPredict' : 'rawPredict' };
  return {
    url: publisherModelUrl(type, input, account, { publisher: 'anthropic', region, ...call }),
    headers,
    body: Buffer.from(JSON.stringify(body)),
    bodyRewritten: true,
    streamUsageRequested: stream,
    clientRequestedUsage: false,
    accessToken: serviceAccountGrant(input.channel.id, account),
  };
}
