import { findChannelType } from '@modelgate/channel-types';
import { type FakeUpstream, type ServiceAccountKey, startFakeUpstream } from '@modelgate/fake-upstream';
import { isOutboundRefusal, OutboundPolicy } from '@modelgate/runtime/outbound';
import { createUpstreamClient, type UpstreamClient } from '../../pipeline/upstream-client';
import { UpstreamError } from '../../protocols/upstream-error';
import type { UpstreamChannel } from '../types';
import { vertexClaudeAdapter } from '.';

// Access tokens of a Vertex AI channel through the upstream client, against the fake's token
// endpoint and its Vertex paths (which accept only the tokens it issued and has not expired).

const vertex = findChannelType(41)!;
const never = new AbortController().signal;

describe("a Vertex AI channel's access tokens", () => {
  let fake: FakeUpstream;
  let upstream: UpstreamClient;
  let key: ServiceAccountKey;

  const channel = (fields: Partial<UpstreamChannel> = {}): UpstreamChannel => ({
    id: 5,
    type: 41,
    key: JSON.stringify(key),
    base_url: fake.url,
    other: 'us-east5',
    openai_organization: null,
    created_time: 0,
    ...fields,
  });
  const call = async (target = channel()) =>
    upstream.send(
      await vertexClaudeAdapter.buildRequest(vertex, {
        channel: target,
        operation: 'messages',
        json: { max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] },
        upstreamModel: 'claude-sonnet-4@20250514',
        stream: false,
        forceStreamUsage: false,
      }),
      never,
    );
  const status = async (target?: UpstreamChannel) => {
    const response = await call(target);
    await response.body.dump();
    return response.statusCode;
  };

  beforeAll(async () => {
    fake = await startFakeUpstream();
    key = fake.google.createServiceAccount({ projectId: 'tokens-project' });
    const outbound = new OutboundPolicy({ allowedRanges: () => '127.0.0.1' });
    upstream = createUpstreamClient({ connectTimeoutMs: 2_000, responseTimeoutMs: 0, idleTimeoutMs: 0, connectionsPerOrigin: 4, outbound });
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await upstream.close();
    await fake.close();
  });

  it('exchanges the key once for many calls, concurrent or not, and sends the token as a bearer', async () => {
    const before = fake.google.tokenExchanges;
    expect(await Promise.all([1, 2, 3, 4].map(() => status()))).toEqual([200, 200, 200, 200]);
    expect(await status()).toBe(200);
    expect(fake.google.tokenExchanges).toBe(before + 1);
    const issued = fake.google.issuedTokens.at(-1)!;
    expect(issued).toMatchObject({ clientEmail: key.client_email, scopes: ['https://www.googleapis.com/auth/cloud-platform'] });
    expect(fake.requests.filter((r) => r.path.endsWith(':rawPredict')).map((r) => r.headers['authorization'])).toEqual(
      Array(5).fill(`Bearer ${issued.accessToken}`),
    );
  });

  it('gets a new token when the upstream refuses the current one, and the call goes through', async () => {
    expect(await status()).toBe(200);
    const before = fake.google.tokenExchanges;
    fake.google.expireTokens();
    expect(await status()).toBe(200);
    expect(await status()).toBe(200);
    expect(fake.google.tokenExchanges).toBe(before + 1);
  });

  it('lets the library refresh a token near its expiry without waiting for a refusal', async () => {
    const other = fake.google.createServiceAccount({ projectId: 'tokens-project' });
    const target = channel({ id: 6, key: JSON.stringify(other) });
    fake.google.tokenLifetimeSeconds = 120; // inside the library's 5-minute refresh margin
    try {
      const before = fake.google.tokenExchanges;
      expect([await status(target), await status(target)]).toEqual([200, 200]);
      expect(fake.google.tokenExchanges).toBe(before + 2);
    } finally {
      fake.google.tokenLifetimeSeconds = 3600;
    }
  });

  it("exchanges again when the channel's key changes", async () => {
    expect(await status()).toBe(200);
    const before = fake.google.tokenExchanges;
    const renewed = fake.google.createServiceAccount({ projectId: 'tokens-project' });
    expect(await status(channel({ key: JSON.stringify(renewed) }))).toBe(200);
    expect(fake.google.tokenExchanges).toBe(before + 1);
    expect(fake.google.issuedTokens.at(-1)!.clientEmail).toBe(renewed.client_email);
  });

  it("fails as the channel's credentials (401, OAuth's words) when the token endpoint refuses the key", async () => {
    const stranger = { ...fake.google.createServiceAccount({ projectId: 'tokens-project' }) };
    fake.google.removeServiceAccount(stranger.client_email);
    const failure = await call(channel({ id: 7, key: JSON.stringify(stranger) })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(failure).toMatchObject({
      kind: 'upstream',
      status: 401,
      errorCode: 'upstream_token_exchange_failed',
      message: "the channel's service account could not get a Vertex AI access token (invalid_grant: Invalid grant: account not found)",
    });
    expect(fake.requests.some((r) => r.path.endsWith(':rawPredict'))).toBe(false);
  });

  it("sends no grant to a token_uri the outbound policy refuses (a cloud metadata address), as a transport failure", async () => {
    const before = fake.google.tokenExchanges;
    const metadata = { ...key, token_uri: 'http://169.254.169.254/computeMetadata/v1/token' };
    const failure = await call(channel({ id: 8, key: JSON.stringify(metadata) })).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'transport', status: 502, errorCode: 'upstream_unreachable' });
    expect(isOutboundRefusal(failure)).toBe(true);
    expect(fake.google.tokenExchanges).toBe(before);
    expect(fake.requests).toEqual([]);
  });
});
