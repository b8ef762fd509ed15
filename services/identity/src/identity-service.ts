import {
  accountContract,
  billingContract,
  identityContract,
  oauthContract,
  tokenContract,
  userAdminContract,
} from '@modelgate/contracts';
import { bindGrpcService, createGrpcClient, createGrpcServer } from '@modelgate/runtime';
import type { BackendDeps, RunningService } from '@modelgate/service-host';
import { createAccountHandlers } from './grpc/account-handlers';
import { createIdentityHandlers } from './grpc/identity-handlers';
import { createOAuthHandlers } from './grpc/oauth-handlers';
import { createTokenHandlers } from './grpc/token-handlers';
import { createUserAdminHandlers } from './grpc/user-admin-handlers';
import type { IdentityContext } from './identity-context';
import { DEFAULT_PROVIDER_SETTINGS, type OAuthProviderSettings } from './oauth/provider-config';
import { OptionStore } from './options/option-store';

/** Identity's dependencies beyond every backend's: the services it calls. */
export interface IdentityDeps extends BackendDeps {
  /** billing's gRPC address, `host:port`. */
  billingAddress: string;
  /** OAuth provider addresses and timeout; the real providers when omitted. */
  providers?: Partial<OAuthProviderSettings>;
}

/**
 * Starts identity: loads the options into memory, keeps them current from `option.changed`
 * events, and serves the identity services (options and status, accounts, user management,
 * third-party sign-in) over gRPC.
 */
export async function startIdentityService(deps: IdentityDeps): Promise<RunningService> {
  const { logger, bus } = deps;
  const options = new OptionStore(deps.dataSource, bus, logger);
  await options.start({ bus, logger });
  const billing = createGrpcClient(billingContract.Client, deps.billingAddress, {
    logger,
    deadlineMs: deps.grpcDeadlineMs,
    secret: deps.grpcSecret,
  });
  const context: IdentityContext = {
    logger,
    dataSource: deps.dataSource,
    bus,
    options,
    billing,
    status: { version: deps.version, startTime: Math.floor(Date.now() / 1000) },
    providers: { ...DEFAULT_PROVIDER_SETTINGS, ...deps.providers },
  };
  const server = createGrpcServer({
    logger,
    host: deps.grpc.host,
    port: deps.grpc.port,
    secret: deps.grpcSecret,
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
    services: [
      bindGrpcService(identityContract.definition, createIdentityHandlers(context)),
      bindGrpcService(accountContract.definition, createAccountHandlers(context)),
      bindGrpcService(userAdminContract.definition, createUserAdminHandlers(context)),
      bindGrpcService(oauthContract.definition, createOAuthHandlers(context)),
      bindGrpcService(tokenContract.definition, createTokenHandlers(context)),
    ],
  });
  const { port } = await server.start();
  return {
    grpcPort: port,
    async stop(timeoutMs) {
      await server.shutdown(timeoutMs);
      await options.stop();
      billing.close();
    },
  };
}
