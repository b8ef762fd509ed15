import {
  accessLogConfig,
  busConfig,
  commonConfig,
  DEFAULT_METRICS_PORTS,
  databaseConfig,
  defineConfig,
  env,
  grpcAuthConfig,
  metricsConfig,
  trustedProxyConfig,
} from '@modelgate/runtime';
import { z } from 'zod';
import { DEFAULT_CONSOLE_DIR } from './console/console-files';
import { rateLimitConfig } from './security/rate-limit-config';

/** Settings of edge's request handling, shared by edge alone and the embedded stack. */
export const edgeHttpConfig = defineConfig({
  turnstileVerifyUrl: {
    env: 'TURNSTILE_VERIFY_URL',
    schema: env.url(['http', 'https']).default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
    description: 'where Turnstile human-check tokens are verified',
  },
  ...rateLimitConfig,
  ...trustedProxyConfig,
  consoleDir: {
    env: 'CONSOLE_DIR',
    schema: z.string().min(1).default(DEFAULT_CONSOLE_DIR),
    description: 'directory of the console build served at / (default: console/dist of this checkout)',
  },
});

/** Settings of edge running as its own process. */
export const edgeConfig = defineConfig({
  ...commonConfig,
  ...databaseConfig,
  ...busConfig,
  ...grpcAuthConfig,
  ...edgeHttpConfig,
  ...metricsConfig(DEFAULT_METRICS_PORTS.edge),
  ...accessLogConfig({ mode: 'all', format: 'json' }),
  port: { env: 'PORT', schema: env.port(3000), description: 'HTTP port for the console and /api' },
  host: { env: 'HOST', schema: z.string().min(1).default('0.0.0.0'), description: 'HTTP interface' },
  identityAddress: {
    env: 'IDENTITY_GRPC_ADDR',
    schema: env.address('127.0.0.1:50051'),
    description: 'identity service gRPC address',
  },
  billingAddress: {
    env: 'BILLING_GRPC_ADDR',
    schema: env.address('127.0.0.1:50052'),
    description: 'billing service gRPC address',
  },
  relayAddress: {
    env: 'RELAY_GRPC_ADDR',
    schema: env.address('127.0.0.1:50053'),
    description: 'relay service gRPC address',
  },
  taskAddress: {
    env: 'TASK_GRPC_ADDR',
    schema: env.address('127.0.0.1:50054'),
    description: 'task service gRPC address',
  },
});
