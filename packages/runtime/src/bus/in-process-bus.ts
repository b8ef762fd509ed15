import { UnavailableError, ValidationError } from '../errors';
import {
  BusBase,
  type BusOptions,
  type BusTransport,
  type CommandDelivery,
  type ConsumerSpec,
  type StopIntake,
} from './bus-base';
import type { DeadLetter, DeadLetterEntry } from './dead-letter';
import type { InboundMessage } from './delivery';
import type { BusStatus, ConsumerBacklog, EnqueueResult } from './message-bus';
import { MESSAGE_ID_HEADER } from './message-context';
import { MemoryDeadLetters } from './memory-dead-letters';
import { MemoryWorkQueue } from './memory-work-queue';
import { isValidSubject, subjectMatches } from './subject-pattern';
import { type BusRegistry, COMMAND_PREFIX, EVENT_PREFIX } from './registry';

/** Options of the in-process bus. */
export interface InProcessBusOptions<R extends BusRegistry> extends BusOptions<R> {
  /** Commands stored (unacknowledged) before enqueue is refused. Default 100 000. */
  maxStoredCommands?: number;
  /** Dead-letter retention. Defaults: 10 000 letters, 14 days. */
  deadLetterRetention?: { maxEntries?: number; maxAgeMs?: number };
}

interface CoreSubscriber {
  readonly pattern: string;
  readonly queue: string | undefined;
  readonly onMessage: (message: InboundMessage) => void;
}

/**
 * The message bus for the embedded single-process mode, with the NATS bus's semantics: messages
 * are encoded to bytes and delivered asynchronously (never inside `publish`), wildcards and queue
 * groups behave as on NATS, and commands go through a work queue with ack, redelivery,
 * de-duplication and dead-lettering. Nothing survives the process.
 */
export class InProcessBus<R extends BusRegistry> extends BusBase<R> {
  protected readonly system = 'in-process' as const;
  private readonly subscribers = new Set<CoreSubscriber>();
  private readonly queueTurns = new Map<string, number>();
  private readonly commands: MemoryWorkQueue;
  private readonly deadLetters: MemoryDeadLetters;
  private sharedTransport: BusTransport | undefined;

  constructor(options: InProcessBusOptions<R>) {
    super(options);
    this.commands = new MemoryWorkQueue({
      logger: this.logger,
      duplicateWindowMs: this.duplicateWindowMs,
      maxMessages: options.maxStoredCommands ?? 100_000,
    });
    this.deadLetters = new MemoryDeadLetters({
      duplicateWindowMs: this.duplicateWindowMs,
      maxEntries: options.deadLetterRetention?.maxEntries ?? 10_000,
      maxAgeMs: options.deadLetterRetention?.maxAgeMs ?? 14 * 24 * 3_600_000,
    });
  }

  status(): BusStatus {
    return { implementation: 'in-process', connected: !this.isClosed, closed: this.isClosed };
  }

  /** Commands stored and not yet acknowledged (acknowledged ones are removed). */
  storedCommandCount(): number {
    return this.commands.size;
  }

  /**
   * This bus's transport primitives, so a bridge can carry another process's bus onto it (cluster
   * workers over their IPC channel: `serveBusOverChannel`): their events reach this bus's
   * subscribers and theirs this bus's events, their commands share its store and consumers.
   */
  get transport(): BusTransport {
    // Once closed, nothing new is sent or opened; reading a backlog or storing a letter is harmless.
    const open = <A extends unknown[], T>(primitive: (...args: A) => Promise<T>) =>
      async (...args: A): Promise<T> => {
        if (this.isClosed) throw new UnavailableError('message bus is closed', { code: 'bus_closed' });
        return primitive(...args);
      };
    this.sharedTransport ??= {
      sendEvent: open((subject, data, headers) => this.sendEvent(subject, data, headers)),
      sendCommand: open((subject, data, headers, messageId) => this.sendCommand(subject, data, headers, messageId)),
      openSubscription: open((pattern, queue, onMessage) => this.openSubscription(pattern, queue, onMessage)),
      openConsumer: open((spec, onDelivery) => this.openConsumer(spec, onDelivery)),
      readBacklog: (subject, durable) => this.readBacklog(subject, durable),
      openDeadLetterReader: open((pattern, onLetter) => this.openDeadLetterReader(pattern, onLetter)),
      storeDeadLetter: (entry) => this.storeDeadLetter(entry),
    };
    return this.sharedTransport;
  }

  /**
   * Puts raw bytes on `subject` without validation, as a foreign NATS client could: events go to
   * subscribers, `modelgate.cmd.*` subjects into the command store. For tests and tooling only.
   */
  publishRaw(subject: string, data: Uint8Array | string, headers: Record<string, string> = {}): void {
    if (!isValidSubject(subject)) throw new ValidationError(`invalid subject ${JSON.stringify(subject)}`);
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    if (subject.startsWith(COMMAND_PREFIX)) this.commands.append(subject, bytes, headers);
    else this.route({ subject, data: bytes, headers });
  }

  protected async sendEvent(
    subject: string,
    data: Uint8Array,
    headers: Record<string, string>,
  ): Promise<void> {
    this.route({ subject, data, headers });
  }

  protected async sendCommand(
    subject: string,
    data: Uint8Array,
    headers: Record<string, string>,
    messageId: string,
  ): Promise<EnqueueResult> {
    return this.commands.append(subject, data, { ...headers, [MESSAGE_ID_HEADER]: messageId });
  }

  protected async openSubscription(
    pattern: string,
    queue: string | undefined,
    onMessage: (message: InboundMessage) => void,
  ): Promise<StopIntake> {
    const subscriber: CoreSubscriber = { pattern, queue, onMessage };
    this.subscribers.add(subscriber);
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  protected async openConsumer(
    spec: ConsumerSpec,
    onDelivery: (delivery: CommandDelivery) => Promise<void>,
  ): Promise<StopIntake> {
    return this.commands.join(spec, onDelivery);
  }

  protected async readBacklog(subject: string, durable: string): Promise<ConsumerBacklog | undefined> {
    return this.commands.backlog(subject, durable);
  }

  protected async openDeadLetterReader(
    pattern: string,
    onLetter: (letter: DeadLetter) => void,
  ): Promise<StopIntake> {
    return this.deadLetters.read(pattern, onLetter);
  }

  protected async storeDeadLetter(entry: DeadLetterEntry): Promise<void> {
    this.deadLetters.add(entry);
  }

  protected async closeTransport(): Promise<void> {
    this.subscribers.clear();
    this.commands.close();
  }

  /**
   * Delivers an event on the next turn of the event loop to every matching subscriber outside a
   * queue group, and to one member (in turn) of each matching queue group.
   */
  private route(message: InboundMessage): void {
    if (!message.subject.startsWith(EVENT_PREFIX)) return;
    setImmediate(() => {
      const groups = new Map<string, CoreSubscriber[]>();
      for (const subscriber of this.subscribers) {
        if (!subjectMatches(subscriber.pattern, message.subject)) continue;
        if (subscriber.queue === undefined) {
          subscriber.onMessage(copy(message));
          continue;
        }
        const group = groups.get(subscriber.queue);
        if (group) group.push(subscriber);
        else groups.set(subscriber.queue, [subscriber]);
      }
      for (const [queue, members] of groups) {
        const turn = this.queueTurns.get(queue) ?? 0;
        this.queueTurns.set(queue, turn + 1);
        members[turn % members.length]!.onMessage(copy(message));
      }
    });
  }
}

/** Each subscriber gets its own headers object, as each NATS subscription gets its own message. */
function copy(message: InboundMessage): InboundMessage {
  return { ...message, headers: { ...message.headers } };
}

/** Creates the in-process message bus (embedded mode, and tests without NATS). */
export function createInProcessBus<R extends BusRegistry>(options: InProcessBusOptions<R>): InProcessBus<R> {
  return new InProcessBus(options);
}
