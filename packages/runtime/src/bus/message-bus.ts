import type { DeadLetter } from './dead-letter';
import type { EventPattern, SubjectsMatching } from './subject-pattern';
import type { BusRegistry, CommandSubjectOf, EventSubjectOf, PayloadOf, SubjectOf } from './registry';

/**
 * The message bus every service talks through. Two implementations share these semantics: NATS
 * (core subjects for events, JetStream for commands) and an in-process bus for the embedded
 * single-process mode. Delivery is always asynchronous, at least once for commands and at most
 * once for events.
 *
 * Every handler runs inside the sender's request context (`x-request-id`) and trace context (W3C
 * `traceparent`), which the sending side puts into the message headers automatically. Messages
 * that cannot be decoded or fail their subject's schema never reach a handler: they are logged and
 * dead-lettered to `modelgate.dlq.<original subject>`.
 *
 * `R` is the registry of subjects and payload schemas the bus was built with: every call is typed
 * by it and every payload validated against it.
 */
export interface MessageBus<R extends BusRegistry> {
  /**
   * Publishes an event to every subscriber (each queue group counting as one). Fire-and-forget:
   * resolves once the message is handed to the transport. Rejects with a ValidationError when
   * `payload` fails the subject's schema, and with an UnavailableError once the bus is closed.
   */
  publish<S extends EventSubjectOf<R>>(subject: S, payload: PayloadOf<R, S>): Promise<void>;

  /**
   * Subscribes to events on a subject or wildcard pattern (`modelgate.evt.config.>`). Resolves once
   * the subscription is registered, so an event published afterwards is delivered. The handler
   * sees one subscription's events one at a time, in arrival order; a handler that throws is
   * logged and the next event is delivered. A pattern matching no declared event subject is a
   * ValidationError; events on subjects this version does not declare are skipped.
   */
  subscribe<P extends EventPattern<R>>(
    pattern: P,
    handler: MessageHandler<R, SubjectsMatching<P, EventSubjectOf<R>>>,
    options?: SubscribeOptions,
  ): Promise<Subscription>;

  /**
   * Stores a command durably for one consumer to process. The message id defaults to the
   * subject's registry rule (the request id for usage records); a second message with the same
   * id inside the de-duplication window is dropped and reported as `duplicate`. Resolves once the
   * store has the message; rejects with ValidationError or UnavailableError.
   */
  enqueue<S extends CommandSubjectOf<R>>(
    subject: S,
    payload: PayloadOf<R, S>,
    options?: EnqueueOptions,
  ): Promise<EnqueueResult>;

  /**
   * Processes commands of `subject` under the durable consumer `options.durable`. Consumers that
   * share a durable name (across replicas) share the work; messages stored while none runs wait
   * for one. A handler that resolves acknowledges the message (it is removed); one that throws
   * has it redelivered after a backoff; after `maxDeliver` failed attempts it is dead-lettered.
   * One command subject has one durable name: a second name is rejected with a ConflictError.
   */
  consume<S extends CommandSubjectOf<R>>(subject: S, options: ConsumeOptions<R, S>): Promise<ConsumerHandle>;

  /**
   * The backlog of the durable consumer `durable` of `subject`, as its store sees it (on NATS the
   * consumer's info from JetStream, one API call; in process the work queue's own counts), or
   * undefined when no such consumer exists. For metrics read at scrape time, not the hot path.
   * Rejects with an UnavailableError when the store cannot be asked.
   */
  consumerBacklog(subject: CommandSubjectOf<R>, durable: string): Promise<ConsumerBacklog | undefined>;

  /**
   * Reads dead letters, oldest retained first, then new ones as they arrive. `subject` filters by
   * original subject (wildcards allowed). A throwing handler is logged and the next one is read.
   */
  consumeDeadLetters(handler: DeadLetterHandler, options?: DeadLetterReadOptions): Promise<ConsumerHandle>;

  /** Connection state, for `/readyz`. */
  status(): BusStatus;

  /**
   * Stops every subscription and consumer, waits (bounded) for handlers already running, then
   * closes the connection. Idempotent; afterwards publish and enqueue reject.
   */
  close(): Promise<void>;
}

/** A message as a handler receives it. */
export interface BusMessage<R extends BusRegistry, S extends SubjectOf<R> = SubjectOf<R>> {
  /** The declared subject it was sent on (never namespaced). */
  readonly subject: S;
  /** The payload, validated against the subject's schema. */
  readonly payload: PayloadOf<R, S>;
  /** Message headers, including `x-request-id` and `traceparent` when the sender had them. */
  readonly headers: Readonly<Record<string, string>>;
  /** The de-duplication id (commands). */
  readonly messageId?: string;
  /** 1 on first delivery, 2 on the first redelivery, ... (commands). */
  readonly deliveryCount?: number;
}

/** One of `BusMessage<S>` for each subject in `S`, so handlers can narrow on `subject`. */
export type DeliveredMessage<R extends BusRegistry, S extends SubjectOf<R>> = S extends SubjectOf<R>
  ? BusMessage<R, S>
  : never;

/** Handles one message. */
export type MessageHandler<R extends BusRegistry, S extends SubjectOf<R>> = (
  message: DeliveredMessage<R, S>,
) => void | Promise<void>;

/** Handles one dead letter. */
export type DeadLetterHandler = (deadLetter: DeadLetter) => void | Promise<void>;

export interface SubscribeOptions {
  /** Subscribers with the same queue name form a group: each event goes to one of them. */
  queue?: string;
}

export interface EnqueueOptions {
  /** Overrides the registry's message id for this message. */
  messageId?: string;
  /**
   * The payload was built by this process from values its types already guarantee (the relay's
   * usage batches): skip the sender-side schema check and encode it as it is. The consumer still
   * validates every message it receives, so a malformed one is dead-lettered there instead of
   * being refused here. Foreign input (anything read from a client or a file) never sets this.
   */
  trusted?: boolean;
}

export interface EnqueueResult {
  /**
   * True when the store already held a message with this id within the window, so this one was
   * dropped. (When a publish is retried after a lost acknowledgement, the earlier copy may be
   * this caller's own.)
   */
  duplicate: boolean;
}

export interface ConsumeOptions<R extends BusRegistry, S extends CommandSubjectOf<R>> {
  /** Durable consumer name (letters, digits, `_`, `-`): consumers sharing it share the work. */
  durable: string;
  handler: MessageHandler<R, S>;
  /** Time a delivery may stay unacknowledged before it is redelivered. Default 30 000 ms. */
  ackWaitMs?: number;
  /** Attempts before a message is dead-lettered. Default 5. */
  maxDeliver?: number;
  /** Handlers running at once in this consumer. Default 1 (messages in order). */
  concurrency?: number;
  /** Delay before a failed message is redelivered: doubling from `initialMs`, capped at `maxMs`. */
  retryBackoff?: { initialMs?: number; maxMs?: number };
}

export interface DeadLetterReadOptions {
  /** Only dead letters whose original subject matches this pattern. */
  subject?: string;
}

/** A running subscription. */
export interface Subscription {
  /**
   * Stops delivery: events not yet started are dropped, and the promise resolves once the handler
   * running now (if any) has finished. The handler is not called afterwards.
   */
  unsubscribe(): Promise<void>;
}

/** A running consumer. */
export interface ConsumerHandle {
  /**
   * Stops taking messages and resolves once the handlers running now have finished (bounded by
   * the bus's drain timeout). Messages fetched but not started are redelivered to other members:
   * at once when nak'ed, after the ack wait when still in the NATS client's prefetch buffer.
   */
  stop(): Promise<void>;
}

/** How far a durable consumer is behind (JetStream's consumer info counts). */
export interface ConsumerBacklog {
  /** Stored messages not yet delivered to any member. */
  readonly pending: number;
  /** Messages delivered (or nak'ed with a delay) and not yet acknowledged. */
  readonly ackPending: number;
  /** Unacknowledged messages that have been delivered more than once. */
  readonly redelivered: number;
}

/** What `/readyz` needs to know about the bus. */
export interface BusStatus {
  readonly implementation: 'nats' | 'in-process';
  /** True while messages can flow: connected to NATS, or an open in-process bus. */
  readonly connected: boolean;
  readonly closed: boolean;
  /** The NATS server currently connected to. */
  readonly server?: string;
}
