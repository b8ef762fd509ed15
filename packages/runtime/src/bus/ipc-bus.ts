import { UnavailableError } from '../errors';
import { BusBase, type BusOptions, type CommandDelivery, type ConsumerSpec, type StopIntake } from './bus-base';
import type { DeadLetter, DeadLetterEntry } from './dead-letter';
import type { InboundMessage } from './delivery';
import {
  type BusChannel,
  fromWireError,
  IPC_BUS_TAG,
  type IpcBusMessage,
  type IpcBusRequest,
  isIpcBusMessage,
} from './ipc-bus-protocol';
import type { BusStatus, ConsumerBacklog, EnqueueResult } from './message-bus';
import type { BusRegistry } from './registry';

/** Options of a bus carried over an IPC channel. */
export interface IpcBusOptions<R extends BusRegistry> extends BusOptions<R> {
  /** The channel to the process whose in-process bus serves this one (`serveBusOverChannel`). */
  channel: BusChannel;
}

type Intake =
  | { kind: 'event'; onMessage: (message: InboundMessage) => void }
  | { kind: 'delivery'; onDelivery: (delivery: CommandDelivery) => Promise<void> }
  | { kind: 'letter'; onLetter: (letter: DeadLetter) => void };

/**
 * The message bus of a cluster worker when the primary runs the in-process bus: the same
 * `MessageBus` (validation, context, dead-lettering and delivery run here, as in any bus), whose
 * transport is the primary's in-process bus reached over the worker's IPC channel. Events fan out
 * to every subscriber of every process (queue groups span them), commands go to the primary's one
 * store and are shared by the consumers of every process. When the channel goes (the primary
 * exited), every call rejects with an UnavailableError and status reports disconnected.
 */
export class IpcBus<R extends BusRegistry> extends BusBase<R> {
  protected readonly system = 'in-process' as const;
  private readonly channel: BusChannel;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly intakes = new Map<number, Intake>();
  private readonly stopListening: () => void;
  private readonly stopWatching: () => void;
  private nextId = 1;

  constructor(options: IpcBusOptions<R>) {
    super(options);
    this.channel = options.channel;
    this.stopListening = this.channel.onMessage((message) => this.receive(message));
    this.stopWatching = this.channel.onClose(() => this.disconnected());
  }

  status(): BusStatus {
    return { implementation: 'in-process', connected: !this.isClosed && this.channel.connected, closed: this.isClosed };
  }

  protected async sendEvent(subject: string, data: Uint8Array, headers: Record<string, string>): Promise<void> {
    await this.request({ op: 'event', subject, data, headers });
  }

  protected async sendCommand(
    subject: string,
    data: Uint8Array,
    headers: Record<string, string>,
    messageId: string,
  ): Promise<EnqueueResult> {
    return (await this.request({ op: 'command', subject, data, headers, messageId })) as EnqueueResult;
  }

  protected openSubscription(
    pattern: string,
    queue: string | undefined,
    onMessage: (message: InboundMessage) => void,
  ): Promise<StopIntake> {
    return this.openIntake({ kind: 'event', onMessage }, (intake) => ({ op: 'subscribe', intake, pattern, queue }));
  }

  protected openConsumer(spec: ConsumerSpec, onDelivery: (delivery: CommandDelivery) => Promise<void>): Promise<StopIntake> {
    return this.openIntake({ kind: 'delivery', onDelivery }, (intake) => ({ op: 'consume', intake, spec }));
  }

  protected async readBacklog(subject: string, durable: string): Promise<ConsumerBacklog | undefined> {
    return ((await this.request({ op: 'backlog', subject, durable })) ?? undefined) as ConsumerBacklog | undefined;
  }

  protected openDeadLetterReader(pattern: string, onLetter: (letter: DeadLetter) => void): Promise<StopIntake> {
    return this.openIntake({ kind: 'letter', onLetter }, (intake) => ({ op: 'readLetters', intake, pattern }));
  }

  protected async storeDeadLetter(entry: DeadLetterEntry): Promise<void> {
    await this.request({ op: 'deadLetter', entry });
  }

  protected async closeTransport(): Promise<void> {
    // The primary drops whatever this side still had open; a gone primary has nothing to drop.
    if (this.channel.connected) await this.request({ op: 'detach' }).catch(() => undefined);
    this.intakes.clear();
    this.stopListening();
    this.stopWatching();
    this.disconnected();
  }

  /** Registers the local end first, so nothing the other side sends right after is missed. */
  private async openIntake(intake: Intake, request: (id: number) => IpcBusRequest): Promise<StopIntake> {
    const id = this.nextId++;
    this.intakes.set(id, intake);
    try {
      await this.request(request(id));
    } catch (error) {
      this.intakes.delete(id);
      throw error;
    }
    return async () => {
      if (!this.intakes.delete(id)) return;
      if (this.channel.connected) await this.request({ op: 'stop', intake: id }).catch(() => undefined);
    };
  }

  private request(request: IpcBusRequest): Promise<unknown> {
    if (!this.channel.connected) {
      return Promise.reject(new UnavailableError('message bus: the primary process is gone', { code: 'bus_disconnected' }));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send({ tag: IPC_BUS_TAG, kind: 'request', id, request });
    });
  }

  private send(message: IpcBusMessage): void {
    this.channel.send(message);
  }

  private receive(message: unknown): void {
    if (!isIpcBusMessage(message)) return;
    switch (message.kind) {
      case 'reply': {
        const waiting = this.pending.get(message.id);
        if (!waiting) return;
        this.pending.delete(message.id);
        if (message.ok) waiting.resolve(message.value);
        else waiting.reject(fromWireError(message.error));
        return;
      }
      case 'event': {
        const intake = this.intakes.get(message.intake);
        if (intake?.kind === 'event') intake.onMessage(message.message);
        return;
      }
      case 'letter': {
        const intake = this.intakes.get(message.intake);
        if (intake?.kind === 'letter') intake.onLetter(message.letter);
        return;
      }
      case 'delivery': {
        const intake = this.intakes.get(message.intake);
        const delivery = message.delivery;
        const verdict = (action: 'ack' | 'retry', delayMs: number) =>
          this.send({ tag: IPC_BUS_TAG, kind: 'verdict', delivery, action, delayMs });
        // A consumer stopped meanwhile: the message goes back at once, as a nak would send it.
        if (intake?.kind !== 'delivery') return verdict('retry', 0);
        void intake.onDelivery({
          message: message.message,
          ack: () => verdict('ack', 0),
          retry: (delayMs) => verdict('retry', delayMs),
        });
        return;
      }
      default:
        return;
    }
  }

  /** The channel is gone: every call waiting for an answer fails, as a lost connection does. */
  private disconnected(): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    const error = new UnavailableError('message bus: the primary process is gone', { code: 'bus_disconnected' });
    for (const { reject } of waiting) reject(error);
  }
}

/** Creates the bus of a process whose transport is another process's in-process bus. */
export function createIpcBus<R extends BusRegistry>(options: IpcBusOptions<R>): IpcBus<R> {
  return new IpcBus(options);
}
