import { once } from 'node:events';
import { type AddressInfo, createConnection, createServer, type Server, type Socket } from 'node:net';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';

// The proxy the fault-injection run puts between the services and PostgreSQL or NATS.

describe('the test TCP proxy', () => {
  let echo: Server;
  let proxy: TcpProxy;

  beforeAll(async () => {
    echo = createServer((socket) => {
      // A cut resets the proxy's connection to this server too.
      socket.on('error', () => undefined);
      socket.pipe(socket);
    });
    echo.listen(0, '127.0.0.1');
    await once(echo, 'listening');
    proxy = await startTcpProxy({ host: '127.0.0.1', port: (echo.address() as AddressInfo).port });
  });

  afterAll(async () => {
    await proxy.close();
    await new Promise<void>((resolve) => echo.close(() => resolve()));
  });

  const connect = async (): Promise<Socket> => {
    const socket = createConnection({ host: '127.0.0.1', port: proxy.port });
    socket.setEncoding('utf8');
    await once(socket, 'connect');
    return socket;
  };
  const roundTrip = async (socket: Socket, text: string): Promise<string> => {
    const reply = once(socket, 'data');
    socket.write(text);
    return String((await reply)[0]);
  };
  const closed = (socket: Socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()));

  it('forwards bytes both ways', async () => {
    const socket = await connect();
    await proxy.waitForConnections(1);
    expect(await roundTrip(socket, 'ping')).toBe('ping');
    socket.destroy();
  });

  it('a cut drops open connections and refuses new ones until restored', async () => {
    const socket = await connect();
    socket.on('error', () => undefined);
    await proxy.waitForConnections(1);
    expect(await roundTrip(socket, 'before')).toBe('before');
    const droppedBefore = proxy.dropped;

    const wasClosed = closed(socket);
    proxy.cut();
    await wasClosed;
    expect(proxy.openConnections).toBe(0);

    const refused = createConnection({ host: '127.0.0.1', port: proxy.port });
    refused.on('error', () => undefined);
    await closed(refused);
    expect(proxy.dropped).toBe(droppedBefore + 2);

    proxy.restore();
    const again = await connect();
    expect(await roundTrip(again, 'after')).toBe('after');
    again.destroy();
  });

  it('waitForConnections fails after its bound when nobody connects', async () => {
    await expect(proxy.waitForConnections(5, 50)).rejects.toThrow(/fewer than 5 connections/);
  });
});
