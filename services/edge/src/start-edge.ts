import { OptionCache } from '@modelgate/db';
import {
  accountContract,
  billingContract,
  channelAdminContract,
  channelProbeContract,
  identityContract,
  oauthContract,
  redemptionContract,
  relayContract,
  taskContract,
  tokenContract,
  usageQueryContract,
  userAdminContract,
  walletContract,
} from '@modelgate/contracts';
import type { MessageBus } from '@modelgate/contracts/bus';
import { type AccessLog, checkHealth, createGrpcClient, type Logger, type Registry } from '@modelgate/runtime';
import type { Express } from 'express';
import type { DataSource } from 'typeorm';
import type { ApiClients } from './api-deps';
import { createEdgeApp } from './app';
import { createGuards } from './auth/authenticate';
import { EdgeMetrics } from './observability/edge-metrics';
import { SessionStore } from './auth/session-store';
import { fetchPublicStatus } from './clients/identity-status';
import { createProtection } from './security/protection';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './security/rate-limit-config';
import { RateLimitStore } from './security/rate-limit-store';
import { PublicStatusCache } from './status/public-status-cache';

export interface EdgeDeps {
  logger: Logger;
  bus: MessageBus;
  /** Edge owns the `sessions` table. */
  dataSource: DataSource;
  /** identity's gRPC address, `host:port`. */
  identityAddress: string;
  /** billing's gRPC address, `host:port`. */
  billingAddress: string;
  /** relay's gRPC address, `host:port`. */
  relayAddress: string;
  /** task's gRPC address, `host:port`. */
  taskAddress: string;
  grpcDeadlineMs: number;
  /** The deployment's service secret, sent with every gRPC call (GRPC_SECRET). */
  grpcSecret: string;
  /** Where Turnstile tokens are verified. */
  turnstileVerifyUrl: string;
  /** The console build served at `/`. */
  consoleDir?: string;
  /** The per-client rate limits; the reference's defaults when omitted. */
  rateLimits?: RateLimitSettings;
  /** Proxies whose `X-Forwarded-For` is believed (TRUSTED_PROXIES); loopback only when omitted. */
  trustedProxies?: readonly string[];
  /** The process's Prometheus registry; edge's metrics are registered on it. None: not measured. */
  metrics?: Registry;
  /** One line per answered request (ACCESS_LOG); none when omitted. */
  accessLog?: AccessLog;
}

/** A started edge: its Express app, mounted on a port by the caller. */
export interface RunningEdge {
  readonly app: Express;
  stop(): Promise<void>;
}

/** Deadline of the readiness probe's health check. */
const READINESS_DEADLINE_MS = 1_000;
/** How often expired sessions are removed. */
const SESSION_PURGE_INTERVAL_MS = 3_600_000;

/**
 * Builds edge: a gRPC client per service it calls, the options and public-status caches (kept
 * current by identity's option-change events), sessions, and the Express app serving `/api`.
 */
export async function startEdge(deps: EdgeDeps): Promise<RunningEdge> {
  const { logger, bus } = deps;
  const clientOptions = { logger, deadlineMs: deps.grpcDeadlineMs, secret: deps.grpcSecret };
  const clients: ApiClients = {
    identity: createGrpcClient(identityContract.Client, deps.identityAddress, clientOptions),
    accounts: createGrpcClient(accountContract.Client, deps.identityAddress, clientOptions),
    userAdmin: createGrpcClient(userAdminContract.Client, deps.identityAddress, clientOptions),
    oauth: createGrpcClient(oauthContract.Client, deps.identityAddress, clientOptions),
    billing: createGrpcClient(billingContract.Client, deps.billingAddress, clientOptions),
    relay: createGrpcClient(relayContract.Client, deps.relayAddress, clientOptions),
    channelProbe: createGrpcClient(channelProbeContract.Client, deps.relayAddress, clientOptions),
    channelAdmin: createGrpcClient(channelAdminContract.Client, deps.relayAddress, clientOptions),
    usage: createGrpcClient(usageQueryContract.Client, deps.billingAddress, clientOptions),
    redemptions: createGrpcClient(redemptionContract.Client, deps.billingAddress, clientOptions),
    wallet: createGrpcClient(walletContract.Client, deps.billingAddress, clientOptions),
    tokens: createGrpcClient(tokenContract.Client, deps.identityAddress, clientOptions),
    task: createGrpcClient(taskContract.Client, deps.taskAddress, clientOptions),
  };
  const options = new OptionCache(deps.dataSource, logger);
  const statusCache = new PublicStatusCache({ fetch: fetchPublicStatus(clients.identity), logger });
  options.onChange(() => statusCache.invalidate());
  await options.start({ bus, logger });

  // Ended sessions are announced so the relay's playground stops accepting their cookies at once.
  const sessions = new SessionStore(deps.dataSource, async (ended) => {
    try {
      await bus.publish('modelgate.evt.identity.session.ended', ended);
    } catch (error) {
      logger.warn({ err: error, user_id: ended.userId }, 'cannot announce ended sessions');
    }
  });
  const purge = setInterval(() => {
    sessions.purgeExpired().catch((error: unknown) => logger.warn({ err: error }, 'cannot purge expired sessions'));
  }, SESSION_PURGE_INTERVAL_MS);
  purge.unref();

  const readiness = async () => {
    const identityStatus = await checkHealth(deps.identityAddress, identityContract.serviceName, {
      deadlineMs: READINESS_DEADLINE_MS,
    }).catch(() => 'UNREACHABLE');
    return { identity: identityStatus === 'SERVING', bus: bus.status().connected };
  };
  const rateLimitCounters = new RateLimitStore(deps.dataSource);
  const stopPurgingCounters = rateLimitCounters.startPurging(logger);
  const protection = createProtection({
    options,
    turnstileVerifyUrl: deps.turnstileVerifyUrl,
    counter: rateLimitCounters,
    limits: deps.rateLimits ?? DEFAULT_RATE_LIMITS,
    logger,
  });
  const app = createEdgeApp({
    logger,
    sessions,
    guards: createGuards(sessions),
    protect: protection.guards,
    globalLimits: protection.global,
    options,
    clients,
    statusCache,
    readiness,
    consoleDir: deps.consoleDir,
    trustedProxies: deps.trustedProxies,
    observers: {
      ...(deps.accessLog ? { accessLog: deps.accessLog } : {}),
      ...(deps.metrics ? { metrics: new EdgeMetrics(deps.metrics, deps.dataSource) } : {}),
    },
  });
  return {
    app,
    async stop() {
      clearInterval(purge);
      stopPurgingCounters();
      await options.stop();
      for (const client of Object.values(clients)) client.close();
    },
  };
}
