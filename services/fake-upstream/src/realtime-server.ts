// The Realtime API's WebSocket endpoint: `GET /v1/realtime?model=…` (also `/openai/v1/realtime`)
// and Azure's `/openai/realtime?api-version=…&deployment=…`, upgraded by `ws`. The key comes from
// `Authorization: Bearer`, Azure's `api-key`, or a browser client's `openai-insecure-api-key.<key>`
// subprotocol (offered next to `realtime`, the one the fake picks). A refused handshake answers
// HTTP with an OpenAI error body, as the real endpoint does.
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { apiKeyOf } from './credentials';
import { errorKindForStatus, invalidRequest, type OpenAiError, providerError } from './errors';
import { RealtimeSession } from './realtime-session';
import { API_KEY_SUBPROTOCOL_PREFIX, BETA_SUBPROTOCOL, REALTIME_SUBPROTOCOL } from './realtime-vocabulary';
import type { FakeBehaviour, FakeRequest } from './types';

/** What the server knows of a handshake before admitting it. */
export interface RealtimeHandshake {
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly apiKey: string | undefined;
  readonly model: string | undefined;
  readonly deployment: string | undefined;
}

/** A handshake recorded and programmed like any request. */
export interface Admitted {
  readonly record: FakeRequest | undefined;
  readonly behaviour: FakeBehaviour;
  /** A malformed programming header or a failing rule. */
  readonly problem: string | undefined;
  readonly uid: string;
}

export interface RealtimeOptions {
  /** The keys accepted; any key when undefined. */
  readonly apiKeys: readonly string[] | undefined;
  /** Records the handshake and finds its behaviour (headers, then rules). */
  admit(req: IncomingMessage, handshake: RealtimeHandshake): Admitted;
}

const REALTIME_PATHS: ReadonlySet<string> = new Set(['/v1/realtime', '/openai/v1/realtime', '/openai/realtime']);

/** The offered subprotocols (`sec-websocket-protocol`), trimmed. */
const offeredProtocols = (req: IncomingMessage): string[] =>
  (req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');

/** Answers a handshake with an HTTP error and drops the socket. */
function refuse(socket: Duplex, status: number, body: OpenAiError | { error: { code: string; message: string } }): void {
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
  );
}

/** The Realtime endpoint: `handleUpgrade` for the HTTP server's `upgrade` event, `close` to drop every session. */
export function createRealtimeServer(options: RealtimeOptions): {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): void;
} {
  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => (protocols.has(REALTIME_SUBPROTOCOL) ? REALTIME_SUBPROTOCOL : false),
  });

  const open = (req: IncomingMessage, socket: Duplex, head: Buffer, model: string, admitted: Admitted): void => {
    if (socket.destroyed) return;
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      const { record } = admitted;
      ws.on('close', (code) => {
        if (record === undefined) return;
        record.closeCode = code;
        if (record.outcome === 'pending') record.outcome = 'completed';
      });
      const beta = req.headers['openai-beta'] === 'realtime=v1' || offeredProtocols(req).includes(BETA_SUBPROTOCOL);
      new RealtimeSession({ socket: ws, model, behaviour: admitted.behaviour, record, uid: admitted.uid, beta });
    });
  };

  const handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    if (!REALTIME_PATHS.has(path)) {
      return refuse(socket, 404, invalidRequest(`Invalid URL (GET ${path})`));
    }
    const query = Object.fromEntries(url.searchParams);
    const azure = path === '/openai/realtime';
    const deployment = azure ? query.deployment : undefined;
    const model = azure ? deployment : query.model;
    const keyProtocol = offeredProtocols(req).find((p) => p.startsWith(API_KEY_SUBPROTOCOL_PREFIX));
    const apiKey = apiKeyOf(req.headers) ?? keyProtocol?.slice(API_KEY_SUBPROTOCOL_PREFIX.length);
    const admitted = options.admit(req, { path, query, apiKey, model, deployment });
    const { behaviour: b, problem } = admitted;
    const record = admitted.record;
    const refuseRecorded: typeof refuse = (...args) => {
      refuse(...args);
      if (record !== undefined && record.outcome === 'pending') record.outcome = 'completed';
    };
    if (problem !== undefined) {
      return refuseRecorded(socket, 400, invalidRequest(`fake-upstream: ${problem}`, null, 'fake_upstream_misprogrammed'));
    }
    if (azure && query['api-version'] === undefined) {
      return refuseRecorded(socket, 404, { error: { code: '404', message: 'Resource not found' } });
    }
    if (apiKey === undefined || apiKey === '') {
      return refuseRecorded(
        socket,
        401,
        invalidRequest(
          "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
        ),
      );
    }
    if (options.apiKeys !== undefined && !options.apiKeys.includes(apiKey)) {
      const { status, body } = providerError('invalid_api_key', model ?? 'unknown', apiKey);
      return refuseRecorded(socket, status, body);
    }
    // With `streamErrorAfter`, the programmed error comes in a response instead.
    if ((b.error !== undefined || (b.status !== undefined && b.status >= 400)) && b.streamErrorAfter === undefined) {
      const kind = b.error ?? errorKindForStatus(b.status!);
      const { status, body } = providerError(kind, model ?? 'unknown', apiKey, b.status, b.errorMessage);
      return refuseRecorded(socket, status, body);
    }
    if (model === undefined || model === '') {
      const param = azure ? 'deployment' : 'model';
      return refuseRecorded(socket, 400, invalidRequest(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter'));
    }
    if (b.latencyMs !== undefined && b.latencyMs > 0) {
      let waiting = true;
      const timer = setTimeout(() => {
        waiting = false;
        open(req, socket, head, model, admitted);
      }, b.latencyMs);
      socket.once('close', () => {
        if (!waiting) return;
        clearTimeout(timer);
        if (record !== undefined && record.outcome === 'pending') record.outcome = 'client-aborted';
      });
    } else {
      open(req, socket, head, model, admitted);
    }
  };

  return {
    handleUpgrade,
    close: () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
