import {
  type ChannelCredentials,
  Client,
  credentials as channelCredentials,
  Metadata,
  type ServiceError,
} from '@grpc/grpc-js';
import { HealthImplementation, service as healthService } from 'grpc-health-check';
import { InternalError } from '../errors';
import { fromGrpcStatus } from './status-mapping';

// The standard grpc.health.v1 protocol, served by the official `grpc-health-check` implementation
// so Kubernetes gRPC probes, grpc_health_probe and load balancers all understand it.

/** A status a server may report for a service. */
export type ServingStatus = 'SERVING' | 'NOT_SERVING';

/** What `Check` can answer (`SERVICE_UNKNOWN` only comes from `Watch`, listed for completeness). */
export type HealthCheckStatus = 'UNKNOWN' | 'SERVING' | 'NOT_SERVING' | 'SERVICE_UNKNOWN';

/** The health of one gRPC server: the overall service `''` plus each registered service name. */
export interface GrpcHealth {
  /** Sets one service's status; `''` is the server as a whole. */
  set(serviceName: string, status: ServingStatus): void;
  /** Sets `''` and every service the server was created with, e.g. NOT_SERVING when draining. */
  setAll(status: ServingStatus): void;
  /** The current status of `serviceName`, or undefined when it was never set. */
  get(serviceName: string): ServingStatus | undefined;
}

/** The health state of a server plus the grpc-js service that publishes it. */
export interface ServerHealth {
  health: GrpcHealth;
  implementation: HealthImplementation;
}

/** Health for a server hosting `serviceNames`; everything starts SERVING. */
export function createServerHealth(serviceNames: readonly string[]): ServerHealth {
  const names = ['', ...serviceNames];
  const statuses = new Map<string, ServingStatus>(names.map((name) => [name, 'SERVING']));
  const implementation = new HealthImplementation(Object.fromEntries(statuses));
  const set = (serviceName: string, status: ServingStatus) => {
    statuses.set(serviceName, status);
    implementation.setStatus(serviceName, status);
  };
  const health: GrpcHealth = {
    set,
    setAll: (status) => names.forEach((name) => set(name, status)),
    get: (serviceName) => statuses.get(serviceName),
  };
  return { health, implementation };
}

/** Options of {@link checkHealth}. */
export interface CheckHealthOptions {
  /** How long to wait for the answer; defaults to 1000 ms. */
  deadlineMs?: number;
  /** Channel credentials; plaintext when omitted (in-cluster traffic). */
  credentials?: ChannelCredentials;
}

/**
 * Asks the server at `address` (host:port) for the health of `serviceName` (`''`, the default,
 * means the server as a whole) and returns the status string. Fails with NotFoundError for a
 * service the server does not know and UnavailableError / DeadlineExceededError when it does not
 * answer; opens and closes its own connection.
 */
export async function checkHealth(
  address: string,
  serviceName = '',
  options: CheckHealthOptions = {},
): Promise<HealthCheckStatus> {
  const checkMethod = healthService.Check;
  const client = new Client(address, options.credentials ?? channelCredentials.createInsecure());
  try {
    const response = await new Promise<object>((resolve, reject) => {
      client.makeUnaryRequest(
        checkMethod.path,
        checkMethod.requestSerialize,
        checkMethod.responseDeserialize,
        { service: serviceName },
        new Metadata(),
        { deadline: Date.now() + (options.deadlineMs ?? 1000) },
        (error: ServiceError | null, value?: object) => {
          if (error) reject(fromGrpcStatus(error, error));
          else if (value) resolve(value);
          else reject(new InternalError('empty health check response'));
        },
      );
    });
    return parseStatus(response);
  } finally {
    client.close();
  }
}

const STATUSES: ReadonlySet<string> = new Set(['UNKNOWN', 'SERVING', 'NOT_SERVING', 'SERVICE_UNKNOWN']);

function parseStatus(response: object): HealthCheckStatus {
  const status: unknown = (response as { status?: unknown }).status;
  if (typeof status === 'string' && STATUSES.has(status)) return status as HealthCheckStatus;
  throw new InternalError(`unexpected health status ${JSON.stringify(status)}`);
}
