import { type FakeUpstream, startFakeUpstream } from '@modelgate/fake-upstream';
import { type ApiStack, startApiStack } from '../support/api-stack';
import { eventually, seedChannel, seedToken, seedUser } from '../support/relay-fixtures';
import { chat, listsModel, type RelayAnswer } from '../support/relay-processes';

// Admission under concurrency on the whole product: a balance that covers 10 requests admits at
// most 10 of 100 concurrent ones, whichever of the user's quota or the token's is the limit, and
// once settled the balances add up to the consume logs. On PostgreSQL when DATABASE_URL is set
// (CI); the embedded fallback runs the same requests and the same invariants.

jest.setTimeout(60_000);

const MODEL = 'mg-concurrency';
/**
 * Per-call price: the reservation estimate and the settled charge are both exactly
 * 0.002 USD × QuotaPerUnit 500 000 × GroupRatio 1 = 1000 quota units.
 */
const PRICE_USD = 0.002;
const COST = 1_000;
const COVERED = 10;
const CONCURRENT = 100;
const QUOTA_CODES = ['insufficient_user_quota', 'pre_consume_token_quota_failed'];

describe(`concurrent admission (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded database'})`, () => {
  let stack: ApiStack;
  let fake: FakeUpstream;

  /** One statement, so balances, open reservations and logs are read from one snapshot. */
  const ledgerOf = async (userId: number, tokenId: number) => {
    const [row] = await stack.query<Record<string, string>>(
      `SELECT u.quota, u.used_quota, u.request_count,
              t.remain_quota AS token_remain, t.used_quota AS token_used,
              (SELECT COALESCE(SUM(amount), 0) FROM quota_reservations WHERE user_id = $1 AND status = 'reserved') AS open_user,
              (SELECT COALESCE(SUM(amount), 0) FROM quota_reservations
                WHERE user_id = $1 AND token_id = $2 AND status = 'reserved') AS open_token,
              (SELECT COUNT(*) FROM logs WHERE user_id = $1 AND type = 2) AS logs,
              (SELECT COALESCE(SUM(quota), 0) FROM logs WHERE user_id = $1 AND type = 2) AS logged,
              (SELECT COUNT(*) FROM logs WHERE user_id = $1 AND type = 2 AND quota <> $3) AS odd_logs
         FROM users u JOIN tokens t ON t.id = $2 WHERE u.id = $1`,
      [userId, tokenId, COST],
    );
    return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
  };

  /** Fires 100 requests at once; returns them split into admitted (2xx) and the rest. */
  const burst = async (apiKey: string) => {
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => chat(stack.url, apiKey, MODEL)));
    const admitted = answers.filter((a) => a.status >= 200 && a.status < 300);
    const refused = answers.filter((a) => a.status < 200 || a.status >= 300);
    return { answers, admitted, refused };
  };

  /** Every refusal is the reference's 403 quota error in the OpenAI shape. */
  const expectQuotaRefusals = (refused: RelayAnswer[], codes: string[]) => {
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ error: { message: expect.any(String), type: expect.any(String) } });
      expect(codes).toContain(answer.body.error.code);
    }
  };

  /** Waits until every admitted request has its consume log (settlement is asynchronous). */
  const settled = async (userId: number, tokenId: number, admitted: number) => {
    expect(await eventually(async () => (await ledgerOf(userId, tokenId)).logs >= admitted, 15_000)).toBe(true);
    return ledgerOf(userId, tokenId);
  };

  beforeAll(async () => {
    [stack, fake] = await Promise.all([startApiStack(), startFakeUpstream({ maxRecorded: 100_000 })]);
    await stack.setOptions({ ModelPrice: JSON.stringify({ [MODEL]: PRICE_USD }) });
    await seedChannel(stack.query, { baseUrl: fake.url, key: 'sk-concurrency', models: [MODEL] }, stack.stack.bus);
    // A user and token only to wait for the channel to be routable.
    const probe = await seedToken(stack.query, { userId: await seedUser(stack.query, 1_000_000) }, stack.stack.bus);
    expect(await eventually(() => listsModel(stack.url, probe.apiKey, MODEL), 5_000)).toBe(true);
  });

  afterAll(async () => {
    await fake?.close();
    await stack?.stop();
  });

  it('admits at most what the user quota covers out of 100 concurrent requests; balances equal the logs', async () => {
    const initial = COVERED * COST;
    const userId = await seedUser(stack.query, initial);
    const token = await seedToken(stack.query, { userId }, stack.stack.bus); // unlimited: the user is the limit
    const upstreamBefore = fake.requests.length;

    const { admitted, refused } = await burst(token.apiKey);
    expect(admitted.length).toBeLessThanOrEqual(COVERED);
    expect(admitted.length).toBeGreaterThan(0);
    expectQuotaRefusals(refused, ['insufficient_user_quota']);
    // A refused request never reaches the upstream.
    expect(fake.requests.length - upstreamBefore).toBe(admitted.length);

    const ledger = await settled(userId, token.id, admitted.length);
    expect(ledger.logs).toBe(admitted.length); // one consume log per 2xx: no free request, no double charge
    expect(ledger.odd_logs).toBe(0);
    expect(ledger.used_quota).toBe(ledger.logged);
    expect(ledger.used_quota).toBe(admitted.length * COST);
    expect(ledger.request_count).toBe(admitted.length);
    // Quota only moves between the balance, open reservations (leases) and what was used.
    expect(ledger.quota + ledger.used_quota + ledger.open_user).toBe(initial);
    expect(ledger.quota).toBeGreaterThanOrEqual(0);
    // The request ids answered are exactly the ones logged.
    const logged = await stack.query<{ request_id: string }>(
      'SELECT request_id FROM logs WHERE user_id = $1 AND type = 2 ORDER BY request_id',
      [userId],
    );
    expect(logged.map((l) => l.request_id)).toEqual(admitted.map((a) => a.requestId).sort());
  });

  it('admits at most what a limited token covers out of 100 concurrent requests; the token adds up too', async () => {
    const tokenQuota = COVERED * COST;
    const userQuota = 1_000 * COST;
    const userId = await seedUser(stack.query, userQuota);
    const token = await seedToken(stack.query, { userId, unlimited: false, remainQuota: tokenQuota }, stack.stack.bus);

    const { admitted, refused } = await burst(token.apiKey);
    expect(admitted.length).toBeLessThanOrEqual(COVERED);
    expect(admitted.length).toBeGreaterThan(0);
    expectQuotaRefusals(refused, QUOTA_CODES);
    expect(refused.some((a) => a.body.error.code === 'pre_consume_token_quota_failed')).toBe(true);

    const ledger = await settled(userId, token.id, admitted.length);
    expect(ledger.logs).toBe(admitted.length);
    expect(ledger.odd_logs).toBe(0);
    expect(ledger.used_quota).toBe(ledger.logged);
    expect(ledger.quota + ledger.used_quota + ledger.open_user).toBe(userQuota);
    // The token: what remains plus what it used (reservations included) is what it was given,
    // and what it used beyond its open reservations is what the logs charged.
    expect(ledger.token_remain + ledger.token_used).toBe(tokenQuota);
    expect(ledger.token_used - ledger.open_token).toBe(ledger.logged);
    expect(ledger.token_remain).toBeGreaterThanOrEqual(0);
  });

  it('serves every request a balance covers when they come one after another, then refuses', async () => {
    // Sequential requests leave no room for races: a balance of exactly 10 requests' price pays
    // for 10 of them, not fewer, and the 11th is refused.
    const initial = COVERED * COST;
    const userId = await seedUser(stack.query, initial);
    const token = await seedToken(stack.query, { userId }, stack.stack.bus);
    const statuses: number[] = [];
    for (let i = 0; i <= COVERED; i++) statuses.push((await chat(stack.url, token.apiKey, MODEL)).status);
    expect(statuses).toEqual([...Array.from({ length: COVERED }, () => 200), 403]);

    const ledger = await settled(userId, token.id, COVERED);
    expect(ledger.logs).toBe(COVERED);
    expect(ledger.used_quota).toBe(initial);
    expect(ledger.quota + ledger.open_user).toBe(0);
  });
});
