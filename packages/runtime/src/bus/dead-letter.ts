import { createHash } from 'node:crypto';
import type { InboundMessage } from './delivery';

/**
 * A message that could not be processed, kept on `modelgate.dlq.<original subject>` for operators
 * (and tests) to inspect or replay. Holds the raw bytes exactly as received.
 */
export interface DeadLetter {
  /** The original subject (not namespaced). */
  readonly subject: string;
  readonly kind: 'event' | 'command';
  /** Why it was dead-lettered: decode failure, schema failure or the last handler error. */
  readonly reason: string;
  /** The original body, unchanged. */
  readonly data: Uint8Array;
  /** The original headers. */
  readonly headers: Readonly<Record<string, string>>;
  readonly messageId?: string;
  /** Deliveries made before giving up (commands). */
  readonly deliveryCount?: number;
  /** ISO-8601 time it was dead-lettered. */
  readonly deadLetteredAt: string;
}

/** A dead letter and the id that de-duplicates it in the dead-letter store. */
export interface DeadLetterEntry {
  letter: DeadLetter;
  /**
   * Commands: the stream sequence, so a dead letter re-sent after a lost ack is stored once.
   * Events: a hash of subject and body, so the copies of one bad event that every replica
   * receives are stored once.
   */
  dedupId: string;
}

/** Builds the dead letter for `message`. */
export function buildDeadLetter(
  message: InboundMessage,
  kind: DeadLetter['kind'],
  reason: string,
): DeadLetterEntry {
  const letter: DeadLetter = {
    subject: message.subject,
    kind,
    reason,
    data: message.data,
    headers: { ...message.headers },
    ...(message.messageId !== undefined && { messageId: message.messageId }),
    ...(message.deliveryCount !== undefined && { deliveryCount: message.deliveryCount }),
    deadLetteredAt: new Date().toISOString(),
  };
  const dedupId =
    kind === 'command' && message.sequence !== undefined
      ? `cmd-${message.sequence}`
      : `${kind}-${createHash('sha256').update(`${message.subject}\n`).update(message.data).digest('hex')}`;
  return { letter, dedupId };
}

/** Wire form of a dead letter: JSON, with the body in base64 (and as text when it is UTF-8). */
interface DeadLetterWire extends Omit<DeadLetter, 'data'> {
  data: string;
  text?: string;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Encodes a dead letter for the dead-letter stream; readable with `nats stream view`. */
export function encodeDeadLetter(letter: DeadLetter): Uint8Array {
  const wire: DeadLetterWire = { ...letter, data: Buffer.from(letter.data).toString('base64') };
  try {
    wire.text = strictUtf8.decode(letter.data);
  } catch {
    // Not UTF-8: the base64 form alone carries it.
  }
  return Buffer.from(JSON.stringify(wire));
}

/** Decodes a dead letter written by `encodeDeadLetter`; undefined for anything else. */
export function decodeDeadLetter(data: Uint8Array): DeadLetter | undefined {
  try {
    const wire = JSON.parse(Buffer.from(data).toString('utf8')) as DeadLetterWire;
    const { text: _text, data: body, ...rest } = wire;
    if (typeof rest.subject !== 'string' || typeof rest.reason !== 'string' || typeof body !== 'string') {
      return undefined;
    }
    return { ...rest, data: new Uint8Array(Buffer.from(body, 'base64')) };
  } catch {
    return undefined;
  }
}
