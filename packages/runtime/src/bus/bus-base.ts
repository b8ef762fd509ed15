import type { Logger } from 'pino';
import { UnavailableError, ValidationError } from '../errors';
import { encodePayload, encodeTrustedPayload } from './codec';
import type { DeadLetter, DeadLetterEntry } from './dead-letter';
import {
  type AnyHandler,
  type ConsumerPolicy,
  deliverCommand,
  deliverEvent,
  type DeliveryDeps,
  type InboundMessage,
  resolveConsumerPolicy,
} from './delivery';
import type {
  BusStatus,
  ConsumeOptions,
  ConsumerBacklog,
  ConsumerHandle,
  DeadLetterHandler,
  DeadLetterReadOptions,
  EnqueueOptions,
  EnqueueResult,
  MessageBus,
  MessageHandler,
  SubscribeOptions,
  Subscription,
} from './message-bus';
import { type MessagingSystem, sendWithContext } from './message-context';
import { assertDurableName } from './namespace';
import {
  assertEventPattern,
  type EventPattern,
  isValidPattern,
  type SubjectsMatching,
} from './subject-pattern';
import {
  type BusRegistry,
  type CommandSubjectOf,
  type EventSubjectOf,
  type PayloadOf,
  SubjectRegistry,
} from './registry';
import { InFlight, SerialQueue, settlesWithin } from './work-tracking';

/** Options every implementation accepts. */
export interface BusOptions<R extends BusRegistry> {
  /** The subjects the bus carries and the schema of each payload. */
  registry: R;
  logger: Logger;
  /** How long a command's message id is remembered for de-duplication. Default 2 minutes. */
  duplicateWindowMs?: number;
  /** Bound on waiting for running handlers when stopping or closing. Default 10 s. */
  drainTimeoutMs?: number;
  /** Events (or dead letters) waiting per subscription before new ones are dropped. Default 10 000. */
  maxEventBacklog?: number;
}

/** A command handed to the bus by the transport; the bus answers with exactly one of ack/retry. */
export interface CommandDelivery {
  readonly message: InboundMessage;
  ack(): void;
  /** Hand the message back for redelivery after `delayMs`. */
  retry(delayMs: number): void;
}

/** What a consumer needs from the transport. */
export interface ConsumerSpec {
  subject: string;
  durable: string;
  policy: ConsumerPolicy;
}

/** Stops a transport-level subscription, consumer or reader from taking further messages. */
export type StopIntake = () => void | Promise<void>;

/**
 * The transport primitives under a bus, as one object: what a bridge needs to let another
 * process's bus (a cluster worker's, over its IPC channel) share this bus's subscribers, command
 * store and dead letters. Validation, context and delivery stay on the side that calls them.
 */
export interface BusTransport {
  sendEvent(subject: string, data: Uint8Array, headers: Record<string, string>): Promise<void>;
  sendCommand(subject: string, data: Uint8Array, headers: Record<string, string>, messageId: string): Promise<EnqueueResult>;
  openSubscription(pattern: string, queue: string | undefined, onMessage: (message: InboundMessage) => void): Promise<StopIntake>;
  openConsumer(spec: ConsumerSpec, onDelivery: (delivery: CommandDelivery) => Promise<void>): Promise<StopIntake>;
  readBacklog(subject: string, durable: string): Promise<ConsumerBacklog | undefined>;
  openDeadLetterReader(pattern: string, onLetter: (letter: DeadLetter) => void): Promise<StopIntake>;
  storeDeadLetter(entry: DeadLetterEntry): Promise<void>;
}

/**
 * The whole `MessageBus` contract on top of a few transport primitives: validation, header and
 * context propagation, dead-lettering, ordered event delivery, handler tracking and bounded
 * draining live here once, so the NATS and in-process buses cannot drift apart.
 */
export abstract class BusBase<R extends BusRegistry> implements MessageBus<R> {
  protected abstract readonly system: MessagingSystem;
  protected readonly logger: Logger;
  protected readonly subjects: SubjectRegistry;
  protected readonly duplicateWindowMs: number;
  private readonly drainTimeoutMs: number;
  private readonly maxEventBacklog: number;
  private readonly running = new Set<{ stop(): Promise<void> }>();
  private closing: Promise<void> | undefined;

  protected constructor(options: BusOptions<R>) {
    this.subjects = new SubjectRegistry(options.registry);
    this.logger = options.logger.child({ component: 'bus' });
    this.duplicateWindowMs = positive('duplicateWindowMs', options.duplicateWindowMs ?? 120_000);
    this.drainTimeoutMs = positive('drainTimeoutMs', options.drainTimeoutMs ?? 10_000);
    this.maxEventBacklog = positive('maxEventBacklog', options.maxEventBacklog ?? 10_000);
  }

  /** Sends an encoded event. */
  protected abstract sendEvent(
    subject: string,
    data: Uint8Array,
    headers: Record<string, string>,
  ): Promise<void>;
  /** Stores an encoded command under `messageId`. */
  protected abstract sendCommand(
    subject: string,
    data: Uint8Array,
    headers: Record<string, string>,
    messageId: string,
  ): Promise<EnqueueResult>;
  /** Starts receiving events matching `pattern`; resolves once registered. */
  protected abstract openSubscription(
    pattern: string,
    queue: string | undefined,
    onMessage: (message: InboundMessage) => void,
  ): Promise<StopIntake>;
  /**
   * Starts a durable consumer. The transport must allow at most `policy.concurrency` deliveries
   * whose `onDelivery` promise is pending, and redeliver up to `policy.maxDeliver + 1` times.
   */
  protected abstract openConsumer(
    spec: ConsumerSpec,
    onDelivery: (delivery: CommandDelivery) => Promise<void>,
  ): Promise<StopIntake>;
  /** The backlog of durable `durable` on `subject`, or undefined when it does not exist. */
  protected abstract readBacklog(subject: string, durable: string): Promise<ConsumerBacklog | undefined>;
  /** Starts reading dead letters, oldest retained first, whose original subject matches `pattern`. */
  protected abstract openDeadLetterReader(
    pattern: string,
    onLetter: (letter: DeadLetter) => void,
  ): Promise<StopIntake>;
  /** Stores a dead letter. */
  protected abstract storeDeadLetter(entry: DeadLetterEntry): Promise<void>;
  /** Closes the transport after every handler has stopped. */
  protected abstract closeTransport(): Promise<void>;
  abstract status(): BusStatus;

  private delivery: DeliveryDeps | undefined;

  /** The delivery dependencies handed to the shared delivery logic. */
  private get deliveryDeps(): DeliveryDeps {
    this.delivery ??= {
      system: this.system,
      registry: this.subjects,
      logger: this.logger,
      deadLetter: (entry) => this.storeDeadLetter(entry),
    };
    return this.delivery;
  }

  async publish<S extends EventSubjectOf<R>>(subject: S, payload: PayloadOf<R, S>): Promise<void> {
    this.assertOpen();
    if (!this.subjects.isEvent(subject)) throw undeclared(subject, 'event');
    const data = encodePayload(this.subjects, subject, payload);
    await sendWithContext(this.system, subject, 'publish', (headers) =>
      this.sendEvent(subject, data, headers),
    );
  }

  async enqueue<S extends CommandSubjectOf<R>>(
    subject: S,
    payload: PayloadOf<R, S>,
    options?: EnqueueOptions,
  ): Promise<EnqueueResult> {
    this.assertOpen();
    if (!this.subjects.isCommand(subject)) throw undeclared(subject, 'command');
    const data = options?.trusted ? encodeTrustedPayload(payload) : encodePayload(this.subjects, subject, payload);
    const messageId = options?.messageId ?? this.subjects.messageIdOf(subject, payload);
    if (!messageId) throw new ValidationError(`empty message id for ${subject}`, { code: 'invalid_payload' });
    return sendWithContext(this.system, subject, 'enqueue', (headers) =>
      this.sendCommand(subject, data, headers, messageId),
    );
  }

  async subscribe<P extends EventPattern<R>>(
    pattern: P,
    handler: MessageHandler<R, SubjectsMatching<P, EventSubjectOf<R>>>,
    options?: SubscribeOptions,
  ): Promise<Subscription> {
    this.assertOpen();
    assertEventPattern(this.subjects, pattern);
    const queue = options?.queue;
    if (queue !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(queue)) {
      throw new ValidationError(`invalid queue group name ${JSON.stringify(queue)}`);
    }
    const events = new SerialQueue<InboundMessage>(
      (message) => deliverEvent(this.deliveryDeps, message, handler as unknown as AnyHandler, queue),
      this.maxEventBacklog,
      ({ subject }) => this.logger.error({ subject, pattern, queue }, 'subscriber backlog full; dropped'),
    );
    const stopIntake = await this.openSubscription(pattern, queue, (message) => events.push(message));
    return this.track(async () => {
      await stopIntake();
      await this.bounded(events.close(), `subscription ${pattern}`);
    });
  }

  async consume<S extends CommandSubjectOf<R>>(subject: S, options: ConsumeOptions<R, S>): Promise<ConsumerHandle> {
    this.assertOpen();
    if (!this.subjects.isCommand(subject)) throw undeclared(subject, 'command');
    assertDurableName(options.durable);
    const policy = resolveConsumerPolicy(options);
    const handler = options.handler as unknown as AnyHandler;
    const inFlight = new InFlight();
    const onDelivery = (delivery: CommandDelivery) =>
      inFlight.track(
        deliverCommand(this.deliveryDeps, delivery.message, handler, policy, options.durable).then(
          (verdict) => (verdict.action === 'ack' ? delivery.ack() : delivery.retry(verdict.delayMs)),
        ),
      );
    const stopIntake = await this.openConsumer({ subject, durable: options.durable, policy }, onDelivery);
    return this.track(async () => {
      await stopIntake();
      await this.bounded(inFlight.idle(), `consumer ${options.durable} on ${subject}`);
    });
  }

  async consumerBacklog(subject: CommandSubjectOf<R>, durable: string): Promise<ConsumerBacklog | undefined> {
    this.assertOpen();
    if (!this.subjects.isCommand(subject)) throw undeclared(subject, 'command');
    assertDurableName(durable);
    return this.readBacklog(subject, durable);
  }

  async consumeDeadLetters(
    handler: DeadLetterHandler,
    options?: DeadLetterReadOptions,
  ): Promise<ConsumerHandle> {
    this.assertOpen();
    const pattern = options?.subject ?? '>';
    if (!isValidPattern(pattern)) {
      throw new ValidationError(`invalid subject pattern ${JSON.stringify(pattern)}`);
    }
    const letters = new SerialQueue<DeadLetter>(
      async (letter) => {
        try {
          await handler(letter);
        } catch (error) {
          this.logger.error({ err: error, subject: letter.subject }, 'dead-letter handler failed');
        }
      },
      this.maxEventBacklog,
      (letter) =>
        this.logger.error({ subject: letter.subject }, 'dead-letter reader backlog full; letter skipped'),
    );
    const stopIntake = await this.openDeadLetterReader(pattern, (letter) => letters.push(letter));
    return this.track(async () => {
      await stopIntake();
      await this.bounded(letters.close(), 'dead-letter reader');
    });
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      await Promise.all([...this.running].map((handle) => handle.stop()));
      await this.closeTransport();
    })();
    return this.closing;
  }

  /** True once `close()` has been called. */
  protected get isClosed(): boolean {
    return this.closing !== undefined;
  }

  private assertOpen(): void {
    if (this.closing) throw new UnavailableError('message bus is closed', { code: 'bus_closed' });
  }

  /**
   * Registers a running subscription/consumer so close() stops it; stop() is idempotent. One
   * opened while close() was already under way is stopped at once and reported as unavailable.
   */
  private async track(stopFn: () => Promise<void>): Promise<Subscription & ConsumerHandle> {
    if (this.closing) {
      await stopFn();
      throw new UnavailableError('message bus is closed', { code: 'bus_closed' });
    }
    let stopping: Promise<void> | undefined;
    const handle = {
      stop: () => {
        stopping ??= stopFn().finally(() => this.running.delete(handle));
        return stopping;
      },
      unsubscribe: () => handle.stop(),
    };
    this.running.add(handle);
    return handle;
  }

  private async bounded(work: Promise<void>, what: string): Promise<void> {
    if (!(await settlesWithin(work, this.drainTimeoutMs))) {
      this.logger.warn(
        { timeoutMs: this.drainTimeoutMs },
        `${what}: handlers still running after the drain timeout`,
      );
    }
  }
}

function positive(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new ValidationError(`bus option ${name} must be a positive integer`);
  }
  return value;
}

function undeclared(subject: string, kind: 'event' | 'command'): ValidationError {
  return new ValidationError(`${JSON.stringify(subject)} is not a declared ${kind} subject`, {
    code: 'invalid_subject',
  });
}
