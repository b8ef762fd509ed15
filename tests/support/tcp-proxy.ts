import { once } from 'node:events';
import { type AddressInfo, createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy a test controls, between services and a server they depend on (PostgreSQL, NATS):
 * it forwards bytes both ways until the test cuts it. A cut destroys every open connection (both
 * ends see the connection drop, as on a network failure or a server restart) and, until
 * {@link TcpProxy.restore}, drops every new connection as soon as it is accepted.
 */
export interface TcpProxy {
  /** The port the proxy listens on (127.0.0.1). */
  readonly port: number;
  /** Connections open through the proxy right now. */
  readonly openConnections: number;
  /** Connections accepted and forwarded since the proxy started. */
  readonly forwarded: number;
  /** Connections dropped by cuts (open ones destroyed plus new ones refused while cut). */
  readonly dropped: number;
  /** Destroys every open connection and refuses new ones until {@link restore}. */
  cut(): void;
  /** Forwards new connections again. */
  restore(): void;
  /** Resolves once at least `count` connections are open through the proxy. */
  waitForConnections(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 (a free port) to `target` (`host:port`). */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  const waiters = new Set<() => void>();
  let isCut = false;
  let forwarded = 0;
  let dropped = 0;

  const server: Server = createServer((client) => {
    if (isCut) {
      dropped += 1;
      client.destroy();
      return;
    }
    forwarded += 1;
    const upstream = createConnection(target);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const teardown = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of pair) {
      socket.setNoDelay(true);
      socket.on('error', teardown);
      socket.on('close', teardown);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    for (const wake of [...waiters]) wake();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;

  const destroyAll = () => {
    for (const pair of [...pairs]) {
      dropped += 1;
      pairs.delete(pair);
      // resetAndDestroy sends an RST, as a dead network path or a killed server would.
      for (const socket of pair) socket.resetAndDestroy();
    }
  };

  return {
    port,
    get openConnections() {
      return pairs.size;
    },
    get forwarded() {
      return forwarded;
    },
    get dropped() {
      return dropped;
    },
    cut() {
      isCut = true;
      destroyAll();
    },
    restore() {
      isCut = false;
    },
    async waitForConnections(count, timeoutMs = 30_000) {
      if (pairs.size >= count) return;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`fewer than ${count} connections through the proxy after ${timeoutMs} ms (${pairs.size})`));
        }, timeoutMs);
        const check = () => {
          if (pairs.size < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      });
    },
    async close() {
      destroyAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
