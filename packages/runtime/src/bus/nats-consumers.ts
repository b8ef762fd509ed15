import {
  type ConsumerMessages,
  type ConsumerNotification,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  JetStreamApiError,
  type JsMsg,
} from '@nats-io/jetstream';
import { UnavailableError } from '../errors';
import type { Logger } from 'pino';
import { backoffDelay, sleep } from '../lifecycle/backoff';
import type { CommandDelivery, ConsumerSpec, StopIntake } from './bus-base';
import { type DeadLetter, decodeDeadLetter } from './dead-letter';
import { fromJsMsg } from './nats-messages';
import { ensureConsumer } from './nats-streams';
import type { ConsumerBacklog } from './message-bus';
import { type BusNamespace, consumerName, deadLetterSubject } from './namespace';
import { settlesWithin, Slots } from './work-tracking';

/** What the JetStream readers need from the bus. */
export interface JetStreamDeps {
  js: JetStreamClient;
  jsm: JetStreamManager;
  ns: BusNamespace;
  logger: Logger;
}

interface PullLoopOptions {
  what: string;
  logger: Logger;
  open: () => Promise<ConsumerMessages>;
  /** Handles one message; may wait (back-pressure) until `signal` aborts. */
  onMessage: (msg: JsMsg, signal: AbortSignal) => void | Promise<void>;
  onStatus?: (notification: ConsumerNotification) => void;
}

/**
 * Keeps a JetStream `consume()` running until stopped. The client itself rides out reconnects
 * and server restarts (durable consumers live on the server); should the iteration still end or
 * fail, it is reopened with backoff.
 */
class PullLoop {
  private readonly abort = new AbortController();
  private messages: ConsumerMessages | undefined;
  private readonly done: Promise<void>;

  constructor(private readonly options: PullLoopOptions) {
    this.done = this.run();
  }

  /** Stops pulling; resolves once the loop has ended (bounded: a hung open() is abandoned). */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.messages?.close().catch(() => undefined);
    await settlesWithin(this.done, 5_000);
  }

  private async run(): Promise<void> {
    const { signal } = this.abort;
    for (let failures = 0; !signal.aborted; ) {
      try {
        const messages = await this.options.open();
        this.messages = messages;
        if (signal.aborted) break;
        void this.watch(messages);
        for await (const msg of messages) {
          failures = 0;
          await this.options.onMessage(msg, signal);
        }
        if (signal.aborted) break;
        this.options.logger.warn(`${this.options.what}: message stream ended; reopening`);
      } catch (error) {
        if (signal.aborted) break;
        this.options.logger.error({ err: error }, `${this.options.what}: cannot read messages; retrying`);
      }
      await sleep(backoffDelay(++failures, 500, 30_000), signal).catch(() => undefined);
    }
    await this.messages?.close().catch(() => undefined);
  }

  private async watch(messages: ConsumerMessages): Promise<void> {
    try {
      for await (const notification of messages.status()) this.options.onStatus?.(notification);
    } catch {
      // The status stream ends with the messages; nothing to report.
    }
  }
}

/**
 * Runs one member of a durable command consumer: at most `concurrency` handlers at once, each
 * delivery answered with ack or nak-with-delay. Messages that arrive once stopping has begun are
 * nak'ed for immediate redelivery elsewhere.
 */
export async function startCommandConsumer(
  deps: JetStreamDeps,
  spec: ConsumerSpec,
  onDelivery: (delivery: CommandDelivery) => Promise<void>,
): Promise<StopIntake> {
  const { js, jsm, ns, logger } = deps;
  const name = await ensureConsumer(jsm, ns, spec);
  const slots = new Slots(spec.policy.concurrency);
  const log = logger.child({ consumer: name });
  let recreating = false;

  const answer = (what: 'ack' | 'nak', fn: () => void) => {
    try {
      fn();
    } catch (error) {
      log.warn({ err: error }, `cannot ${what} command; the server will redeliver it`);
    }
  };

  const loop = new PullLoop({
    what: `consumer ${name}`,
    logger: log,
    open: async () => {
      const consumer = await js.consumers.get(ns.commandStream, name);
      return consumer.consume({ max_messages: spec.policy.concurrency });
    },
    onMessage: async (msg, signal) => {
      if (!(await slots.acquire(signal))) return answer('nak', () => msg.nak());
      onDelivery({
        message: fromJsMsg(ns, msg),
        ack: () => answer('ack', () => msg.ack()),
        retry: (delayMs) => answer('nak', () => msg.nak(delayMs)),
      }).then(
        () => slots.release(),
        (error: unknown) => {
          log.error({ err: error }, 'command delivery failed');
          slots.release();
        },
      );
    },
    onStatus: (notification) => {
      if (notification.type === 'consumer_deleted' || notification.type === 'consumer_not_found') {
        if (recreating) return;
        recreating = true;
        log.warn({ notification: notification.type }, 'durable consumer is gone; recreating it');
        ensureConsumer(jsm, ns, spec)
          .catch((error: unknown) => log.error({ err: error }, 'cannot recreate durable consumer'))
          .finally(() => (recreating = false));
      } else if (notification.type === 'heartbeats_missed' && notification.count >= 2) {
        log.warn({ missed: notification.count }, 'no heartbeats from JetStream');
      }
    },
  });
  return () => loop.stop();
}

/** JetStream's answer when the consumer does not exist. */
const CONSUMER_NOT_FOUND = 10014;

/**
 * The backlog of a durable command consumer from its info on the server (one API request):
 * undefined when the consumer does not exist, an UnavailableError when JetStream cannot answer.
 */
export async function readConsumerBacklog(
  deps: JetStreamDeps,
  subject: string,
  durable: string,
): Promise<ConsumerBacklog | undefined> {
  try {
    const info = await deps.jsm.consumers.info(deps.ns.commandStream, consumerName(durable, subject));
    return { pending: info.num_pending, ackPending: info.num_ack_pending, redelivered: info.num_redelivered };
  } catch (error) {
    if (error instanceof JetStreamApiError && error.code === CONSUMER_NOT_FOUND) return undefined;
    throw new UnavailableError(`cannot read consumer ${durable} of ${subject}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Reads the dead-letter stream with an ordered (ephemeral) consumer, oldest retained letter
 * first, resuming after the last letter seen if it has to reopen.
 */
export async function startDeadLetterReader(
  deps: JetStreamDeps,
  pattern: string,
  onLetter: (letter: DeadLetter) => void,
): Promise<StopIntake> {
  const { js, ns, logger } = deps;
  let lastSeq = 0;
  const loop = new PullLoop({
    what: 'dead-letter reader',
    logger,
    open: async () => {
      const consumer = await js.consumers.get(ns.deadLetterStream, {
        filter_subjects: ns.wire(deadLetterSubject(pattern)),
        ...(lastSeq > 0 && { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: lastSeq + 1 }),
      });
      return consumer.consume();
    },
    onMessage: (msg) => {
      lastSeq = msg.seq;
      const letter = decodeDeadLetter(msg.data);
      if (letter) onLetter(letter);
      else logger.warn({ subject: msg.subject, seq: msg.seq }, 'unreadable dead letter skipped');
    },
  });
  return () => loop.stop();
}
