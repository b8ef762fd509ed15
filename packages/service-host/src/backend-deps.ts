import type { MessageBus } from '@modelgate/contracts/bus';
import type { Logger, Registry } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';

/**
 * What every backend service (identity, billing, relay, task) is built from. The standalone
 * process host and the embedded stack both assemble these and pass them to the service's
 * `start<Name>Service(deps)` factory, so both modes run the same code.
 */
export interface BackendDeps {
  logger: Logger;
  /** An initialised data source; the service owns neither its opening nor its closing. */
  dataSource: DataSource;
  /** The message bus (NATS in production, in-process in the embedded stack). */
  bus: MessageBus;
  /** Where the service's gRPC server binds; port 0 picks a free port. */
  grpc: { host: string; port: number };
  /**
   * The deployment's service secret: the service's server requires it on every call and its
   * clients send it (GRPC_SECRET alone; generated in memory by the embedded stack).
   */
  grpcSecret: string;
  /** Deadline for the gRPC calls this service makes. */
  grpcDeadlineMs: number;
  /** Product version reported by status calls. */
  version: string;
  /**
   * The process's Prometheus registry, served on its `/metrics` port: the service registers its
   * metrics here (the embedded stack passes one registry to every service). None: not measured.
   */
  metrics?: Registry;
}

/** A started backend service. */
export interface RunningService {
  /** The port its gRPC server actually bound. */
  readonly grpcPort: number;
  /** Marks the service NOT_SERVING, drains in-flight calls and stops its subscriptions. */
  stop(timeoutMs: number): Promise<void>;
}
