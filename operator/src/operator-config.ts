/** The operator's environment (the chart's contract, charts/modelgate/templates/operator.yaml). */
import { hostname } from 'node:os';
import { busConfig, commonConfig, type ConfigOf, databaseConfig, defineConfig, env } from '@modelgate/runtime';
import { z } from 'zod';

const seconds = (fallback: number) => env.positiveInt(fallback);

export const operatorConfigSpec = defineConfig({
  ...commonConfig,
  ...databaseConfig,
  ...busConfig,
  port: { env: 'PORT', schema: env.port(8080), description: 'port of /healthz, /readyz and /metrics' },
  httpHost: { env: 'HTTP_HOST', schema: z.string().min(1).default('0.0.0.0'), description: 'interface the health/metrics server binds' },
  watchNamespaces: {
    env: 'WATCH_NAMESPACES',
    schema: z
      .string()
      .default('')
      .transform((value) => value.split(',').map((item) => item.trim()).filter((item) => item !== '')),
    description: 'comma-separated namespaces whose Channels and Secrets are watched; empty: every namespace',
  },
  leaderElection: { env: 'LEADER_ELECTION', schema: env.boolean(false), description: 'elect one writing replica through a Lease' },
  leaseName: { env: 'LEASE_NAME', schema: z.string().min(1).default('modelgate-operator'), description: 'name of the leader Lease' },
  leaseNamespace: { env: 'LEASE_NAMESPACE', schema: z.string().min(1).default('default'), description: 'namespace of the leader Lease' },
  podName: { env: 'POD_NAME', schema: z.string().min(1).default(hostname()), description: 'this replica’s identity in the Lease' },
  leaseDurationSeconds: { env: 'LEASE_DURATION_SECONDS', schema: seconds(15), description: 'a Lease not renewed for this long may be taken over' },
  renewDeadlineSeconds: { env: 'RENEW_DEADLINE_SECONDS', schema: seconds(10), description: 'a leader that could not renew for this long stops writing' },
  retryPeriodSeconds: { env: 'RETRY_PERIOD_SECONDS', schema: seconds(2), description: 'how often the Lease is renewed or tried' },
  resyncPeriodSeconds: { env: 'RESYNC_PERIOD_SECONDS', schema: seconds(600), description: 'every Channel is reconciled again this often (drift, gateway state)' },
  workers: { env: 'WORKERS', schema: env.positiveInt(4), description: 'Channels reconciled at the same time' },
  otlpEndpoint: { env: 'OTEL_EXPORTER_OTLP_ENDPOINT', schema: z.string().optional(), description: 'OTLP/HTTP endpoint for traces' },
});

export type OperatorConfig = ConfigOf<typeof operatorConfigSpec>;
