import { type ChannelType, channelTypeSupport, findChannelType } from '@modelgate/channel-types';
import { adapterFor } from '../providers/registry';
import type { ProviderAdapter, UpstreamOperation } from '../providers/types';
import type { InboundProtocol, Operation } from '../protocols/request';
import { type Pairing, pairingFor } from '../translate/registry';

/** How a call of one protocol and operation reaches a channel of one type. */
export interface ChannelRoute {
  readonly type: ChannelType;
  readonly adapter: ProviderAdapter;
  /** Identity, translation, or the gateway's own answer; never `unserved`. */
  readonly pairing: Exclude<Pairing, { kind: 'unserved' }>;
  /** What the upstream call asks for; undefined when the gateway answers itself. */
  readonly upstreamOperation: UpstreamOperation | undefined;
}

/** Routes computed so far: protocol → operation → channel type → route (null: none). */
const routes = new Map<InboundProtocol, Map<Operation, Map<number, ChannelRoute | null>>>();

function computeRoute(typeId: number, protocol: InboundProtocol, operation: Operation): ChannelRoute | undefined {
  const type = findChannelType(typeId);
  if (!type || !channelTypeSupport(type).served) return undefined;
  const adapter = adapterFor(type.schema);
  if (!adapter) return undefined;
  const pairing = pairingFor(protocol, operation, adapter.protocol);
  switch (pairing.kind) {
    case 'unserved':
      return undefined;
    case 'local':
      return { type, adapter, pairing, upstreamOperation: undefined };
    case 'translate': {
      const upstream = pairing.translator.upstreamOperation;
      return adapter.supports(type, upstream) ? { type, adapter, pairing, upstreamOperation: upstream } : undefined;
    }
    case 'identity':
      if (adapter.supports(type, operation as UpstreamOperation)) {
        return { type, adapter, pairing, upstreamOperation: operation as UpstreamOperation };
      }
      // A channel that cannot count tokens itself (Bedrock) still lets the gateway count them.
      return operation === 'messages/count_tokens' || operation === 'countTokens'
        ? { type, adapter, pairing: { kind: 'local' }, upstreamOperation: undefined }
        : undefined;
  }
}

/**
 * The route of a call to a channel type, or undefined when that type cannot serve it (a type the
 * gateway does not serve, an operation the vendor does not offer, a protocol pair without a
 * translator). Pure and memoised: routing asks it for every candidate channel.
 */
export function channelRouteFor(typeId: number, protocol: InboundProtocol, operation: Operation): ChannelRoute | undefined {
  let byOperation = routes.get(protocol);
  if (!byOperation) routes.set(protocol, (byOperation = new Map()));
  let byType = byOperation.get(operation);
  if (!byType) byOperation.set(operation, (byType = new Map()));
  let route = byType.get(typeId);
  if (route === undefined) {
    route = computeRoute(typeId, protocol, operation) ?? null;
    byType.set(typeId, route);
  }
  return route ?? undefined;
}
