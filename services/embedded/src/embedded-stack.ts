import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startBillingService } from '@modelgate/billing';
import { BUS_REGISTRY, type MessageBus } from '@modelgate/contracts/bus';
import { runMigrations, seedDefaults, startEmbeddedPostgres } from '@modelgate/db';
import { envelopeForMalformedHttp, rateLimitSettings, startEdge } from '@modelgate/edge';
import { startIdentityService } from '@modelgate/identity';
import { isRelayPath, relayAnswerToMalformedHttp, startRelayService } from '@modelgate/relay';
import {
  answerMalformedHttp,
  type ConfigOf,
  createAccessLog,
  createInProcessBus,
  createLogger,
  createShutdown,
  generateServiceSecret,
  type Logger,
  MODELGATE_VERSION,
  type Registry,
} from '@modelgate/runtime';
import {
  type BackendDeps,
  connectBus,
  connectDatabase,
  type RunningService,
  startProcessMetrics,
} from '@modelgate/service-host';
import { startTaskService } from '@modelgate/task';
import type { embeddedConfig } from './config';
import { createFrontListener, createFrontMalformedHttpAnswer } from './front-listener';

export type EmbeddedConfig = ConfigOf<typeof embeddedConfig>;

/** A running all-in-one stack. */
export interface EmbeddedStack {
  /** Base URL of the HTTP port (console, `/api`, `/v1`). */
  readonly url: string;
  readonly port: number;
  /** True when this start created the root user (a new installation). */
  readonly rootCreated: boolean;
  /** Loopback gRPC address of each backend service, `127.0.0.1:<port>` (tools and tests). */
  readonly grpcAddresses: Readonly<Record<'identity' | 'billing' | 'relay' | 'task', string>>;
  /** The service secret every gRPC call above must carry; made for this start, never stored. */
  readonly grpcSecret: string;
  /** The message bus the services share (tools and tests publish change events on it). */
  readonly bus: MessageBus;
  /** Port of the combined `/metrics` listener (METRICS_PORT); absent when off. */
  readonly metricsPort?: number;
  stop(): Promise<void>;
}

/**
 * Embedded PostgreSQL keeps connections strictly below this; every pool below is sized so that
 * their sum (5 services × EMBEDDED_POOL_SIZE + the migration connection) stays under it.
 */
const EMBEDDED_MAX_CONNECTIONS = 20;
const EMBEDDED_POOL_SIZE = 3;
const EXTERNAL_POOL_SIZE = 5;

/**
 * Starts every service in this process on embedded defaults: an embedded PostgreSQL (unless
 * DATABASE_URL is set), the in-process bus (unless NATS_URL is set), each backend service's gRPC
 * server on a loopback port, and one HTTP port in front of edge and relay. The services still
 * call each other over gRPC, so this exercises the production paths, service secret included:
 * one is generated for this start and held in memory only, so nothing needs configuring.
 */
export async function startEmbeddedStack(
  config: EmbeddedConfig,
  options: { signal?: AbortSignal } = {},
): Promise<EmbeddedStack> {
  const logger = createLogger({ service: 'modelgate', level: config.logLevel });
  const shutdown = createShutdown(logger, config.shutdownTimeoutMs);
  const grpcSecret = generateServiceSecret();
  // Stopped while still starting (e.g. waiting for NATS): undo what is up and stop retrying.
  options.signal?.addEventListener('abort', () => void shutdown.run('stopped during start-up'), { once: true });
  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const postgres = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        host: '127.0.0.1',
        port: 0,
        maxConnections: EMBEDDED_MAX_CONNECTIONS,
        logger,
      });
      shutdown.add('embedded PostgreSQL', () => postgres.stop());
      databaseUrl = postgres.url;
      logger.info({ data_dir: config.dataDir }, 'embedded PostgreSQL started');
    }
    // One registry for every service of this process: one combined /metrics page.
    const metrics = await startProcessMetrics(config, logger);
    if (metrics) shutdown.add('metrics listener', () => metrics.close());
    const accessLog = createAccessLog(config, logger);
    const poolSize = config.databaseUrl ? EXTERNAL_POOL_SIZE : EMBEDDED_POOL_SIZE;
    const connect = (name: string, size: number) =>
      connectDatabase({ url: databaseUrl, poolSize: size, applicationName: `modelgate-${name}`, logger, signal: shutdown.signal });

    const migrator = await connect('migrate', 1);
    let rootCreated = false;
    try {
      await runMigrations(migrator, logger);
      rootCreated = (await seedDefaults(migrator, logger)).rootCreated;
    } finally {
      await migrator.destroy();
    }

    const bus: MessageBus = config.natsUrl
      ? await connectBus({ natsUrl: config.natsUrl, natsNamespace: config.natsNamespace, logger, signal: shutdown.signal })
      : createInProcessBus({ registry: BUS_REGISTRY, logger });
    shutdown.add('message bus', () => bus.close());

    const startBackend = async <R extends RunningService>(
      name: string,
      start: (deps: BackendDeps) => Promise<R>,
    ): Promise<R> => {
      const dataSource = await connect(name, poolSize);
      shutdown.add(`${name} database`, () => dataSource.destroy());
      const running = await start(backendDeps(name, dataSource, bus, config, grpcSecret, metrics?.registry));
      shutdown.add(`${name} service`, () => running.stop(config.shutdownTimeoutMs));
      return running;
    };
    const billing = await startBackend('billing', startBillingService);
    const billingAddress = `127.0.0.1:${billing.grpcPort}`;
    const providers = {
      githubOAuthUrl: config.githubOAuthUrl,
      githubApiUrl: config.githubApiUrl,
      linuxDoUrl: config.linuxDoUrl,
      timeoutMs: config.timeoutMs,
    };
    const identity = await startBackend('identity', (deps) => startIdentityService({ ...deps, billingAddress, providers }));
    const identityAddress = `127.0.0.1:${identity.grpcPort}`;
    const task = await startBackend('task', (deps) =>
      startTaskService(deps, { poller: { intervalMs: config.taskPollIntervalSeconds * 1000, taskTimeoutMs: config.taskTimeoutMinutes * 60_000 } }),
    );
    const taskAddress = `127.0.0.1:${task.grpcPort}`;
    const relay = await startBackend('relay', (deps) =>
      startRelayService({ ...deps, billingAddress, identityAddress, taskAddress, dataPlane: config, trustedProxies: config.trustedProxies, accessLog }),
    );

    const edgeDataSource = await connect('edge', poolSize);
    shutdown.add('edge database', () => edgeDataSource.destroy());
    metrics?.watch(edgeDataSource, config.natsUrl ? bus : undefined);
    const edge = await startEdge({
      logger: createLogger({ service: 'edge', level: config.logLevel }),
      bus,
      dataSource: edgeDataSource,
      identityAddress,
      billingAddress,
      relayAddress: `127.0.0.1:${relay.grpcPort}`,
      taskAddress,
      grpcDeadlineMs: config.grpcDeadlineMs,
      grpcSecret,
      turnstileVerifyUrl: config.turnstileVerifyUrl,
      consoleDir: config.consoleDir,
      rateLimits: rateLimitSettings(config),
      trustedProxies: config.trustedProxies,
      accessLog,
      ...(metrics ? { metrics: metrics.registry } : {}),
    });
    shutdown.add('edge', () => edge.stop());

    const server = createServer(createFrontListener({ isRelayPath, relay: relay.listener, edge: edge.app }));
    answerMalformedHttp(server, createFrontMalformedHttpAnswer({ isRelayPath, relay: relayAnswerToMalformedHttp, edge: envelopeForMalformedHttp }));
    server.on('upgrade', relay.realtime.upgrade);
    server.keepAliveTimeout = 65_000;
    server.listen(config.port, config.host);
    await once(server, 'listening');
    shutdown.add('HTTP server', () => closeServer(server, logger));
    // Runs first: open Realtime sessions are closed, so the server's close need not wait for them.
    shutdown.add('Realtime sessions', () => relay.realtime.closeAll());
    const port = (server.address() as AddressInfo).port;
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const loopback = (service: RunningService) => `127.0.0.1:${service.grpcPort}`;
    return {
      url: `http://${shownHost}:${port}`,
      port,
      rootCreated,
      grpcAddresses: { identity: identityAddress, billing: billingAddress, relay: loopback(relay), task: loopback(task) },
      grpcSecret,
      bus,
      ...(metrics ? { metricsPort: metrics.port } : {}),
      stop: () => shutdown.run('stop'),
    };
  } catch (error) {
    await shutdown.run('start-up failure');
    throw error;
  }
}

function backendDeps(
  name: string,
  dataSource: BackendDeps['dataSource'],
  bus: MessageBus,
  config: EmbeddedConfig,
  grpcSecret: string,
  metrics: Registry | undefined,
): BackendDeps {
  return {
    ...(metrics ? { metrics } : {}),
    logger: createLogger({ service: name, level: config.logLevel }),
    dataSource,
    bus,
    grpc: { host: '127.0.0.1', port: 0 },
    grpcSecret,
    grpcDeadlineMs: config.grpcDeadlineMs,
    version: MODELGATE_VERSION,
  };
}

/** Stops accepting, lets in-flight requests finish, then drops idle keep-alive connections. */
async function closeServer(server: ReturnType<typeof createServer>, logger: Logger): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await closed;
  logger.debug('HTTP server closed');
}
