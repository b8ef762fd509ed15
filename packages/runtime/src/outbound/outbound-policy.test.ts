import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import {
  isOutboundRefusal,
  OUTBOUND_REFUSED_MESSAGE,
  OutboundAddressRefusedError,
  OutboundPolicy,
  type ResolveAll,
} from './outbound-policy';

/** An HTTP server on `host` that counts its requests and answers with `answer`. */
async function serve(host: string, answer: (url: string) => { status: number; headers?: Record<string, string> }) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const { status, headers } = answer(req.url ?? '');
    res.writeHead(status, headers).end('ok');
  });
  server.listen(0, host);
  await once(server, 'listening');
  return { hits, server, port: (server.address() as AddressInfo).port };
}

/** A resolver that knows a few names, like a DNS server an admin may control. */
const names: Record<string, string[]> = {
  'upstream.test': ['127.0.0.1'],
  'rebinding.test': ['8.8.8.8', '127.0.0.1'],
};
const fakeDns: ResolveAll = (hostname, _options, callback) => {
  const found = names[hostname];
  if (!found) {
    callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    return;
  }
  callback(null, found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
};

describe('the outbound address policy', () => {
  let allowed = '';
  let policy: OutboundPolicy;
  let target: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    target = await serve('127.0.0.1', () => ({ status: 200 }));
  });
  afterAll(async () => {
    target.server.close();
  });
  beforeEach(() => {
    allowed = '';
    target.hits.length = 0;
    policy = new OutboundPolicy({ allowedRanges: () => allowed, resolve: fakeDns });
  });
  afterEach(async () => {
    await policy.close();
  });

  const refusal = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(isOutboundRefusal(error)).toBe(true);
    return error as Error;
  };

  it('permits public addresses and what the root allows, nothing else', () => {
    expect(policy.permits('8.8.8.8')).toBe(true);
    expect(policy.permits('2606:4700:4700::1111')).toBe(true);
    for (const internal of ['127.0.0.1', '10.0.0.5', '169.254.169.254', '::1', 'fd00:ec2::254', '::ffff:192.168.1.1', 'not-an-ip']) {
      expect([internal, policy.permits(internal)]).toEqual([internal, false]);
    }
    allowed = '127.0.0.1, 10.0.0.0/8';
    expect(policy.permits('127.0.0.1')).toBe(true);
    expect(policy.permits('::ffff:127.0.0.1')).toBe(true);
    expect(policy.permits('10.200.0.1')).toBe(true);
    expect(policy.permits('127.0.0.2')).toBe(false);
    expect(policy.permits('169.254.169.254')).toBe(false);
    // The option is read at each check: taking the permission back applies at once.
    allowed = '';
    expect(policy.permits('127.0.0.1')).toBe(false);
  });

  it('refuses a loopback address before connecting, with a generic error', async () => {
    const error = await refusal(request(`http://127.0.0.1:${target.port}/secret`, { dispatcher: policy.agent }));
    expect(error).toBeInstanceOf(OutboundAddressRefusedError);
    expect(error.message).toBe(OUTBOUND_REFUSED_MESSAGE);
    expect(error.message).not.toMatch(/127\.0\.0\.1|\d{4,5}/);
    await refusal(request(`http://[::ffff:127.0.0.1]:${target.port}/`, { dispatcher: policy.agent }));
    expect(target.hits).toEqual([]);
  });

  it('checks names after resolving them: every address must be allowed', async () => {
    await refusal(request(`http://upstream.test:${target.port}/`, { dispatcher: policy.agent }));
    await refusal(request(`http://rebinding.test:${target.port}/`, { dispatcher: policy.agent }));
    expect(target.hits).toEqual([]);
    // Allowed, the name connects to the address it resolved to.
    allowed = '127.0.0.1';
    const response = await request(`http://upstream.test:${target.port}/models`, { dispatcher: policy.agent });
    expect(response.statusCode).toBe(200);
    await response.body.dump();
    expect(target.hits).toEqual(['/models']);
  });

  it('applies a permission taken back at once, to pooled connections too', async () => {
    allowed = '127.0.0.1';
    const agent = policy.createAgent();
    const first = await request(`http://127.0.0.1:${target.port}/first`, { dispatcher: agent });
    await first.body.dump();
    allowed = '';
    await refusal(request(`http://127.0.0.1:${target.port}/second`, { dispatcher: agent }));
    expect(target.hits).toEqual(['/first']);
    await agent.close();
  });

  it('resolves names with the system resolver by default', async () => {
    const system = new OutboundPolicy({ allowedRanges: () => '' });
    try {
      await refusal(system.fetch(`http://localhost:${target.port}/`));
    } finally {
      await system.close();
    }
    expect(target.hits).toEqual([]);
  });

  it('checks every connection a redirect leads to', async () => {
    const inner = await serve('127.0.0.2', () => ({ status: 200 }));
    const outer = await serve('127.0.0.1', () => ({ status: 302, headers: { location: `http://127.0.0.2:${inner.port}/metadata` } }));
    try {
      allowed = '127.0.0.1';
      await refusal(policy.fetch(`http://127.0.0.1:${outer.port}/start`));
      expect(outer.hits).toEqual(['/start']);
      expect(inner.hits).toEqual([]);
    } finally {
      inner.server.close();
      outer.server.close();
    }
  });

  it('keeps a name that does not resolve an ordinary network error', async () => {
    const error = await request(`http://nowhere.test:${target.port}/`, { dispatcher: policy.agent }).catch((caught: unknown) => caught);
    expect(isOutboundRefusal(error)).toBe(false);
    expect((error as { code?: string }).code).toBe('ENOTFOUND');
  });
});
