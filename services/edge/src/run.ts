import { once } from 'node:events';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BUS_REGISTRY } from '@modelgate/contracts/bus';
import { answerMalformedHttp, createAccessLog, createLogger, createNatsBus, createShutdown, loadConfigOrExit } from '@modelgate/runtime';
import { connectDatabase, startProcessMetrics } from '@modelgate/service-host';
import { edgeConfig } from './config';
import { envelopeForMalformedHttp } from './http/envelope';
import { rateLimitSettings } from './security/rate-limit-config';
import { startEdge } from './start-edge';

/**
 * The composition root of edge alone: config → logger → database → bus → gRPC clients → HTTP
 * server. The HTTP port opens first so `/healthz` answers and `/readyz` reports not ready while
 * PostgreSQL or NATS is retried.
 */
async function run(): Promise<void> {
  const config = loadConfigOrExit(edgeConfig);
  const logger = createLogger({ service: 'edge', level: config.logLevel });
  const shutdown = createShutdown(logger, config.shutdownTimeoutMs);
  shutdown.installSignalHandlers();

  let handler: RequestListener = (req, res) => {
    const ready = req.url === '/healthz';
    res.writeHead(ready ? 200 : 503, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(ready ? { status: 'ok' } : { status: 'not ready', checks: { database: false, bus: false } }));
  };
  const server = createServer((req, res) => handler(req, res));
  answerMalformedHttp(server, envelopeForMalformedHttp);
  server.keepAliveTimeout = 65_000;
  server.listen(config.port, config.host);
  await once(server, 'listening');
  shutdown.add('HTTP server', async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
  });
  logger.info({ port: (server.address() as AddressInfo).port }, 'edge HTTP listening');

  try {
    const metrics = await startProcessMetrics(config, logger);
    if (metrics) shutdown.add('metrics listener', () => metrics.close());
    const dataSource = await connectDatabase({
      url: config.databaseUrl,
      poolSize: config.databasePoolSize,
      applicationName: 'modelgate-edge',
      logger,
      signal: shutdown.signal,
    });
    shutdown.add('database', () => dataSource.destroy());
    const bus = await createNatsBus({
      registry: BUS_REGISTRY,
      url: config.natsUrl,
      ...(config.natsNamespace ? { namespace: config.natsNamespace } : {}),
      logger,
      signal: shutdown.signal,
    });
    shutdown.add('message bus', () => bus.close());
    metrics?.watch(dataSource, bus);
    const edge = await startEdge({
      logger,
      bus,
      dataSource,
      identityAddress: config.identityAddress,
      billingAddress: config.billingAddress,
      relayAddress: config.relayAddress,
      taskAddress: config.taskAddress,
      grpcDeadlineMs: config.grpcDeadlineMs,
      grpcSecret: config.grpcSecret,
      turnstileVerifyUrl: config.turnstileVerifyUrl,
      consoleDir: config.consoleDir,
      rateLimits: rateLimitSettings(config),
      trustedProxies: config.trustedProxies,
      accessLog: createAccessLog(config, logger),
      ...(metrics ? { metrics: metrics.registry } : {}),
    });
    shutdown.add('edge', () => edge.stop());
    handler = edge.app;
    logger.info('edge ready');
  } catch (error) {
    // SIGTERM while still connecting: the shutdown in progress ends the process.
    if (shutdown.signal.aborted) return;
    logger.fatal({ err: error }, 'edge failed to start');
    await shutdown.run('start-up failure');
    process.exit(1);
  }
}

run().catch((error: unknown) => {
  process.stderr.write(`edge failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
