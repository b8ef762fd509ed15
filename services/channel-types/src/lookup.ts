import { CHANNEL_TYPES } from './catalogue';
import type { ChannelType } from './channel-type';
import { SCHEMA_SUPPORT, type SchemaSupport } from './schemas';

/** Lookups over the catalogue, by stored id and by a Kubernetes resource's provider name. */

const BY_ID = new Map(CHANNEL_TYPES.map((entry) => [entry.id, entry]));
const BY_PROVIDER = new Map(CHANNEL_TYPES.map((entry) => [entry.provider, entry]));

/** The catalogue entry of a stored channel type, or undefined for an id the spec does not list. */
export function findChannelType(id: number): ChannelType | undefined {
  return BY_ID.get(id);
}

/** The catalogue entry a Kubernetes `Channel` resource names by provider, if any. */
export function channelTypeByProvider(provider: string): ChannelType | undefined {
  return BY_PROVIDER.get(provider);
}

/** Whether the gateway serves a type's upstreams today, and in which message format. */
export function channelTypeSupport(entry: Pick<ChannelType, 'schema'>): SchemaSupport {
  return SCHEMA_SUPPORT[entry.schema];
}

/** True when the gateway can relay requests to channels of this type id. */
export function isServedChannelType(id: number): boolean {
  const entry = BY_ID.get(id);
  return entry !== undefined && SCHEMA_SUPPORT[entry.schema].served;
}

/** Type id → default models, the `GET /api/models` map. */
export function defaultModelsByType(): Record<number, readonly string[]> {
  return Object.fromEntries(CHANNEL_TYPES.map((entry) => [entry.id, entry.defaultModels]));
}

/** Every model some type offers by default, sorted and distinct. */
export function catalogueModels(): string[] {
  return [...new Set(CHANNEL_TYPES.flatMap((entry) => entry.defaultModels))].sort();
}
