import { UnsupportedOperationError } from '@modelgate/runtime';
import { type ChannelTypeInfo, findChannelType, type WireSchema } from './channel-types';
import { openaiAdapter } from './openai';
import type { ProviderAdapter } from './types';

/**
 * The one place that maps a wire schema to its adapter. A schema without an entry is known but
 * has no adapter yet (Anthropic, Gemini and the others come with a later issue after #3): channels
 * of its types are refused with a typed error before any network call.
 */
const ADAPTERS: Readonly<Partial<Record<WireSchema, ProviderAdapter>>> = Object.freeze({
  openai: openaiAdapter,
  'azure-openai': openaiAdapter,
});

/** A channel type with the adapter that speaks its schema. */
export interface ResolvedChannelType {
  readonly type: ChannelTypeInfo;
  readonly adapter: ProviderAdapter;
}

/**
 * The adapter for a stored channel type. Throws `UnsupportedOperationError` (HTTP 501):
 * `channel_type_not_supported` ("channel type X is not supported yet") for a type whose schema
 * has no adapter yet, `unknown_channel_type` for an id spec §3 does not list. Pure: call it
 * before building or sending anything.
 */
export function resolveChannelType(typeId: number): ResolvedChannelType {
  const type = findChannelType(typeId);
  if (!type) {
    throw new UnsupportedOperationError(`unknown channel type ${typeId}`, { code: 'unknown_channel_type' });
  }
  const adapter = ADAPTERS[type.schema];
  if (!adapter) {
    throw new UnsupportedOperationError(`channel type ${typeId} is not supported yet`, {
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
