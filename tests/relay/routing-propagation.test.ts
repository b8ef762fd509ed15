import { randomBytes } from 'node:crypto';
import { type FakeUpstream, startFakeUpstream } from '@modelgate/fake-upstream';
import { eventually, seedChannel, seedToken, seedUser } from '../support/relay-fixtures';
import { awaitRouting, chat, listsModel, type RelayCluster, startRelayCluster } from '../support/relay-processes';

// What one relay replica learns must reach every replica within a second: a channel it disabled,
// a channel whose circuit breaker it opened, a token disabled or deleted in the database, an
// option changed. Two relays and billing share one
// database and one bus. With NATS_URL set they are separate processes on NATS (the production
// topology); without it, the same services run in this process on the in-process bus (the
// embedded stack's topology) and the same assertions hold there.

jest.setTimeout(90_000);

const PROPAGATION_BOUND_MS = 1_000;
const MODELS = ['mg-prop-ad', 'mg-prop-only-x', 'mg-prop-cb', 'mg-prop-token', 'mg-prop-opt'] as const;
/** Failures in a row that open a channel's circuit breaker (the relays' default). */
const BREAKER_FAILURES = 5;

describe(`relay replicas (${process.env.NATS_URL ? 'separate processes on NATS' : 'in one process on the in-process bus'})`, () => {
  let cluster: RelayCluster;
  let fake: FakeUpstream;
  let userId: number;
  let apiKey: string;
  let relayA: string;
  let relayB: string;

  const channel = async (models: string[], priority: number) => {
    const key = `sk-prop-${randomBytes(4).toString('hex')}`;
    const id = await seedChannel(cluster.sql, { baseUrl: fake.url, key, models, priority }, cluster.bus);
    return { id, key };
  };
  /** Waits until both relays route with every channel seeded so far (see `awaitRouting`). */
  const routableEverywhere = () => awaitRouting(cluster.sql, cluster.bus, cluster.relayUrls, apiKey, fake.url);
  /** Polls every relay until `done` holds on it; returns the time it took on the slowest. */
  const timeUntilEverywhere = async (done: (url: string) => Promise<boolean>, started: number): Promise<number> => {
    const times = await Promise.all(
      cluster.relayUrls.map(async (url) => {
        expect(await eventually(() => done(url), 5_000)).toBe(true);
        return Date.now() - started;
      }),
    );
    return Math.max(...times);
  };

  beforeAll(async () => {
    fake = await startFakeUpstream({ maxRecorded: 100_000 });
    cluster = await startRelayCluster({
      relays: 2,
      options: {
        ModelPrice: JSON.stringify(Object.fromEntries(MODELS.map((m) => [m, 0.0001]))),
        AutomaticDisableChannelEnabled: 'true',
        RetryTimes: '0',
      },
    });
    [relayA, relayB] = cluster.relayUrls as [string, string];
    userId = await seedUser(cluster.sql, 1_000_000_000);
    ({ apiKey } = await seedToken(cluster.sql, { userId }, cluster.bus));
  });

  afterAll(async () => {
    await cluster?.stop();
    await fake?.close();
  });

  it('stops routing to a channel on relay B within 1 s of relay A disabling it', async () => {
    // X also serves a model of its own, so B's model list shows when B drops X.
    const x = await channel(['mg-prop-ad', 'mg-prop-only-x'], 10);
    const y = await channel(['mg-prop-ad'], 0);
    fake.program({ apiKey: x.key }, { error: 'invalid_api_key' });
    await routableEverywhere();
    expect(await listsModel(relayB, apiKey, 'mg-prop-only-x')).toBe(true);

    const viaA = await chat(relayA, apiKey, 'mg-prop-ad');
    const disabledAt = Date.now();
    expect(viaA.status).toBe(502); // RetryTimes 0: the upstream's 401 reaches the client as the gateway's fault
    expect(fake.requests.filter((r) => r.apiKey === x.key)).toHaveLength(1);

    // Relay B under steady traffic for 1.5 s after A's answer: from 1 s on, nothing reaches X.
    const sent: Array<{ marker: string; at: number; status: number }> = [];
    while (Date.now() - disabledAt < PROPAGATION_BOUND_MS + 500) {
      const marker = `b-${randomBytes(6).toString('hex')}`;
      const at = Date.now();
      const answer = await chat(relayB, apiKey, 'mg-prop-ad', marker);
      sent.push({ marker, at, status: answer.status });
    }
    const keyOf = (marker: string) => fake.requests.find((r) => (r.body as { user?: string }).user === marker)?.apiKey;
    const late = sent.filter((s) => s.at - disabledAt >= PROPAGATION_BOUND_MS);
    expect(late.length).toBeGreaterThan(5);
    expect(late.map((s) => keyOf(s.marker))).toEqual(late.map(() => y.key));
    expect(late.map((s) => s.status)).toEqual(late.map(() => 200));
    expect(await listsModel(relayB, apiKey, 'mg-prop-only-x')).toBe(false);
    const [row] = await cluster.sql<{ status: number }>('SELECT status FROM channels WHERE id = $1', [x.id]);
    expect(Number(row!.status)).toBe(3);
  });

  it("keeps relay B's traffic off a channel within 1 s of relay A opening its circuit breaker", async () => {
    const failing = await channel(['mg-prop-cb'], 10);
    const spare = await channel(['mg-prop-cb'], 0);
    fake.program({ apiKey: failing.key }, { status: 500 });
    await routableEverywhere();

    // RetryTimes 0: relay A sends each request to the failing top tier until its breaker opens.
    for (let i = 0; i < BREAKER_FAILURES; i++) expect((await chat(relayA, apiKey, 'mg-prop-cb')).status).toBe(500);
    const openedAt = Date.now();
    expect((await chat(relayA, apiKey, 'mg-prop-cb')).status).toBe(200); // A now skips it
    const hitsBefore = fake.requests.filter((r) => r.apiKey === failing.key).length;

    // Relay B never failed there itself, yet routes around it within the bound.
    const took = await timeUntilEverywhere(async (url) => (await chat(url, apiKey, 'mg-prop-cb')).status === 200, openedAt);
    expect(took).toBeLessThan(PROPAGATION_BOUND_MS);
    const settled = fake.requests.filter((r) => r.apiKey === failing.key).length;
    for (let i = 0; i < 5; i++) expect((await chat(relayB, apiKey, 'mg-prop-cb')).status).toBe(200);
    expect(fake.requests.filter((r) => r.apiKey === failing.key)).toHaveLength(settled);
    expect(settled - hitsBefore).toBeLessThanOrEqual(1); // at most B's one request before the event
    expect(fake.requests.filter((r) => r.apiKey === spare.key).length).toBeGreaterThanOrEqual(6);
  });

  it('refuses a token disabled, or deleted, in the database on both relays within 1 s of token.changed', async () => {
    const disabled = await seedToken(cluster.sql, { userId, name: 'to disable' }, cluster.bus);
    const deleted = await seedToken(cluster.sql, { userId, name: 'to delete' }, cluster.bus);
    await channel(['mg-prop-token'], 0);
    await routableEverywhere();
    for (const url of cluster.relayUrls) {
      for (const token of [disabled, deleted]) {
        expect((await chat(url, token.apiKey, 'mg-prop-token')).status).toBe(200); // cached as valid
      }
    }
    const refused = (token: string) => async (url: string) => (await chat(url, token, 'mg-prop-token')).status === 401;

    await cluster.sql('UPDATE tokens SET status = 2 WHERE id = $1', [disabled.id]);
    let started = Date.now();
    await cluster.bus.publish('modelgate.evt.identity.token.changed', { tokenIds: [disabled.id], userId, reason: 'updated' });
    expect(await timeUntilEverywhere(refused(disabled.apiKey), started)).toBeLessThan(PROPAGATION_BOUND_MS);

    await cluster.sql('UPDATE tokens SET deleted_at = now() WHERE id = $1', [deleted.id]);
    started = Date.now();
    await cluster.bus.publish('modelgate.evt.identity.token.changed', { tokenIds: [deleted.id], userId, reason: 'deleted' });
    expect(await timeUntilEverywhere(refused(deleted.apiKey), started)).toBeLessThan(PROPAGATION_BOUND_MS);

    for (const url of cluster.relayUrls) {
      const answer = await chat(url, disabled.apiKey, 'mg-prop-token');
      expect(answer).toMatchObject({ status: 401, body: { error: { message: expect.any(String), type: expect.any(String) } } });
      // The user's other token is untouched.
      expect((await chat(url, apiKey, 'mg-prop-token')).status).toBe(200);
    }
  });

  it('applies an option.changed (RetryTimes) on both relays within 1 s', async () => {
    const failing = await channel(['mg-prop-opt'], 10);
    await channel(['mg-prop-opt'], 0);
    // A 404 is retried on another channel but says nothing about the channel's health, so the
    // circuit breaker stays out of this test of RetryTimes alone.
    fake.program({ apiKey: failing.key }, { status: 404 });
    await routableEverywhere();
    // RetryTimes 0: the top tier's 404 reaches the client on both relays.
    for (const url of cluster.relayUrls) expect((await chat(url, apiKey, 'mg-prop-opt')).status).toBe(404);

    const started = Date.now();
    await cluster.setOptions({ RetryTimes: '1' });
    const took = await timeUntilEverywhere(async (url) => (await chat(url, apiKey, 'mg-prop-opt')).status === 200, started);
    expect(took).toBeLessThan(PROPAGATION_BOUND_MS);
    // Settled for good, not a lucky pick: every further request retries onto the spare channel.
    for (const url of cluster.relayUrls) {
      for (let i = 0; i < 5; i++) expect((await chat(url, apiKey, 'mg-prop-opt')).status).toBe(200);
    }
  });
});
