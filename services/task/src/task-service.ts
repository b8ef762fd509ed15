import { taskContract } from '@modelgate/contracts';
import { bindGrpcService, createGrpcServer } from '@modelgate/runtime';
import type { BackendDeps, RunningService } from '@modelgate/service-host';
import { createTaskHandlers } from './grpc/task-handlers';

/** Starts task: serves `TaskService` over gRPC. */
export async function startTaskService(deps: BackendDeps): Promise<RunningService> {
  const server = createGrpcServer({
    logger: deps.logger,
    host: deps.grpc.host,
    port: deps.grpc.port,
    secret: deps.grpcSecret,
    services: [bindGrpcService(taskContract.definition, createTaskHandlers(deps.dataSource))],
  });
  const { port } = await server.start();
  return { grpcPort: port, stop: (timeoutMs) => server.shutdown(timeoutMs) };
}
