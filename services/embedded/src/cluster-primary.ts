import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import type { BUS_REGISTRY } from '@modelgate/contracts/bus';
import {
  type BusBridge,
  channelToWorker,
  createLogger,
  createShutdown,
  generateServiceSecret,
  type InProcessBus,
  type Logger,
  serveBusOverChannel,
} from '@modelgate/runtime';
import { isWorkerMessage, WORKER_FAILED, WORKER_HELLO, WORKER_INIT, WORKER_READY, type WorkerInit } from './cluster-protocol';
import { type EmbeddedConfig, startCore, startFoundation } from './stack-parts';

/** A running all-in-one process whose fronts run in cluster workers. */
export interface EmbeddedCluster {
  /** Base URL of the shared HTTP port (console, `/api`, `/v1`). */
  readonly url: string;
  readonly port: number;
  readonly rootCreated: boolean;
  /** Port of the combined `/metrics` listener (METRICS_PORT); absent when off. */
  readonly metricsPort?: number;
  /** Process ids of the workers running now. */
  workerPids(): number[];
  stop(): Promise<void>;
}

/** Delay before a worker that died is replaced. */
const RESTART_DELAY_MS = 1_000;

/**
 * Starts the all-in-one process with its fronts in `workers` cluster workers: this process (the
 * primary) runs the embedded PostgreSQL (the only one to open the data directory), the bus,
 * billing, identity and task; each worker runs a relay and an edge on the one HTTP port, which
 * node:cluster shares between them. A worker that dies is replaced; `stop` drains the workers
 * first (their last usage records reach billing), then the rest.
 */
export async function startEmbeddedCluster(
  config: EmbeddedConfig,
  workers: number,
  options: { signal?: AbortSignal; exec?: string } = {},
): Promise<EmbeddedCluster> {
  const logger = createLogger({ service: 'modelgate', level: config.logLevel });
  const shutdown = createShutdown(logger, config.shutdownTimeoutMs);
  options.signal?.addEventListener('abort', () => void shutdown.run('stopped during start-up'), { once: true });
  try {
    const foundation = await startFoundation(config, shutdown, logger, { fronts: workers, workers: true });
    const { databaseUrl, poolSize, bus, metrics } = foundation;
    const core = await startCore({ config, databaseUrl, poolSize, bus, shutdown, metrics: metrics?.registry }, generateServiceSecret());
    metrics?.watch(core.billingData, config.natsUrl ? bus : undefined);
    const supervisor = new WorkerSupervisor({
      count: workers,
      init: {
        type: WORKER_INIT,
        databaseUrl,
        poolSize,
        billingAddress: core.billingAddress,
        identityAddress: core.identityAddress,
        taskAddress: core.taskAddress,
        grpcSecret: core.grpcSecret,
      },
      bus: foundation.inProcessBus,
      exec: options.exec ?? path.join(__dirname, 'main.js'),
      logger,
    });
    shutdown.add('front workers', () => supervisor.stop());
    const port = await supervisor.start();
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    return {
      url: `http://${shownHost}:${port}`,
      port,
      rootCreated: foundation.rootCreated,
      ...(metrics ? { metricsPort: metrics.port } : {}),
      workerPids: () => supervisor.pids(),
      stop: () => shutdown.run('stop'),
    };
  } catch (error) {
    await shutdown.run('start-up failure');
    throw error;
  }
}

interface SupervisorOptions {
  count: number;
  init: WorkerInit;
  /** The primary's in-process bus, bridged to every worker; none with NATS. */
  bus: InProcessBus<typeof BUS_REGISTRY> | undefined;
  exec: string;
  logger: Logger;
}

/** Forks the front workers, hands each its settings and bus, replaces those that die. */
class WorkerSupervisor {
  private readonly workers = new Set<Worker>();
  private stopping = false;
  private starting: { ready: number; resolve(port: number): void; reject(error: Error): void } | undefined;

  constructor(private readonly options: SupervisorOptions) {}

  /** Forks every worker; resolves with the shared port once all serve, rejects if one fails first. */
  start(): Promise<number> {
    // Structured clone on the IPC channel: bus messages carry their bodies as bytes.
    cluster.setupPrimary({ exec: this.options.exec, args: [], serialization: 'advanced' });
    this.options.logger.info({ workers: this.options.count }, 'starting front workers');
    return new Promise<number>((resolve, reject) => {
      this.starting = { ready: 0, resolve, reject };
      for (let i = 0; i < this.options.count; i++) this.fork();
    });
  }

  pids(): number[] {
    return [...this.workers].flatMap((worker) => (worker.process.pid === undefined ? [] : [worker.process.pid]));
  }

  /** SIGTERM to every worker (each drains), resolved once all have exited. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.starting?.reject(new Error('stopped during start-up'));
    const exits = [...this.workers].map((worker) =>
      worker.isDead() ? Promise.resolve() : new Promise<void>((resolve) => worker.once('exit', () => resolve())),
    );
    for (const worker of this.workers) if (!worker.isDead()) worker.process.kill('SIGTERM');
    await Promise.all(exits);
  }

  private fork(): void {
    const { logger, bus, init } = this.options;
    const worker = cluster.fork();
    this.workers.add(worker);
    const bridge: BusBridge | undefined = bus ? serveBusOverChannel(bus.transport, channelToWorker(worker), logger) : undefined;
    worker.on('message', (message: unknown) => {
      if (isWorkerMessage(message, WORKER_HELLO)) worker.send(init);
      else if (isWorkerMessage(message, WORKER_READY)) {
        logger.info({ pid: worker.process.pid }, 'front worker ready');
        this.ready(message.port);
      }
      else if (isWorkerMessage(message, WORKER_FAILED)) {
        logger.error({ pid: worker.process.pid, reason: message.message }, 'front worker failed to start');
        this.starting?.reject(new Error(`a front worker failed to start: ${message.message}`));
        this.starting = undefined;
      }
    });
    worker.once('exit', (code, signal) => {
      this.workers.delete(worker);
      void bridge?.close();
      if (this.stopping) return;
      if (this.starting) {
        this.starting.reject(new Error(`a front worker exited during start-up (${signal ?? `code ${code}`})`));
        this.starting = undefined;
        return;
      }
      logger.error({ pid: worker.process.pid, code, signal }, 'front worker exited; starting another');
      setTimeout(() => {
        if (!this.stopping) this.fork();
      }, RESTART_DELAY_MS).unref();
    });
  }

  private ready(port: number): void {
    const starting = this.starting;
    if (!starting) return;
    starting.ready++;
    if (starting.ready === this.options.count) {
      this.starting = undefined;
      starting.resolve(port);
    }
  }
}
