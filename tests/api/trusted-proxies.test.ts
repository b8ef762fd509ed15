import { request } from 'node:http';
import { type RelayStack, startRelayStack } from '../support/relay-stack';

// Security issue item 4: `X-Forwarded-For` is believed only from the proxies TRUSTED_PROXIES
// names (loopback by default), in edge (rate limits) and the relay (a token's IP allow list)
// alike. Here only 127.0.0.1 is a believed proxy; a client connecting from 127.0.0.2 stands for
// a machine on the same network that is not one.

jest.setTimeout(90_000);

interface Sent {
  status: number;
  body: any;
}

/** A GET from the local address `from`, claiming `forwardedFor`. */
function send(url: string, from: string, forwardedFor: string, headers: Record<string, string> = {}): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const call = request(url, { localAddress: from, headers: { ...headers, 'X-Forwarded-For': forwardedFor } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // Not JSON: keep the text.
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    call.on('error', reject);
    call.end();
  });
}

describe('TRUSTED_PROXIES', () => {
  let stack: RelayStack;

  beforeAll(async () => {
    stack = await startRelayStack({
      TRUSTED_PROXIES: '127.0.0.1',
      CRITICAL_RATE_LIMIT: '3',
      CRITICAL_RATE_LIMIT_DURATION: '600',
      GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('lets only a believed proxy name the client for the sign-in limit', async () => {
    const url = `${stack.url}/api/oauth/state`;
    // Not a believed proxy: every claimed address counts as the peer's own.
    for (const claimed of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) expect((await send(url, '127.0.0.2', claimed)).status).toBe(200);
    expect((await send(url, '127.0.0.2', '203.0.113.4')).status).toBe(429);
    // The believed proxy forwards for a client of its own.
    expect((await send(url, '127.0.0.1', '203.0.113.77')).status).toBe(200);
    const buckets = await stack.api.query(`SELECT DISTINCT bucket FROM rate_limit_counters WHERE bucket LIKE 'CT:%' ORDER BY bucket`);
    expect(buckets.map((row) => row.bucket)).toEqual(['CT:127.0.0.2', 'CT:203.0.113.77']);
  });

  it("lets only a believed proxy name the client for a token's IP allow list", async () => {
    const { apiKey } = await stack.userWithToken(1_000_000, { allowIps: '203.0.113.5' });
    const models = `${stack.url}/v1/models`;
    const auth = { Authorization: `Bearer ${apiKey}` };
    const spoofed = await send(models, '127.0.0.2', '203.0.113.5', auth);
    expect(spoofed.status).toBe(403);
    expect(spoofed.body.error.code).toBe('ip_not_allowed');
    expect((await send(models, '127.0.0.1', '203.0.113.5', auth)).status).toBe(200);
  });
});
