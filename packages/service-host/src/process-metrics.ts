import type { MessageBus } from '@modelgate/contracts/bus';
import {
  addDependencyChecks,
  createClusterRegistry,
  createMetricsRegistry,
  type Logger,
  type Registry,
  startMetricsServer,
} from '@modelgate/runtime';
import type { DataSource } from 'typeorm';

/** A process's registry and its `/metrics` listener. */
export interface ProcessMetrics {
  readonly registry: Registry;
  readonly port: number;
  /** Reports PostgreSQL and NATS in `modelgate_dependency_up` from now on. */
  watch(dataSource: DataSource | undefined, bus: MessageBus | undefined): void;
  close(): Promise<void>;
}

/**
 * Creates the process's registry (Node process metrics included) and serves it on METRICS_HOST:
 * METRICS_PORT; nothing when METRICS_PORT is `off`. With `clusterWorkers`, the page also holds
 * the metrics of this process's cluster workers, merged (`createClusterRegistry`).
 */
export async function startProcessMetrics(
  config: { metricsPort: number | 'off'; metricsHost: string },
  logger: Logger,
  options: { clusterWorkers?: boolean } = {},
): Promise<ProcessMetrics | undefined> {
  if (config.metricsPort === 'off') return undefined;
  const registry = createMetricsRegistry();
  const served = options.clusterWorkers ? createClusterRegistry(registry) : registry;
  const server = await startMetricsServer({ registries: [served], host: config.metricsHost, port: config.metricsPort, logger });
  return {
    registry,
    port: server.port,
    watch(dataSource, bus) {
      addDependencyChecks(registry, {
        ...(dataSource ? { postgres: () => pingDatabase(dataSource) } : {}),
        ...(bus ? { nats: () => bus.status().connected } : {}),
      });
    },
    close: () => server.close(),
  };
}

/** One `SELECT 1` on the pool: true when PostgreSQL answered. */
export async function pingDatabase(dataSource: DataSource): Promise<boolean> {
  if (!dataSource.isInitialized) return false;
  try {
    await dataSource.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}
