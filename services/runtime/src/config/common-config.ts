import { z } from 'zod';
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

/** Where a service's gRPC server listens. */
export function grpcServerConfig(defaultPort: number) {
  return defineConfig({
    grpcHost: {
      env: 'GRPC_HOST',
      schema: z.string().min(1).default('0.0.0.0'),
      description: 'interface the gRPC server binds',
    },
    grpcPort: { env: 'GRPC_PORT', schema: env.port(defaultPort), description: 'gRPC port' },
  });
}
