import { type IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from '@modelgate/runtime';
import { sendRelayError } from '../http/send-error';
import { codecFor } from '../protocols/codecs';

/**
 * Refuses a websocket upgrade with an ordinary HTTP answer: the error object in OpenAI's shape and
 * its status (401 for a bad key, 403 without quota, …), written by the relay's one error writer;
 * the connection is closed after it.
 */
export function refuseUpgrade(req: IncomingMessage, socket: Duplex, error: unknown, logger: Logger): void {
  if (socket.destroyed) return;
  const res = new ServerResponse(req);
  res.shouldKeepAlive = false;
  res.assignSocket(socket as Socket);
  res.once('finish', () => {
    res.detachSocket(socket as Socket);
    socket.end();
  });
  sendRelayError(res, error, codecFor('openai'), logger);
}
