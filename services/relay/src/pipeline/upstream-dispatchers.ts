import { createSecureContext, type SecureContext, type TLSSocket } from 'node:tls';
import type { ChannelConnectionSettings } from '@modelgate/channel-types';
import type { OutboundPolicy } from '@modelgate/runtime/outbound';
import { type Agent, type buildConnector, Client, type Dispatcher, Pool } from 'undici';

/**
 * Which connections a call may use: those of its channel, when the channel has settings of its
 * own. A routing snapshot's channel is one (no object made per call).
 */
export interface UpstreamLane {
  /** The channel's id. */
  readonly id: number;
  readonly connection: ChannelConnectionSettings;
}

/** What the dispatchers are built from. */
export interface UpstreamDispatcherOptions {
  readonly outbound: Pick<OutboundPolicy, 'createAgent'>;
  readonly connectTimeoutMs: number;
  /** The relay's default cap per origin (`UPSTREAM_CONNECTIONS`); 0 or less: none. */
  readonly connectionsPerOrigin: number;
  /** Idle keep-alive handling of HTTP/1.1 connections. */
  readonly keepAlive: { readonly timeout: number; readonly maxTimeout: number; readonly threshold: number };
  /** Certificate authorities trusted on TLS connections; the system's when absent. */
  readonly ca?: readonly (string | Buffer)[];
  /**
   * A channel's connection settings as routing has them now (undefined: no such channel), for
   * the periodic sweep that closes the Agents of channels deleted or back to the defaults.
   */
  readonly currentSettings?: (channelId: number) => ChannelConnectionSettings | undefined;
}

/** How often Agents of channels gone or back to the defaults are looked for. */
export const SWEEP_INTERVAL_MS = 60_000;

/** The dispatcher of a call and whether it may share a connection with other calls (HTTP/2). */
export interface UpstreamDispatch {
  readonly dispatcher: Dispatcher;
  /** Sent on a channel that offers HTTP/2: the call is marked so undici multiplexes it. */
  readonly multiplexed: boolean;
}

/**
 * Streams one HTTP/2 connection carries at once before another is opened: what common servers
 * allow (nginx 128, Google's front ends 100; Node's own server more). A server that allows fewer
 * makes the extra streams wait inside the connection.
 */
export const H2_STREAMS_PER_CONNECTION = 100;

/**
 * A client (one connection at a time) that multiplexes when its connection speaks HTTP/2 and
 * sends one request at a time on HTTP/1.1. undici 7 keeps a client to its `pipelining` value
 * (1 by default) whatever the protocol, so an HTTP/2 connection would carry a single stream; a
 * higher fixed value would pipeline HTTP/1.1 requests behind one another's answers. The value is
 * therefore set from the protocol each connection negotiated (ALPN).
 *
 * A client still connecting counts as busy once it holds one request, so a burst would open one
 * connection per call until the first is up. Once the origin is known to speak HTTP/2 (an earlier
 * connection of the pool negotiated it), a connecting client accepts up to a connection's worth of
 * calls, which it sends as streams when it is up.
 */
class MultiplexingClient extends Client {
  constructor(
    origin: URL,
    options: Client.Options,
    private readonly speaksHttp2: () => boolean,
  ) {
    super(origin, options);
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const free = super.dispatch(options, handler);
    if (free || !this.speaksHttp2()) return free;
    const { connected, size } = this.stats;
    return !connected && size < H2_STREAMS_PER_CONNECTION;
  }
}

/** The Pool's client factory of an HTTP/2 Agent: remembers which origins negotiated HTTP/2. */
function multiplexingClients(http2Origins: Set<string>) {
  return (origin: URL, options: object): Dispatcher => {
    const { connect, ...rest } = options as Client.Options & { connect: buildConnector.connector };
    const key = origin.origin;
    let http2 = false;
    const client = new MultiplexingClient(
      origin,
      {
        ...rest,
        connect: (target, callback) =>
          connect(target, (...result) => {
            http2 = (result[1] as TLSSocket | null)?.alpnProtocol === 'h2';
            callback(...result);
          }),
      },
      () => http2Origins.has(key),
    );
    client.on('connect', () => {
      client.pipelining = http2 ? H2_STREAMS_PER_CONNECTION : 1;
      if (http2) http2Origins.add(key);
      else http2Origins.delete(key);
    });
    return client;
  };
}

/**
 * The relay's undici dispatchers. Calls of a channel without settings of its own share one Agent
 * (a pool per origin, capped by `UPSTREAM_CONNECTIONS` when set). A channel that sets
 * `upstream_connections` or `upstream_http2` gets an Agent of its own, so its cap never holds
 * back another channel of the same origin and its protocol choice stays its own; when its
 * settings change, the old Agent finishes its calls and closes while new calls go to a new one.
 */
export class UpstreamDispatchers {
  readonly shared: Agent;
  private fresh: Agent | undefined;
  private readonly byChannel = new Map<number, { readonly settings: ChannelConnectionSettings; readonly agent: Agent }>();
  private closing: Array<Promise<void>> = [];
  private readonly sweeper: NodeJS.Timeout | undefined;
  /**
   * The TLS settings of every connection: with CAs of its own, one secure context made from them
   * once. Handing the CAs to each connection made Node parse them (the system's ~140 included)
   * into a new context per connection, milliseconds each, paid on every burst of new connections.
   */
  private readonly tls: { readonly secureContext?: SecureContext };

  constructor(private readonly options: UpstreamDispatcherOptions) {
    this.tls = options.ca ? { secureContext: createSecureContext({ ca: [...options.ca] }) } : {};
    this.shared = this.agent(options.connectionsPerOrigin, false);
    if (options.currentSettings) this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS).unref();
  }

  /**
   * Closes (after their calls) the Agents of channels that are gone or whose settings are the
   * defaults now; a channel whose settings changed gets its new Agent at its next call anyway.
   */
  sweep(): void {
    const current = this.options.currentSettings;
    if (!current) return;
    for (const [id, entry] of this.byChannel) {
      const settings = current(id);
      if (settings && (settings.connections > 0 || settings.http2)) continue;
      this.byChannel.delete(id);
      this.retire(entry.agent);
    }
  }

  /** The dispatcher for a call on `lane` (the shared one when absent or default). */
  of(lane: UpstreamLane | undefined): UpstreamDispatch {
    const settings = lane?.connection;
    if (!lane || !settings || (settings.connections <= 0 && !settings.http2)) return { dispatcher: this.shared, multiplexed: false };
    let entry = this.byChannel.get(lane.id);
    if (!entry || entry.settings.connections !== settings.connections || entry.settings.http2 !== settings.http2) {
      if (entry) this.retire(entry.agent);
      const cap = settings.connections > 0 ? settings.connections : this.options.connectionsPerOrigin;
      entry = { settings, agent: this.agent(cap, settings.http2) };
      this.byChannel.set(lane.id, entry);
    }
    return { dispatcher: entry.agent, multiplexed: settings.http2 };
  }

  /**
   * Where a call whose pooled connection was dropped before any answer is sent once more: each on
   * a connection of its own, closed after its answer (`reset`), never onto another pooled socket
   * that may be as stale. HTTP/1.1 under the default cap only: a rare resend does not wait for a channel's own cap.
   */
  get resend(): Dispatcher {
    const { connectTimeoutMs, connectionsPerOrigin } = this.options;
    return (this.fresh ??= this.options.outbound.createAgent({
      connections: connectionsPerOrigin > 0 ? connectionsPerOrigin : null,
      connect: { timeout: connectTimeoutMs, ...this.tls },
    }));
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    const agents = [this.shared, ...(this.fresh ? [this.fresh] : []), ...[...this.byChannel.values()].map((entry) => entry.agent)];
    this.byChannel.clear();
    await Promise.all([...agents.map((agent) => agent.close()), ...this.closing]);
  }

  private retire(agent: Agent): void {
    const done = agent.close().catch(() => undefined);
    this.closing.push(done);
    void done.then(() => {
      this.closing = this.closing.filter((pending) => pending !== done);
    });
  }

  private agent(connections: number, http2: boolean): Agent {
    const { keepAlive, connectTimeoutMs } = this.options;
    const http2Origins = new Set<string>();
    return this.options.outbound.createAgent({
      connections: connections > 0 ? connections : null,
      keepAliveTimeout: keepAlive.timeout,
      keepAliveMaxTimeout: keepAlive.maxTimeout,
      keepAliveTimeoutThreshold: keepAlive.threshold,
      connect: { timeout: connectTimeoutMs, ...this.tls, ...(http2 ? { allowH2: true } : {}) },
      ...(http2
        ? {
            allowH2: true,
            maxConcurrentStreams: H2_STREAMS_PER_CONNECTION,
            factory: (origin: string | URL, options: object) =>
              new Pool(origin, { ...(options as Pool.Options), factory: multiplexingClients(http2Origins) }),
          }
        : {}),
    });
  }
}
