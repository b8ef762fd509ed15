import { type ChannelType, channelTypeSupport, findChannelType, type WireProtocol } from '@modelgate/channel-types';
import { adapterFor } from '../providers/registry';
import type { ProviderAdapter, UpstreamOperation } from '../providers/types';
import type { InboundProtocol, Operation, RelayRequest } from '../protocols/request';
import { mapModel, type SnapshotChannel } from '../routing';
import { type Pairing, pairingFor, unofferedPairingFor } from '../translate/registry';

/** How a call of one protocol and operation reaches a channel of one type. */
export interface ChannelRoute {
  readonly type: ChannelType;
  readonly adapter: ProviderAdapter;
  /** Identity, translation, or the gateway's own answer; never `unserved`. */
  readonly pairing: Exclude<Pairing, { kind: 'unserved' }>;
  /** What the upstream call asks for; undefined when the gateway answers itself. */
  readonly upstreamOperation: UpstreamOperation | undefined;
}

/**
 * The routes of a channel type whose upstreams speak a protocol per model (Vertex AI): one per
 * protocol the models speak, computed when first asked for.
 */
class RoutesByModel {
  private readonly byProtocol = new Map<WireProtocol, ChannelRoute | null>();

  constructor(
    private readonly type: ChannelType,
    private readonly family: ProviderAdapter,
    private readonly protocol: InboundProtocol,
    private readonly operation: Operation,
  ) {}

  /** The route for an upstream model; without one, the route of the family's own protocol. */
  routeFor(upstreamModel: string | undefined): ChannelRoute | undefined {
    const adapter = upstreamModel === undefined ? this.family : this.family.forModel!(upstreamModel);
    if (!adapter) return undefined;
    let route = this.byProtocol.get(adapter.protocol);
    if (route === undefined) {
      route = routeWith(this.type, adapter, this.protocol, this.operation) ?? null;
      this.byProtocol.set(adapter.protocol, route);
    }
    return route ?? undefined;
  }
}

/** Routes computed so far: protocol → operation → channel type → route (null: none), or its routes by model. */
const routes = new Map<InboundProtocol, Map<Operation, Map<number, ChannelRoute | RoutesByModel | null>>>();

function computeRoute(typeId: number, protocol: InboundProtocol, operation: Operation): ChannelRoute | RoutesByModel | undefined {
  const type = findChannelType(typeId);
  if (!type || !channelTypeSupport(type).served) return undefined;
  const adapter = adapterFor(type.schema);
  if (!adapter) return undefined;
  return adapter.forModel ? new RoutesByModel(type, adapter, protocol, operation) : routeWith(type, adapter, protocol, operation);
}

function routeWith(type: ChannelType, adapter: ProviderAdapter, protocol: InboundProtocol, operation: Operation): ChannelRoute | undefined {
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
    case 'identity': {
      if (adapter.supports(type, operation as UpstreamOperation)) {
        return { type, adapter, pairing, upstreamOperation: operation as UpstreamOperation };
      }
      // A channel that cannot count tokens itself (Bedrock) still lets the gateway count them.
      if (operation === 'messages/count_tokens' || operation === 'countTokens') {
        return { type, adapter, pairing: { kind: 'local' }, upstreamOperation: undefined };
      }
      // A type without the operation may take it translated to one it has (Responses as chat completions).
      const fallback = unofferedPairingFor(protocol, operation, adapter.protocol);
      return fallback.kind === 'translate' && adapter.supports(type, fallback.translator.upstreamOperation)
        ? { type, adapter, pairing: fallback, upstreamOperation: fallback.translator.upstreamOperation }
        : undefined;
    }
  }
}

/**
 * The route of a call to a channel type, or undefined when that type cannot serve it (a type the
 * gateway does not serve, an operation the vendor does not offer, a protocol pair without a
 * translator). For a type whose upstreams speak a protocol per model (Vertex AI), the route is that
 * of the protocol `upstreamModel` speaks (without one: of the type's own protocol). Pure and
 * memoised by protocol, never by model: routing asks it for every candidate channel.
 */
export function channelRouteFor(
  typeId: number,
  protocol: InboundProtocol,
  operation: Operation,
  upstreamModel?: string,
): ChannelRoute | undefined {
  const route = memoisedRoute(typeId, protocol, operation);
  return route instanceof RoutesByModel ? route.routeFor(upstreamModel) : (route ?? undefined);
}

/** The model a channel is asked for: the client's, through the channel's model mapping. */
export function upstreamModelOf(channel: Pick<SnapshotChannel, 'modelMapping'>, request: RelayRequest): string {
  const mapped = mapModel(channel.modelMapping, request.summary.model);
  return mapped.mapped ? mapped.upstream : request.summary.upstreamModel;
}

/**
 * The route of a request to one channel ({@link channelRouteFor}): where the type's protocol
 * depends on the model, the channel's model mapping names the model.
 */
export function routeToChannel(channel: Pick<SnapshotChannel, 'type' | 'modelMapping'>, request: RelayRequest): ChannelRoute | undefined {
  const route = memoisedRoute(channel.type, request.protocol, request.operation);
  return route instanceof RoutesByModel ? route.routeFor(upstreamModelOf(channel, request)) : (route ?? undefined);
}

function memoisedRoute(typeId: number, protocol: InboundProtocol, operation: Operation): ChannelRoute | RoutesByModel | null {
  let byOperation = routes.get(protocol);
  if (!byOperation) routes.set(protocol, (byOperation = new Map()));
  let byType = byOperation.get(operation);
  if (!byType) byOperation.set(operation, (byType = new Map()));
  let route = byType.get(typeId);
  if (route === undefined) {
    route = computeRoute(typeId, protocol, operation) ?? null;
    byType.set(typeId, route);
  }
  return route;
}
