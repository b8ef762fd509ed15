import type { RequestListener } from 'node:http';
import { relayContract } from '@modelgate/contracts';
import { bindGrpcService, createGrpcServer } from '@modelgate/runtime';
import type { BackendDeps, RunningService } from '@modelgate/service-host';
import { createRelayHandlers } from './grpc/relay-handlers';
import { createRelayListener } from './http/relay-listener';
import { EnabledModelCatalog } from './models/enabled-model-catalog';

/** A started relay: its gRPC server plus the HTTP listener of the data plane. */
export interface RunningRelay extends RunningService {
  /** Serves the relay's paths; mounted on its own port or on the embedded stack's one port. */
  readonly listener: RequestListener;
}

/**
 * Starts relay: loads which models each group can reach, reloads it whenever a channel change is
 * announced, and serves `RelayService` over gRPC. The HTTP listener is returned for the caller
 * to mount.
 */
export async function startRelayService(deps: BackendDeps): Promise<RunningRelay> {
  const { logger, bus } = deps;
  const catalog = new EnabledModelCatalog(deps.dataSource, logger);
  await catalog.reload();
  const subscription = await bus.subscribe('modelgate.evt.config.channel.changed', () => catalog.reload());
  const server = createGrpcServer({
    logger,
    host: deps.grpc.host,
    port: deps.grpc.port,
    services: [bindGrpcService(relayContract.definition, createRelayHandlers(catalog))],
  });
  const { port } = await server.start();
  return {
    grpcPort: port,
    listener: createRelayListener({ logger }),
    async stop(timeoutMs) {
      await server.shutdown(timeoutMs);
      await subscription.unsubscribe();
    },
  };
}
