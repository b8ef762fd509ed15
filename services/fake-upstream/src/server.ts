// The fake upstream's HTTP server: reads each request, records it, finds its programmed
// behaviour (headers, then rules) and answers after the programmed latency.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeHeaderError, behaviourFromHeaders } from './behaviour-headers';
import { DEFAULT_AWS_KEYS, type AwsKeys } from './aws-signature';
import { apiKeyOf } from './credentials';
import { answer, modelOf, type Received } from './dispatch';
import {
  DEFAULT_GEMINI_API_KEYS,
  DEFAULT_GOOGLE_TOKEN_LIFETIME_SECONDS,
  DEFAULT_GOOGLE_TOKEN_PATH,
  GoogleCredentials,
} from './google-credentials';
import { listenPlain, listenTls } from './listener';
import { multipartBoundary, parseMultipart } from './multipart';
import { DEFAULT_ANTHROPIC_MODELS } from './responders/anthropic-models';
import { DEFAULT_GEMINI_MODELS } from './responders/gemini-models';
import { DEFAULT_MODELS } from './responders/misc';
import { ALWAYS_STREAMING, MULTIPART_ENDPOINTS, resolveRoute, type Route } from './routes';
import { createRealtimeServer } from './realtime-server';
import { ResponseStore } from './responses-store';
import { RuleBook } from './rules';
import type { FakeBehaviour, FakeBehaviourSource, FakeMatcher, FakeRequest, FakeRule, FakeRuleOptions } from './types';

/** Options of {@link startFakeUpstream}. */
export interface FakeUpstreamOptions {
  /** Port to listen on (default 0: any free port). */
  port?: number;
  /** Interface to bind (default 127.0.0.1). */
  host?: string;
  /** Whether to keep the request log `requests` (default true; load tests turn it off). */
  record?: boolean;
  /** Most requests kept in the log; older ones are dropped first (default 10 000). */
  maxRecorded?: number;
  /** The models `GET /v1/models` lists (default {@link DEFAULT_MODELS}). */
  models?: readonly string[];
  /**
   * The models `GET /v1/models` lists to a request with `anthropic-version`
   * (default {@link DEFAULT_ANTHROPIC_MODELS}).
   */
  anthropicModels?: readonly string[];
  /**
   * The AWS access keys Bedrock requests may be signed with: access key id → secret access key
   * (default {@link DEFAULT_AWS_KEYS}, `{ AKIAFAKEFAKEFAKE: 'fake-secret-key' }`).
   */
  aws?: AwsKeys;
  /** The Gemini API keys accepted (default {@link DEFAULT_GEMINI_API_KEYS}, `['AIzaFakeGeminiKey']`). */
  geminiApiKeys?: readonly string[];
  /** The models Gemini's `GET /models` lists (default {@link DEFAULT_GEMINI_MODELS}). */
  geminiModels?: readonly string[];
  /** The path of Google's OAuth token endpoint (default `/token`). */
  googleTokenPath?: string;
  /** Seconds the access tokens it issues live (default 3600; settable later on `google`). */
  googleTokenLifetimeSeconds?: number;
  /** The keys the Realtime WebSocket accepts (default: any key; a handshake without one gets 401). */
  realtimeApiKeys?: readonly string[];
  /**
   * Serve HTTPS, with HTTP/2 and HTTP/1.1 chosen by ALPN, on a self-signed certificate for
   * `localhost`, `127.0.0.1` and `::1` made with openssl at start (default false: plain HTTP/1.1).
   */
  tls?: boolean;
}

/** A running fake upstream. */
export interface FakeUpstream {
  /** Origin, e.g. `http://127.0.0.1:41234`; OpenAI clients use `${url}/v1` as base URL. */
  readonly url: string;
  readonly port: number;
  /**
   * With `tls`: the PEM file of the self-signed certificate, to trust as a certificate authority
   * (undici's `connect.ca`, `NODE_EXTRA_CA_CERTS`, the relay's `UPSTREAM_CA_FILE`); removed on close.
   */
  readonly certFile?: string;
  /**
   * Programs the answer to requests matching `matcher` (by path, model, API key…). Rules apply in
   * the order they were added, each for `options.times` requests (default: unlimited); a rule's
   * fields win over the request's `x-fake-*` headers.
   */
  program(
    matcher: FakeMatcher | ((request: FakeRequest) => boolean),
    behaviour: FakeBehaviourSource,
    options?: FakeRuleOptions,
  ): FakeRule;
  /**
   * Google's credentials: the Gemini API keys accepted (`addApiKey`), the service accounts the
   * token endpoint exchanges JWTs of (`createServiceAccount`, `addServiceAccount`), the access
   * tokens issued (`tokenExchanges`, `issuedTokens`, `expireTokens()`, `tokenLifetimeSeconds`).
   */
  readonly google: GoogleCredentials;
  /**
   * The Responses API's stored responses, kept per API key (so two channels with different keys
   * on one fake behave like two upstreams); `reset()` empties it.
   */
  readonly responses: ResponseStore;
  /** The requests received, oldest first (one live array; `reset()` empties it in place). */
  readonly requests: readonly FakeRequest[];
  /** Forgets every rule, every recorded request and every stored response. */
  reset(): void;
  /**
   * Closes every keep-alive connection that is idle right now, as an upstream or its load
   * balancer does when its idle timeout strikes.
   */
  closeIdleConnections(): void;
  /** Stops listening and drops every open connection. */
  close(): Promise<void>;
}

const TOKEN_ROUTE: Route = { endpoint: 'google-token', provider: 'google-oauth' };
const NO_BEHAVIOUR: FakeBehaviour = Object.freeze({});
const NO_FIELDS: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;
const EMPTY = Buffer.alloc(0);

interface Parsed {
  fields: Record<string, unknown>;
  value: unknown;
  problem: string | undefined;
}

const JSON_PROBLEM =
  'We could not parse the JSON body of your request. (HINT: This likely means you aren\'t using your HTTP library ' +
  'correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)';

/** Reads a body as the route expects it: multipart for the audio uploads, a URL-encoded form, else JSON. */
function parseBody(raw: Buffer, contentType: string | undefined, route: Route | undefined): Parsed {
  if (raw.length === 0) return { fields: NO_FIELDS, value: undefined, problem: undefined };
  const boundary = multipartBoundary(contentType);
  if (boundary !== undefined) {
    const form = parseMultipart(raw, boundary);
    return form === undefined
      ? { fields: NO_FIELDS, value: raw.toString('latin1'), problem: 'Could not parse the multipart form.' }
      : { fields: form, value: form, problem: undefined };
  }
  if (route !== undefined && MULTIPART_ENDPOINTS.has(route.endpoint)) {
    return { fields: NO_FIELDS, value: raw.toString('utf8'), problem: 'Expected a multipart/form-data body.' };
  }
  const text = raw.toString('utf8');
  if (contentType?.startsWith('application/x-www-form-urlencoded') === true) {
    const form = Object.fromEntries(new URLSearchParams(text));
    return { fields: form, value: form, problem: undefined };
  }
  // JSON whatever the content type says; a body that is not JSON is a problem only when it
  // claims to be (or claims nothing).
  try {
    const value: unknown = JSON.parse(text);
    const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
    return { fields: isObject ? (value as Record<string, unknown>) : NO_FIELDS, value, problem: undefined };
  } catch {
    const claimsJson = contentType === undefined || contentType.includes('json');
    return { fields: NO_FIELDS, value: text, problem: claimsJson ? JSON_PROBLEM : undefined };
  }
}

// From the raw list: reading `req.headers` would build the whole header object per request.
const contentTypeOf = (raw: readonly string[]): string | undefined => {
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.length === 12 && raw[i]!.toLowerCase() === 'content-type') return raw[i + 1];
  }
  return undefined;
};

const queryOf = (url: string, at: number): Record<string, string> =>
  at < 0 ? {} : Object.fromEntries(new URLSearchParams(url.slice(at + 1)));

/** Starts a fake upstream; resolves once it listens. */
export async function startFakeUpstream(options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const recording = options.record ?? true;
  const maxRecorded = options.maxRecorded ?? 10_000;
  if (!(maxRecorded >= 1)) throw new RangeError(`maxRecorded must be at least 1, got ${maxRecorded}`);
  const models = options.models ?? DEFAULT_MODELS;
  const anthropicModels = options.anthropicModels ?? DEFAULT_ANTHROPIC_MODELS;
  const aws = options.aws ?? DEFAULT_AWS_KEYS;
  const google = new GoogleCredentials(
    options.geminiApiKeys ?? DEFAULT_GEMINI_API_KEYS,
    options.googleTokenPath ?? DEFAULT_GOOGLE_TOKEN_PATH,
    options.googleTokenLifetimeSeconds ?? DEFAULT_GOOGLE_TOKEN_LIFETIME_SECONDS,
  );
  const geminiModels = options.geminiModels ?? DEFAULT_GEMINI_MODELS;
  const rules = new RuleBook();
  const responses = new ResponseStore();
  const requests: FakeRequest[] = [];
  const tag = randomBytes(6).toString('base64url');
  let seq = 0;

  const onBody = (
    req: IncomingMessage,
    res: ServerResponse,
    raw: Buffer,
    headerBehaviour: FakeBehaviour | undefined,
    headerProblem: string | undefined,
  ): void => {
    const n = ++seq;
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const route = method === 'POST' && path === google.tokenPath ? TOKEN_ROUTE : resolveRoute(method, path);
    const parsed = parseBody(raw, contentTypeOf(req.rawHeaders), route);
    let record: FakeRequest | undefined;
    let behaviour = headerBehaviour;
    let programProblem = headerProblem;
    if (recording || !rules.empty) {
      const query = queryOf(url, q);
      record = {
        seq: n,
        method,
        url,
        path,
        query,
        headers: req.headers,
        apiKey: apiKeyOf(req.headers) ?? query.key,
        body: parsed.value,
        model: modelOf(parsed.fields, route),
        deployment: route?.deployment,
        apiVersion: query['api-version'],
        stream:
          (route !== undefined && ALWAYS_STREAMING.has(route.endpoint)) ||
          (route?.provider !== 'bedrock' && parsed.fields.stream === true),
        receivedAt: Date.now(),
        chunksSent: 0,
        outcome: 'pending',
      };
      if (recording) {
        if (requests.length >= maxRecorded) requests.shift();
        requests.push(record);
      }
      try {
        const programmed = rules.empty ? undefined : rules.take(record);
        if (programmed !== undefined) behaviour = { ...behaviour, ...programmed };
      } catch (error) {
        programProblem ??= `a programmed rule threw: ${error instanceof Error ? error.message : String(error)}`;
      }
      const entry = record;
      res.once('close', () => {
        if (entry.outcome === 'pending') entry.outcome = res.writableFinished ? 'completed' : 'client-aborted';
      });
    }
    const received: Received = {
      res,
      method,
      path,
      req,
      route,
      raw,
      fields: parsed.fields,
      bodyProblem: parsed.problem,
      programProblem,
      behaviour: behaviour ?? NO_BEHAVIOUR,
      record,
      uid: `${tag}${n.toString(36)}`,
      models,
      anthropicModels,
      aws,
      google,
      geminiModels,
      responses,
    };
    const latency = received.behaviour.latencyMs ?? 0;
    if (latency > 0 && programProblem === undefined) {
      const timer = setTimeout(answer, latency, received);
      res.once('close', () => clearTimeout(timer));
    } else {
      answer(received);
    }
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    let headerBehaviour: FakeBehaviour | undefined;
    let headerProblem: string | undefined;
    try {
      headerBehaviour = behaviourFromHeaders(req.rawHeaders);
    } catch (error) {
      if (!(error instanceof FakeHeaderError)) throw error;
      headerProblem = error.message;
    }
    let first: Buffer | undefined;
    let more: Buffer[] | undefined;
    req.on('data', (chunk: Buffer) => {
      if (first === undefined) first = chunk;
      else (more ??= [first]).push(chunk);
    });
    req.on('end', () => {
      const raw = more !== undefined ? Buffer.concat(more) : (first ?? EMPTY);
      onBody(req, res, raw, headerBehaviour, headerProblem);
    });
  };
  const listener = options.tls ? await listenTls(handle) : listenPlain(handle);
  const server = listener.server;
  const realtime = createRealtimeServer({
    apiKeys: options.realtimeApiKeys,
    admit: (req, handshake) => {
      const n = ++seq;
      const uid = `${tag}${n.toString(36)}`;
      let behaviour: FakeBehaviour | undefined;
      let problem: string | undefined;
      try {
        behaviour = behaviourFromHeaders(req.rawHeaders);
      } catch (error) {
        if (!(error instanceof FakeHeaderError)) throw error;
        problem = error.message;
      }
      if (!recording && rules.empty) return { record: undefined, behaviour: behaviour ?? NO_BEHAVIOUR, problem, uid };
      const url = req.url ?? '/';
      const record: FakeRequest = {
        seq: n,
        method: req.method ?? 'GET',
        url,
        path: handshake.path,
        query: handshake.query,
        headers: req.headers,
        apiKey: handshake.apiKey,
        body: undefined,
        model: handshake.model,
        deployment: handshake.deployment,
        apiVersion: handshake.query['api-version'],
        stream: true,
        receivedAt: Date.now(),
        chunksSent: 0,
        outcome: 'pending',
        events: [],
      };
      if (recording) {
        if (requests.length >= maxRecorded) requests.shift();
        requests.push(record);
      }
      try {
        const programmed = rules.empty ? undefined : rules.take(record);
        if (programmed !== undefined) behaviour = { ...behaviour, ...programmed };
      } catch (error) {
        problem ??= `a programmed rule threw: ${error instanceof Error ? error.message : String(error)}`;
      }
      return { record, behaviour: behaviour ?? NO_BEHAVIOUR, problem, uid };
    },
  });
  server.on('upgrade', realtime.handleUpgrade);

  const listening = new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A port that cannot be had leaves no certificate files behind.
  await listening.catch(async (error: unknown) => {
    await listener.closeAllConnections();
    throw error;
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `${listener.scheme}://${host}:${address.port}`;
  google.tokenUri = `${origin}${google.tokenPath}`;

  return {
    url: origin,
    port: address.port,
    ...(listener.certFile === undefined ? {} : { certFile: listener.certFile }),
    program: (matcher, behaviour, ruleOptions) => rules.add(matcher, behaviour, ruleOptions),
    google,
    responses,
    requests,
    reset: () => {
      rules.clear();
      responses.clear();
      requests.length = 0;
    },
    closeIdleConnections: () => listener.closeIdleConnections(),
    close: async () => {
      const closed = new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      });
      realtime.close();
      await listener.closeAllConnections();
      await closed;
    },
  };
}
