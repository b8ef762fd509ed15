import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { OutboundPolicy } from '@modelgate/runtime/outbound';
import { OutboundAddressRefusedError } from '@modelgate/runtime/outbound';
import WebSocket from 'ws';
import { UpstreamError, upstreamTimeoutError, upstreamTransportError } from '../protocols/upstream-error';
import { fieldOf } from '../protocols/usage';
import type { RealtimeLimits } from './realtime-limits';
import type { RealtimeUpstreamTarget } from './realtime-upstream';

/** Most bytes of a refused handshake's body read for its error message. */
const REFUSAL_BODY_LIMIT = 64 * 1024;

/** The upstream's refusal of the handshake (its status and OpenAI error object) as an UpstreamError. */
async function refusalOf(res: IncomingMessage): Promise<UpstreamError> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > REFUSAL_BODY_LIMIT) break;
      chunks.push(chunk);
    }
  } catch {
    // A body cut short still has its status.
  }
  let error: unknown;
  try {
    error = fieldOf(JSON.parse(Buffer.concat(chunks).toString('utf8')), 'error');
  } catch {
    error = undefined;
  }
  const text = (name: string) => {
    const value = fieldOf(error, name);
    return typeof value === 'string' ? value : value === undefined || value === null ? null : String(value);
  };
  const status = res.statusCode ?? 502;
  return new UpstreamError({
    kind: 'upstream',
    status,
    message: text('message') ?? `the upstream refused the websocket with status ${status}`,
    errorType: text('type') ?? 'upstream_error',
    errorCode: text('code'),
    param: text('param'),
  });
}

/**
 * Opens the upstream websocket of a session. The connection obeys the outbound address policy
 * (the name's addresses are checked where it is resolved; an address literal before dialing).
 * Resolves with the socket paused (the session resumes it once it listens).
 * Rejects with an UpstreamError: the upstream's own status and message when it refused the
 * handshake, a transport failure when it could not be reached, a timeout when it did not answer.
 */
export function openUpstreamSocket(
  target: RealtimeUpstreamTarget,
  outbound: Pick<OutboundPolicy, 'lookup' | 'permits'>,
  limits: Pick<RealtimeLimits, 'handshakeTimeoutMs' | 'maxFrameBytes'>,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const host = new URL(target.url).hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host) !== 0 && !outbound.permits(host)) {
      reject(upstreamTransportError(new OutboundAddressRefusedError(host, host)));
      return;
    }
    const options: WebSocket.ClientOptions & { lookup: LookupFunction } = {
      headers: { ...target.headers },
      handshakeTimeout: limits.handshakeTimeoutMs,
      maxPayload: limits.maxFrameBytes,
      perMessageDeflate: false,
      followRedirects: false,
      lookup: outbound.lookup,
    };
    const socket = new WebSocket(target.url, options);
    const settle = () => {
      socket.off('open', onOpen);
      socket.off('error', onError);
      socket.off('unexpected-response', onRefused);
    };
    const onOpen = () => {
      settle();
      // Server events sent at once (`session.created`) wait until the session is there to read them.
      socket.pause();
      resolve(socket);
    };
    const onError = (error: Error) => {
      settle();
      socket.on('error', () => undefined);
      reject(/timed out/i.test(error.message) ? upstreamTimeoutError(error) : upstreamTransportError(error));
    };
    const onRefused = (_req: unknown, res: IncomingMessage) => {
      settle();
      socket.on('error', () => undefined);
      void refusalOf(res).then((error) => {
        socket.terminate();
        reject(error);
      });
    };
    socket.on('open', onOpen);
    socket.on('error', onError);
    socket.on('unexpected-response', onRefused);
  });
}
