import {
  type AppError,
  AuthenticationError,
  InternalError,
  isAppError,
  type Logger,
  type MalformedHttpAnswer,
  NotFoundError,
  PermissionDeniedError,
  RateLimitedError,
  ValidationError,
} from '@modelgate/runtime';
import type { ErrorRequestHandler, Response } from 'express';

/** The `/api` response shape every client of the contract expects. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
}

/**
 * Headers beside a failure's envelope: the error's stable code (snake_case, never reworded) and,
 * when the message has variable parts (a field, a bound), those parts as URI-encoded JSON. The
 * console shows the message in the user's language by them (ADR 0028); the body stays the
 * reference's `{success, message}` (its wording), so clients written for it see no change.
 */
export const MESSAGE_CODE_HEADER = 'Modelgate-Message-Code';
export const MESSAGE_PARAMS_HEADER = 'Modelgate-Message-Params';

/** Sets the message headers of a failure answered with `code` (and `params`, when there are any). */
export function setMessageHeaders(res: Response, code: string, params?: Record<string, unknown>): void {
  res.setHeader(MESSAGE_CODE_HEADER, code);
  if (params === undefined) return;
  const encoded = encodeURIComponent(JSON.stringify(params));
  // Kept well inside any proxy's header limit; the console then shows the server's own text.
  if (encoded.length <= 2048) res.setHeader(MESSAGE_PARAMS_HEADER, encoded);
}

/** Stable code of the error raised for a path that no `/api` route serves. */
export const ROUTE_NOT_FOUND = 'route_not_found';

/** Answers with `{success: true, message, data}`. With the two below, the only places an envelope is built on success paths. */
export function sendOk<T>(res: Response, data: T, message = ''): void {
  res.status(200).json({ success: true, message, data } satisfies Envelope<T>);
}

/**
 * Answers with `{success: true, message, data, ...extra}`: the few responses of the contract that
 * carry fields beside `data` (e.g. `/api/pricing`'s `group_ratio` and `usable_group`). `extra`
 * cannot replace the envelope's own fields.
 */
export function sendOkWith<T>(res: Response, data: T, extra: Record<string, unknown>, message = ''): void {
  res.status(200).json({ ...extra, success: true, message, data } satisfies Envelope<T>);
}

/**
 * Answers with an outcome the called service reported rather than raised, e.g. a channel test
 * that reached the provider and failed: `{success, message, data, ...extra}`, HTTP 200.
 */
export function sendOutcome<T>(res: Response, outcome: { success: boolean; message: string; data: T }, extra: Record<string, unknown> = {}): void {
  res.status(200).json({ ...extra, success: outcome.success, message: outcome.message, data: outcome.data } satisfies Envelope<T>);
}

/**
 * The HTTP status an error travels with on `/api`. The contract keeps business and validation
 * failures at HTTP 200 with `success: false` (clients written for it branch on `success`), and
 * uses real statuses only for: not signed in (401), rate limited (429), no such route (404), and
 * faults (5xx).
 */
export function envelopeStatus(error: AppError): number {
  if (error.code === ROUTE_NOT_FOUND) return 404;
  if (error.httpStatus === 401 || error.httpStatus === 429 || error.httpStatus >= 500) {
    return error.httpStatus;
  }
  return 200;
}

/** Message shown for faults; the cause is logged with the request id, never sent. */
const FAULT_MESSAGE = 'internal server error, please contact the administrator';
const UNAVAILABLE_MESSAGE = 'service temporarily unavailable, please retry later';

/**
 * The status of an error that Express, its router or body-parser raised for the request itself
 * (http-errors' `status`/`statusCode`), when it is a client error (4xx); undefined otherwise.
 */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const value = typeof status === 'number' ? status : statusCode;
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value < 500 ? value : undefined;
}

/** A client error (4xx) raised outside the routes, as the AppError of its status. */
function clientError(status: number, error: unknown): AppError {
  const options = { cause: error };
  switch (status) {
    case 401:
      return new AuthenticationError('not signed in', options);
    case 403:
      return new PermissionDeniedError('forbidden', options);
    case 404:
      return new NotFoundError('not found', options);
    case 429:
      return new RateLimitedError('too many requests, please retry later', options);
  }
  if (error instanceof URIError) {
    return new ValidationError('malformed percent-encoding in the request path', { code: 'invalid_path', ...options });
  }
  return new ValidationError('malformed request', { code: 'bad_request', ...options });
}

/**
 * Converts anything thrown by a route into an AppError. Errors that Express, the router and
 * body-parser raise for a bad request (a malformed JSON body or path, an unsupported charset or
 * encoding, a corrupt compressed body: all carrying a status below 500) are client errors here,
 * answered like every other one; anything else unknown is a fault.
 */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const parserType = (error as { type?: unknown } | null)?.type;
  if (parserType === 'entity.parse.failed') {
    return new ValidationError('invalid JSON in request body', { code: 'invalid_json', cause: error });
  }
  if (parserType === 'entity.too.large') {
    return new ValidationError('request body too large', { code: 'body_too_large', cause: error });
  }
  if (typeof parserType === 'string' && parserType.startsWith('encoding.')) {
    return new ValidationError('unsupported request body encoding', { code: 'invalid_body', cause: error });
  }
  if (parserType === 'charset.unsupported') {
    return new ValidationError('unsupported request body charset: send UTF-8', { code: 'invalid_body', cause: error });
  }
  const status = clientErrorStatus(error);
  if (status !== undefined) return clientError(status, error);
  return new InternalError(FAULT_MESSAGE, { cause: error });
}

/**
 * The one error handler of `/api`: every thrown error becomes an envelope here. Faults are
 * logged with their cause; their message to the client stays generic.
 */
export function createEnvelopeErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const appError = toAppError(error);
    const status = envelopeStatus(appError);
    if (status >= 500) {
      logger.error({ err: error, method: req.method, path: req.path }, 'request failed');
    }
    const fault = status >= 500;
    const message = fault ? (status === 500 ? FAULT_MESSAGE : UNAVAILABLE_MESSAGE) : appError.message;
    if (fault) setMessageHeaders(res, status === 500 ? 'internal' : 'unavailable');
    else setMessageHeaders(res, appError.code, appError.details);
    // For the request's metrics: a refusal, whatever HTTP status the envelope answers with.
    res.locals.refused = true;
    res.status(status).json({ success: false, message } satisfies Envelope);
  };
}

/** The envelope for a request Node's parser refused (an oversized head, a malformed request line). */
export const envelopeForMalformedHttp: MalformedHttpAnswer = ({ message }) => ({
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify({ success: false, message } satisfies Envelope),
});
