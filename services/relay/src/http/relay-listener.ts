import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { type Logger, NotFoundError, REQUEST_ID_HEADER, requestIdFrom, runWithRequestContext } from '@modelgate/runtime';
import { sendOpenAIError } from './openai-error';

export interface RelayListenerDeps {
  logger: Logger;
}

/**
 * The relay's HTTP entry point: a bare `node:http` listener (the hot path does not pay for a
 * framework). It owns the paths of `RELAY_PATH_PREFIXES`; a path no endpoint serves is answered
 * with OpenAI's own 404 shape, "Invalid URL (METHOD /path)".
 */
export function createRelayListener(deps: RelayListenerDeps): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    res.setHeader('X-Request-Id', requestId);
    runWithRequestContext({ requestId }, () => {
      const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
      // Drain the body so keep-alive connections stay usable after an early answer.
      req.resume();
      sendOpenAIError(
        res,
        new NotFoundError(`Invalid URL (${req.method ?? 'GET'} ${pathname})`, { code: 'invalid_url' }),
        deps.logger,
      );
    });
  };
}
