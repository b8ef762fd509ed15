import { AppError, GrpcCode } from '@modelgate/runtime';
import { isConnectFailure } from '../resilience/connection-failures';

/**
 * How an attempt at an upstream failed:
 * - `upstream`: the provider answered with an error status or an error body;
 * - `transport`: no answer at all (connection refused or reset, DNS, TLS);
 * - `timeout`: the provider did not answer, or stopped streaming, in time.
 *
 * Gateway-local failures (validation, pricing, quota) are plain `AppError`s, never this class.
 */
export type UpstreamFailureKind = 'upstream' | 'transport' | 'timeout';

/** Fields of an {@link UpstreamError}. */
export interface UpstreamErrorInit {
  readonly kind: UpstreamFailureKind;
  /**
   * HTTP status of the failure as the retry policy sees it: the provider's status (after the
   * channel's `status_code_mapping`), 502 for transport failures, 504 for timeouts.
   */
  readonly status: number;
  /** The provider's message (or ours for transport failures and unreadable bodies). */
  readonly message: string;
  /** The provider's error `type` (`invalid_request_error`, `insufficient_quota`, …). */
  readonly errorType?: string | null;
  /** The provider's error `code` (`invalid_api_key`, `context_length_exceeded`, …), as text. */
  readonly errorCode?: string | null;
  /** The provider's error `param`. */
  readonly param?: string | null;
  /** Seconds the provider asked to wait before the next call (its `Retry-After`), when it said. */
  readonly retryAfterSeconds?: number;
  /** No connection could be opened (refused, DNS, TLS): nothing reached the provider. */
  readonly connectFailure?: boolean;
  readonly cause?: unknown;
}

/** gRPC code for an upstream status, so an upstream failure crossing a service keeps its meaning. */
function grpcCodeFor(status: number): GrpcCode {
  if (status === 400) return GrpcCode.INVALID_ARGUMENT;
  if (status === 401) return GrpcCode.UNAUTHENTICATED;
  if (status === 403) return GrpcCode.PERMISSION_DENIED;
  if (status === 404) return GrpcCode.NOT_FOUND;
  if (status === 429) return GrpcCode.RESOURCE_EXHAUSTED;
  if (status === 504 || status === 524) return GrpcCode.DEADLINE_EXCEEDED;
  if (status >= 500) return GrpcCode.UNAVAILABLE;
  return GrpcCode.UNKNOWN;
}

/**
 * A failed attempt at an upstream provider, with the provider's own message. `status` is what
 * the retry and auto-disable policies read; `httpStatus` is what the client gets: the same
 * status when it is a 4xx/5xx, otherwise 502 (an upstream "200 with an error body" or a stray
 * 3xx is not a success the client should see). `code` is the provider's error code when it gave
 * one (so clients keep branching on `context_length_exceeded` and the like), else
 * `upstream_error`.
 */
export class UpstreamError extends AppError {
  readonly kind: UpstreamFailureKind;
  readonly status: number;
  readonly errorType: string | null;
  readonly errorCode: string | null;
  readonly param: string | null;
  /** The provider's `Retry-After` in seconds; the client gets it on a 429 and the breaker waits it out. */
  readonly retryAfterSeconds: number | undefined;
  /** No connection could be opened: the next candidate is tried whatever `RetryTimes` says. */
  readonly connectFailure: boolean;

  constructor(init: UpstreamErrorInit) {
    const httpStatus = init.status >= 400 && init.status <= 599 ? init.status : 502;
    super(init.errorCode || 'upstream_error', init.message, httpStatus, grpcCodeFor(httpStatus), {
      cause: init.cause,
    });
    this.kind = init.kind;
    this.status = init.status;
    this.errorType = init.errorType ?? null;
    this.errorCode = init.errorCode ?? null;
    this.param = init.param ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.connectFailure = init.connectFailure === true;
  }

  /** The fields of this failure, to build a changed copy from. */
  private fields(): UpstreamErrorInit {
    return {
      kind: this.kind,
      status: this.status,
      message: this.message,
      errorType: this.errorType,
      errorCode: this.errorCode,
      param: this.param,
      ...(this.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: this.retryAfterSeconds }),
      connectFailure: this.connectFailure,
      cause: this.cause,
    };
  }

  /** The same failure with the provider's `Retry-After` (seconds) attached. */
  withRetryAfter(seconds: number | undefined): UpstreamError {
    if (seconds === undefined || seconds === this.retryAfterSeconds) return this;
    return new UpstreamError({ ...this.fields(), retryAfterSeconds: seconds });
  }

  /** The same failure seen with another status (after the channel's `status_code_mapping`). */
  withStatus(status: number): UpstreamError {
    if (status === this.status) return this;
    return new UpstreamError({ ...this.fields(), status });
  }
}

/**
 * The upstream could not be reached. The message stays generic on purpose (the cause, logged by
 * the pipeline, may name internal addresses); retried on another channel like a 5xx.
 */
export function upstreamTransportError(cause: unknown): UpstreamError {
  return new UpstreamError({
    kind: 'transport',
    status: 502,
    message: 'failed to reach the upstream provider',
    errorType: 'upstream_error',
    errorCode: 'upstream_unreachable',
    connectFailure: isConnectFailure(cause),
    cause,
  });
}

/** The upstream did not answer (or stopped streaming) in time; like a 504, never retried. */
export function upstreamTimeoutError(cause?: unknown): UpstreamError {
  return new UpstreamError({
    kind: 'timeout',
    status: 504,
    message: 'the upstream provider did not respond in time',
    errorType: 'upstream_error',
    errorCode: 'upstream_timeout',
    cause,
  });
}

/**
 * What a client is told when the provider refused the gateway's own credentials (401, 403): an
 * upstream fault (502), never the client's `invalid_api_key`, which would send users hunting for a
 * problem with their own key. The provider's message stays in the cause (it may quote the key).
 */
export function upstreamCredentialsRejected(failure: UpstreamError): UpstreamError {
  return new UpstreamError({
    kind: 'upstream',
    status: 502,
    message:
      `the upstream provider rejected the gateway's credentials for this channel (HTTP ${failure.status}); ` +
      'your own API key is fine: an administrator must fix the channel',
    errorType: 'upstream_error',
    errorCode: 'upstream_auth_failed',
    cause: failure,
  });
}

/** The upstream's stream stopped before its end (a cut connection, an idle timeout). */
export function upstreamInterruptedError(cause?: unknown): UpstreamError {
  return new UpstreamError({
    kind: 'transport',
    status: 502,
    message: 'the upstream stream ended before the answer was complete',
    errorType: 'upstream_error',
    errorCode: 'upstream_stream_interrupted',
    cause,
  });
}

/** Error bodies larger than this are not parsed (an HTML page from a proxy, a runaway body). */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** An upstream error answer's body as JSON, or undefined when it is not (or too large to be one). */
export function parseErrorBody(body: Uint8Array | string): unknown {
  const length = typeof body === 'string' ? body.length : body.byteLength;
  if (length === 0 || length > MAX_ERROR_BODY_BYTES) return undefined;
  const source = typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  try {
    return JSON.parse(source);
  } catch {
    return undefined;
  }
}
