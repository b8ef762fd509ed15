import { defineConfig, env, DEFAULT_METRICS_PORTS, MODELGATE_VERSION } from '@modelgate/runtime';
import { runBackendService } from '@modelgate/service-host';
import { startIdentityService } from './identity-service';
import { oauthProviderConfig } from './oauth/provider-config';

void runBackendService({
  service: 'identity',
  defaultGrpcPort: 50051,
  defaultMetricsPort: DEFAULT_METRICS_PORTS.identity,
  version: MODELGATE_VERSION,
  config: defineConfig({
    billingAddress: {
      env: 'BILLING_GRPC_ADDR',
      schema: env.address('127.0.0.1:50052'),
      description: 'billing service gRPC address',
    },
    ...oauthProviderConfig,
  }),
  start: (deps, { billingAddress, githubOAuthUrl, githubApiUrl, linuxDoUrl, timeoutMs }) =>
    startIdentityService({ ...deps, billingAddress, providers: { githubOAuthUrl, githubApiUrl, linuxDoUrl, timeoutMs } }),
});
