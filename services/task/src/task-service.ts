import { taskContract } from '@modelgate/contracts';
import { OptionCache } from '@modelgate/db';
import { bindGrpcService, createGrpcServer } from '@modelgate/runtime';
import { OUTBOUND_ALLOWED_RANGES_OPTION, OutboundPolicy } from '@modelgate/runtime/outbound';
import type { BackendDeps, RunningService } from '@modelgate/service-host';
import { createTaskHandlers } from './grpc/task-handlers';
import { TaskMetrics } from './observability/task-metrics';
import { TaskPoller, type TaskPollerOptions } from './polling/task-poller';

/** The task service's own settings. */
export interface TaskServiceOptions {
  /** The poller's pacing; its defaults when omitted (15 s interval, one-hour timeout). */
  poller?: Partial<TaskPollerOptions>;
  /** False: no poller runs in this replica (tests that drive passes themselves). Default true. */
  polling?: boolean;
}

/** A started task service, with its poller (for tests and the benchmark) and its metrics (when measured). */
export interface RunningTaskService extends RunningService {
  readonly poller: TaskPoller;
  readonly metrics: TaskMetrics | undefined;
}

/**
 * Starts task: serves `TaskService` over gRPC (listings, the relay's submissions and lookups,
 * callbacks) and runs the lease-based poller of unfinished drawing and music tasks, which calls
 * upstreams through the outbound address policy, fails timed-out tasks and refunds failures.
 */
export async function startTaskService(deps: BackendDeps, options: TaskServiceOptions = {}): Promise<RunningTaskService> {
  const metrics = deps.metrics ? new TaskMetrics(deps.metrics, deps.dataSource) : undefined;
  const optionCache = new OptionCache(deps.dataSource, deps.logger);
  await optionCache.start({ bus: deps.bus, logger: deps.logger });
  const outbound = new OutboundPolicy({ allowedRanges: () => optionCache.get(OUTBOUND_ALLOWED_RANGES_OPTION) });
  const poller = new TaskPoller({
    dataSource: deps.dataSource,
    bus: deps.bus,
    logger: deps.logger,
    dispatcher: outbound.agent,
    options: options.poller,
    ...(metrics ? { metrics } : {}),
  });
  const server = createGrpcServer({
    logger: deps.logger,
    host: deps.grpc.host,
    port: deps.grpc.port,
    secret: deps.grpcSecret,
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
    services: [bindGrpcService(taskContract.definition, createTaskHandlers(deps.dataSource, poller, metrics))],
  });
  const { port } = await server.start();
  if (options.polling !== false) poller.start();
  return {
    grpcPort: port,
    poller,
    metrics,
    async stop(timeoutMs) {
      await poller.stop();
      await server.shutdown(timeoutMs);
      await optionCache.stop();
      await outbound.close();
    },
  };
}
