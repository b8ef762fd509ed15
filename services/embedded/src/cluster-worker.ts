import { BUS_REGISTRY, type MessageBus } from '@modelgate/contracts/bus';
import {
  channelToParent,
  createIpcBus,
  createLogger,
  createMetricsRegistry,
  createShutdown,
  loadConfigOrExit,
  serveMetricsToPrimary,
} from '@modelgate/runtime';
import { stopTelemetry } from '@modelgate/runtime/telemetry';
import { connectBus } from '@modelgate/service-host';
import { embeddedConfig } from './config';
import { isWorkerMessage, WORKER_FAILED, WORKER_HELLO, WORKER_INIT, WORKER_READY, type WorkerInit, type WorkerMessage } from './cluster-protocol';
import { startFront } from './stack-parts';

/**
 * One front worker of the all-in-one process: a relay and an edge behind the shared HTTP port
 * (node:cluster hands each worker its share of the connections), calling the primary's billing,
 * identity and task over loopback gRPC and using the primary's embedded PostgreSQL (or
 * DATABASE_URL) through pools of its own. Its bus is NATS with NATS_URL, else the primary's
 * in-process bus over the IPC channel, so change events reach every worker and usage goes to
 * the primary's one command store. SIGTERM or SIGINT drains it as the single process drains.
 */
export async function runEmbeddedWorker(): Promise<void> {
  const config = loadConfigOrExit(embeddedConfig);
  // Every line of a worker names it, so an operator can tell the workers' lines apart.
  const logFields = { worker: process.pid };
  const logger = createLogger({ service: 'modelgate', level: config.logLevel }).child(logFields);
  const shutdown = createShutdown(logger, config.shutdownTimeoutMs);
  const exit = (reason: string, code: number) =>
    void shutdown
      .run(reason)
      .then(stopTelemetry)
      .finally(() => process.exit(code));
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => exit(signal, 0));
  const send = (message: WorkerMessage) => {
    if (process.connected && process.send) process.send(message, undefined, {}, () => undefined);
  };
  try {
    const init = await new Promise<WorkerInit>((resolve) => {
      const listener = (message: unknown) => {
        if (!isWorkerMessage(message, WORKER_INIT)) return;
        process.off('message', listener);
        resolve(message);
      };
      process.on('message', listener);
      send({ type: WORKER_HELLO });
    });
    // This worker's metrics: the primary merges them into its one /metrics page.
    const metrics = config.metricsPort === 'off' ? undefined : createMetricsRegistry();
    if (metrics) shutdown.add('metrics', serveMetricsToPrimary(metrics));
    const bus: MessageBus = config.natsUrl
      ? await connectBus({ natsUrl: config.natsUrl, natsNamespace: config.natsNamespace, logger, signal: shutdown.signal })
      : createIpcBus({ registry: BUS_REGISTRY, logger, channel: channelToParent() });
    shutdown.add('message bus', () => bus.close());
    const front = await startFront({ config, databaseUrl: init.databaseUrl, poolSize: init.poolSize, bus, shutdown, metrics, logFields }, init);
    send({ type: WORKER_READY, port: front.port });
  } catch (error) {
    if (shutdown.signal.aborted) return;
    send({ type: WORKER_FAILED, message: error instanceof Error ? error.message : String(error) });
    exit('start-up failure', 1);
  }
}
