import { busConfig, commonConfig, defineConfig, env } from '@modelgate/runtime';
import { z } from 'zod';

/** Settings of edge running as its own process. */
export const edgeConfig = defineConfig({
  ...commonConfig,
  ...busConfig,
  port: { env: 'PORT', schema: env.port(3000), description: 'HTTP port for the console and /api' },
  host: { env: 'HOST', schema: z.string().min(1).default('0.0.0.0'), description: 'HTTP interface' },
  identityAddress: {
    env: 'IDENTITY_GRPC_ADDR',
    schema: env.address('127.0.0.1:50051'),
    description: 'identity service gRPC address',
  },
});
