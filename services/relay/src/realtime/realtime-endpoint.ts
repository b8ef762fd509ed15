import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { NotFoundError, QuotaExceededError, runWithRequestContext, newRequestId, ValidationError } from '@modelgate/runtime';
import type { OutboundPolicy } from '@modelgate/runtime/outbound';
import WebSocket, { WebSocketServer } from 'ws';
import { checkModelAllowed } from '../auth/token-checks';
import { authenticateCall } from '../pipeline/authenticate-call';
import { checkBalanceBeforeBody } from '../pipeline/balance-precheck';
import type { RelayDeps } from '../pipeline/relay-deps';
import { pickAvoidingOpenCircuits } from '../resilience/healthy-pick';
import { pickChannel, resolvePinnedChannel, selectChannel, type SnapshotChannel } from '../routing';
import { CloseCode, type RealtimeLimits, realtimeErrorEvent } from './realtime-limits';
import { connectRealtime, type RealtimeConnection } from './realtime-attempts';
import { type BalanceHints, type HoldOwner, type RealtimeCaller, RealtimeMeter } from './realtime-meter';
import { priceRealtime } from './realtime-pricing';
import { RealtimeSession } from './realtime-session';
import { servesRealtime } from './realtime-upstream';
import { finishedResponseOf } from './realtime-usage';
import { refuseUpgrade } from './upgrade-refusal';

/** The path of OpenAI's Realtime API. */
export const REALTIME_PATH = '/v1/realtime';
/** The subprotocol the Realtime API answers with (OpenAI's SDKs offer it beside their key). */
const REALTIME_SUBPROTOCOL = 'realtime';
/** The subprotocol a browser client offers to speak the beta protocol (it cannot send `OpenAI-Beta`). */
const BETA_SUBPROTOCOL = 'openai-beta.realtime-v1';

/**
 * The `OpenAI-Beta` header the upstream gets: the client's own, or `realtime=v1` when it offered
 * the beta subprotocol; none for the GA protocol.
 */
export function betaHeaderOf(req: Pick<IncomingMessage, 'headers'>): string | undefined {
  const sent = req.headers['openai-beta'];
  const value = Array.isArray(sent) ? sent[0] : sent;
  if (value?.trim()) return value.trim();
  const offered = req.headers['sec-websocket-protocol'];
  const protocols = (Array.isArray(offered) ? offered.join(',') : (offered ?? '')).split(',').map((element) => element.trim());
  return protocols.includes(BETA_SUBPROTOCOL) ? 'realtime=v1' : undefined;
}

/** What the Realtime endpoint needs besides the data plane's dependencies. */
export interface RealtimeDeps extends RelayDeps {
  /** The outbound address policy the upstream websockets obey. */
  readonly outbound: Pick<OutboundPolicy, 'lookup' | 'permits'>;
  readonly realtimeLimits: RealtimeLimits;
}

/** The Realtime endpoint: the server's `upgrade` handler and the sessions it runs. */
export interface RealtimeEndpoint {
  /** For `server.on('upgrade', …)`: serves `GET /v1/realtime`, refuses any other upgrade. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every open session (shutdown) and resolves once their holds are refunded. */
  closeAll(): Promise<void>;
}

/** The subprotocol answered: `realtime` when offered, else the first one (a client that offers some needs one back). */
export function chooseSubprotocol(protocols: ReadonlySet<string>): string | false {
  if (protocols.has(REALTIME_SUBPROTOCOL)) return REALTIME_SUBPROTOCOL;
  const [first] = protocols;
  return first ?? false;
}

/** The session's channel: the pinned one, else a pick among the group's OpenAI and Azure channels. */
function sessionChannel(deps: RelayDeps, group: string, model: string, pinnedChannelId: number | undefined): SnapshotChannel {
  const snapshot = deps.channels.snapshot();
  if (pinnedChannelId !== undefined) return resolvePinnedChannel(snapshot, String(pinnedChannelId), model, servesRealtime);
  if (!deps.channels.knowsModel(model)) {
    throw new NotFoundError(`The model \`${model}\` does not exist or you do not have access to it.`, {
      code: 'model_not_found',
      details: { param: 'model' },
    });
  }
  const pick = { group, model, attempt: 0 };
  // Channels whose circuit breaker is open are skipped while another can serve.
  return pickAvoidingOpenCircuits(
    deps.circuits,
    servesRealtime,
    (filter) => pickChannel(snapshot, { ...pick, accepts: filter }, deps.random),
    (filter) => selectChannel(snapshot, { ...pick, accepts: filter }, deps.random),
  )!;
}

/**
 * `GET /v1/realtime?model=…` over WebSocket. Before the upgrade: the token (Bearer key or the
 * `openai-insecure-api-key.<key>` subprotocol) and its checks, the model and its limits, the
 * balance, a channel of the group that speaks Realtime (OpenAI, Azure), the price, the hold of the
 * first response, and the upstream's own websocket; any refusal is an HTTP answer with OpenAI's
 * error object. Then the session is relayed frame by frame and each `response.done` charged as it
 * arrives; a session whose balance runs out gets an `error` event and is closed.
 */
export function createRealtimeEndpoint(deps: RealtimeDeps): RealtimeEndpoint {
  const { logger, realtimeLimits: limits } = deps;
  const server = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: limits.maxFrameBytes,
    handleProtocols: (protocols) => chooseSubprotocol(protocols),
  });
  const sessions = new Map<RealtimeSession, RealtimeMeter>();
  const ending = new Set<Promise<void>>();

  const open = async (req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://relay');
    if (url.pathname !== REALTIME_PATH) throw new NotFoundError(`Invalid URL (GET ${url.pathname})`, { code: 'invalid_url' });
    if (req.method !== 'GET' || req.headers.upgrade?.toLowerCase() !== 'websocket' || !req.headers['sec-websocket-key']) {
      throw new ValidationError('/v1/realtime is a WebSocket endpoint: connect with a GET and Upgrade: websocket', { code: 'websocket_required' });
    }
    const auth = await authenticateCall(req, url.pathname, deps);
    const model = url.searchParams.get('model')?.trim();
    if (!model) throw new ValidationError('model is required: /v1/realtime?model=…', { code: 'invalid_request', details: { param: 'model' } });
    checkModelAllowed(auth.token, model);
    checkBalanceBeforeBody(auth.user, auth.token);
    const first = sessionChannel(deps, auth.group, model, auth.pinnedChannelId);
    const price = priceRealtime(deps.options.priceTable(), model, auth.group, auth.user.role, deps.options.preConsumedQuota());
    const owner: HoldOwner = { userId: auth.user.id, tokenId: auth.token.id, tokenUnlimited: auth.token.unlimited_quota };
    const tokenKey = auth.token.key;
    const hints = async (): Promise<BalanceHints> => {
      const current = await deps.credentials.lookup(tokenKey);
      const user = current?.user ?? auth.user;
      const token = current?.token ?? auth.token;
      return { userQuota: user.quota, tokenRemain: token.remain_quota };
    };
    const hold = await RealtimeMeter.admitFirst(deps.admitter, price, owner, { userQuota: auth.user.quota, tokenRemain: auth.token.remain_quota });
    let connection: RealtimeConnection;
    try {
      connection = await connectRealtime(
        { group: auth.group, model, first, pinned: auth.pinnedChannelId !== undefined, query: url.searchParams, openaiBeta: betaHeaderOf(req) },
        deps,
      );
    } catch (error) {
      await deps.admitter.refund(hold.requestId, hold.admission);
      throw error;
    }
    const { channel, upstream, upstreamModel, usedChannels } = connection;
    const caller: RealtimeCaller = { ...owner, group: auth.group, channelId: channel.id, usedChannels, upstreamModel };
    const meter = new RealtimeMeter({ admitter: deps.admitter, usage: deps.usage, logger, hints }, price, caller, hold);
    let started = false;
    const abandon = () => {
      if (started) return;
      upstream.terminate();
      void meter.end().catch((err: unknown) => logger.warn({ err }, 'realtime hold refund failed'));
    };
    if (socket.destroyed) return abandon();
    // A handshake ws refuses (a bad key or version) closes the socket without a session.
    socket.once('close', abandon);
    server.handleUpgrade(req, socket, head, (client) => {
      started = true;
      socket.off('close', abandon);
      start(client, upstream, meter);
    });
  };

  const start = (client: WebSocket, upstream: WebSocket, meter: RealtimeMeter): void => {
    let session: RealtimeSession | undefined;
    const closing = (error: Error) => {
      const quota = error instanceof QuotaExceededError;
      session?.fail(
        realtimeErrorEvent(quota ? 'insufficient_quota' : 'server_error', quota ? error.code : 'billing_unavailable', error.message),
        quota ? CloseCode.policyViolation : CloseCode.internalError,
        quota ? 'insufficient quota' : 'billing unavailable',
      );
    };
    session = new RealtimeSession(
      client,
      upstream,
      limits,
      {
        onServerText: (text) => {
          meter.serverEvent();
          const finished = finishedResponseOf(text);
          if (finished) {
            void meter.responseDone(finished).then((refusal) => {
              if (refusal) closing(refusal);
            });
          }
        },
        onEnd: () => {
          sessions.delete(session!);
          const ended = meter.end().catch((err: unknown) => logger.warn({ err }, 'realtime hold refund failed'));
          ending.add(ended);
          void ended.finally(() => ending.delete(ended));
        },
      },
      logger,
    );
    sessions.set(session, meter);
  };

  return {
    upgrade(req, socket, head) {
      const requestId = newRequestId();
      socket.on('error', (err) => logger.debug({ err, requestId }, 'realtime client socket error before upgrade'));
      runWithRequestContext({ requestId }, () => {
        open(req, socket, head).catch((error: unknown) => refuseUpgrade(req, socket, error, logger));
      });
    },
    async closeAll() {
      const closing = [...sessions.keys()].map((session) => {
        session.close(CloseCode.goingAway, 'server shutting down');
        return session.done;
      });
      await Promise.all(closing);
      await Promise.all([...ending]);
    },
  };
}
