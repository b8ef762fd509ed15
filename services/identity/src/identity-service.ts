import { identityContract } from '@modelgate/contracts';
import { bindGrpcService, createGrpcServer } from '@modelgate/runtime';
import type { BackendDeps, RunningService } from '@modelgate/service-host';
import { createIdentityHandlers } from './grpc/identity-handlers';
import { OptionStore } from './options/option-store';

/**
 * Starts identity: loads the options into memory, keeps them current from `option.changed`
 * events, and serves `IdentityService` over gRPC.
 */
export async function startIdentityService(deps: BackendDeps): Promise<RunningService> {
  const { logger, bus } = deps;
  const options = new OptionStore(deps.dataSource, bus, logger);
  await options.load();
  const subscription = await bus.subscribe('modelgate.evt.config.option.changed', (message) => {
    options.apply(message.payload.values);
  });
  const server = createGrpcServer({
    logger,
    host: deps.grpc.host,
    port: deps.grpc.port,
    services: [
      bindGrpcService(
        identityContract.definition,
        createIdentityHandlers({
          options,
          status: { version: deps.version, startTime: Math.floor(Date.now() / 1000) },
        }),
      ),
    ],
  });
  const { port } = await server.start();
  return {
    grpcPort: port,
    async stop(timeoutMs) {
      await server.shutdown(timeoutMs);
      await subscription.unsubscribe();
    },
  };
}
