import { taskContract } from '@modelgate/contracts';
import { bindGrpcService, createGrpcServer } from '@modelgate/runtime';
import type { BackendDeps, RunningService } from '@modelgate/service-host';
import { createTaskHandlers } from './grpc/task-handlers';
import { TaskMetrics } from './observability/task-metrics';

/** A running task service; `metrics` is where task submission and polling report (when measured). */
export interface RunningTaskService extends RunningService {
  readonly metrics: TaskMetrics | undefined;
}

/** Starts task: serves `TaskService` over gRPC. */
export async function startTaskService(deps: BackendDeps): Promise<RunningTaskService> {
  const metrics = deps.metrics ? new TaskMetrics(deps.metrics, deps.dataSource) : undefined;
  const server = createGrpcServer({
    logger: deps.logger,
    host: deps.grpc.host,
    port: deps.grpc.port,
    secret: deps.grpcSecret,
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
    services: [bindGrpcService(taskContract.definition, createTaskHandlers(deps.dataSource))],
  });
  const { port } = await server.start();
  return { grpcPort: port, metrics, stop: (timeoutMs) => server.shutdown(timeoutMs) };
}
