import type { OutboundPolicy } from '@modelgate/runtime/outbound';
import type { Dispatcher } from 'undici';
import { errors as undiciErrors, fetch as undiciFetch } from 'undici';
import type { AccessTokenGrant, TokenFetch, UpstreamRequest } from '../providers/types';
import { UpstreamError, upstreamTimeoutError, upstreamTransportError } from '../protocols/upstream-error';
import { AccessTokenCache } from './access-tokens';

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
   * other request to that origin back; uncapped, each in-flight request has its own.
   */
  readonly connectionsPerOrigin: number;
  /** The address policy every new connection is checked against (channels are set by admins). */
  readonly outbound: Pick<OutboundPolicy, 'createAgent'>;
}

/** An upstream answer whose body is still to be read. */
export type UpstreamResponse = Dispatcher.ResponseData;

/** The pooled HTTP client of every upstream call. */
export interface UpstreamClient {
  /** Sends the call; rejects with a typed `UpstreamError` (transport or timeout) when no answer comes. */
  send(request: UpstreamRequest, signal: AbortSignal): Promise<UpstreamResponse>;
  /** Sends a bodiless GET (account and balance queries); rejects like `send`. */
  get(url: string, headers: Readonly<Record<string, string>>, signal: AbortSignal): Promise<UpstreamResponse>;
  close(): Promise<void>;
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** The typed error for a failed upstream call or body read; a client abort stays as it is. */
export function toUpstreamFailure(error: unknown): UpstreamError | unknown {
  if (error instanceof undiciErrors.RequestAbortedError || (error as Error)?.name === 'AbortError') return error;
  const code = (error as { code?: string })?.code;
  if (code !== undefined && TIMEOUT_CODES.has(code)) return upstreamTimeoutError(error);
  return upstreamTransportError(error);
}

/**
 * Upstream calls over pooled keep-alive connections (undici): one pool per origin, so a
 * steady stream of requests reuses warm sockets instead of paying a handshake each. The request
 * body is the buffer the adapter built (usually the client's own bytes); the response body is
 * handed back unread so the pipeline can stream it. Each new connection is checked against the
 * outbound address policy (after DNS resolution); a pooled one is reused without a new check, so
 * the policy costs nothing per request. A refused connection is an ordinary transport failure
 * (its generic message; the refusal itself stays in the cause, for logs and the channel tests).
 * A request carrying an access-token grant (Vertex AI's service accounts) is sent with its
 * channel's cached token, exchanged through the same Agent when there is none yet or it is due.
 */
export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const agent = options.outbound.createAgent({
    connections: options.connectionsPerOrigin > 0 ? options.connectionsPerOrigin : null,
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 600_000,
    connect: { timeout: options.connectTimeoutMs },
  });
  // Token exchanges (Vertex AI) leave through the same Agent, so under the same address policy.
  const tokenFetch = ((input, init) => undiciFetch(input, { ...(init as object), dispatcher: agent })) as TokenFetch;
  const tokens = new AccessTokenCache(tokenFetch);
  const post = async (request: UpstreamRequest, headers: Readonly<Record<string, string>>, signal: AbortSignal) => {
    const url = new URL(request.url);
    try {
      return await agent.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: request.method ?? 'POST',
        headers,
        body: request.method === undefined || request.method === 'POST' ? request.body : undefined,
        signal,
        headersTimeout: options.responseTimeoutMs,
        bodyTimeout: options.idleTimeoutMs,
      });
    } catch (error) {
      throw toUpstreamFailure(error);
    }
  };
  const tokenOf = async (grant: AccessTokenGrant): Promise<string> => {
    try {
      return await tokens.accessToken(grant);
    } catch (error) {
      throw error instanceof UpstreamError ? error : toUpstreamFailure(error);
    }
  };
  /** A call with an access token: one refused as invalid (401) is tried once more with a new one. */
  const postWithToken = async (request: UpstreamRequest, grant: AccessTokenGrant, signal: AbortSignal) => {
    const token = await tokenOf(grant);
    const response = await post(request, { ...request.headers, Authorization: `Bearer ${token}` }, signal);
    if (response.statusCode !== 401) return response;
    await response.body.dump();
    tokens.refused(grant, token);
    return post(request, { ...request.headers, Authorization: `Bearer ${await tokenOf(grant)}` }, signal);
  };
  return {
    send(request, signal) {
      return request.accessToken ? postWithToken(request, request.accessToken, signal) : post(request, request.headers, signal);
    },
    async get(target, headers, signal) {
      const url = new URL(target);
      try {
        return await agent.request({
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: 'GET',
          headers,
          signal,
          headersTimeout: options.responseTimeoutMs,
          bodyTimeout: options.idleTimeoutMs,
        });
      } catch (error) {
        throw toUpstreamFailure(error);
      }
    },
    close: () => agent.close(),
  };
}
