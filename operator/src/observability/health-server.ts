/**
 * `/healthz` (the process runs), `/readyz` (caches synced and the database reachable — or this
 * replica is a waiting follower) and `/metrics` (Prometheus) on one plain `node:http` server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface HealthServerOptions {
  host: string;
  port: number;
  registry: Registry;
  /** Resolves to undefined when ready, or the reason it is not. */
  readiness: () => Promise<string | undefined>;
}

export interface HealthServer {
  readonly port: number;
  close(): Promise<void>;
}

export async function startHealthServer(options: HealthServerOptions): Promise<HealthServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const send = (status: number, body: string, type = 'text/plain; charset=utf-8') => {
      response.writeHead(status, { 'Content-Type': type });
      response.end(body);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, 'method not allowed\n');
    if (path === '/healthz') return send(200, 'ok\n');
    if (path === '/readyz') {
      options.readiness().then(
        (problem) => (problem === undefined ? send(200, 'ok\n') : send(503, `not ready: ${problem}\n`)),
        (error: unknown) => send(503, `not ready: ${String(error)}\n`),
      );
      return;
    }
    if (path === '/metrics') {
      options.registry.metrics().then(
        (text) => send(200, text, options.registry.contentType),
        (error: unknown) => send(500, String(error)),
      );
      return;
    }
    send(404, 'not found\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
