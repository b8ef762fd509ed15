import { type ChannelType, channelTypeSupport, findChannelType, type WireSchema } from '@modelgate/channel-types';
import { UnsupportedOperationError } from '@modelgate/runtime';
import { anthropicAdapter } from './anthropic';
import { bedrockAdapter } from './bedrock';
import { geminiAdapter } from './gemini';
import { openaiAdapter } from './openai';
import type { ProviderAdapter } from './types';
import { vertexAdapter } from './vertex';

/**
 * The one place that maps a wire schema to its upstream adapter. The catalogue says which schemas
 * the gateway serves; a served schema without an adapter here is a bug the registry test catches.
 */
const ADAPTERS: Readonly<Partial<Record<WireSchema, ProviderAdapter>>> = Object.freeze({
  openai: openaiAdapter,
  'azure-openai': openaiAdapter,
  anthropic: anthropicAdapter,
  'aws-bedrock': bedrockAdapter,
  gemini: geminiAdapter,
  'vertex-ai': vertexAdapter,
});

/** A channel type with the adapter that speaks its schema. */
export interface ResolvedChannelType {
  readonly type: ChannelType;
  readonly adapter: ProviderAdapter;
}

/** The adapter of a schema the gateway serves, or undefined. */
export function adapterFor(schema: WireSchema): ProviderAdapter | undefined {
  return channelTypeSupport({ schema }).served ? ADAPTERS[schema] : undefined;
}

/**
 * The adapter for a stored channel type. Throws `UnsupportedOperationError` (HTTP 501):
 * `channel_type_not_supported` (with the catalogue's reason) for a type the gateway cannot serve
 * yet, `unknown_channel_type` for an id the spec does not list. Pure: call it before building or
 * sending anything.
 */
export function resolveChannelType(typeId: number): ResolvedChannelType {
  const type = findChannelType(typeId);
  if (!type) {
    throw new UnsupportedOperationError(`unknown channel type ${typeId}`, { code: 'unknown_channel_type' });
  }
  const support = channelTypeSupport(type);
  const adapter = adapterFor(type.schema);
  if (!support.served || !adapter) {
    const reason = support.served ? 'no adapter speaks its API' : support.reason;
    throw new UnsupportedOperationError(`channel type ${typeId} (${type.name}) is not supported yet: ${reason}`, {
      code: 'channel_type_not_supported',
      details: { channel_type: typeId, schema: type.schema },
    });
  }
  return { type, adapter };
}

/** The schemas that have an adapter (for diagnostics and the completeness test). */
export function supportedSchemas(): WireSchema[] {
  return (Object.keys(ADAPTERS) as WireSchema[]).sort();
}
