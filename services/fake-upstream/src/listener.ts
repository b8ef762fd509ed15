// The fake upstream's listening server: plain HTTP/1.1 (node:http), or HTTPS serving HTTP/2 and
// HTTP/1.1 on one port (ALPN) with a self-signed certificate made by openssl at start.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { constants, createSecureServer, Http2ServerResponse, type ServerHttp2Session } from 'node:http2';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A server listening for the fake, with the connection handling its `close()` needs. */
export interface Listener {
  /** `http` or `https`. */
  readonly scheme: 'http' | 'https';
  readonly server: Server;
  /** The PEM file of the self-signed certificate (HTTPS only); trust it as a certificate authority. */
  readonly certFile?: string;
  closeIdleConnections(): void;
  /** Drops every connection and removes the certificate's files. */
  closeAllConnections(): Promise<void>;
}

const run = promisify(execFile);

/** A self-signed certificate for `localhost`, `127.0.0.1` and `::1`, valid 30 days, in a new temporary directory. */
async function makeSelfSignedCertificate(): Promise<{ dir: string; certFile: string; cert: Buffer; key: Buffer }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fake-upstream-tls-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  try {
    await run('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', keyFile, '-out', certFile, '-days', '30', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
    ]);
    return { dir, certFile, cert: await readFile(certFile), key: await readFile(keyFile) };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`could not make a self-signed certificate with openssl: ${reason}`, { cause: error });
  }
}

const noop = (): void => undefined;

/**
 * Ends the exchange's connection without finishing the answer: on HTTP/1.1 the socket (after
 * the bytes written so far when `flush`), on HTTP/2 only the exchange's stream (reset with
 * INTERNAL_ERROR), since the connection carries other exchanges.
 */
export function dropConnection(res: ServerResponse, flush: boolean): void {
  const h2 = res as unknown as Http2ServerResponse;
  if (h2 instanceof Http2ServerResponse) {
    h2.stream.close(constants.NGHTTP2_INTERNAL_ERROR);
    return;
  }
  const socket: Socket | null = res.socket;
  if (socket === null) return;
  if (!flush) return void socket.destroy();
  socket.once('finish', () => socket.destroy());
  socket.end();
}

/** Plain HTTP/1.1, tuned for load (no delay, no request timeout). */
export function listenPlain(handler: Handler): Listener {
  const server = createServer({ noDelay: true, requestTimeout: 0, maxHeaderSize: 256 * 1024 }, handler);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return {
    scheme: 'http',
    server,
    closeIdleConnections: () => server.closeIdleConnections(),
    closeAllConnections: async () => server.closeAllConnections(),
  };
}

/**
 * HTTPS with HTTP/2 and HTTP/1.1 (`allowHTTP1`) chosen by ALPN. HTTP/2 exchanges come through
 * node:http2's compatibility API, which has what the responders use but `cork` (frames leave as
 * written). Closing idle connections sends HTTP/2 sessions a GOAWAY (they close once their
 * streams end); HTTP/1.1 connections over TLS are left to their client.
 */
export async function listenTls(handler: Handler): Promise<Listener> {
  const certificate = await makeSelfSignedCertificate();
  const sockets = new Set<Socket>();
  const sessions = new Set<ServerHttp2Session>();
  const server = createSecureServer(
    { allowHTTP1: true, cert: certificate.cert, key: certificate.key, settings: { maxHeaderListSize: 256 * 1024 } },
    (req, res) => {
      if (res instanceof Http2ServerResponse) Object.assign(res, { cork: noop, uncork: noop });
      handler(req as unknown as IncomingMessage, res as unknown as ServerResponse);
    },
  );
  server.on('connection', (socket: Socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('session', (session: ServerHttp2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  return {
    scheme: 'https',
    server: server as unknown as Server,
    certFile: certificate.certFile,
    closeIdleConnections: () => {
      for (const session of sessions) session.close();
    },
    closeAllConnections: async () => {
      for (const socket of sockets) socket.destroy();
      await rm(certificate.dir, { recursive: true, force: true });
    },
  };
}
