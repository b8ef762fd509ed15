import { type AppError, GrpcCode, InternalError } from '@modelgate/runtime';
import { parseErrorBody, UpstreamError } from '../upstream-error';
import { fieldOf } from '../usage';
import type { GeminiErrorBody } from './wire';

/**
 * Google's error object, both ways: read from a Gemini upstream's error answer into the neutral
 * {@link UpstreamError}, and written for a client that speaks Gemini, as `{error: {code, message,
 * status}}` with the canonical status names Google's SDKs and clients branch on. The one place the
 * relay maps errors of this protocol.
 */

/** Google's canonical status names (google.rpc.Code), by gRPC code. */
const STATUS_NAMES: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(GrpcCode).map(([name, code]) => [code, name]),
);
const CANONICAL_STATUSES: ReadonlySet<string> = new Set([...Object.keys(GrpcCode), 'DATA_LOSS', 'OUT_OF_RANGE']);

/** The canonical status Google answers an HTTP status with. */
export function geminiStatusFor(httpStatus: number): string {
  switch (httpStatus) {
    case 400:
    case 413:
    case 415:
    case 422:
      return 'INVALID_ARGUMENT';
    case 401:
      return 'UNAUTHENTICATED';
    case 402:
    case 403:
      return 'PERMISSION_DENIED';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'ABORTED';
    case 429:
      return 'RESOURCE_EXHAUSTED';
    case 499:
      return 'CANCELLED';
    case 501:
      return 'UNIMPLEMENTED';
    case 502:
    case 503:
    case 529:
      return 'UNAVAILABLE';
    case 504:
    case 524:
      return 'DEADLINE_EXCEEDED';
    default:
      return httpStatus >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION';
  }
}

const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';

/**
 * Google answers a key it does not know (or one that expired) with 400 `INVALID_ARGUMENT` and an
 * `ErrorInfo` whose reason is `API_KEY_INVALID`, and a call without any key with 403
 * `PERMISSION_DENIED`; Gemini clients branch on these, so the gateway's own key refusals read alike.
 */
function keyRefusal(error: AppError, message: string): { status: number; body: GeminiErrorBody } | undefined {
  if (error.code === 'missing_api_key') {
    return { status: 403, body: { error: { code: 403, message, status: 'PERMISSION_DENIED' } } };
  }
  if (error.code === 'invalid_api_key' || error.code === 'token_expired') {
    const details = [{ '@type': ERROR_INFO, reason: 'API_KEY_INVALID', domain: 'googleapis.com' }];
    return { status: 400, body: { error: { code: 400, message, status: 'INVALID_ARGUMENT', details } } };
  }
  return undefined;
}

/**
 * The Gemini error answer for an error. An upstream failure keeps the provider's message, and its
 * status name when it gave one of Google's (`RESOURCE_EXHAUSTED` from a Gemini upstream; an OpenAI
 * upstream's `insufficient_quota` becomes the name for its HTTP status); the gateway's own errors
 * are named by their meaning; faults keep a generic message.
 */
export function toGeminiError(error: AppError): { status: number; body: GeminiErrorBody } {
  const status = error.httpStatus;
  const message = error instanceof InternalError ? 'internal server error' : error.message;
  const refusal = keyRefusal(error, message);
  if (refusal) return refusal;
  let name: string;
  if (error instanceof UpstreamError) {
    name = error.errorType && CANONICAL_STATUSES.has(error.errorType) ? error.errorType : geminiStatusFor(status);
  } else {
    const own = STATUS_NAMES[error.grpcCode];
    name = own === undefined || own === 'UNKNOWN' || own === 'OK' ? geminiStatusFor(status) : own;
  }
  return { status, body: { error: { code: status, message, status: name } } };
}

// ---- upstream answers -------------------------------------------------------------------------

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The `reason` of the first `ErrorInfo` among an error's details (`API_KEY_INVALID`, …). */
function reasonOf(details: unknown): string | undefined {
  if (!Array.isArray(details)) return undefined;
  for (const detail of details) {
    if (typeof detail === 'object' && detail !== null && text((detail as Record<string, unknown>)['reason'])) {
      return (detail as Record<string, string>)['reason'];
    }
  }
  return undefined;
}

/**
 * The error a Google-shaped object carries (`{error: {code, message, status}}`, also as the first
 * element of a list, the way a JSON-array stream reports one), or undefined when it carries none.
 * The status name becomes the error type, an `ErrorInfo` reason the error code. Under a success
 * status (an error sent mid-stream) the error's own `code` is its status.
 */
export function geminiErrorOf(status: number, value: unknown): UpstreamError | undefined {
  const object = Array.isArray(value) ? value[0] : value;
  if (typeof object !== 'object' || object === null) return undefined;
  const error = (object as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const fields = error as Record<string, unknown>;
  const message = text(fields['message']);
  const name = text(fields['status']);
  if (message === undefined && name === undefined) return undefined;
  // A success status carrying an error (a stream's chunk) takes the error's own code.
  const code = fields['code'];
  const effective = status < 400 && typeof code === 'number' && code >= 400 && code <= 599 ? code : status < 400 ? 500 : status;
  return new UpstreamError({
    kind: 'upstream',
    status: effective,
    message: message ?? name ?? 'upstream error',
    errorType: name ?? geminiStatusFor(effective),
    errorCode: reasonOf(fields['details']) ?? null,
  });
}

/**
 * The typed error of a Gemini upstream's error answer. A body without Google's error object (a
 * proxy's HTML page) becomes `bad response status code N`; the body itself is never shown, as it
 * may leak infrastructure details.
 */
export function mapGeminiError(status: number, body: Uint8Array | string): UpstreamError {
  const known = geminiErrorOf(status, parseErrorBody(body));
  if (known) return known;
  return new UpstreamError({
    kind: 'upstream',
    status,
    message: `bad response status code ${status}`,
    errorType: geminiStatusFor(status),
    errorCode: 'bad_response_status_code',
  });
}

/**
 * A prompt Gemini refused outright (`promptFeedback.blockReason`, and no candidate at all): there
 * is no answer to deliver, so it is the client's request that failed, as a 400 naming the reason.
 */
export function blockedPromptError(value: unknown): UpstreamError | undefined {
  const reason = fieldOf(fieldOf(value, 'promptFeedback'), 'blockReason');
  if (typeof reason !== 'string' || reason === '') return undefined;
  const candidates = fieldOf(value, 'candidates');
  if (Array.isArray(candidates) && candidates.length > 0) return undefined;
  return new UpstreamError({
    kind: 'upstream',
    status: 400,
    message: `the prompt was blocked by the upstream (blockReason ${reason})`,
    errorType: 'INVALID_ARGUMENT',
    errorCode: 'prompt_blocked',
  });
}
