import type { ServerResponse } from 'node:http';
import { InternalError, isAppError, type Logger, UnsupportedOperationError } from '@modelgate/runtime';
import type { InboundCodec } from '../protocols/codecs';

/** The request id the relay's listener gave the response (the relay carries no async request context). */
function requestIdOf(res: ServerResponse): string | undefined {
  const id = res.getHeader('X-Request-Id');
  return typeof id === 'string' ? id : undefined;
}

/**
 * Answers a relay request with an error in the client's protocol (the codec's shape). The only
 * place the relay turns an error into a response; faults are logged with their cause. A 501 (an
 * API or operation not served) is the client's choice, not a fault: anyone may send as many as
 * they like, so it is logged at debug level, without a stack. When an answer has already started,
 * the response is just ended.
 */
export function sendRelayError(res: ServerResponse, error: unknown, codec: InboundCodec, logger: Logger): void {
  const appError = isAppError(error) ? error : new InternalError('internal server error', { cause: error });
  const { status, body } = codec.errorAnswer(appError);
  if (appError instanceof UnsupportedOperationError) {
    logger.debug({ code: appError.code, status, reason: appError.message, requestId: requestIdOf(res) }, 'relay request not served');
  } else if (status >= 500) {
    logger.error({ err: error, requestId: requestIdOf(res) }, 'relay request failed');
  }
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
