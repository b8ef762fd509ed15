// Composition root of the Channel operator (operator/dist/main.js): reads the configuration once,
// registers tracing before pg and http load, then builds every dependency and starts. SIGTERM
// drains the work queue, releases the Lease, closes the bus and the database.
import { BUS_REGISTRY } from '@modelgate/contracts/bus';
import { createLogger, createShutdown, loadConfigOrExit } from '@modelgate/runtime';
import { startTelemetry } from '@modelgate/runtime/telemetry';
import { operatorConfigSpec } from './operator-config';

async function main(): Promise<void> {
  const config = loadConfigOrExit(operatorConfigSpec);
  const telemetry = startTelemetry({ serviceName: 'modelgate-operator', otlpEndpoint: config.otlpEndpoint });
  // Loaded after tracing is registered, so pg and http are instrumented.
  const { KubeConfig } = require('@kubernetes/client-node') as typeof import('@kubernetes/client-node');
  const { createDataSource } = require('@modelgate/db') as typeof import('@modelgate/db');
  const { createNatsBus, retryWithBackoff } = require('@modelgate/runtime') as typeof import('@modelgate/runtime');
  const { ChannelOperator, DEFAULT_OPERATOR_SETTINGS } = require('./operator') as typeof import('./operator');
  const { OperatorMetrics } = require('./observability/operator-metrics') as typeof import('./observability/operator-metrics');

  const logger = createLogger({ service: 'operator', level: config.logLevel });
  const shutdown = createShutdown(logger, config.shutdownTimeoutMs);
  shutdown.installSignalHandlers();
  shutdown.add('telemetry', () => telemetry.shutdown());
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));
  try {
    const kubeConfig = new KubeConfig();
    kubeConfig.loadFromDefault();
    const dataSource = await retryWithBackoff(
      async () => {
        const candidate = createDataSource({ url: config.databaseUrl, poolSize: config.databasePoolSize, applicationName: 'modelgate-operator', logger });
        try {
          return await candidate.initialize();
        } catch (error) {
          await candidate.destroy().catch(() => undefined);
          throw error;
        }
      },
      { what: 'connect to PostgreSQL', logger, signal: shutdown.signal },
    );
    shutdown.add('database', () => dataSource.destroy());
    const bus = await createNatsBus({
      registry: BUS_REGISTRY,
      url: config.natsUrl,
      ...(config.natsNamespace ? { namespace: config.natsNamespace } : {}),
      logger,
      signal: shutdown.signal,
    });
    shutdown.add('message bus', () => bus.close());
    const operator = new ChannelOperator(
      { kubeConfig, dataSource, bus, logger, metrics: new OperatorMetrics({ processMetrics: true }) },
      {
        ...DEFAULT_OPERATOR_SETTINGS,
        watchNamespaces: config.watchNamespaces,
        workers: config.workers,
        resyncPeriodMs: config.resyncPeriodSeconds * 1000,
        drainMs: Math.max(1000, config.shutdownTimeoutMs - 2000),
        http: { host: config.httpHost, port: config.port },
        ...(config.leaderElection
          ? {
              leaderElection: {
                leaseName: config.leaseName,
                leaseNamespace: config.leaseNamespace,
                identity: config.podName,
                leaseDurationMs: config.leaseDurationSeconds * 1000,
                renewDeadlineMs: config.renewDeadlineSeconds * 1000,
                retryPeriodMs: config.retryPeriodSeconds * 1000,
              },
            }
          : {}),
      },
    );
    await operator.start();
    shutdown.add('operator', () => operator.stop());
    logger.info({ port: operator.healthPort, namespaces: config.watchNamespaces, leader_election: config.leaderElection }, 'operator started');
  } catch (error) {
    if (shutdown.signal.aborted) return;
    logger.fatal({ err: error }, 'operator failed to start');
    await shutdown.run('start-up failure');
    process.exit(1);
  }
}

void main();
