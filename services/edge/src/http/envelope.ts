import { type AppError, InternalError, isAppError, type Logger, ValidationError } from '@modelgate/runtime';
import type { ErrorRequestHandler, Response } from 'express';

/** The `/api` response shape every client of the contract expects. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
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

/** Converts anything thrown by a route into an AppError (body-parser failures included). */
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
    const message = status >= 500 ? (status === 500 ? FAULT_MESSAGE : UNAVAILABLE_MESSAGE) : appError.message;
    res.status(status).json({ success: false, message } satisfies Envelope);
  };
}
