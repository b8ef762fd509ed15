import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  accessLogConfig,
  answerMalformedHttp,
  createAccessLog,
  DEFAULT_METRICS_PORTS,
  defineConfig,
  env,
  MODELGATE_VERSION,
  trustedProxyConfig,
} from '@modelgate/runtime';
import { runBackendService } from '@modelgate/service-host';
import { z } from 'zod';
import { relayDataPlaneConfig } from './config';
import { relayAnswerToMalformedHttp } from './http/malformed-http-answer';
import { startRelayService } from './relay-service';

/**
 * Connections the kernel keeps waiting for the relay to accept (Linux caps it at
 * net.core.somaxconn, 4096 by default). Node's 511 overflows when thousands of clients open
 * streams within a second or two while the event loop is busy: the kernel then drops their
 * handshakes, the clients retry after 1, 3, 7… s, and those still unaccepted after about a minute
 * are reset.
 */
const LISTEN_BACKLOG = 4096;

const relayHttpConfig = defineConfig({
  port: { env: 'PORT', schema: env.port(3001), description: 'HTTP port of the data plane (/v1 ...)' },
  host: { env: 'HOST', schema: z.string().min(1).default('0.0.0.0'), description: 'HTTP interface' },
  billingAddress: {
    env: 'BILLING_GRPC_ADDR',
    schema: env.address('127.0.0.1:50052'),
    description: 'billing service gRPC address (quota reservations)',
  },
  identityAddress: {
    env: 'IDENTITY_GRPC_ADDR',
    schema: env.address('127.0.0.1:50051'),
    description: 'identity service gRPC address (console sessions of the playground)',
  },
  taskAddress: {
    env: 'TASK_GRPC_ADDR',
    schema: env.address('127.0.0.1:50054'),
    description: 'task service gRPC address (the drawing and music tasks of /mj and /suno)',
  },
  ...relayDataPlaneConfig,
  ...trustedProxyConfig,
  // The data plane at volume: errors only unless asked (ACCESS_LOG=all, sampled by ACCESS_LOG_SAMPLE).
  ...accessLogConfig({ mode: 'errors', format: 'json' }),
});

void runBackendService({
  service: 'relay',
  defaultGrpcPort: 50053,
  defaultMetricsPort: DEFAULT_METRICS_PORTS.relay,
  version: MODELGATE_VERSION,
  config: relayHttpConfig,
  async start(deps, config) {
    const relay = await startRelayService({
      ...deps,
      billingAddress: config.billingAddress,
      identityAddress: config.identityAddress,
      taskAddress: config.taskAddress,
      dataPlane: config,
      trustedProxies: config.trustedProxies,
      accessLog: createAccessLog(config, deps.logger),
    });
    const server = createServer(relay.listener);
    server.on('upgrade', relay.realtime.upgrade);
    answerMalformedHttp(server, relayAnswerToMalformedHttp);
    server.keepAliveTimeout = 65_000;
    server.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
    await once(server, 'listening');
    deps.logger.info({ port: (server.address() as AddressInfo).port }, 'relay HTTP listening');
    return {
      grpcPort: relay.grpcPort,
      async stop(timeoutMs) {
        // Requests in flight finish first, so their usage records are in the last batch the
        // relay sends before it lets go of the bus.
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // Realtime sessions are closed (their holds refunded) rather than waited for.
        await relay.realtime.closeAll();
        server.closeIdleConnections();
        await closed;
        await relay.stop(timeoutMs);
      },
    };
  },
});
