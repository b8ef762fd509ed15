import { CHANNEL_TYPES } from './catalogue';
import type { ChannelType, ChannelTypeGroup, UnservedNote } from './channel-type';
import { SCHEMA_SUPPORT, type SchemaSupport, type TaskProtocol, WIRE_PROTOCOLS, type WireProtocol } from './schemas';

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

/**
 * Whether the gateway serves a type's upstreams today, and in which message format; when it does
 * not, the type's own reason (its `unserved` note), else its schema's.
 */
export function channelTypeSupport(entry: Pick<ChannelType, 'schema' | 'unserved'>): SchemaSupport {
  const support = SCHEMA_SUPPORT[entry.schema];
  if (support.served || !entry.unserved) return support;
  return Object.freeze({ served: false, reason: entry.unserved.description });
}

/** Where a type stands: served (in which message format), or why not and whether it is coming. */
export type ChannelTypeStanding = { readonly group: Extract<ChannelTypeGroup, 'served'>; readonly protocol: WireProtocol | TaskProtocol } | UnservedNote;

/**
 * The group a type belongs to: `served` when its schema is served, whatever its note says (a
 * type whose API was being added becomes served with the schema); otherwise its note, or
 * `notSupported` with the schema's reason for a type without one.
 */
export function channelTypeStanding(entry: Pick<ChannelType, 'schema' | 'unserved'>): ChannelTypeStanding {
  const support = SCHEMA_SUPPORT[entry.schema];
  if (support.served) return { group: 'served', protocol: support.protocol };
  return entry.unserved ?? { group: 'notSupported', reason: 'notTranslated', description: support.reason };
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

/**
 * The message formats the gateway serves, in catalogue order: those at least one served channel
 * type speaks. A client of any of them reaches every served channel (through the translators), so
 * these are what the home page and the README may claim.
 */
export function servedProtocols(): WireProtocol[] {
  const spoken = new Set<WireProtocol>();
  for (const entry of CHANNEL_TYPES) {
    const support = channelTypeSupport(entry);
    // Task platforms (Midjourney, Suno) are served on their own paths, not as a message format.
    if (support.served && !('tasks' in support)) spoken.add(support.protocol);
  }
  return WIRE_PROTOCOLS.filter((protocol) => spoken.has(protocol));
}

/** The English names of the channel types the gateway serves, in catalogue order. */
export function servedChannelTypeNames(): string[] {
  return CHANNEL_TYPES.filter((entry) => channelTypeSupport(entry).served).map((entry) => entry.name);
}
