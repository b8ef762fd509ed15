import { randomBytes } from 'node:crypto';
import { type FakeRequest, type FakeUpstream, startFakeUpstream } from '@modelgate/fake-upstream';
import OpenAI from 'openai';
import { type ApiStack, startApiStack } from '../support/api-stack';
import { seedChannel, seedToken, seedUser } from '../support/relay-fixtures';
import { awaitRouting, chat, inBatches } from '../support/relay-processes';

// Channel selection on the whole product (embedded stack, real HTTP): priority tiers, weights,
// retries to the next tier without re-trying a channel, the status codes that are not retried,
// and `status_code_mapping`.

jest.setTimeout(60_000);

const MODELS = [
  'mg-tiers',
  'mg-weights',
  'mg-retry',
  'mg-retry-tier',
  'mg-retry-exhaust',
  'mg-bad-request',
  'mg-mapped-503',
  'mg-mapped-504',
  'mg-unmapped',
] as const;

describe('relay channel selection', () => {
  let stack: ApiStack;
  let fake: FakeUpstream;
  let apiKey: string;

  /** A channel on the fake for `model` with a recognisable key; returns the key. */
  const channel = async (model: string, priority: number, extra: { weight?: number; statusCodeMapping?: Record<string, string> } = {}) => {
    const key = `sk-${model}-p${priority}-${randomBytes(3).toString('hex')}`;
    await seedChannel(stack.query, { baseUrl: fake.url, key, models: [model], priority, ...extra }, stack.stack.bus);
    return key;
  };
  /** Waits until the relay routes with every channel seeded so far (see `awaitRouting`). */
  const routable = () => awaitRouting(stack.query, stack.stack.bus, [stack.url], apiKey, fake.url);
  /** The upstream calls of one client request, in order, by the marker it carried. */
  const callsOf = (marker: string): FakeRequest[] =>
    fake.requests.filter((r) => (r.body as { user?: string } | undefined)?.user === marker);
  const marker = () => `req-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    // The circuit breaker off: these tests count every attempt on channels that fail on purpose,
    // which a breaker would rightly stop sending to (tests/relay/upstream-resilience covers it).
    [stack, fake] = await Promise.all([
      startApiStack({ CIRCUIT_BREAKER_FAILURES: '0', CIRCUIT_BREAKER_FAILURE_RATE: '0' }),
      startFakeUpstream({ maxRecorded: 100_000 }),
    ]);
    // Per-call prices keep every request cheap and every model priced.
    await stack.setOptions({
      ModelPrice: JSON.stringify(Object.fromEntries(MODELS.map((m) => [m, 0.0001]))),
      RetryTimes: '0',
    });
    const userId = await seedUser(stack.query, 1_000_000_000);
    ({ apiKey } = await seedToken(stack.query, { userId }, stack.stack.bus));
  });

  afterAll(async () => {
    await fake?.close();
    await stack?.stop();
  });

  it('uses only the highest-priority tier while it works, spreading over its members', async () => {
    const high = [await channel('mg-tiers', 10), await channel('mg-tiers', 10)];
    const low = await channel('mg-tiers', 0);
    await routable();

    const answers = await inBatches(60, 10, () => chat(stack.url, apiKey, 'mg-tiers'));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const keys = fake.requests.filter((r) => r.model === 'mg-tiers').map((r) => r.apiKey);
    expect(keys).toHaveLength(60);
    expect(keys).not.toContain(low);
    // Both members of the top tier take traffic (P(one unused in 60 draws) = 2^-59).
    for (const key of high) expect(keys).toContain(key);
  });

  it('splits a tier by weight + 10: weights 0 and 30 share 400 requests about 10:40', async () => {
    const light = await channel('mg-weights', 5, { weight: 0 });
    const heavy = await channel('mg-weights', 5, { weight: 30 });
    await routable();

    const n = 400;
    const answers = await inBatches(n, 20, () => chat(stack.url, apiKey, 'mg-weights'));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const keys = fake.requests.filter((r) => r.model === 'mg-weights').map((r) => r.apiKey);
    expect(keys).toHaveLength(n);
    const lightHits = keys.filter((k) => k === light).length;
    expect(lightHits + keys.filter((k) => k === heavy).length).toBe(n);
    // The light channel's hits are Binomial(400, p = 10/50 = 0.2): mean 80, σ = √(400·0.2·0.8) = 8.
    // A 5σ band [40, 120] fails by chance with probability < 1e-6, and still excludes a uniform
    // split (200, 15σ away) and raw weights without the smoothing (0, 10σ away).
    expect(lightHits).toBeGreaterThanOrEqual(80 - 5 * 8);
    expect(lightHits).toBeLessThanOrEqual(80 + 5 * 8);
  });

  describe('with RetryTimes 2', () => {
    beforeAll(async () => {
      await stack.setOptions({ RetryTimes: '2' });
    });
    afterAll(async () => {
      await stack.setOptions({ RetryTimes: '0' });
    });

    it('retries a 500 of the top tier on the next tier, trying each channel at most once', async () => {
      const top = await channel('mg-retry', 20);
      const next = [await channel('mg-retry', 10), await channel('mg-retry', 10)];
      const bottom = await channel('mg-retry', 0);
      fake.program({ apiKey: top }, { status: 500 });
      await routable();

      const markers = Array.from({ length: 20 }, marker);
      const answers = await inBatches(markers.length, 5, (i) => chat(stack.url, apiKey, 'mg-retry', markers[i]));
      expect(answers.map((a) => a.status)).toEqual(markers.map(() => 200));
      for (const m of markers) {
        const keys = callsOf(m).map((r) => r.apiKey);
        // First the failing top tier, then one member of the next tier; the bottom tier unused.
        expect(keys).toHaveLength(2);
        expect(keys[0]).toBe(top);
        expect(next).toContain(keys[1]);
      }
      expect(fake.requests.some((r) => r.apiKey === bottom)).toBe(false);
    });

    it('never re-tries a channel of the same tier: three failing members, three distinct calls', async () => {
      const members = [await channel('mg-retry-tier', 3), await channel('mg-retry-tier', 3), await channel('mg-retry-tier', 3)];
      for (const key of members) fake.program({ apiKey: key }, { status: 500 });
      await routable();

      const markers = Array.from({ length: 10 }, marker);
      const answers = await inBatches(markers.length, 5, (i) => chat(stack.url, apiKey, 'mg-retry-tier', markers[i]));
      for (const answer of answers) {
        expect(answer.status).toBe(500);
        expect(answer.body).toMatchObject({ error: { type: 'server_error' } });
      }
      for (const m of markers) {
        const keys = callsOf(m).map((r) => r.apiKey);
        expect(keys).toHaveLength(3); // the first attempt plus RetryTimes retries
        expect(new Set(keys).size).toBe(3);
      }
    });

    it('stops when every channel was tried, before RetryTimes is used up, answering the last failure', async () => {
      const first = await channel('mg-retry-exhaust', 10);
      const last = await channel('mg-retry-exhaust', 0);
      fake.program({ apiKey: first }, { status: 500 });
      fake.program({ apiKey: last }, { status: 502 });
      await routable();

      const m = marker();
      const answer = await chat(stack.url, apiKey, 'mg-retry-exhaust', m);
      expect(answer.status).toBe(502);
      expect(callsOf(m).map((r) => r.apiKey)).toEqual([first, last]);
    });

    it('does not retry a 400 on an OpenAI channel: one upstream call, 400 to the client', async () => {
      const failing = await channel('mg-bad-request', 10);
      const spare = await channel('mg-bad-request', 0);
      fake.program({ apiKey: failing }, { error: 'context_length' });
      await routable();

      const client = new OpenAI({ baseURL: `${stack.url}/v1`, apiKey, maxRetries: 0 });
      const m = marker();
      const error = await client.chat.completions
        .create({ model: 'mg-bad-request', messages: [{ role: 'user', content: 'hi' }], user: m })
        .then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      expect(error).toMatchObject({ status: 400, code: 'context_length_exceeded', type: 'invalid_request_error' });
      expect(callsOf(m).map((r) => r.apiKey)).toEqual([failing]);
      expect(fake.requests.some((r) => r.apiKey === spare)).toBe(false);
    });

    it('applies status_code_mapping to what the client sees: {"500":"503"}', async () => {
      const mapped = await channel('mg-mapped-503', 10, { statusCodeMapping: { '500': '503' } });
      const plain = await channel('mg-unmapped', 10);
      fake.program({ apiKey: mapped }, { status: 500 });
      fake.program({ apiKey: plain }, { status: 500 });
      await routable();

      const client = new OpenAI({ baseURL: `${stack.url}/v1`, apiKey, maxRetries: 0 });
      const failure = (model: string) =>
        client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }).then(
          () => undefined,
          (e: unknown) => e,
        );
      const seen = await failure('mg-mapped-503');
      expect(seen).toBeInstanceOf(OpenAI.APIError);
      expect(seen).toMatchObject({ status: 503 });
      // The control: the same upstream answer without a mapping reaches the client as 500.
      expect(await failure('mg-unmapped')).toMatchObject({ status: 500 });
    });

    it('lets the mapped status drive the retry decision: 500 mapped to 504 is not retried', async () => {
      const mapped = await channel('mg-mapped-504', 10, { statusCodeMapping: { '500': '504' } });
      const spare = await channel('mg-mapped-504', 0);
      fake.program({ apiKey: mapped }, { status: 500 });
      await routable();

      const m = marker();
      const answer = await chat(stack.url, apiKey, 'mg-mapped-504', m);
      expect(answer.status).toBe(504);
      expect(answer.body).toMatchObject({ error: { message: expect.any(String) } });
      expect(callsOf(m).map((r) => r.apiKey)).toEqual([mapped]);
      expect(fake.requests.some((r) => r.apiKey === spare)).toBe(false);
    });
  });
});
