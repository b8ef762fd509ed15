import {
  busConfig,
  commonConfig,
  type ConfigOf,
  type ConfigSpec,
  createLogger,
  createShutdown,
  databaseConfig,
  grpcAuthConfig,
  grpcServerConfig,
  loadConfigOrExit,
  metricsConfig,
} from '@modelgate/runtime';
import { startProcessMetrics } from './process-metrics';
import type { BackendDeps, RunningService } from './backend-deps';
import { connectBus, connectDatabase } from './connect';

/** Configuration every standalone backend service reads. */
export function backendConfig(defaultGrpcPort: number, defaultMetricsPort: number | 'off' = 'off') {
  return {
    ...commonConfig,
    ...databaseConfig,
    ...busConfig,
    ...grpcServerConfig(defaultGrpcPort),
    ...grpcAuthConfig,
    ...metricsConfig(defaultMetricsPort),
  };
}

export type BackendConfig = ConfigOf<ReturnType<typeof backendConfig>>;

export interface RunBackendServiceOptions<S extends ConfigSpec> {
  /** Service name: log field, database application name, gRPC health name. */
  service: string;
  defaultGrpcPort: number;
  /** Default port of its `/metrics` listener (METRICS_PORT overrides; `off` turns it off). */
  defaultMetricsPort: number;
  version: string;
  /** The service's own settings, validated together with the common ones. */
  config: S;
  start: (deps: BackendDeps, config: BackendConfig & ConfigOf<S>) => Promise<RunningService>;
}

/**
 * The composition root of a backend service running as its own process (Kubernetes): config →
 * logger → database → bus → the service's gRPC server, and the reverse on SIGTERM. Invalid
 * configuration exits 78 listing every problem; unreachable PostgreSQL or NATS is retried with
 * backoff and logged until it comes up or the process is told to stop.
 */
export async function runBackendService<S extends ConfigSpec>(
  options: RunBackendServiceOptions<S>,
): Promise<void> {
  const config = loadConfigOrExit({ ...backendConfig(options.defaultGrpcPort, options.defaultMetricsPort), ...options.config });
  const logger = createLogger({ service: options.service, level: config.logLevel });
  const shutdown = createShutdown(logger, config.shutdownTimeoutMs);
  shutdown.installSignalHandlers();
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));

  try {
    // Up before the database: the process metrics and the dependencies' state are worth reading
    // most while PostgreSQL or NATS is being waited for.
    const metrics = await startProcessMetrics(config, logger);
    if (metrics) shutdown.add('metrics listener', () => metrics.close());
    const dataSource = await connectDatabase({
      url: config.databaseUrl,
      poolSize: config.databasePoolSize,
      applicationName: `modelgate-${options.service}`,
      logger,
      signal: shutdown.signal,
    });
    shutdown.add('database', () => dataSource.destroy());
    logger.info('connected to PostgreSQL');

    const bus = await connectBus({
      natsUrl: config.natsUrl,
      natsNamespace: config.natsNamespace,
      logger,
      signal: shutdown.signal,
    });
    shutdown.add('message bus', () => bus.close());
    logger.info('connected to NATS');
    metrics?.watch(dataSource, bus);

    const running = await options.start(
      {
        logger,
        dataSource,
        bus,
        grpc: { host: config.grpcHost, port: config.grpcPort },
        grpcSecret: config.grpcSecret,
        grpcDeadlineMs: config.grpcDeadlineMs,
        version: options.version,
        ...(metrics ? { metrics: metrics.registry } : {}),
      },
      config as BackendConfig & ConfigOf<S>,
    );
    shutdown.add(`${options.service} service`, () => running.stop(config.shutdownTimeoutMs));
    logger.info({ grpc_port: running.grpcPort }, `${options.service} service ready`);
  } catch (error) {
    if (shutdown.signal.aborted) return;
    logger.fatal({ err: error }, `${options.service} service failed to start`);
    await shutdown.run('start-up failure');
    process.exit(1);
  }
}
