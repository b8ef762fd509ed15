import { jetstream, type JetStreamClient, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection, type NodeConnectionOptions } from '@nats-io/transport-node';
import { UnavailableError } from '../errors';
import { retryWithBackoff } from '../lifecycle/backoff';
import {
  BusBase,
  type BusOptions,
  type CommandDelivery,
  type ConsumerSpec,
  type StopIntake,
} from './bus-base';
import { type DeadLetter, type DeadLetterEntry, encodeDeadLetter } from './dead-letter';
import type { InboundMessage } from './delivery';
import type { BusStatus, ConsumerBacklog, EnqueueResult } from './message-bus';
import { type JetStreamDeps, readConsumerBacklog, startCommandConsumer, startDeadLetterReader } from './nats-consumers';
import { fromCoreMsg, toNatsHeaders } from './nats-messages';
import { ensureStreams } from './nats-streams';
import { BusNamespace, deadLetterSubject } from './namespace';
import type { BusRegistry } from './registry';
import { settlesWithin } from './work-tracking';

/** Options of the NATS bus. */
export interface NatsBusOptions<R extends BusRegistry> extends BusOptions<R> {
  /** NATS server URL(s), e.g. `nats://nats:4222`. */
  url: string | string[];
  /** Isolates an installation on a shared NATS: prefixes wire subjects and stream names. */
  namespace?: string;
  /** Connection name shown by the server (the service name). */
  name?: string;
  /** Aborting stops the start-up connection retries (shutdown while still connecting). */
  signal?: AbortSignal;
  /** Dead-letter retention. Defaults: 14 days, 100 000 letters. */
  deadLetterMaxAgeMs?: number;
  deadLetterMaxMessages?: number;
  /** Wait for JetStream to confirm a stored command (per attempt, 3 attempts). Default 5 000 ms. */
  publishTimeoutMs?: number;
  /** Extra connection options: credentials, TLS. Reconnection settings are the bus's own. */
  connectionOptions?: Omit<NodeConnectionOptions, 'servers' | 'name'>;
  /** Replaces `connect` of `@nats-io/transport-node` (tests, custom transports). */
  connect?: (options: NodeConnectionOptions) => Promise<NatsConnection>;
}

/**
 * The message bus on NATS: events on core subjects, commands on a JetStream work-queue stream
 * read by durable pull consumers, dead letters on a limits stream. Create it with `createNatsBus`.
 */
export class NatsBus<R extends BusRegistry> extends BusBase<R> {
  protected readonly system = 'nats' as const;
  private readonly js: JetStreamClient;
  private readonly jetStream: JetStreamDeps;
  private connected = true;
  private readonly statusWatch: Promise<void>;

  constructor(
    private readonly nc: NatsConnection,
    jsm: JetStreamManager,
    private readonly ns: BusNamespace,
    private readonly options: NatsBusOptions<R>,
  ) {
    super(options);
    this.js = jetstream(nc, { timeout: options.publishTimeoutMs ?? 5_000 });
    this.jetStream = { js: this.js, jsm, ns, logger: this.logger };
    this.statusWatch = this.watchConnection();
  }

  status(): BusStatus {
    const closed = this.isClosed || this.nc.isClosed();
    const connected = this.connected && !closed;
    return { implementation: 'nats', connected, closed, server: this.nc.getServer() };
  }

  protected async sendEvent(
    subject: string,
    data: Uint8Array,
    headers: Record<string, string>,
  ): Promise<void> {
    try {
      this.nc.publish(this.ns.wire(subject), data, { headers: toNatsHeaders(headers) });
    } catch (error) {
      throw new UnavailableError(`cannot publish ${subject}`, { cause: error });
    }
  }

  protected async sendCommand(
    subject: string,
    data: Uint8Array,
    headers: Record<string, string>,
    messageId: string,
  ): Promise<EnqueueResult> {
    try {
      // Retrying is safe: the message id makes a re-sent copy a duplicate, never a second command.
      const ack = await this.js.publish(this.ns.wire(subject), data, {
        msgID: messageId,
        headers: toNatsHeaders(headers),
        retries: 3,
      });
      return { duplicate: ack.duplicate };
    } catch (error) {
      throw new UnavailableError(`cannot enqueue ${subject}: ${(error as Error).message}`, { cause: error });
    }
  }

  protected async openSubscription(
    pattern: string,
    queue: string | undefined,
    onMessage: (message: InboundMessage) => void,
  ): Promise<StopIntake> {
    const subscription = this.nc.subscribe(this.ns.wire(pattern), {
      ...(queue !== undefined && { queue }),
      callback: (error, msg) => {
        if (error) this.logger.error({ err: error, pattern }, 'subscription error');
        else onMessage(fromCoreMsg(this.ns, msg));
      },
    });
    await this.nc.flush();
    return () => subscription.unsubscribe();
  }

  protected openConsumer(
    spec: ConsumerSpec,
    onDelivery: (delivery: CommandDelivery) => Promise<void>,
  ): Promise<StopIntake> {
    return startCommandConsumer(this.jetStream, spec, onDelivery);
  }

  protected readBacklog(subject: string, durable: string): Promise<ConsumerBacklog | undefined> {
    return readConsumerBacklog(this.jetStream, subject, durable);
  }

  protected openDeadLetterReader(
    pattern: string,
    onLetter: (letter: DeadLetter) => void,
  ): Promise<StopIntake> {
    return startDeadLetterReader(this.jetStream, pattern, onLetter);
  }

  protected async storeDeadLetter(entry: DeadLetterEntry): Promise<void> {
    const subject = this.ns.wire(deadLetterSubject(entry.letter.subject));
    await this.js.publish(subject, encodeDeadLetter(entry.letter), { msgID: entry.dedupId, retries: 3 });
  }

  protected async closeTransport(): Promise<void> {
    if (!this.nc.isClosed()) {
      // drain() flushes what was published and sends pending acks before closing.
      const drained = await settlesWithin(this.nc.drain(), this.options.drainTimeoutMs ?? 10_000);
      if (!drained) this.logger.warn('NATS drain timed out; closing');
      if (!this.nc.isClosed()) await this.nc.close();
    }
    await this.statusWatch;
    this.logger.info('message bus closed');
  }

  /** Logs connection changes and keeps `connected` current for readiness. */
  private async watchConnection(): Promise<void> {
    for await (const status of this.nc.status()) {
      switch (status.type) {
        case 'disconnect':
          this.connected = false;
          this.logger.warn({ server: status.server }, 'disconnected from NATS; reconnecting');
          break;
        case 'reconnect':
          this.connected = true;
          this.logger.info({ server: status.server }, 'reconnected to NATS');
          break;
        case 'error':
          this.logger.error({ err: status.error }, 'NATS connection error');
          break;
        case 'ldm':
          this.logger.info({ server: status.server }, 'NATS server entering lame-duck mode');
          break;
        case 'slowConsumer':
          this.logger.warn({ subject: status.sub.getSubject(), pending: status.pending }, 'slow consumer');
          break;
        default:
          break;
      }
    }
    this.connected = false;
  }
}

/**
 * Connects to NATS and prepares the streams, retrying with backoff (and clear log lines) while the
 * server is unreachable or JetStream not ready, until it succeeds or `options.signal` aborts. Once
 * connected the client reconnects forever; durable consumers resume where they were.
 */
export async function createNatsBus<R extends BusRegistry>(options: NatsBusOptions<R>): Promise<NatsBus<R>> {
  const ns = new BusNamespace(options.namespace);
  const logger = options.logger.child({ component: 'bus' });
  const open = options.connect ?? connect;
  const servers = Array.isArray(options.url) ? options.url : [options.url];
  const attempt = async () => {
    const nc = await open({
      // Without it the client captures two stacks per request (every JetStream publish), only to
      // say where a timed-out request began; the bus names the subject in every error it raises.
      noAsyncTraces: true,
      ...options.connectionOptions,
      servers,
      ...(options.name !== undefined && { name: options.name }),
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1_000,
    });
    try {
      const jsm = await jetstreamManager(nc, { timeout: options.publishTimeoutMs ?? 5_000 });
      await ensureStreams(jsm, ns, {
        duplicateWindowMs: options.duplicateWindowMs ?? 120_000,
        deadLetterMaxAgeMs: options.deadLetterMaxAgeMs ?? 14 * 24 * 3_600_000,
        deadLetterMaxMessages: options.deadLetterMaxMessages ?? 100_000,
      });
      return { nc, jsm };
    } catch (error) {
      await nc.close().catch(() => undefined);
      throw error;
    }
  };
  const { nc, jsm } = await retryWithBackoff(attempt, {
    what: `connect to NATS at ${servers.join(',')}`,
    logger,
    ...(options.signal && { signal: options.signal }),
  });
  logger.info({ server: nc.getServer(), namespace: ns.name }, 'connected to NATS');
  return new NatsBus(nc, jsm, ns, options);
}
