import {
  type ChannelOptions,
  type handleUnaryCall,
  Server,
  ServerCredentials,
  type ServiceDefinition,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { DEFAULT_SERVER_CHANNEL_OPTIONS } from './channel-options';
import { createServerHealth, type GrpcHealth } from './health';
import { grpcTracer, parseMethodPath } from './rpc-telemetry';
import { type UnaryWrapperDeps, wrapUnaryHandler } from './server-handler';
import { GrpcServerMetrics } from './server-metrics';
import { assertServiceSecret, serviceAuthServerInterceptor } from './service-auth';
import type { UnaryHandler, UnaryServiceImplementation } from './types';

/**
 * One service to host: its definition and its async implementation, checked against each other
 * by {@link bindGrpcService}. Type-erased on purpose, so services with different definitions fit in
 * one list.
 */
export interface GrpcServiceBinding {
  /** Fully qualified service name, e.g. `modelgate.identity.v1.IdentityService`. */
  readonly serviceName: string;
  readonly definition: ServiceDefinition;
  /** Builds the grpc-js handlers around the async implementation. */
  readonly handlers: (deps: UnaryWrapperDeps) => UntypedServiceImplementation;
}

/**
 * Pairs a generated service definition with its implementation, typed per method: each handler
 * receives the restricted request type and returns the permissive response type. Throws at once
 * for streaming methods (the helpers are unary-only) and for missing handlers.
 */
export function bindGrpcService<D extends ServiceDefinition>(
  definition: D,
  implementation: UnaryServiceImplementation<D>,
): GrpcServiceBinding {
  const entries = Object.entries(definition);
  if (entries.length === 0) throw new TypeError('service definition has no methods');
  const serviceName = parseMethodPath(entries[0]![1].path).service;
  type AnyHandler = UnaryHandler<unknown, unknown> | undefined;
  const handlersByName = implementation as unknown as Record<string, AnyHandler>;
  for (const [name, method] of entries) {
    if (method.requestStream || method.responseStream) {
      throw new TypeError(`${method.path} is a streaming method; only unary methods are supported`);
    }
    if (typeof handlersByName[name] !== 'function') {
      throw new TypeError(`no handler for ${method.path}`);
    }
  }
  return {
    serviceName,
    definition,
    handlers(deps) {
      const handlers: Record<string, handleUnaryCall<unknown, unknown>> = {};
      for (const [name, method] of entries) {
        handlers[name] = wrapUnaryHandler(parseMethodPath(method.path), handlersByName[name]!, deps);
      }
      return handlers;
    },
  };
}

/** Options of {@link createGrpcServer}. */
export interface GrpcServerOptions {
  logger: Logger;
  /** Interface to bind, e.g. `0.0.0.0` in a pod or `127.0.0.1` locally. */
  host: string;
  /** Port to bind; 0 picks a free one (reported by `start`). */
  port: number;
  services: readonly GrpcServiceBinding[];
  /**
   * The deployment's service secret: every call but grpc.health.v1 must carry it, or is refused
   * with UNAUTHENTICATED before its handler runs (see `service-auth.ts`).
   */
  secret: string;
  /** Server credentials; plaintext when omitted (in-cluster traffic; encryption left to a mesh). */
  credentials?: ServerCredentials;
  /** Overrides of {@link DEFAULT_SERVER_CHANNEL_OPTIONS}. */
  channelOptions?: ChannelOptions;
  /** Where calls handled and their durations are counted (`modelgate_grpc_server_*`); none when omitted. */
  metrics?: Registry;
}

/** A gRPC server with the standard health service; see {@link createGrpcServer}. */
export interface GrpcServer {
  /** Binds and starts serving; resolves with the port actually bound. */
  start(): Promise<{ port: number }>;
  /** grpc.health.v1 status per service; everything starts SERVING. */
  readonly health: GrpcHealth;
  /**
   * Stops gracefully: reports NOT_SERVING, stops accepting calls, lets calls in flight finish for
   * up to `timeoutMs`, then cancels whatever is left. Safe to call more than once or before start.
   */
  shutdown(timeoutMs: number): Promise<void>;
}

/**
 * Creates a gRPC server hosting `services` plus grpc.health.v1. Every call but health checks must
 * carry the service secret; every unary call gets the request context, a SERVER span and the one
 * error mapping of {@link wrapUnaryHandler}.
 */
export function createGrpcServer(options: GrpcServerOptions): GrpcServer {
  const { logger } = options;
  const serviceNames = options.services.map((service) => service.serviceName);
  const duplicate = serviceNames.find((name, index) => serviceNames.indexOf(name) !== index);
  if (duplicate) throw new TypeError(`service ${duplicate} is registered twice`);

  assertServiceSecret(options.secret);
  const server = new Server({
    ...DEFAULT_SERVER_CHANNEL_OPTIONS,
    ...options.channelOptions,
    interceptors: [serviceAuthServerInterceptor(options.secret, logger)],
  });
  const deps: UnaryWrapperDeps = {
    logger,
    tracer: grpcTracer(),
    ...(options.metrics ? { metrics: new GrpcServerMetrics(options.metrics) } : {}),
  };
  for (const service of options.services) server.addService(service.definition, service.handlers(deps));
  const { health, implementation } = createServerHealth(serviceNames);
  implementation.addToServer(server);

  const address = formatAddress(options.host, options.port);
  let started: Promise<{ port: number }> | undefined;
  let stopping: Promise<void> | undefined;

  const bind = () =>
    new Promise<{ port: number }>((resolve, reject) => {
      server.bindAsync(address, options.credentials ?? ServerCredentials.createInsecure(), (error, port) => {
        if (error) {
          reject(new Error(`cannot bind gRPC server to ${address}: ${error.message}`, { cause: error }));
          return;
        }
        logger.info({ host: options.host, port, services: serviceNames }, 'gRPC server listening');
        resolve({ port });
      });
    });

  const stop = async (timeoutMs: number) => {
    health.setAll('NOT_SERVING');
    // A bind still in progress would otherwise race with the shutdown below.
    await started?.catch(() => undefined);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        logger.warn({ timeout_ms: timeoutMs }, 'gRPC calls still running at the shutdown bound; cancelling');
        server.forceShutdown();
        resolve();
      }, timeoutMs);
      server.tryShutdown(() => {
        clearTimeout(timer);
        resolve();
      });
    });
    logger.info('gRPC server stopped');
  };

  return {
    health,
    start() {
      if (stopping) return Promise.reject(new Error('gRPC server is shut down'));
      started ??= bind();
      return started;
    },
    shutdown(timeoutMs) {
      stopping ??= stop(timeoutMs);
      return stopping;
    },
  };
}

/** `host:port`, with IPv6 literals bracketed. */
function formatAddress(host: string, port: number): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]:${port}` : `${host}:${port}`;
}
