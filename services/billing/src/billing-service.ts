import { billingContract } from '@modelgate/contracts';
import { bindGrpcService, createGrpcServer } from '@modelgate/runtime';
import type { BackendDeps, RunningService } from '@modelgate/service-host';
import { createBillingHandlers } from './grpc/billing-handlers';
import { startSettlementConsumer } from './usage/settlement-consumer';

/**
 * Starts billing: serves `BillingService` over gRPC and settles usage records from the bus
 * (durable consumer `billing-settlement`). Stopping stops taking records, then drains gRPC.
 */
export async function startBillingService(deps: BackendDeps): Promise<RunningService> {
  const server = createGrpcServer({
    logger: deps.logger,
    host: deps.grpc.host,
    port: deps.grpc.port,
    services: [bindGrpcService(billingContract.definition, createBillingHandlers(deps.dataSource))],
  });
  const consumer = await startSettlementConsumer(deps.bus, deps.dataSource, deps.logger);
  let port: number;
  try {
    ({ port } = await server.start());
  } catch (error) {
    await consumer.stop();
    throw error;
  }
  return {
    grpcPort: port,
    async stop(timeoutMs) {
      await consumer.stop();
      await server.shutdown(timeoutMs);
    },
  };
}
