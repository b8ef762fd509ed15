import { type ApiStack, startApiStack } from '../support/api-stack';

jest.setTimeout(60_000);

const LIMITED = { success: false, message: 'too many requests, please try again later' };

/**
 * The limits of the whole product, configured through the environment as an operator would:
 * a critical limit of 3 per second, an `/api` limit of 6 per minute and a console limit of 2 per
 * minute, counted in PostgreSQL. Clients are told apart by `X-Forwarded-For` (the test talks to
 * edge over loopback, a trusted proxy hop).
 */
describe('rate limits of the running product', () => {
  let api: ApiStack;

  beforeAll(async () => {
    api = await startApiStack({
      CRITICAL_RATE_LIMIT: '3',
      CRITICAL_RATE_LIMIT_DURATION: '1',
      GLOBAL_API_RATE_LIMIT: '6',
      GLOBAL_API_RATE_LIMIT_DURATION: '60',
      GLOBAL_WEB_RATE_LIMIT: '2',
    });
  });
  afterAll(async () => {
    await api?.stop();
  });

  const from = (address: string) => {
    const client = api.client();
    client.headers['X-Forwarded-For'] = address;
    return client;
  };

  it('answers 429 in the envelope once a client exceeds the critical limit, and lets it in again later', async () => {
    const client = from('203.0.113.10');
    for (let i = 0; i < 3; i++) expect((await client.get('/api/oauth/state')).body.success).toBe(true);
    const refused = await client.get('/api/oauth/state');
    expect([refused.status, refused.body]).toEqual([429, LIMITED]);
    expect((await from('203.0.113.11').get('/api/oauth/state')).status).toBe(200);

    // Summed: the requests may straddle two windows.
    const counters = await api.query(
      `SELECT bucket, sum(hits)::int AS hits FROM rate_limit_counters WHERE bucket LIKE 'CT:%' GROUP BY bucket ORDER BY bucket`,
    );
    expect(counters).toEqual([
      { bucket: 'CT:203.0.113.10', hits: 3 },
      { bucket: 'CT:203.0.113.11', hits: 1 },
    ]);

    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await client.get('/api/oauth/state')).status).toBe(200);
  });

  it('limits every /api request per client, except the host itself', async () => {
    const client = from('198.51.100.20');
    for (let i = 0; i < 6; i++) expect((await client.get('/api/status')).status).toBe(200);
    const refused = await client.get('/api/notice');
    expect([refused.status, refused.body]).toEqual([429, LIMITED]);
    const local = api.client();
    for (let i = 0; i < 10; i++) expect((await local.get('/api/status')).status).toBe(200);
  });

  it('limits the console paths on their own budget, and never the probes', async () => {
    const client = from('192.0.2.30');
    // Page paths answer the console's index.html (200 with a build, 503 without one).
    expect([200, 503]).toContain((await client.get('/token')).status);
    expect([200, 503]).toContain((await client.get('/log')).status);
    const refused = await client.get('/token');
    expect([refused.status, refused.body]).toEqual([429, LIMITED]);
    expect((await client.get('/api/status')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await client.get('/healthz')).status).toBe(200);
  });
});
