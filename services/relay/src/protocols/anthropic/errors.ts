import { type AppError, InternalError } from '@modelgate/runtime';
import { parseErrorBody, UpstreamError } from '../upstream-error';

/**
 * Anthropic's error object, both ways: read from an Anthropic (or Bedrock) upstream's error answer
 * into the neutral {@link UpstreamError}, and written for a client that speaks Anthropic, with the
 * error types and statuses the official SDK's error classes expect. The one place the relay maps
 * errors of this protocol.
 */

/** `{type: "error", error: {type, message}}`, as Anthropic answers and streams errors. */
export interface AnthropicErrorBody {
  type: 'error';
  error: { type: string; message: string };
}

/** Anthropic's error types (https://docs.anthropic.com/en/api/errors). */
const ANTHROPIC_ERROR_TYPES = new Set([
  'invalid_request_error',
  'authentication_error',
  'billing_error',
  'permission_error',
  'not_found_error',
  'request_too_large',
  'rate_limit_error',
  'api_error',
  'timeout_error',
  'overloaded_error',
]);

/** Anthropic's error type for an HTTP status. */
export function anthropicErrorType(status: number): string {
  switch (status) {
    case 400:
    case 415:
    case 422:
      return 'invalid_request_error';
    case 401:
      return 'authentication_error';
    case 402:
      return 'billing_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 413:
      return 'request_too_large';
    case 429:
      return 'rate_limit_error';
    case 504:
      return 'timeout_error';
    case 529:
      return 'overloaded_error';
    default:
      return status >= 500 ? 'api_error' : 'invalid_request_error';
  }
}

/**
 * The Anthropic error answer for an error. An upstream failure keeps the provider's message, and
 * its type when that is one of Anthropic's (an OpenAI upstream's `context_length_exceeded` becomes
 * `invalid_request_error` by its status); faults keep a generic message.
 */
export function toAnthropicError(error: AppError): { status: number; body: AnthropicErrorBody } {
  const status = error.httpStatus;
  const message = error instanceof InternalError ? 'internal server error' : error.message;
  const own = error instanceof UpstreamError ? error.errorType : null;
  const type = own && ANTHROPIC_ERROR_TYPES.has(own) ? own : anthropicErrorType(status);
  return { status, body: { type: 'error', error: { type, message } } };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The error an Anthropic-shaped object carries (`{type: "error", error: {type, message}}`), if any. */
export function anthropicErrorOf(status: number, value: unknown): UpstreamError | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const error = (value as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const type = text((error as { type?: unknown }).type);
  const message = text((error as { message?: unknown }).message);
  if (type === undefined && message === undefined) return undefined;
  return new UpstreamError({
    kind: 'upstream',
    status,
    message: message ?? type ?? 'upstream error',
    errorType: type ?? anthropicErrorType(status),
  });
}

/**
 * The typed error of an Anthropic upstream's error answer. A body without Anthropic's error
 * object (a proxy's HTML page) becomes `bad response status code N`; the body itself is never
 * shown, as it may leak infrastructure details.
 */
export function mapAnthropicError(status: number, body: Uint8Array | string): UpstreamError {
  const known = anthropicErrorOf(status, parseErrorBody(body));
  if (known) return known;
  return new UpstreamError({
    kind: 'upstream',
    status,
    message: `bad response status code ${status}`,
    errorType: anthropicErrorType(status),
    errorCode: 'bad_response_status_code',
  });
}
