import type { Logger } from 'pino';
import { ValidationError } from '../errors';
import { backoffDelay } from '../lifecycle/backoff';
import { decodePayload } from './codec';
import { buildDeadLetter, type DeadLetter, type DeadLetterEntry } from './dead-letter';
import type { BusMessage, ConsumeOptions } from './message-bus';
import { type MessagingSystem, receiveWithContext } from './message-context';
import type { BusRegistry, CommandSubjectOf, SubjectOf, SubjectRegistry } from './registry';

/**
 * What happens to a received message, shared by both implementations: decode and validate it,
 * dead-letter it when unusable, run the handler in the sender's context, and decide the fate of a
 * command (ack, retry later, or dead-letter). Transports only move bytes and carry out verdicts.
 */

/** A received message as the transport hands it over. */
export interface InboundMessage {
  /** Declared subject (namespace removed). */
  subject: string;
  data: Uint8Array;
  headers: Record<string, string>;
  messageId?: string | undefined;
  deliveryCount?: number | undefined;
  /** Position in the command store. */
  sequence?: number | undefined;
}

/** What delivery needs from the transport. */
export interface DeliveryDeps {
  system: MessagingSystem;
  /** The subjects and schemas messages are checked against. */
  registry: SubjectRegistry;
  logger: Logger;
  /** Stores a dead letter durably; rejects when it cannot. */
  deadLetter(entry: DeadLetterEntry): Promise<void>;
}

/** The transport's handler type, erased to the common shape. */
export type AnyHandler = (message: BusMessage<BusRegistry>) => void | Promise<void>;

/**
 * Delivers one event to one subscriber. Never throws: malformed events are dead-lettered, handler
 * failures are logged, and events on subjects this version does not declare are skipped.
 */
export async function deliverEvent(
  deps: DeliveryDeps,
  message: InboundMessage,
  handler: AnyHandler,
  queue?: string,
): Promise<void> {
  if (!deps.registry.isEvent(message.subject)) {
    // A newer release's event reaching an older replica through a wildcard: not for this version.
    deps.logger.debug({ subject: message.subject, queue }, 'ignoring event on an undeclared subject');
    return;
  }
  const decoded = decodePayload(deps.registry, message.subject, message.data);
  if (!decoded.ok) {
    await deadLetter(deps, message, 'event', decoded.reason);
    return;
  }
  try {
    await receiveWithContext(
      { system: deps.system, subject: message.subject, headers: message.headers, group: queue },
      async () => handler(toBusMessage(message, decoded.payload)),
    );
  } catch (error) {
    deps.logger.error({ err: error, subject: message.subject, queue }, 'event handler failed');
  }
}

/** Settings of a command consumer with every default applied. */
export interface ConsumerPolicy {
  ackWaitMs: number;
  maxDeliver: number;
  concurrency: number;
  retryInitialMs: number;
  retryMaxMs: number;
}

/** What to do with a command delivery. */
export type CommandVerdict = { action: 'ack' } | { action: 'retry'; delayMs: number };

/**
 * Processes one command delivery and returns the verdict for the transport. The transport's own
 * redelivery limit must be `maxDeliver + 1`: that spare delivery only arrives when the last real
 * attempt never answered (ack wait expired, process died), and is dead-lettered here instead of
 * being dropped silently by the server.
 */
export async function deliverCommand(
  deps: DeliveryDeps,
  message: InboundMessage,
  handler: AnyHandler,
  policy: ConsumerPolicy,
  durable: string,
): Promise<CommandVerdict> {
  const count = message.deliveryCount ?? 1;
  const log = { subject: message.subject, messageId: message.messageId, deliveryCount: count, durable };
  if (count > policy.maxDeliver) {
    const reason = `no answer after ${policy.maxDeliver} deliveries (ack wait expired or consumer died)`;
    return deadLetterOrRetry(deps, message, reason, policy);
  }
  const decoded = decodePayload(deps.registry, message.subject, message.data);
  if (!decoded.ok) return deadLetterOrRetry(deps, message, decoded.reason, policy);
  try {
    await receiveWithContext(
      {
        system: deps.system,
        subject: message.subject,
        headers: message.headers,
        messageId: message.messageId,
        group: durable,
      },
      async () => handler(toBusMessage(message, decoded.payload)),
    );
    return { action: 'ack' };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    if (count >= policy.maxDeliver) {
      deps.logger.error({ ...log, err: error }, 'command handler failed on its last attempt');
      const reason = `handler failed on delivery ${count} of ${policy.maxDeliver}: ${text}`;
      return deadLetterOrRetry(deps, message, reason, policy);
    }
    const delayMs = retryDelay(count, policy);
    deps.logger.warn({ ...log, err: error, retryInMs: delayMs }, 'command handler failed; will redeliver');
    return { action: 'retry', delayMs };
  }
}

/** Applies defaults to consumer options and validates them. */
export function resolveConsumerPolicy(
  options: Omit<ConsumeOptions<BusRegistry, CommandSubjectOf<BusRegistry>>, 'handler'>,
): ConsumerPolicy {
  const policy: ConsumerPolicy = {
    ackWaitMs: options.ackWaitMs ?? 30_000,
    maxDeliver: options.maxDeliver ?? 5,
    concurrency: options.concurrency ?? 1,
    retryInitialMs: options.retryBackoff?.initialMs ?? 1_000,
    retryMaxMs: options.retryBackoff?.maxMs ?? 60_000,
  };
  for (const [key, value] of Object.entries(policy)) {
    if (!Number.isInteger(value) || value < 1) {
      throw new ValidationError(`consumer option ${key} must be a positive integer, got ${value}`);
    }
  }
  return policy;
}

function retryDelay(deliveryCount: number, policy: ConsumerPolicy): number {
  return backoffDelay(deliveryCount, policy.retryInitialMs, policy.retryMaxMs);
}

async function deadLetterOrRetry(
  deps: DeliveryDeps,
  message: InboundMessage,
  reason: string,
  policy: ConsumerPolicy,
): Promise<CommandVerdict> {
  if (await deadLetter(deps, message, 'command', reason)) return { action: 'ack' };
  return { action: 'retry', delayMs: retryDelay(message.deliveryCount ?? 1, policy) };
}

/** Stores a dead letter and logs it; false (logged) when the store failed. */
async function deadLetter(
  deps: DeliveryDeps,
  message: InboundMessage,
  kind: DeadLetter['kind'],
  reason: string,
): Promise<boolean> {
  const { subject, messageId, deliveryCount } = message;
  const log = { subject, messageId, deliveryCount, reason };
  try {
    await deps.deadLetter(buildDeadLetter(message, kind, reason));
    deps.logger.warn(log, `${kind} dead-lettered`);
    return true;
  } catch (error) {
    deps.logger.error({ ...log, err: error }, `cannot dead-letter ${kind}`);
    return false;
  }
}

function toBusMessage(message: InboundMessage, payload: unknown): BusMessage<BusRegistry> {
  return {
    subject: message.subject as SubjectOf<BusRegistry>,
    payload,
    headers: message.headers,
    ...(message.messageId !== undefined && { messageId: message.messageId }),
    ...(message.deliveryCount !== undefined && { deliveryCount: message.deliveryCount }),
  };
}
