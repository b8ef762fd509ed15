import { identityContract } from '@modelgate/contracts';
import { checkHealth, createGrpcClient, type Logger, type MessageBus } from '@modelgate/runtime';
import type { Express } from 'express';
import { createEdgeApp } from './app';
import { fetchPublicStatus } from './clients/identity-status';
import { PublicStatusCache } from './status/public-status-cache';

export interface EdgeDeps {
  logger: Logger;
  bus: MessageBus;
  /** identity's gRPC address, `host:port`. */
  identityAddress: string;
  grpcDeadlineMs: number;
}

/** A started edge: its Express app, mounted on a port by the caller. */
export interface RunningEdge {
  readonly app: Express;
  stop(): Promise<void>;
}

/** Deadline of the readiness probe's health check. */
const READINESS_DEADLINE_MS = 1_000;

/**
 * Builds edge: a gRPC client per service it calls, the public-status cache (dropped whenever
 * identity announces an option change), and the Express app serving `/api` and the probes.
 */
export async function startEdge(deps: EdgeDeps): Promise<RunningEdge> {
  const { logger, bus } = deps;
  const identity = createGrpcClient(identityContract.Client, deps.identityAddress, {
    logger,
    deadlineMs: deps.grpcDeadlineMs,
  });
  const statusCache = new PublicStatusCache({ fetch: fetchPublicStatus(identity), logger });
  const subscription = await bus.subscribe('modelgate.evt.config.option.changed', () => statusCache.invalidate());
  const readiness = async () => {
    const identityStatus = await checkHealth(deps.identityAddress, identityContract.serviceName, {
      deadlineMs: READINESS_DEADLINE_MS,
    }).catch(() => 'UNREACHABLE');
    return { identity: identityStatus === 'SERVING', bus: bus.status().connected };
  };
  const app = createEdgeApp({ logger, statusCache, readiness });
  return {
    app,
    async stop() {
      await subscription.unsubscribe();
      identity.close();
    },
  };
}
