import { edgeHttpConfig } from '@modelgate/edge';
import { oauthProviderConfig } from '@modelgate/identity';
import { relayDataPlaneConfig } from '@modelgate/relay';
import { taskConfig } from '@modelgate/task';
import { accessLogConfig, busConfig, commonConfig, defineConfig, env, metricsConfig } from '@modelgate/runtime';
import { z } from 'zod';

/**
 * Settings of the all-in-one process. Without DATABASE_URL it runs an embedded PostgreSQL under
 * MODELGATE_DATA_DIR; without NATS_URL an in-process bus.
 */
export const embeddedConfig = defineConfig({
  ...commonConfig,
  ...edgeHttpConfig,
  ...relayDataPlaneConfig,
  ...taskConfig,
  port: { env: 'PORT', schema: env.port(3000), description: 'HTTP port for the console, /api and /v1' },
  host: {
    env: 'HOST',
    schema: z.string().min(1).default('0.0.0.0'),
    description: 'interface the HTTP port binds',
  },
  dataDir: {
    env: 'MODELGATE_DATA_DIR',
    schema: z.string().min(1).default('./data'),
    description: 'where the embedded PostgreSQL keeps its files',
  },
  databaseUrl: {
    env: 'DATABASE_URL',
    schema: env.url(['postgres', 'postgresql']).optional(),
    description: 'external PostgreSQL; the embedded one is used when unset',
  },
  natsUrl: { ...busConfig.natsUrl, schema: busConfig.natsUrl.schema.optional() },
  natsNamespace: busConfig.natsNamespace,
  // Third-party sign-in providers: identity's own variables.
  ...oauthProviderConfig,
  // One combined /metrics for every service of the process, off unless METRICS_PORT is set.
  ...metricsConfig('off'),
  // Quiet by default: one short line per failed request; ACCESS_LOG=all for every request.
  ...accessLogConfig({ mode: 'errors', format: 'text' }),
  otlpEndpoint: {
    env: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    schema: env.url(['http', 'https']).optional(),
    description: 'OTLP/HTTP endpoint for traces; none exported when unset',
  },
});
