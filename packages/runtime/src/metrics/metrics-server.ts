import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';

/** A running `/metrics` listener. */
export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

export interface MetricsServerOptions {
  /** One registry, or several whose pages are served one after the other. */
  registries: readonly Registry[];
  host: string;
  port: number;
  logger: Logger;
}

/**
 * Serves `GET /metrics` (Prometheus text format) on a port of its own, never on the public HTTP
 * port: the ingress routes only the public ports, so `/metrics` stays inside the cluster. Any
 * other path is a 404; a failing collector is a 500 with a short text and a log line, never a
 * crash.
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const { registries, logger } = options;
  const contentType = registries[0]?.contentType ?? 'text/plain; version=0.0.4; charset=utf-8';
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found: only GET /metrics is served here\n');
      return;
    }
    Promise.all(registries.map((registry) => registry.metrics()))
      .then((pages) => {
        const body = pages.join('\n');
        res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) });
        res.end(req.method === 'HEAD' ? undefined : body);
      })
      .catch((err: unknown) => {
        logger.warn({ err }, 'metrics collection failed');
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('metrics collection failed\n');
      });
  });
  server.keepAliveTimeout = 65_000;
  server.listen(options.port, options.host);
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  logger.info({ host: options.host, port }, 'metrics listening');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
