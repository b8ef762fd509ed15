import { z } from 'zod';
import { serviceSecretProblem } from '../grpc/service-auth';
import { defineConfig } from './load-config';
import { env } from './schemas';

/** Settings every service process reads. */
export const commonConfig = defineConfig({
  logLevel: { env: 'LOG_LEVEL', schema: env.logLevel(), description: 'pino log level' },
  shutdownTimeoutMs: {
    env: 'SHUTDOWN_TIMEOUT_MS',
    schema: env.positiveInt(10_000),
    description: 'how long SIGTERM waits for in-flight work before closing anyway',
  },
  grpcDeadlineMs: {
    env: 'GRPC_DEADLINE_MS',
    schema: env.positiveInt(5_000),
    description: 'deadline applied to every outgoing gRPC call',
  },
});

/** Database settings for a service that runs alone (the embedded stack supplies its own). */
export const databaseConfig = defineConfig({
  databaseUrl: {
    env: 'DATABASE_URL',
    schema: env.url(['postgres', 'postgresql']),
    description: 'PostgreSQL connection URL',
  },
  databasePoolSize: {
    env: 'DATABASE_POOL_SIZE',
    schema: env.positiveInt(10),
    description: 'connections in this process’s pool',
  },
});

/** Message-bus settings for a service that runs alone. */
export const busConfig = defineConfig({
  natsUrl: {
    env: 'NATS_URL',
    schema: env.url(['nats', 'tls']),
    description: 'NATS server URL (JetStream enabled)',
  },
  natsNamespace: {
    env: 'NATS_NAMESPACE',
    schema: z
      .string()
      .regex(/^[a-z0-9_-]{1,32}$/, { message: 'must be 1-32 of a-z 0-9 _ -' })
      .optional(),
    description: 'prefix isolating this installation’s subjects and streams on a shared NATS',
  },
});

/**
 * Where a service's gRPC server listens: loopback unless told otherwise, so a service started by
 * hand is not reachable from the network; in Kubernetes the chart sets GRPC_HOST=0.0.0.0.
 */
export function grpcServerConfig(defaultPort: number) {
  return defineConfig({
    grpcHost: {
      env: 'GRPC_HOST',
      schema: z.string().min(1).default('127.0.0.1'),
      description: 'interface the gRPC server binds (0.0.0.0 for every interface, as in a pod)',
    },
    grpcPort: { env: 'GRPC_PORT', schema: env.port(defaultPort), description: 'gRPC port' },
  });
}

/**
 * The deployment's service secret, for every process that serves or calls gRPC on its own (the
 * embedded stack makes one in memory). See docs/adr/0020-service-authentication.md.
 */
export const grpcAuthConfig = defineConfig({
  grpcSecret: {
    env: 'GRPC_SECRET',
    schema: z.string().superRefine((value, context) => {
      const problem = serviceSecretProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
    description: 'shared secret every gRPC call between the services carries (at least 32 characters)',
    sensitive: true,
  },
});
