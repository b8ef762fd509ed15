import type { MessageBus } from '@modelgate/contracts/bus';
import { createLogger, createShutdown, generateServiceSecret } from '@modelgate/runtime';
import { type EmbeddedConfig, startCore, startFoundation, startFront } from './stack-parts';

export type { EmbeddedConfig } from './stack-parts';

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
    const { databaseUrl, poolSize, rootCreated, metrics, bus } = await startFoundation(config, shutdown, logger, { fronts: 1, workers: false });
    const parts = { config, databaseUrl, poolSize, bus, shutdown, metrics: metrics?.registry };
    const core = await startCore(parts, grpcSecret);
    const front = await startFront(parts, core);
    metrics?.watch(front.edgeData, config.natsUrl ? bus : undefined);
    const port = front.port;
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    return {
      url: `http://${shownHost}:${port}`,
      port,
      rootCreated,
      grpcAddresses: { identity: core.identityAddress, billing: core.billingAddress, relay: front.relayAddress, task: core.taskAddress },
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
