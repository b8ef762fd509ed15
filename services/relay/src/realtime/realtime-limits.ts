/** Limits of Realtime sessions. */
export interface RealtimeLimits {
  /** A session with no frame in either direction for this long is closed. */
  readonly idleMs: number;
  /** Largest frame either side may send (OpenAI takes audio appends of up to 15 MiB); larger ones close with 1009. */
  readonly maxFrameBytes: number;
  /** Bytes queued towards one side above which the other side's reading pauses until they drain. */
  readonly highWaterBytes: number;
  /** Time allowed for the upstream's opening handshake. */
  readonly handshakeTimeoutMs: number;
}

export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  idleMs: 10 * 60_000,
  maxFrameBytes: 16 * 1024 * 1024,
  highWaterBytes: 1024 * 1024,
  handshakeTimeoutMs: 10_000,
};

/** The close codes of a Realtime session (RFC 6455 §7.4.1). */
export const CloseCode = {
  normal: 1000,
  goingAway: 1001,
  policyViolation: 1008,
  messageTooBig: 1009,
  internalError: 1011,
} as const;

/** An `error` server event as the Realtime API sends it. */
export interface RealtimeErrorEvent {
  readonly type: 'error';
  readonly event_id: string;
  readonly error: { readonly type: string; readonly code: string; readonly message: string; readonly param: null; readonly event_id: null };
}

/** An `error` server event of the gateway's own (quota, frame size, idle, upstream failure). */
export function realtimeErrorEvent(type: string, code: string, message: string): RealtimeErrorEvent {
  return {
    type: 'error',
    event_id: `event_gw_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
    error: { type, code, message, param: null, event_id: null },
  };
}
