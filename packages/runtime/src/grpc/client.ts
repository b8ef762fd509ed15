import {
  type ChannelCredentials,
  type ChannelOptions,
  type Client,
  type ClientOptions,
  credentials as channelCredentials,
  Metadata,
  type ServiceDefinition,
  type ServiceError,
} from '@grpc/grpc-js';
import type { Logger } from 'pino';
import { UnavailableError } from '../errors';
import { DEFAULT_CLIENT_CHANNEL_OPTIONS } from './channel-options';
import { contextPropagationInterceptor } from './client-interceptor';
import { grpcTracer } from './rpc-telemetry';
import { assertServiceSecret, isServiceAuthRefusal, serviceAuthClientInterceptor, serviceAuthFault } from './service-auth';
import { fromGrpcStatus } from './status-mapping';
import type { ClientRequest, ClientResponse, MethodName } from './types';

/** Deadline of a call when neither the client nor the call sets one. */
export const DEFAULT_DEADLINE_MS = 5_000;

/**
 * A generated client class (e.g. `identityContract.Client`): a grpc-js `Client` subclass whose
 * static `service` is the typed service definition.
 */
export interface GrpcClientConstructor<D extends ServiceDefinition> {
  new (address: string, credentials: ChannelCredentials, options?: ClientOptions): Client;
  readonly service: D;
}

/** Options of {@link createGrpcClient}. */
export interface GrpcClientOptions {
  logger: Logger;
  /** Default deadline of every call, in milliseconds; {@link DEFAULT_DEADLINE_MS} when omitted. */
  deadlineMs?: number;
  /** The deployment's service secret, sent with every call (see `service-auth.ts`). */
  secret: string;
  /** Channel credentials; plaintext when omitted (in-cluster traffic). */
  credentials?: ChannelCredentials;
  /** Overrides of {@link DEFAULT_CLIENT_CHANNEL_OPTIONS}. */
  channelOptions?: ChannelOptions;
}

/** Options of one call. */
export interface GrpcCallOptions {
  /** This call's deadline in milliseconds, instead of the client's default. */
  deadlineMs?: number;
}

/** A promise-based client for the service described by `D`. */
export interface GrpcClient<D extends ServiceDefinition> {
  /** The target address, `host:port` or any grpc-js target (`dns:///…`, `unix:…`). */
  readonly address: string;
  /**
   * Calls `method` with `request` and resolves with its response. Always has a deadline. Rejects
   * with an AppError subclass rebuilt from the status (see `fromGrpcStatus`): the server's error
   * class and `code`, DeadlineExceededError on timeout, UnavailableError when the server cannot be
   * reached, and InternalError (code `service_auth_*`) when the server refuses the secret.
   */
  call<K extends MethodName<D>>(
    method: K,
    request: ClientRequest<D[K]>,
    options?: GrpcCallOptions,
  ): Promise<ClientResponse<D[K]>>;
  /** Closes the channel: calls in flight still complete, later calls fail with UnavailableError. */
  close(): void;
}

/**
 * Creates a typed, promise-based client for the service of `ClientConstructor` at `address`. Every
 * call carries the service secret, the current request id and trace context (see
 * `contextPropagationInterceptor`) and has a deadline. One client keeps one channel: create it
 * once per target and share it.
 */
export function createGrpcClient<D extends ServiceDefinition>(
  ClientConstructor: GrpcClientConstructor<D>,
  address: string,
  options: GrpcClientOptions,
): GrpcClient<D> {
  const defaultDeadlineMs = validDeadline(options.deadlineMs ?? DEFAULT_DEADLINE_MS);
  assertServiceSecret(options.secret);
  const { logger } = options;
  const definition = ClientConstructor.service;
  const client = new ClientConstructor(address, options.credentials ?? channelCredentials.createInsecure(), {
    ...DEFAULT_CLIENT_CHANNEL_OPTIONS,
    ...options.channelOptions,
    interceptors: [contextPropagationInterceptor(grpcTracer(), address), serviceAuthClientInterceptor(options.secret)],
  });
  let closed = false;

  return {
    address,
    async call(method, request, callOptions) {
      const methodDefinition = definition[method];
      if (!methodDefinition || methodDefinition.requestStream || methodDefinition.responseStream) {
        throw new TypeError(`${method} is not a unary method of this service`);
      }
      const deadlineMs = validDeadline(callOptions?.deadlineMs ?? defaultDeadlineMs);
      // grpc-js would throw a plain Error; a call racing with shutdown is just "unavailable".
      if (closed) throw new UnavailableError(`gRPC client for ${address} is closed`);
      return new Promise((resolve, reject) => {
        client.makeUnaryRequest(
          methodDefinition.path,
          methodDefinition.requestSerialize,
          methodDefinition.responseDeserialize,
          request,
          new Metadata(),
          { deadline: Date.now() + deadlineMs },
          (error: ServiceError | null, response?: ClientResponse<D[typeof method]>) => {
            if (error) {
              const appError = fromGrpcStatus(error, error);
              if (isServiceAuthRefusal(appError)) {
                // Not the caller's fault: the services disagree on GRPC_SECRET. Loud, since every
                // call between these two will fail until the deployment is fixed.
                logger.error(
                  { method: methodDefinition.path, address, code: appError.code },
                  'gRPC call refused: the server does not accept this service’s secret (GRPC_SECRET)',
                );
                reject(serviceAuthFault(appError, address));
                return;
              }
              // Debug only: the caller decides whether the failure matters, and a dependency that is
              // down would otherwise log once per request.
              logger.debug(
                { method: methodDefinition.path, address, grpc_code: error.code, code: appError.code },
                'gRPC call failed',
              );
              reject(appError);
            } else {
              resolve(response as ClientResponse<D[typeof method]>);
            }
          },
        );
      });
    },
    close() {
      closed = true;
      client.close();
    },
  };
}

function validDeadline(ms: number): number {
  if (!Number.isFinite(ms) || ms <= 0) {
    throw new RangeError(`deadline must be a positive number of milliseconds, got ${ms}`);
  }
  return ms;
}
