import type { Logger } from '@modelgate/runtime';
import WebSocket, { type RawData } from 'ws';
import { CloseCode, type RealtimeErrorEvent, type RealtimeLimits, realtimeErrorEvent } from './realtime-limits';

/** What a session tells its owner. */
export interface RealtimeSessionHooks {
  /** Each text frame from the upstream, before it is forwarded (billing reads `response.done` here). */
  onServerText?(text: string): void;
  /** Both sides are closed (once). */
  onEnd?(): void;
}

/** The code a socket reports when it closed without a close frame. */
const ABNORMAL_CLOSURE = 1006;

/** Codes a close frame may carry (RFC 6455 §7.4; 1005 and 1006 are never sent). */
function sendableCode(code: number): boolean {
  return (code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999);
}

/** A close reason within the 123 bytes a close frame holds. */
function closeReason(reason: string): string {
  let text = reason;
  while (Buffer.byteLength(text) > 123) text = text.slice(0, -1);
  return text;
}

/** Closes a socket with a code and reason when they can be sent, else with none; never throws. */
function closeWith(socket: WebSocket, code: number, reason: string): void {
  if (socket.readyState === WebSocket.CLOSED) return;
  if (socket.readyState === WebSocket.CLOSING) return;
  try {
    if (sendableCode(code)) socket.close(code, closeReason(reason));
    else socket.close();
  } catch {
    socket.terminate();
  }
}

function isTooLarge(error: unknown): boolean {
  return (error as { code?: string })?.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';
}

/** Bytes of a frame as `ws` hands it over. */
function asBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

/**
 * One Realtime session: the client's websocket and the upstream's, relayed frame by frame in both
 * directions as they are (text stays text, binary stays binary; a client event the relay does not
 * understand goes on, and the upstream answers it). Reading from one side pauses while more than
 * `highWaterBytes` wait to go out to the other. A frame larger than `maxFrameBytes` closes the
 * session with 1009 (the client gets an `error` event first when the upstream sent it); a session
 * silent in both directions for `idleMs` is closed. A close on either side closes the other with
 * the same code and reason (an upstream lost without one closes the client with 1011).
 */
export class RealtimeSession {
  private idleTimer: NodeJS.Timeout | undefined;
  private ended = false;
  /** Set when the relay itself ends the session: the code and reason both sides get. */
  private ending: { code: number; reason: string } | undefined;
  readonly done: Promise<void>;
  private resolveDone!: () => void;

  constructor(
    private readonly client: WebSocket,
    private readonly upstream: WebSocket,
    private readonly limits: RealtimeLimits,
    private readonly hooks: RealtimeSessionHooks,
    private readonly logger: Logger,
  ) {
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
    client.on('message', (data, isBinary) => this.relay(data, isBinary, client, upstream));
    upstream.on('message', (data, isBinary) => {
      if (!isBinary && hooks.onServerText) {
        const buffer = asBuffer(data);
        this.readServerText(buffer.toString('utf8'));
        this.relay(buffer, false, upstream, client);
      } else this.relay(data, isBinary, upstream, client);
    });
    client.on('error', (error) => this.onSocketError('client', error));
    upstream.on('error', (error) => this.onSocketError('upstream', error));
    client.on('close', (code, reason) => this.onClose(upstream, code, reason.toString('utf8')));
    upstream.on('close', (code, reason) =>
      // An upstream gone without a close frame is the server's failure to the client.
      code === ABNORMAL_CLOSURE
        ? this.onClose(client, CloseCode.internalError, 'upstream connection lost')
        : this.onClose(client, code, reason.toString('utf8')),
    );
    if (upstream.isPaused) upstream.resume();
    this.touch();
  }

  /** Sends the client an `error` event, then closes both sides with `code`. */
  fail(event: RealtimeErrorEvent, code: number, reason: string): void {
    if (this.ending || this.ended) return;
    this.ending = { code, reason };
    if (this.client.readyState === WebSocket.OPEN) {
      this.client.send(JSON.stringify(event), () => closeWith(this.client, code, reason));
    } else closeWith(this.client, code, reason);
    closeWith(this.upstream, code, reason);
  }

  /** Closes both sides (shutdown). */
  close(code: number, reason: string): void {
    if (this.ending || this.ended) return;
    this.ending = { code, reason };
    closeWith(this.client, code, reason);
    closeWith(this.upstream, code, reason);
  }

  private readServerText(text: string): void {
    try {
      this.hooks.onServerText?.(text);
    } catch (err) {
      this.logger.error({ err }, 'realtime server event could not be read');
    }
  }

  private relay(data: RawData, isBinary: boolean, from: WebSocket, to: WebSocket): void {
    this.touch();
    if (to.readyState !== WebSocket.OPEN || this.ending) return;
    to.send(data, { binary: isBinary }, () => {
      if (from.isPaused && to.bufferedAmount <= this.limits.highWaterBytes / 2) from.resume();
    });
    if (to.bufferedAmount > this.limits.highWaterBytes) from.pause();
  }

  private onSocketError(side: 'client' | 'upstream', error: Error): void {
    if (isTooLarge(error)) {
      const message = `A ${side === 'client' ? 'client' : 'server'} event exceeded the largest frame the gateway relays (${this.limits.maxFrameBytes} bytes).`;
      // ws has already answered the sender with 1009; the other side learns why.
      if (side === 'upstream') this.fail(realtimeErrorEvent('server_error', 'message_too_large', message), CloseCode.messageTooBig, 'message too big');
      else {
        this.ending ??= { code: CloseCode.messageTooBig, reason: 'message too big' };
        closeWith(this.upstream, CloseCode.messageTooBig, 'message too big');
      }
      return;
    }
    this.logger.debug({ err: error, side }, 'realtime socket error');
    if (side === 'upstream') {
      this.fail(realtimeErrorEvent('server_error', 'upstream_error', 'the upstream connection failed'), CloseCode.internalError, 'upstream error');
    } else closeWith(this.upstream, CloseCode.goingAway, 'client error');
  }

  private onClose(other: WebSocket, code: number, reason: string): void {
    if (this.ending) closeWith(other, this.ending.code, this.ending.reason);
    else closeWith(other, code, reason);
    if (this.client.readyState === WebSocket.CLOSED && this.upstream.readyState === WebSocket.CLOSED) this.end();
    else {
      // The other side's close handshake gets a moment, then its socket is cut.
      const cut = setTimeout(() => {
        other.terminate();
      }, 5_000);
      cut.unref();
      other.once('close', () => clearTimeout(cut));
    }
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.hooks.onEnd?.();
    this.resolveDone();
  }

  private touch(): void {
    if (this.ended || this.limits.idleMs <= 0) return;
    if (this.idleTimer) this.idleTimer.refresh();
    else {
      this.idleTimer = setTimeout(() => {
        this.fail(
          realtimeErrorEvent('invalid_request_error', 'session_idle_timeout', `The session was idle for ${Math.round(this.limits.idleMs / 1000)} seconds.`),
          CloseCode.normal,
          'idle timeout',
        );
      }, this.limits.idleMs);
      this.idleTimer.unref();
    }
  }
}
