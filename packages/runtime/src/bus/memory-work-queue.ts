import type { Logger } from 'pino';
import { ConflictError, UnavailableError } from '../errors';
import type { CommandDelivery, ConsumerSpec } from './bus-base';
import { DedupWindow } from './dedup-window';
import type { ConsumerBacklog } from './message-bus';
import { MESSAGE_ID_HEADER } from './message-context';

/**
 * The in-process stand-in for the JetStream command stream: work-queue retention (a message is
 * removed when acknowledged), one durable consumer per subject whose members share the work,
 * explicit ack with an ack-wait timer, nak with delay, a redelivery limit, and a de-duplication
 * window on the message id. Bounded: appends are refused once `maxMessages` are stored.
 */
export interface MemoryWorkQueueOptions {
  logger: Logger;
  duplicateWindowMs: number;
  maxMessages: number;
}

interface StoredCommand {
  readonly seq: number;
  readonly subject: string;
  readonly data: Uint8Array;
  readonly headers: Record<string, string>;
  deliveries: number;
  /** ready: waiting for a member; delivered: awaiting ack; delayed: nak'ed, waiting out its delay. */
  state: 'ready' | 'delivered' | 'delayed';
  timer?: NodeJS.Timeout;
}

interface Member {
  readonly capacity: number;
  active: number;
  readonly onDelivery: (delivery: CommandDelivery) => Promise<void>;
}

interface Durable {
  readonly name: string;
  spec: ConsumerSpec;
  readonly members: Member[];
  nextMember: number;
}

export class MemoryWorkQueue {
  /** subject → its stored commands in sequence order. */
  private readonly bySubject = new Map<string, Map<number, StoredCommand>>();
  /** subject → the one durable consumer of it (kept after its members leave, as JetStream does). */
  private readonly durables = new Map<string, Durable>();
  private readonly dedup: DedupWindow;
  private nextSeq = 1;
  private stored = 0;
  private pumpScheduled = false;
  private closed = false;

  constructor(private readonly options: MemoryWorkQueueOptions) {
    this.dedup = new DedupWindow(options.duplicateWindowMs);
  }

  /** Number of commands stored (not yet acknowledged). */
  get size(): number {
    return this.stored;
  }

  /**
   * The backlog of `durable` on `subject`, counted as JetStream does: messages never delivered
   * are pending; delivered ones, nak'ed or expired ones waiting to go again, await their ack. Undefined when no such durable exists.
   */
  backlog(subject: string, durable: string): ConsumerBacklog | undefined {
    if (this.durables.get(subject)?.name !== durable) return undefined;
    let pending = 0;
    let ackPending = 0;
    let redelivered = 0;
    for (const message of this.bySubject.get(subject)?.values() ?? []) {
      if (message.state === 'ready' && message.deliveries === 0) pending++;
      else ackPending++;
      if (message.deliveries > 1) redelivered++;
    }
    return { pending, ackPending, redelivered };
  }

  /** Stores a command; `duplicate` when its message id was seen within the window. */
  append(subject: string, data: Uint8Array, headers: Record<string, string>): { duplicate: boolean } {
    if (this.closed) throw new UnavailableError('message bus is closed', { code: 'bus_closed' });
    const messageId = headers[MESSAGE_ID_HEADER];
    if (messageId !== undefined && this.dedup.has(messageId)) return { duplicate: true };
    if (this.stored >= this.options.maxMessages) {
      throw new UnavailableError(`command store is full (${this.options.maxMessages} messages)`, {
        code: 'bus_full',
      });
    }
    if (messageId !== undefined) this.dedup.remember(messageId);
    const seq = this.nextSeq++;
    let queue = this.bySubject.get(subject);
    if (!queue) this.bySubject.set(subject, (queue = new Map()));
    queue.set(seq, { seq, subject, data, headers, deliveries: 0, state: 'ready' });
    this.stored++;
    this.schedulePump();
    return { duplicate: false };
  }

  /**
   * Joins `spec.durable` as a member taking up to `spec.policy.concurrency` messages at a time.
   * Returns the function that leaves again. A different durable name on a subject that already
   * has one is a ConflictError, as on a JetStream work-queue stream.
   */
  join(spec: ConsumerSpec, onDelivery: Member['onDelivery']): () => void {
    let durable = this.durables.get(spec.subject);
    if (durable && durable.name !== spec.durable) {
      throw new ConflictError(`${spec.subject} is already consumed by durable ${durable.name}`, {
        code: 'consumer_conflict',
      });
    }
    if (!durable) {
      durable = { name: spec.durable, spec, members: [], nextMember: 0 };
      this.durables.set(spec.subject, durable);
    }
    durable.spec = spec;
    const member: Member = { capacity: spec.policy.concurrency, active: 0, onDelivery };
    durable.members.push(member);
    this.schedulePump();
    const members = durable.members;
    return () => {
      const index = members.indexOf(member);
      if (index >= 0) members.splice(index, 1);
    };
  }

  /** Stops every timer; stored commands are discarded with the process. */
  close(): void {
    this.closed = true;
    for (const queue of this.bySubject.values()) {
      for (const message of queue.values()) clearTimeout(message.timer);
    }
  }

  private schedulePump(): void {
    if (this.pumpScheduled || this.closed) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  /** Hands ready messages, oldest first, to members with spare capacity (round robin). */
  private pump(): void {
    if (this.closed) return;
    for (const durable of this.durables.values()) {
      const queue = this.bySubject.get(durable.spec.subject);
      if (!queue) continue;
      for (const message of queue.values()) {
        if (message.state !== 'ready') continue;
        const member = this.freeMember(durable);
        if (!member) break;
        this.deliver(durable, member, message);
      }
    }
  }

  private freeMember(durable: Durable): Member | undefined {
    for (let i = 0; i < durable.members.length; i++) {
      const member = durable.members[(durable.nextMember + i) % durable.members.length]!;
      if (member.active < member.capacity) {
        durable.nextMember = (durable.nextMember + i + 1) % durable.members.length;
        return member;
      }
    }
    return undefined;
  }

  private deliver(durable: Durable, member: Member, message: StoredCommand): void {
    const { ackWaitMs } = durable.spec.policy;
    const delivery = ++message.deliveries;
    message.state = 'delivered';
    message.timer = setTimeout(() => this.expire(durable, message, delivery), ackWaitMs).unref();
    member.active++;
    let answered = false;
    const answer = (action: () => void) => {
      if (answered) return;
      answered = true;
      member.active--;
      action();
      this.schedulePump();
    };
    void member.onDelivery({
      message: {
        subject: message.subject,
        data: message.data,
        headers: { ...message.headers },
        messageId: message.headers[MESSAGE_ID_HEADER],
        deliveryCount: delivery,
        sequence: message.seq,
      },
      ack: () => answer(() => this.remove(message)),
      retry: (delayMs) => answer(() => this.requeue(durable, message, delivery, delayMs)),
    });
  }

  /** Ack wait expired on delivery `delivery`: make the message available again. */
  private expire(durable: Durable, message: StoredCommand, delivery: number): void {
    if (message.state !== 'delivered' || message.deliveries !== delivery) return;
    this.requeue(durable, message, delivery, 0);
  }

  private requeue(durable: Durable, message: StoredCommand, delivery: number, delayMs: number): void {
    // Answers for an outdated delivery (already redelivered, or acked) change nothing.
    if (message.state !== 'delivered' || message.deliveries !== delivery || !this.isStored(message)) return;
    clearTimeout(message.timer);
    if (message.deliveries >= durable.spec.policy.maxDeliver + 1) {
      this.options.logger.error(
        { subject: message.subject, seq: message.seq, deliveries: message.deliveries },
        'command exhausted its deliveries without being acknowledged or dead-lettered; dropped',
      );
      this.remove(message);
      return;
    }
    message.state = 'delayed';
    message.timer = setTimeout(() => {
      message.state = 'ready';
      this.schedulePump();
    }, delayMs).unref();
  }

  private isStored(message: StoredCommand): boolean {
    return this.bySubject.get(message.subject)?.get(message.seq) === message;
  }

  private remove(message: StoredCommand): void {
    clearTimeout(message.timer);
    if (this.bySubject.get(message.subject)?.delete(message.seq)) this.stored--;
  }
}
