import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { OutboundPolicy } from '@modelgate/runtime/outbound';
import type { Agent } from 'undici';

/**
 * Test support: an https server on 127.0.0.1 with a self-signed certificate for `localhost` and
 * `127.0.0.1` (valid until 2126, in `testdata/`), recording what it receives, and an undici Agent
 * that trusts exactly that certificate. Not used by production code.
 */
export interface ReceivedHook {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface TestHttpsServer {
  readonly url: string;
  readonly received: ReceivedHook[];
  /** Status answered to the next requests (default 204); `hang` never answers. */
  reply: number | 'hang';
  /** A dispatcher that trusts the server's certificate. */
  readonly agent: Agent;
  stop(): Promise<void>;
}

const TESTDATA = path.join(__dirname, 'testdata');

/**
 * The files of the test certificate (for `localhost` and `127.0.0.1`, self-signed) and its key,
 * for servers of other protocols (HTTP/2) and for a client told to trust the certificate.
 */
export const TEST_TLS_FILES = {
  cert: path.join(TESTDATA, 'localhost-cert.pem'),
  key: path.join(TESTDATA, 'localhost-key.pem'),
} as const;

export async function startTestHttpsServer(): Promise<TestHttpsServer> {
  const cert = readFileSync(TEST_TLS_FILES.cert);
  const key = readFileSync(TEST_TLS_FILES.key);
  const state = { reply: 204 as number | 'hang' };
  const received: ReceivedHook[] = [];
  const server: Server = createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (state.reply === 'hang') return;
      res.statusCode = state.reply;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // Through the outbound address policy, as production calls go, with loopback allowed.
  const agent = new OutboundPolicy({ allowedRanges: () => '127.0.0.1' }).createAgent({ connect: { ca: cert } });
  return {
    url: `https://127.0.0.1:${port}/hooks/quota`,
    received,
    get reply() {
      return state.reply;
    },
    set reply(value) {
      state.reply = value;
    },
    agent,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await agent.close();
    },
  };
}
