import { type AppError, InternalError } from '@modelgate/runtime';
import { parseErrorBody, UpstreamError } from '../upstream-error';

/**
 * OpenAI's error object, both ways: read from an OpenAI-compatible upstream's error answer into the
 * neutral {@link UpstreamError}, and written for a client that speaks OpenAI. The one place the
 * relay maps errors of this protocol.
 */

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function get(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** FastAPI-style `detail`: a string, or a list of `{msg}` validation entries. */
function detailMessage(detail: unknown): string | undefined {
  if (typeof detail === 'string') return text(detail);
  if (!Array.isArray(detail)) return undefined;
  const messages = detail.map((entry) => text(get(entry, 'msg'))).filter((msg) => msg !== undefined);
  return messages.length > 0 ? messages.join('; ') : undefined;
}

/**
 * The message of the error shapes OpenAI-compatible upstreams send, in the reference's order
 * (`dto.GeneralErrorResponse.ToMessage`): `error.message`, `error` as a string, `message`, `msg`,
 * `err`, `error_msg`, `header.message`, `response.error.message`, plus FastAPI's `detail`
 * (Xinference and other Python servers).
 */
function messageOf(body: unknown): string | undefined {
  return (
    text(get(body, 'error', 'message')) ??
    text(get(body, 'error')) ??
    text(get(body, 'message')) ??
    text(get(body, 'msg')) ??
    text(get(body, 'err')) ??
    text(get(body, 'error_msg')) ??
    text(get(body, 'header', 'message')) ??
    text(get(body, 'response', 'error', 'message')) ??
    detailMessage(get(body, 'detail'))
  );
}

/**
 * The typed error for an upstream error answer: the upstream's own message, type, code and param
 * (so clients still see `context_length_exceeded` and the like) and its status for the retry
 * policy. A body that is not JSON or carries no message (an HTML page from a proxy) becomes the
 * reference's `bad response status code N` with code `bad_response_status_code`; the body itself
 * is never shown, as it may leak infrastructure details.
 */
export function mapOpenAIError(status: number, body: Uint8Array | string): UpstreamError {
  const parsed = parseErrorBody(body);
  const message = messageOf(parsed);
  if (message === undefined) {
    return new UpstreamError({
      kind: 'upstream',
      status,
      message: `bad response status code ${status}`,
      errorType: 'upstream_error',
      errorCode: 'bad_response_status_code',
      param: String(status),
    });
  }
  return new UpstreamError({
    kind: 'upstream',
    status,
    message,
    errorType: text(get(parsed, 'error', 'type')) ?? 'upstream_error',
    errorCode: text(get(parsed, 'error', 'code')) ?? text(get(parsed, 'code')) ?? null,
    param: text(get(parsed, 'error', 'param')) ?? null,
  });
}

/**
 * The error carried by a success-status body or a stream event (`{"error": {...}}` with a
 * message or type), or undefined when the object is not an error.
 */
export function errorFromBody(status: number, body: Record<string, unknown>): UpstreamError | undefined {
  const error = body['error'];
  if (typeof error !== 'object' || error === null) return undefined;
  const message = text(get(error, 'message'));
  const type = text(get(error, 'type'));
  if (message === undefined && type === undefined) return undefined;
  return new UpstreamError({
    kind: 'upstream',
    status,
    message: message ?? type ?? 'upstream error',
    errorType: type ?? 'upstream_error',
    errorCode: text(get(error, 'code')) ?? null,
    param: text(get(error, 'param')) ?? null,
  });
}

/** The OpenAI error object every failure of an OpenAI-speaking client is answered with. */
export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** OpenAI's `type` for an HTTP status. */
function errorTypeFor(status: number): string {
  return status >= 500 ? 'server_error' : 'invalid_request_error';
}

function paramOf(error: AppError): string | null {
  const param = error.details?.['param'];
  return typeof param === 'string' ? param : null;
}

/**
 * The OpenAI error answer for an error. An upstream failure keeps the provider's own type, code
 * and param (clients branch on `context_length_exceeded` and the like); the gateway's own errors
 * carry their stable code; faults keep a generic message.
 */
export function toOpenAIError(error: AppError): { status: number; body: OpenAIErrorBody } {
  const status = error.httpStatus;
  if (error instanceof UpstreamError) {
    return {
      status,
      body: {
        error: {
          message: error.message,
          type: error.errorType ?? 'upstream_error',
          param: error.param,
          code: error.errorCode ?? error.code,
        },
      },
    };
  }
  const message = error instanceof InternalError ? 'internal server error' : error.message;
  return { status, body: { error: { message, type: errorTypeFor(status), param: paramOf(error), code: error.code } } };
}
