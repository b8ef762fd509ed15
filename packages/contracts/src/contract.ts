import type { ChannelCredentials, Client, ClientOptions, GrpcObject, ServiceDefinition } from '@grpc/grpc-js';

/**
 * A generated client class: a grpc-js `Client` subclass with the service's typed methods, whose
 * static `service` is the typed definition.
 */
export interface ContractClientConstructor<D extends ServiceDefinition, C extends Client> {
  new (address: string, credentials: ChannelCredentials, options?: ClientOptions): C;
  readonly service: D;
}

/** Everything needed to serve or call one gRPC service. */
export interface ServiceContract<D extends ServiceDefinition, C extends Client> {
  /** Fully qualified service name, e.g. `modelgate.identity.v1.IdentityService` (health checks, logs). */
  readonly serviceName: string;
  /** The typed service definition, for servers. */
  readonly definition: D;
  /** The typed client class, for clients. */
  readonly Client: ContractClientConstructor<D, C>;
}

/**
 * Finds `serviceName` in a loaded package and returns it as a contract typed by the generated
 * `D` (definition) and `C` (client). Throws when the proto does not define that service, so a
 * renamed service fails at start-up instead of at the first call.
 */
export function serviceContract<D extends ServiceDefinition, C extends Client>(
  loaded: GrpcObject,
  serviceName: string,
): ServiceContract<D, C> {
  const found = serviceName
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], loaded);
  if (typeof found !== 'function' || !('service' in found)) {
    throw new Error(`the loaded protos define no service ${serviceName}`);
  }
  const Client = found as unknown as ContractClientConstructor<D, C>;
  return Object.freeze({ serviceName, definition: Client.service, Client });
}
