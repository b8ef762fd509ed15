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
  type InProcessBus,
  type Logger,
  MODELGATE_VERSION,
  type Registry,
  type Shutdown,
} from '@modelgate/runtime';
import { type BackendDeps, connectBus, connectDatabase, type ProcessMetrics, type RunningService, startProcessMetrics } from '@modelgate/service-host';
import { startTaskService } from '@modelgate/task';
import type { DataSource } from 'typeorm';
import type { embeddedConfig } from './config';
import { createFrontListener, createFrontMalformedHttpAnswer } from './front-listener';

export type EmbeddedConfig = ConfigOf<typeof embeddedConfig>;

/**
 * The two halves of the all-in-one process. The core (billing, identity and task behind their
 * loopback gRPC servers) runs once; the front (relay and edge behind the one HTTP port) runs in
 * the same process, or once per worker when the process runs several (`--workers`), each worker
 * a relay and edge replica as Kubernetes runs them.
 */

/** Pool size of each service on the embedded PostgreSQL, and on an external one. */
export const EMBEDDED_POOL_SIZE = 3;
export const EXTERNAL_POOL_SIZE = 5;

/**
 * Connections the embedded PostgreSQL accepts: it drops, rather than queues, any above its
 * limit, so the limit covers every pool — the migration connection, the core's three services
 * and two per front (relay and edge) — with room to spare, never below 20.
 */
export function embeddedMaxConnections(fronts: number): number {
  return Math.max(20, 1 + (3 + 2 * fronts) * EMBEDDED_POOL_SIZE + 4);
}

/** Where the core's services answer, and the secret their callers send. */
export interface CoreAddresses {
  readonly billingAddress: string;
  readonly identityAddress: string;
  readonly taskAddress: string;
  readonly grpcSecret: string;
}

/** What a core or front is built with. */
export interface PartDeps {
  readonly config: EmbeddedConfig;
  readonly databaseUrl: string;
  readonly poolSize: number;
  readonly bus: MessageBus;
  readonly shutdown: Shutdown;
  readonly metrics?: Registry | undefined;
  /** Fields on every log line of the part (a worker's `worker: <pid>`). */
  readonly logFields?: Record<string, unknown>;
}

function partLogger(deps: Pick<PartDeps, 'config' | 'logFields'>, service: string): Logger {
  const logger = createLogger({ service, level: deps.config.logLevel });
  return deps.logFields ? logger.child(deps.logFields) : logger;
}

function connect(deps: Pick<PartDeps, 'databaseUrl' | 'shutdown'>, name: string, size: number, logger: Logger): Promise<DataSource> {
  return connectDatabase({ url: deps.databaseUrl, poolSize: size, applicationName: `modelgate-${name}`, logger, signal: deps.shutdown.signal });
}

/** Brings the schema up to date and seeds a new installation; true when it created the root user. */
export async function migrate(deps: Pick<PartDeps, 'databaseUrl' | 'shutdown'>, logger: Logger): Promise<boolean> {
  const migrator = await connect(deps, 'migrate', 1, logger);
  try {
    await runMigrations(migrator, logger);
    return (await seedDefaults(migrator, logger)).rootCreated;
  } finally {
    await migrator.destroy();
  }
}

/** What every part stands on, started once per process tree. */
export interface Foundation {
  readonly databaseUrl: string;
  readonly poolSize: number;
  readonly rootCreated: boolean;
  readonly metrics: ProcessMetrics | undefined;
  readonly bus: MessageBus;
  /** The in-process bus when NATS_URL is unset: the one other processes' buses are bridged to. */
  readonly inProcessBus: InProcessBus<typeof BUS_REGISTRY> | undefined;
}

/**
 * Starts the embedded PostgreSQL (unless DATABASE_URL), sized for `fronts` fronts (run in cluster
 * `workers` or not), the metrics listener (METRICS_PORT), brings the schema up to date, and opens the bus: NATS with NATS_URL,
 * else the in-process one.
 */
export async function startFoundation(
  config: EmbeddedConfig,
  shutdown: Shutdown,
  logger: Logger,
  { fronts, workers }: { fronts: number; workers: boolean },
): Promise<Foundation> {
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const postgres = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      host: '127.0.0.1',
      port: 0,
      maxConnections: embeddedMaxConnections(fronts),
      logger,
    });
    shutdown.add('embedded PostgreSQL', () => postgres.stop());
    databaseUrl = postgres.url;
    logger.info({ data_dir: config.dataDir }, 'embedded PostgreSQL started');
  }
  // One registry for every service of this process: one combined /metrics page, which also
  // merges the workers' registries when fronts run in workers.
  const metrics = await startProcessMetrics(config, logger, { clusterWorkers: workers });
  if (metrics) shutdown.add('metrics listener', () => metrics.close());
  const poolSize = config.databaseUrl ? EXTERNAL_POOL_SIZE : EMBEDDED_POOL_SIZE;
  const rootCreated = await migrate({ databaseUrl, shutdown }, logger);
  const inProcessBus = config.natsUrl ? undefined : createInProcessBus({ registry: BUS_REGISTRY, logger });
  const bus: MessageBus = config.natsUrl
    ? await connectBus({ natsUrl: config.natsUrl, natsNamespace: config.natsNamespace, logger, signal: shutdown.signal })
    : inProcessBus!;
  shutdown.add('message bus', () => bus.close());
  return { databaseUrl, poolSize, rootCreated, metrics, bus, inProcessBus };
}

/** Starts one backend service on its own pool, registering both for shutdown. */
async function startBackend<R extends RunningService>(
  deps: PartDeps,
  grpcSecret: string,
  name: string,
  start: (backend: BackendDeps) => Promise<R>,
): Promise<{ running: R; dataSource: DataSource }> {
  const logger = partLogger(deps, name);
  const dataSource = await connect(deps, name, deps.poolSize, logger);
  deps.shutdown.add(`${name} database`, () => dataSource.destroy());
  const running = await start({
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
    logger,
    dataSource,
    bus: deps.bus,
    grpc: { host: '127.0.0.1', port: 0 },
    grpcSecret,
    grpcDeadlineMs: deps.config.grpcDeadlineMs,
    version: MODELGATE_VERSION,
  });
  deps.shutdown.add(`${name} service`, () => running.stop(deps.config.shutdownTimeoutMs));
  return { running, dataSource };
}

/** Starts billing, identity and task on loopback gRPC ports. */
export async function startCore(deps: PartDeps, grpcSecret: string): Promise<CoreAddresses & { billingData: DataSource }> {
  const { config } = deps;
  const billing = await startBackend(deps, grpcSecret, 'billing', startBillingService);
  const billingAddress = `127.0.0.1:${billing.running.grpcPort}`;
  const providers = {
    githubOAuthUrl: config.githubOAuthUrl,
    githubApiUrl: config.githubApiUrl,
    linuxDoUrl: config.linuxDoUrl,
    timeoutMs: config.timeoutMs,
  };
  const identity = await startBackend(deps, grpcSecret, 'identity', (backend) =>
    startIdentityService({ ...backend, billingAddress, providers }),
  );
  const identityAddress = `127.0.0.1:${identity.running.grpcPort}`;
  const task = await startBackend(deps, grpcSecret, 'task', (backend) =>
    startTaskService(backend, {
      poller: { intervalMs: config.taskPollIntervalSeconds * 1000, taskTimeoutMs: config.taskTimeoutMinutes * 60_000 },
    }),
  );
  const taskAddress = `127.0.0.1:${task.running.grpcPort}`;
  return { billingAddress, identityAddress, taskAddress, grpcSecret, billingData: billing.dataSource };
}

/** A started front: the HTTP port's number and the relay's loopback gRPC address. */
export interface RunningFront {
  readonly port: number;
  readonly relayAddress: string;
  /** Edge's pool, for the dependency gauge. */
  readonly edgeData: DataSource;
}

/**
 * Starts relay and edge and the one HTTP port in front of them: relay paths go to the relay's
 * listener, the rest to edge's app, Realtime websockets to the relay. Edge calls this relay's
 * gRPC API (channel administration and tests).
 */
export async function startFront(deps: PartDeps, core: CoreAddresses): Promise<RunningFront> {
  const { config, shutdown } = deps;
  const logger = partLogger(deps, 'modelgate');
  const accessLog = createAccessLog(config, logger);
  const relay = await startBackend(deps, core.grpcSecret, 'relay', (backend) =>
    startRelayService({
      ...backend,
      billingAddress: core.billingAddress,
      identityAddress: core.identityAddress,
      taskAddress: core.taskAddress,
      dataPlane: config,
      trustedProxies: config.trustedProxies,
      accessLog,
    }),
  );
  const relayAddress = `127.0.0.1:${relay.running.grpcPort}`;
  const edgeData = await connect(deps, 'edge', deps.poolSize, logger);
  shutdown.add('edge database', () => edgeData.destroy());
  const edge = await startEdge({
    logger: partLogger(deps, 'edge'),
    bus: deps.bus,
    dataSource: edgeData,
    identityAddress: core.identityAddress,
    billingAddress: core.billingAddress,
    relayAddress,
    taskAddress: core.taskAddress,
    grpcDeadlineMs: config.grpcDeadlineMs,
    grpcSecret: core.grpcSecret,
    turnstileVerifyUrl: config.turnstileVerifyUrl,
    consoleDir: config.consoleDir,
    rateLimits: rateLimitSettings(config),
    trustedProxies: config.trustedProxies,
    accessLog,
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
  });
  shutdown.add('edge', () => edge.stop());

  const server = createServer(createFrontListener({ isRelayPath, relay: relay.running.listener, edge: edge.app }));
  answerMalformedHttp(server, createFrontMalformedHttpAnswer({ isRelayPath, relay: relayAnswerToMalformedHttp, edge: envelopeForMalformedHttp }));
  server.on('upgrade', relay.running.realtime.upgrade);
  server.keepAliveTimeout = 65_000;
  server.listen(config.port, config.host);
  await once(server, 'listening');
  shutdown.add('HTTP server', () => closeServer(server, logger));
  // Runs first: open Realtime sessions are closed, so the server's close need not wait for them.
  shutdown.add('Realtime sessions', () => relay.running.realtime.closeAll());
  return { port: (server.address() as AddressInfo).port, relayAddress, edgeData };
}

/** Stops accepting, lets in-flight requests finish, then drops idle keep-alive connections. */
async function closeServer(server: ReturnType<typeof createServer>, logger: Logger): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await closed;
  logger.debug('HTTP server closed');
}
