import type { ServerResponse } from 'node:http';
import { type AppError, InternalError, isAppError, type Logger } from '@modelgate/runtime';

/**
 * Errors of the task endpoints, in the shapes their clients read: Midjourney-Proxy's
 * `{code, description, result, properties}` (codes as Midjourney-Proxy's ReturnCode: 3 not found,
 * 4 validation error, 9 failure, 23 refused for lack of quota) and Suno's `{code, message, data}`.
 * The only two places the task endpoints turn an error into an answer.
 */
export type TaskProtocolName = 'midjourney' | 'suno';

/** Midjourney-Proxy's return code for an error of the gateway. */
function mjCode(error: AppError): number {
  if (error.httpStatus === 404 || error.code === 'task_not_found') return 3;
  if (error.httpStatus === 403 && error.code.includes('quota')) return 23;
  if (error.httpStatus >= 400 && error.httpStatus < 500) return 4;
  return 9;
}

/** An upstream refusal passed on as the upstream worded it (HTTP 200, the upstream's code). */
export class UpstreamTaskRefusal extends Error {
  constructor(
    readonly httpStatus: number,
    readonly body: unknown,
  ) {
    super('upstream refused the task');
  }
}

function write(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload) });
  res.end(payload);
}

/** Answers a task endpoint's error in its protocol's shape; faults (5xx) are logged. */
export function sendTaskError(res: ServerResponse, error: unknown, protocol: TaskProtocolName, logger: Logger): void {
  if (error instanceof UpstreamTaskRefusal) {
    write(res, error.httpStatus, error.body);
    return;
  }
  const appError = isAppError(error) ? error : new InternalError('internal server error', { cause: error });
  if (appError.httpStatus >= 500) logger.error({ err: error }, 'task request failed');
  if (protocol === 'midjourney') {
    write(res, appError.httpStatus, {
      code: mjCode(appError),
      description: appError.message,
      result: null,
      properties: { error_code: appError.code },
    });
  } else {
    write(res, appError.httpStatus, { code: appError.code, message: appError.message, data: null });
  }
}

/** Writes a JSON answer (the task endpoints' successes). */
export function sendTaskJson(res: ServerResponse, status: number, body: unknown): void {
  write(res, status, body);
}
