import { billingContract } from '@modelgate/contracts';
import { bindGrpcService, createGrpcServer } from '@modelgate/runtime';
import type { BackendDeps, RunningService } from '@modelgate/service-host';
import { createBillingHandlers } from './grpc/billing-handlers';

/** Starts billing: serves `BillingService` over gRPC. */
export async function startBillingService(deps: BackendDeps): Promise<RunningService> {
  const server = createGrpcServer({
    logger: deps.logger,
    host: deps.grpc.host,
    port: deps.grpc.port,
    services: [bindGrpcService(billingContract.definition, createBillingHandlers(deps.dataSource))],
  });
  const { port } = await server.start();
  return { grpcPort: port, stop: (timeoutMs) => server.shutdown(timeoutMs) };
}
