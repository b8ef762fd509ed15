import type { ServerResponse } from 'node:http';
import { type AppError, InternalError, isAppError, type Logger } from '@modelgate/runtime';
import { UpstreamError } from '../providers/upstream-error';

/** The OpenAI error object every `/v1` failure is answered with. */
export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** OpenAI's `type` for an HTTP status. */
function errorType(status: number): string {
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

function paramOf(error: AppError): string | null {
  const param = error.details?.['param'];
  return typeof param === 'string' ? param : null;
}

/**
 * Builds the OpenAI error body for an error. An upstream failure keeps the provider's own type,
 * code and param (clients branch on `context_length_exceeded` and the like); the gateway's own
 * errors carry their stable code; faults keep a generic message.
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
  return { status, body: { error: { message, type: errorType(status), param: paramOf(error), code: error.code } } };
}

/**
 * Answers a relay request with the OpenAI error object. The only place the relay turns an error
 * into a response; faults are logged with their cause.
 */
export function sendOpenAIError(res: ServerResponse, error: unknown, logger: Logger): void {
  const appError = isAppError(error) ? error : new InternalError('internal server error', { cause: error });
  const { status, body } = toOpenAIError(appError);
  if (status >= 500) logger.error({ err: error }, 'relay request failed');
  if (res.headersSent) {
    res.end();
    return;
  }
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
  });
  res.end(payload);
}
