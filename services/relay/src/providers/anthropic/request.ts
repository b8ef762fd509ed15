import type { ChannelType } from '@modelgate/channel-types';
import { InternalError, UnsupportedOperationError } from '@modelgate/runtime';
import type { BuildRequestInput, UpstreamOperation, UpstreamRequest } from '../types';
import { betaFeatures, DEFAULT_ANTHROPIC_VERSION, DEFAULT_CLAUDE_SETTINGS, shapeClaudeBody } from './claude-request';

const OPERATIONS: ReadonlySet<UpstreamOperation> = new Set(['messages', 'messages/count_tokens']);

/** Whether an Anthropic channel serves an operation: Messages and token counting. */
export function supportsAnthropicOperation(type: ChannelType, operation: UpstreamOperation): boolean {
  return type.schema === 'anthropic' && OPERATIONS.has(operation);
}

function baseUrlOf(type: ChannelType, input: BuildRequestInput): string {
  const base = input.channel.base_url?.trim().replace(/\/+$/, '') || type.defaultBaseUrl;
  if (!base) throw new InternalError(`channel #${input.channel.id} (${type.name}) has no base URL`, { code: 'channel_misconfigured' });
  return base;
}

/**
 * The call to Anthropic's API: `{base}/v1/messages` (or `/count_tokens`) with the channel's key in
 * `x-api-key`, the client's `anthropic-version` (or the current one) and `anthropic-beta` plus the
 * model's extra headers from `claude.model_headers_settings`. The body is the client's bytes when
 * nothing had to change (model name, default `max_tokens`, thinking adapter).
 */
export function buildAnthropicRequest(type: ChannelType, input: BuildRequestInput): UpstreamRequest {
  if (!supportsAnthropicOperation(type, input.operation)) {
    throw new UnsupportedOperationError(`channel type ${type.id} (${type.name}) does not support ${input.operation}`, {
      code: 'endpoint_not_supported',
    });
  }
  const counting = input.operation === 'messages/count_tokens';
  const shaped = counting ? undefined : shapeClaudeBody(input);
  const model = shaped?.model ?? input.upstreamModel;
  let json = shaped?.json ?? input.json ?? {};
  let changed = shaped?.changed ?? false;
  if (counting && json['model'] !== model) {
    json = { ...json, model };
    changed = true;
  }
  const settings = input.settings?.claude ?? DEFAULT_CLAUDE_SETTINGS;
  const headers: Record<string, string> = {
    ...settings.modelHeaders(model),
    'Content-Type': 'application/json',
    'x-api-key': input.channel.key.trim(),
    'anthropic-version': input.forwarded?.anthropicVersion?.trim() || DEFAULT_ANTHROPIC_VERSION,
  };
  delete headers['anthropic-beta'];
  const beta = betaFeatures(input, model);
  if (beta.length > 0) headers['anthropic-beta'] = beta.join(',');
  if (input.stream && !counting) headers['Accept'] = 'text/event-stream';
  const keep = !changed && input.body !== undefined;
  return {
    // The client's query goes along (Anthropic's SDKs add `?beta=true` to beta calls).
    url: `${baseUrlOf(type, input)}/v1/${input.operation}${input.query ? `?${input.query}` : ''}`,
    headers,
    body: keep ? input.body! : Buffer.from(JSON.stringify(json)),
    bodyRewritten: !keep,
    streamUsageRequested: input.stream,
    clientRequestedUsage: false,
  };
}
