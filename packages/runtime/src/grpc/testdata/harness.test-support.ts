// Starts an echo server on an ephemeral loopback port for the gRPC helper tests.
import { createLogger, type Logger } from '../../logging/logger';
import { createGrpcClient, type GrpcClient, type GrpcClientOptions } from '../client';
import { bindGrpcService, createGrpcServer, type GrpcServer } from '../server';
import { generateServiceSecret } from '../service-auth';
import type { UnaryServiceImplementation } from '../types';
import { EchoClient, echoDefinition, type EchoServiceDefinition } from './echo.test-support';

/** A parsed log line. */
export type LogLine = Record<string, unknown> & { msg?: string; level?: string };

/** A logger whose lines are kept in memory. */
export function memoryLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = createLogger({
    service: 'grpc-test',
    level: 'debug',
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  });
  return { logger, lines };
}

export interface EchoHarness {
  server: GrpcServer;
  address: string;
  port: number;
  /** The service secret the server requires and `client()` sends. */
  secret: string;
  logger: Logger;
  lines: LogLine[];
  /** A client of the echo server; closed by `close`. */
  client(options?: Partial<GrpcClientOptions>): GrpcClient<EchoServiceDefinition>;
  /** Closes every client and shuts the server down. */
  close(): Promise<void>;
}

export async function startEchoServer(
  implementation: UnaryServiceImplementation<EchoServiceDefinition>,
): Promise<EchoHarness> {
  const { logger, lines } = memoryLogger();
  const secret = generateServiceSecret();
  const server = createGrpcServer({
    logger,
    host: '127.0.0.1',
    port: 0,
    services: [bindGrpcService(echoDefinition, implementation)],
    secret,
  });
  const { port } = await server.start();
  const address = `127.0.0.1:${port}`;
  const clients: GrpcClient<EchoServiceDefinition>[] = [];
  return {
    server,
    address,
    port,
    secret,
    logger,
    lines,
    client(options) {
      const client = createGrpcClient(EchoClient, address, { logger, deadlineMs: 2_000, secret, ...options });
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients) client.close();
      await server.shutdown(1_000);
    },
  };
}
