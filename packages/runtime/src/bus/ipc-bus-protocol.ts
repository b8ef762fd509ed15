import { ConflictError, isAppError, UnavailableError, ValidationError } from '../errors';
import type { ConsumerSpec } from './bus-base';
import type { DeadLetter, DeadLetterEntry } from './dead-letter';
import type { InboundMessage } from './delivery';

/**
 * The messages a bus carried over an IPC channel exchanges with the bus it is bridged to (a
 * cluster worker's bus and the primary's in-process bus). Every message is a plain object that
 * Node's `advanced` IPC serialization (the structured clone) carries unchanged, `Uint8Array`
 * bodies included, and is tagged so it is told apart from other traffic on the same channel.
 */
export const IPC_BUS_TAG = 'modelgate.bus';

/** A two-way message channel: a cluster worker's `process`, or the primary's `Worker` object. */
export interface BusChannel {
  /** Sends one message; one sent after the other side is gone is dropped. */
  send(message: IpcBusMessage): void;
  /** Calls `listener` with every message received; returns the function that stops it. */
  onMessage(listener: (message: unknown) => void): () => void;
  /** Calls `listener` once the other side is gone (the channel disconnected). */
  onClose(listener: () => void): () => void;
  /** False once the channel has disconnected. */
  readonly connected: boolean;
}

/** A transport primitive the bridged side asks the bus to carry out. */
export type IpcBusRequest =
  | { op: 'event'; subject: string; data: Uint8Array; headers: Record<string, string> }
  | { op: 'command'; subject: string; data: Uint8Array; headers: Record<string, string>; messageId: string }
  | { op: 'subscribe'; intake: number; pattern: string; queue: string | undefined }
  | { op: 'consume'; intake: number; spec: ConsumerSpec }
  | { op: 'readLetters'; intake: number; pattern: string }
  | { op: 'backlog'; subject: string; durable: string }
  | { op: 'deadLetter'; entry: DeadLetterEntry }
  | { op: 'stop'; intake: number }
  | { op: 'detach' };

/** An error as it crosses the channel: the class is restored by name on the other side. */
export interface WireError {
  name: string;
  message: string;
  code?: string;
}

export type IpcBusMessage = { tag: typeof IPC_BUS_TAG } & (
  | { kind: 'request'; id: number; request: IpcBusRequest }
  | { kind: 'reply'; id: number; ok: true; value?: unknown }
  | { kind: 'reply'; id: number; ok: false; error: WireError }
  | { kind: 'event'; intake: number; message: InboundMessage }
  | { kind: 'delivery'; intake: number; delivery: number; message: InboundMessage }
  | { kind: 'verdict'; delivery: number; action: 'ack' | 'retry'; delayMs: number }
  | { kind: 'letter'; intake: number; letter: DeadLetter }
);

/** True for a message of this protocol. */
export function isIpcBusMessage(message: unknown): message is IpcBusMessage {
  return typeof message === 'object' && message !== null && (message as { tag?: unknown }).tag === IPC_BUS_TAG;
}

export function toWireError(error: unknown): WireError {
  if (isAppError(error)) return { name: error.name, message: error.message, code: error.code };
  return { name: 'Error', message: error instanceof Error ? error.message : String(error) };
}

/** The error a caller of the bus would have seen in the bridged bus's own process. */
export function fromWireError(wire: WireError): Error {
  const options = wire.code === undefined ? {} : { code: wire.code };
  switch (wire.name) {
    case 'UnavailableError':
      return new UnavailableError(wire.message, options);
    case 'ConflictError':
      return new ConflictError(wire.message, options);
    case 'ValidationError':
      return new ValidationError(wire.message, options);
    default:
      return new Error(wire.message);
  }
}
