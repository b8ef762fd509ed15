import type { ChannelConnectionSettings } from '@modelgate/channel-types';
import type { OutboundPolicy } from '@modelgate/runtime/outbound';
import type { Dispatcher } from 'undici';
import { errors as undiciErrors, fetch as undiciFetch } from 'undici';
import type { AccessTokenGrant, TokenFetch, UpstreamRequest } from '../providers/types';
import { UpstreamError, upstreamTimeoutError, upstreamTransportError } from '../protocols/upstream-error';
import { isDroppedConnection } from '../resilience/connection-failures';
import { AccessTokenCache } from './access-tokens';
import { type UpstreamLane, UpstreamDispatchers } from './upstream-dispatchers';
import { UpstreamTargets } from './upstream-target';

/** Timeouts and pooling of the upstream calls. */
export interface UpstreamClientOptions {
  /** TCP + TLS connect timeout. */
  readonly connectTimeoutMs: number;
  /** Time allowed until the response headers arrive; 0 waits as long as the client does. */
  readonly responseTimeoutMs: number;
  /** Longest silence inside a response body (`STREAMING_TIMEOUT`); 0 disables. */
  readonly idleTimeoutMs: number;
  /**
   * Most connections open at once per upstream origin; 0 or less: no cap. A cap makes requests
   * beyond it wait for a free connection, so one busy channel of long streams would hold every
   * other request to that origin back; uncapped, each in-flight request has its own. A channel's
   * `upstream_connections` setting replaces it for that channel alone.
   */
  readonly connectionsPerOrigin: number;
  /** Certificate authorities upstream TLS connections trust (`UPSTREAM_CA_FILE` added to the system's); the system's when absent. */
  readonly ca?: readonly (string | Buffer)[];
  /** A channel's connection settings now (undefined: deleted), to close the Agents of channels gone. */
  readonly currentSettings?: (channelId: number) => ChannelConnectionSettings | undefined;
  /** The address policy every new connection is checked against (channels are set by admins). */
  readonly outbound: Pick<OutboundPolicy, 'createAgent'>;
}

/**
 * What cancels an upstream call: an AbortSignal, or any emitter of `abort` with an `aborted` flag
 * (undici takes both; a relayed call passes its `CallCancellation`, which costs less per request).
 */
export interface AbortEmitter {
  readonly aborted: boolean;
  on(event: 'abort', listener: () => void): unknown;
  once(event: 'abort', listener: () => void): unknown;
  removeListener(event: 'abort', listener: () => void): unknown;
}
export type CancelSignal = AbortSignal | AbortEmitter;

/** An upstream answer whose body is still to be read. */
export type UpstreamResponse = Dispatcher.ResponseData;

/** The pooled HTTP client of every upstream call. */
export interface UpstreamClient {
  /**
   * Sends the call; rejects with a typed `UpstreamError` (transport or timeout) when no answer
   * comes. `lane`: the channel it is sent for, whose connection settings (its own cap, HTTP/2)
   * apply; without one (or with the defaults) the call uses the shared pools.
   */
  send(request: UpstreamRequest, signal: CancelSignal, lane?: UpstreamLane): Promise<UpstreamResponse>;
  /** Sends a bodiless GET (account and balance queries); rejects like `send`. */
  get(url: string, headers: Readonly<Record<string, string>>, signal: CancelSignal, lane?: UpstreamLane): Promise<UpstreamResponse>;
  close(): Promise<void>;
}

// A connect timeout is not among them: nothing was sent, so it is a connection failure that moves
// on to the next channel (see `isConnectFailure`), not a call that may still be running upstream.
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * Idle time after which a pooled connection is closed by us: below the idle timeouts upstreams
 * and their load balancers commonly use (Node's 5 s, nginx's 75 s, cloud balancers' 60 s), so a
 * request is rarely written to a socket the other side is closing. A `Keep-Alive: timeout=N` hint
 * from the upstream is honoured up to {@link KEEP_ALIVE_MAX_MS}, minus {@link KEEP_ALIVE_MARGIN_MS}.
 */
export const KEEP_ALIVE_MS = 4_000;
const KEEP_ALIVE_MAX_MS = 60_000;
const KEEP_ALIVE_MARGIN_MS = 2_000;

/** The typed error for a failed upstream call or body read; a client abort stays as it is. */
export function toUpstreamFailure(error: unknown): UpstreamError | unknown {
  if (error instanceof undiciErrors.RequestAbortedError || (error as Error)?.name === 'AbortError') return error;
  const code = (error as { code?: string })?.code;
  if (code !== undefined && TIMEOUT_CODES.has(code)) return upstreamTimeoutError(error);
  return upstreamTransportError(error);
}

/**
 * Upstream calls over pooled keep-alive connections (undici): one pool per origin, so a
 * steady stream of requests reuses warm sockets instead of paying a handshake each. A channel
 * with connection settings of its own (a cap, HTTP/2) has pools of its own (see
 * {@link UpstreamDispatchers}). The request
 * body is the buffer the adapter built (usually the client's own bytes); the response body is
 * handed back unread so the pipeline can stream it. Each new connection is checked against the
 * outbound address policy (after DNS resolution); a pooled one is reused without a new check, so
 * the policy costs nothing per request. A refused connection is an ordinary transport failure
 * (its generic message; the refusal itself stays in the cause, for logs and the channel tests).
 * A request whose connection is dropped before any answer is sent once more on a fresh one.
 * A request carrying an access-token grant (Vertex AI's service accounts) is sent with its
 * channel's cached token, exchanged through the same Agent when there is none yet or it is due.
 */
export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const dispatchers = new UpstreamDispatchers({
    outbound: options.outbound,
    connectTimeoutMs: options.connectTimeoutMs,
    connectionsPerOrigin: options.connectionsPerOrigin,
    keepAlive: { timeout: KEEP_ALIVE_MS, maxTimeout: KEEP_ALIVE_MAX_MS, threshold: KEEP_ALIVE_MARGIN_MS },
    ...(options.ca ? { ca: options.ca } : {}),
    ...(options.currentSettings ? { currentSettings: options.currentSettings } : {}),
  });
  // Token exchanges (Vertex AI) leave through the shared Agent, so under the same address policy.
  const tokenFetch = ((input, init) => undiciFetch(input, { ...(init as object), dispatcher: dispatchers.shared })) as TokenFetch;
  const tokens = new AccessTokenCache(tokenFetch);
  /**
   * One call; when the connection it was written to is dropped before any answer (a pooled socket
   * the upstream or a balancer had closed), it is sent once more on a fresh connection, so a stale
   * socket never becomes the client's error or the channel's failure.
   */
  const targets = new UpstreamTargets();
  const dispatch = async (
    method: Dispatcher.HttpMethod,
    headers: Readonly<Record<string, string>>,
    body: Uint8Array | undefined,
    url: string,
    signal: CancelSignal,
    lane?: UpstreamLane,
  ) => {
    const { origin, path } = targets.of(url);
    const { dispatcher, multiplexed } = dispatchers.of(lane);
    // One literal (an object spread of the call costs microseconds per request).
    const request: Dispatcher.RequestOptions = {
      method,
      headers,
      body,
      origin,
      path,
      // undici listens with `on`/`removeListener` on a signal that is not an EventTarget.
      signal: signal as AbortSignal,
      headersTimeout: options.responseTimeoutMs,
      bodyTimeout: options.idleTimeoutMs,
    };
    // undici 7 keeps a call it does not consider idempotent off a busy HTTP/2 connection; the
    // relay makes its own resend decisions (below), undici never retries on its own.
    if (multiplexed) request.idempotent = true;
    try {
      return await dispatcher.request(request);
    } catch (error) {
      if (signal.aborted || !isDroppedConnection(error)) throw toUpstreamFailure(error);
    }
    try {
      return await dispatchers.resend.request({ ...request, idempotent: undefined, reset: true });
    } catch (error) {
      throw toUpstreamFailure(error);
    }
  };
  const post = (request: UpstreamRequest, headers: Readonly<Record<string, string>>, signal: CancelSignal, lane?: UpstreamLane) => {
    const method = request.method ?? 'POST';
    return dispatch(method, headers, method === 'POST' ? request.body : undefined, request.url, signal, lane);
  };
  const tokenOf = async (grant: AccessTokenGrant): Promise<string> => {
    try {
      return await tokens.accessToken(grant);
    } catch (error) {
      throw error instanceof UpstreamError ? error : toUpstreamFailure(error);
    }
  };
  /** A call with an access token: one refused as invalid (401) is tried once more with a new one. */
  const postWithToken = async (request: UpstreamRequest, grant: AccessTokenGrant, signal: CancelSignal, lane?: UpstreamLane) => {
    const token = await tokenOf(grant);
    const response = await post(request, { ...request.headers, Authorization: `Bearer ${token}` }, signal, lane);
    if (response.statusCode !== 401) return response;
    await response.body.dump();
    tokens.refused(grant, token);
    return post(request, { ...request.headers, Authorization: `Bearer ${await tokenOf(grant)}` }, signal, lane);
  };
  return {
    send(request, signal, lane) {
      return request.accessToken ? postWithToken(request, request.accessToken, signal, lane) : post(request, request.headers, signal, lane);
    },
    get: (target, headers, signal, lane) => dispatch('GET', headers, undefined, target, signal, lane),
    close: () => dispatchers.close(),
  };
}
