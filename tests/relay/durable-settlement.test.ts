import { randomBytes } from 'node:crypto';
import { type FakeUpstream, startFakeUpstream } from '@modelgate/fake-upstream';
import OpenAI from 'openai';
import { eventually, seedChannel, seedToken, seedUser } from '../support/relay-fixtures';
import { chat, listsModel, type RelayCluster, startRelayCluster } from '../support/relay-processes';

// Settlement is durable: requests a relay admitted from a quota lease it already holds still
// succeed while billing is down, their usage records wait on the bus, and billing settles each
// exactly once when it returns. A request the relay cannot reserve for (billing unreachable, no
// lease) gets a 503 `billing_unavailable` in the OpenAI shape and never reaches the upstream.
// With NATS_URL set, billing and the relay are separate processes and the records wait in
// JetStream; without it, they run in this process and the records wait in the in-process bus's
// work queue (the embedded stack's durability, which lasts as long as the process).

jest.setTimeout(90_000);

const MODEL = 'mg-durable';
const COST = 1_000; // 0.002 USD per call × 500 000
const WHILE_DOWN = 5;

describe(`durable settlement (${process.env.NATS_URL ? 'billing and relay as processes on NATS' : 'in-process bus'})`, () => {
  let cluster: RelayCluster;
  let fake: FakeUpstream;
  let relay: string;

  const consumeLogs = (userId: number) =>
    cluster.sql<{ request_id: string; quota: string }>(
      'SELECT request_id, quota FROM logs WHERE user_id = $1 AND type = 2 ORDER BY id',
      [userId],
    );
  const balances = async (userId: number) => {
    const [row] = await cluster.sql<Record<string, string>>(
      `SELECT quota, used_quota, request_count,
              (SELECT COALESCE(SUM(amount), 0) FROM quota_reservations WHERE user_id = $1 AND status = 'reserved') AS open
         FROM users WHERE id = $1`,
      [userId],
    );
    return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
  };

  beforeAll(async () => {
    fake = await startFakeUpstream({ maxRecorded: 100_000 });
    cluster = await startRelayCluster({ relays: 1, options: { ModelPrice: JSON.stringify({ [MODEL]: 0.002 }) } });
    relay = cluster.relayUrls[0]!;
    await seedChannel(cluster.sql, { baseUrl: fake.url, key: 'sk-durable', models: [MODEL] }, cluster.bus);
  });

  afterAll(async () => {
    await cluster?.stop();
    await fake?.close();
  });

  it('settles what a lease admitted while billing was down exactly once when it returns; refuses the rest with 503', async () => {
    const initial = 10_000 * COST;
    const userId = await seedUser(cluster.sql, initial);
    const token = await seedToken(cluster.sql, { userId }, cluster.bus);
    expect(await eventually(() => listsModel(relay, token.apiKey, MODEL), 10_000)).toBe(true);
    // A second user who never made a request: the relay holds no lease for them.
    const strangerId = await seedUser(cluster.sql, initial);
    const stranger = await seedToken(cluster.sql, { userId: strangerId }, cluster.bus);

    // The first request takes a lease (32 requests' worth) and is settled while billing runs.
    const first = await chat(relay, token.apiKey, MODEL);
    expect(first.status).toBe(200);
    expect(await eventually(async () => (await consumeLogs(userId)).length === 1, 10_000)).toBe(true);

    await cluster.stopBilling();

    // Admitted from the lease: no call to billing needed.
    const whileDown = [];
    for (let i = 0; i < WHILE_DOWN; i++) whileDown.push(await chat(relay, token.apiKey, MODEL));
    expect(whileDown.map((a) => a.status)).toEqual(whileDown.map(() => 200));

    // No lease, billing unreachable: a 503 in the OpenAI shape, which the SDK raises as an APIError.
    const client = new OpenAI({ baseURL: `${relay}/v1`, apiKey: stranger.apiKey, maxRetries: 0 });
    const marker = `stranger-${randomBytes(4).toString('hex')}`;
    const refused = await client.chat.completions
      .create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], user: marker })
      .then(() => undefined, (e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAI.APIError);
    expect(refused).toMatchObject({ status: 503, code: 'billing_unavailable', type: expect.any(String) });
    expect((refused as InstanceType<typeof OpenAI.APIError>).error).toMatchObject({
      message: expect.any(String),
      code: 'billing_unavailable',
    });
    expect(fake.requests.some((r) => (r.body as { user?: string }).user === marker)).toBe(false);

    // Nothing is settled while billing is away.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await consumeLogs(userId)).toHaveLength(1);

    await cluster.startBilling();

    const answered = [first, ...whileDown].map((a) => a.requestId).sort();
    expect(
      await eventually(async () => (await consumeLogs(userId)).length >= answered.length, 20_000),
    ).toBe(true);
    // Give a redelivery a chance to double-charge before looking at the totals.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const logs = await consumeLogs(userId);
    expect(logs.map((l) => l.request_id).sort()).toEqual(answered);
    expect(logs.map((l) => Number(l.quota))).toEqual(logs.map(() => COST));
    const after = await balances(userId);
    expect(after.used_quota).toBe(answered.length * COST);
    expect(after.request_count).toBe(answered.length);
    expect(after.quota + after.used_quota + after.open).toBe(initial);

    // The refused stranger was charged nothing and logged nothing.
    expect(await consumeLogs(strangerId)).toHaveLength(0);
    const strangerBalances = await balances(strangerId);
    expect(strangerBalances.quota + strangerBalances.open).toBe(initial);
    expect(strangerBalances.used_quota).toBe(0);

    // Billing is back: the stranger is admitted again once the relay has reconnected (its gRPC
    // reconnect backoff is capped at 5 s).
    expect(await eventually(async () => (await chat(relay, stranger.apiKey, MODEL)).status === 200, 8_000)).toBe(true);
  });
});
