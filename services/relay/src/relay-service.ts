import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import type { RequestListener } from 'node:http';
import { getHeapStatistics } from 'node:v8';
import { billingContract, channelAdminContract, channelProbeContract, identityContract, relayContract, taskContract } from '@modelgate/contracts';
import { type AccessLog, bindGrpcService, createGrpcClient, createGrpcServer, createMetricsRegistry } from '@modelgate/runtime';
import { OUTBOUND_ALLOWED_RANGES_OPTION, OutboundPolicy } from '@modelgate/runtime/outbound';
import type { BackendDeps, RunningService } from '@modelgate/service-host';
import { createQuotaAdmitter } from './admission';
import { CredentialCache } from './auth';
import { ChannelWriter } from '@modelgate/channels';
import { createChannelAdminHandlers } from './channel-admin';
import { createChannelProbe } from './channel-probe';
import { DEFAULT_DATA_PLANE_SETTINGS, type RelayDataPlaneSettings } from './config';
import { createRelayHandlers } from './grpc/relay-handlers';
import { BodyBudget, bodyBudgetBytes } from './http/body-budget';
import { bodyLimitsOf } from './http/body-limits';
import { clientIpResolver } from './http/client-ip';
import { createRelayListener } from './http/relay-listener';
import { createUpstreamClient } from './pipeline/upstream-client';
import { UsagePublisher } from './pipeline/usage-publisher';
import { ResponseAffinityStore } from './response-affinity/affinity-store';
import { DEFAULT_CIRCUIT_SETTINGS } from './resilience/circuit-breaker';
import { startSharedCircuits } from './resilience/circuit-sync';
import { DisabledChannelRecovery } from './resilience/disabled-channel-recovery';
import { SessionAuthenticator } from './playground';
import { RelayMetrics } from './observability/relay-metrics';
import { createRealtimeEndpoint, DEFAULT_REALTIME_LIMITS, type RealtimeEndpoint } from './realtime';
import { ChannelStore, createChannelDisabler, RelayOptions } from './state';
import { ChannelGate } from './limits/channel-gate';
import { SharedWindowLimiter } from './limits/shared-window-limiter';
import { PostgresWindowStore } from './limits/window-store';

/** A started relay: its gRPC server plus the HTTP listener of the data plane. */
export interface RunningRelay extends RunningService {
  /** Serves the relay's paths; mounted on its own port or on the embedded stack's one port. */
  readonly listener: RequestListener;
  /** Serves `/v1/realtime` websockets: its `upgrade` goes on the same server's `upgrade` event. */
  readonly realtime: RealtimeEndpoint;
}

/** What the relay needs besides the common backend dependencies. */
export interface RelayServiceDeps extends BackendDeps {
  /** Billing's gRPC address (reservations). */
  readonly billingAddress: string;
  /** Identity's gRPC address (console sessions of the playground). */
  readonly identityAddress: string;
  /** The task service's gRPC address (drawing and music tasks of `/mj` and `/suno`). */
  readonly taskAddress: string;
  /** Data-plane limits and timeouts; the defaults when omitted. */
  readonly dataPlane?: Partial<RelayDataPlaneSettings>;
  /** Proxies whose `X-Forwarded-For` is believed (TRUSTED_PROXIES); loopback only when omitted. */
  readonly trustedProxies?: readonly string[];
  /** One line per relayed request (ACCESS_LOG); none when omitted. */
  readonly accessLog?: AccessLog;
}

/**
 * Starts relay: loads options, channels and credentials into memory (kept current by their change
 * events, so steady-state requests query nothing), connects to billing for reservations and to
 * identity for the playground's console sessions, serves
 * `RelayService` over gRPC and returns the data plane's HTTP listener for the caller to mount.
 */
export async function startRelayService(deps: RelayServiceDeps): Promise<RunningRelay> {
  const { logger, bus, dataSource } = deps;
  const settings = { ...DEFAULT_DATA_PLANE_SETTINGS, ...deps.dataPlane };
  const options = new RelayOptions({ dataSource, logger });
  const channels = new ChannelStore({ dataSource, logger });
  const credentials = new CredentialCache({ dataSource, logger, maxTokens: settings.tokenCacheSize });
  const stopCaches = () => Promise.all([options.stop(), channels.stop(), credentials.stop()]);
  try {
    await Promise.all([options.start(bus), channels.start(bus), credentials.start(bus)]);
  } catch (error) {
    await stopCaches();
    throw error;
  }
  // Label values come from the configuration these caches hold, never from what clients send.
  // Without a registry to serve, an access log still needs each request observed.
  const metrics =
    deps.metrics || deps.accessLog?.enabled
      ? new RelayMetrics(
          deps.metrics ?? createMetricsRegistry({ processMetrics: false }),
          {
            knowsModel: (model) => channels.knowsModel(model),
            knownGroups: () => options.knownGroups(),
            channelCounts: () => channels.channelCounts(),
            cacheLoads: () => ({ channels: channels.generation, credentials: credentials.loads }),
          },
          deps.accessLog,
        )
      : undefined;
  const clientOptions = { logger, deadlineMs: deps.grpcDeadlineMs, secret: deps.grpcSecret };
  const billing = createGrpcClient(billingContract.Client, deps.billingAddress, clientOptions);
  const admitter = createQuotaAdmitter({ billing, logger, ...(metrics ? { events: metrics.admission } : {}) });
  // A balance or token changed elsewhere: leases sized from the old figures are handed back.
  const releasing = (work: Promise<void>) => work.catch((err: unknown) => logger.warn({ err }, 'lease release failed'));
  // The playground's console sessions are checked by identity, the user's balance read from
  // billing; a user's change drops their answers.
  const identity = createGrpcClient(identityContract.Client, deps.identityAddress, clientOptions);
  const sessions = new SessionAuthenticator({ identity, billing });
  // The task service owns the task tables: submissions are recorded and looked up there.
  const tasks = createGrpcClient(taskContract.Client, deps.taskAddress, clientOptions);
  const leaseSubscriptions = await Promise.all([
    bus.subscribe('modelgate.evt.identity.user.changed', (m) => {
      sessions.forgetUser(m.payload.userId);
      void releasing(admitter.releaseLeasesOf(m.payload.userId));
    }),
    bus.subscribe('modelgate.evt.identity.token.changed', (m) =>
      void releasing(admitter.releaseLeasesOf(m.payload.userId, m.payload.tokenIds.length > 0 ? m.payload.tokenIds : undefined)),
    ),
    // A sign-out (or any other end of a session) stops its cookie working here at once.
    bus.subscribe('modelgate.evt.identity.session.ended', (m) => sessions.forgetSessions(m.payload.sessionIds)),
  ]);
  // Every call to a channel's address (requests, tests, balances, model lists) is made on an
  // admin's behalf: one address policy, checked once per new connection, never per request.
  const outbound = new OutboundPolicy({ allowedRanges: () => options.get(OUTBOUND_ALLOWED_RANGES_OPTION) });
  const upstream = createUpstreamClient({
    outbound,
    connectTimeoutMs: settings.upstreamConnectTimeoutSeconds * 1000,
    responseTimeoutMs: settings.relayTimeoutSeconds * 1000,
    idleTimeoutMs: settings.streamingTimeoutSeconds * 1000,
    connectionsPerOrigin: settings.upstreamConnections,
    currentSettings: (channelId) => channels.snapshot().channel(channelId)?.connection,
    ...(settings.upstreamCaFile ? { ca: [...rootCertificates, readFileSync(settings.upstreamCaFile, 'utf8')] } : {}),
  });
  const usage = new UsagePublisher(bus, logger, metrics ? { onBatch: (n, ok) => metrics.usageBatch(n, ok) } : {});
  // Which channel created each Responses API response, shared by every replica through the database.
  const responseAffinity = new ResponseAffinityStore({ dataSource, logger });
  responseAffinity.start();
  const disabler = createChannelDisabler({
    dataSource,
    bus,
    store: channels,
    logger,
    ...(metrics ? { events: { disabled: (id) => metrics.channelAutoDisabled(id), enabled: (id) => metrics.channelAutoEnabled(id) } } : {}),
  });
  // Every channel's circuit breaker, kept in step with the other replicas over the bus.
  const shared = await startSharedCircuits(bus, logger, {
    ...DEFAULT_CIRCUIT_SETTINGS,
    consecutiveFailures: settings.circuitFailures,
    failureRate: settings.circuitFailureRatePercent / 100,
    cooldownMs: settings.circuitCooldownSeconds * 1000,
    maxCooldownMs: Math.max(DEFAULT_CIRCUIT_SETTINGS.maxCooldownMs, settings.circuitCooldownSeconds * 1000),
  }, metrics ? (channelId, state) => metrics.setBreakerState(channelId, state) : undefined);
  // Channel tests and balance queries for the admin API (same upstream client, same disabler).
  const probe = createChannelProbe({ dataSource, logger, options, upstream, disabler });
  // Channels disabled for a cause that may pass (a slow test) are probed again on their own.
  const recovery = new DisabledChannelRecovery({
    dataSource,
    store: probe.store,
    tester: probe.tester,
    options,
    disabler,
    logger,
    cooldownMs: settings.circuitCooldownSeconds * 1000,
    maxCooldownMs: Math.max(DEFAULT_CIRCUIT_SETTINGS.maxCooldownMs, settings.circuitCooldownSeconds * 1000),
  });
  recovery.start();
  const server = createGrpcServer({
    logger,
    host: deps.grpc.host,
    port: deps.grpc.port,
    secret: deps.grpcSecret,
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
    services: [
      bindGrpcService(relayContract.definition, createRelayHandlers(channels)),
      bindGrpcService(channelProbeContract.definition, probe.handlers),
      // Channel administration for the admin API; writes go through `@modelgate/channels`.
      bindGrpcService(
        channelAdminContract.definition,
        createChannelAdminHandlers({
          dataSource,
          writer: new ChannelWriter({ dataSource, bus, logger }),
          outbound,
          logger,
          circuits: shared.circuits,
        }),
      ),
    ],
  });
  const { port } = await server.start();
  // Traffic limits: decided in memory, shared by every replica through `relay_limit_windows`.
  const windowStore = new PostgresWindowStore(dataSource);
  const limiter = new SharedWindowLimiter({ store: windowStore, logger });
  const purgeWindows = setInterval(() => {
    windowStore.purgeExpired().catch((err: unknown) => logger.warn({ err }, 'cannot purge expired limit windows'));
  }, 60_000);
  purgeWindows.unref();
  const relayDeps = {
    logger,
    callerLimits: { limiter, modelRequestRateLimit: () => options.modelRequestRateLimit() },
    channelGate: new ChannelGate({ limiter, queue: () => options.channelQueue(), ...(metrics ? { observer: metrics } : {}) }),
    bus,
    dataSource,
    options,
    channels,
    credentials,
    admitter,
    upstream,
    circuits: shared.circuits,
    disabler,
    usage,
    responseAffinity,
    sessions,
    tasks,
    clientIp: clientIpResolver(deps.trustedProxies),
    ...(metrics ? { metrics } : {}),
    limits: { body: bodyLimitsOf(settings), forceStreamUsage: settings.forceStreamOption },
    bodyBudget: new BodyBudget({
      budgetBytes: bodyBudgetBytes(settings.requestBodyBudgetMb, getHeapStatistics().heap_size_limit),
      largeBytes: settings.largeBodyKb * 1024,
      largePerOwner: settings.largeBodiesPerToken,
    }),
  };
  const listener = createRelayListener(relayDeps);
  const realtime = createRealtimeEndpoint({
    ...relayDeps,
    outbound,
    realtimeLimits: { ...DEFAULT_REALTIME_LIMITS, handshakeTimeoutMs: settings.upstreamConnectTimeoutSeconds * 1000 },
  });
  return {
    grpcPort: port,
    listener,
    realtime,
    async stop(timeoutMs) {
      await realtime.closeAll();
      await server.shutdown(timeoutMs);
      await usage.drain();
      await shared.stop();
      clearInterval(purgeWindows);
      await limiter.stop();
      await responseAffinity.stop();
      await Promise.all(leaseSubscriptions.map((subscription) => subscription.unsubscribe()));
      await admitter.stop();
      billing.close();
      identity.close();
      await recovery.stop();
      tasks.close();
      await probe.stop();
      await upstream.close();
      await outbound.close();
      await stopCaches();
    },
  };
}
