import { randomBytes } from 'node:crypto';
import { type FakeUpstream, startFakeUpstream } from '@modelgate/fake-upstream';
import { type ApiStack, startApiStack } from '../support/api-stack';
import { eventually, seedChannel, seedToken, seedUser } from '../support/relay-fixtures';
import { awaitRouting, chat, inBatches } from '../support/relay-processes';

// Automatic channel disabling on the whole product: the reference's triggers (401 /
// `invalid_api_key`, `AutomaticDisableKeywords` case-insensitively), what is recorded, that no
// request reaches the channel afterwards, and the switches that prevent it (the global option,
// the channel's `auto_ban`).

jest.setTimeout(60_000);

const MODELS = ['mg-ad-off', 'mg-ad-401', 'mg-ad-keyword', 'mg-ad-noban'] as const;
const CHANNEL_AUTO_DISABLED = 3;

describe('relay automatic channel disabling', () => {
  let stack: ApiStack;
  let fake: FakeUpstream;
  let apiKey: string;

  const channel = async (model: string, priority: number, autoBan = true) => {
    const key = `sk-${model}-${randomBytes(3).toString('hex')}`;
    const id = await seedChannel(stack.query, { baseUrl: fake.url, key, models: [model], priority, autoBan }, stack.stack.bus);
    return { id, key };
  };
  /** Waits until the relay routes with every channel seeded so far (see `awaitRouting`). */
  const routable = () => awaitRouting(stack.query, stack.stack.bus, [stack.url], apiKey, fake.url);
  const statusOf = async (id: number) =>
    Number((await stack.query<{ status: number }>('SELECT status FROM channels WHERE id = $1', [id]))[0]!.status);
  const hitsOf = (key: string) => fake.requests.filter((r) => r.apiKey === key).length;

  /**
   * The channel was disabled as the reference records it: status 3, `other_info` with the reason
   * and the time, every ability off; and the relay no longer routes to it.
   */
  const expectAutoDisabled = async (id: number, key: string, model: string, since: number, reason: RegExp) => {
    expect(await eventually(async () => (await statusOf(id)) === CHANNEL_AUTO_DISABLED, 5_000)).toBe(true);
    const [row] = await stack.query<{ other_info: string }>('SELECT other_info FROM channels WHERE id = $1', [id]);
    const info = JSON.parse(row!.other_info) as { status_reason?: unknown; status_time?: unknown };
    expect(info.status_reason).toEqual(expect.stringMatching(reason));
    expect(typeof info.status_time).toBe('number');
    expect(info.status_time as number).toBeGreaterThanOrEqual(Math.floor(since / 1000));
    expect(info.status_time as number).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    const abilities = await stack.query<{ enabled: boolean }>('SELECT enabled FROM abilities WHERE channel_id = $1', [id]);
    expect(abilities.length).toBeGreaterThan(0);
    expect(abilities.every((a) => a.enabled === false)).toBe(true);

    // From now on nothing reaches it: 30 requests all go to the spare channel.
    const before = hitsOf(key);
    const answers = await inBatches(30, 10, () => chat(stack.url, apiKey, model));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(hitsOf(key)).toBe(before);
  };

  beforeAll(async () => {
    [stack, fake] = await Promise.all([startApiStack(), startFakeUpstream({ maxRecorded: 100_000 })]);
    await stack.setOptions({
      ModelPrice: JSON.stringify(Object.fromEntries(MODELS.map((m) => [m, 0.0001]))),
      RetryTimes: '1',
    });
    const userId = await seedUser(stack.query, 1_000_000_000);
    ({ apiKey } = await seedToken(stack.query, { userId }, stack.stack.bus));
  });

  afterAll(async () => {
    await fake?.close();
    await stack?.stop();
  });

  it('keeps a channel answering 401 while AutomaticDisableChannelEnabled is off (the default)', async () => {
    const bad = await channel('mg-ad-off', 10);
    await channel('mg-ad-off', 0);
    fake.program({ apiKey: bad.key }, { error: 'invalid_api_key' });
    await routable();

    const answers = await inBatches(5, 1, () => chat(stack.url, apiKey, 'mg-ad-off'));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]); // retried on the spare
    expect(hitsOf(bad.key)).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await statusOf(bad.id)).toBe(1);
  });

  describe('with AutomaticDisableChannelEnabled on', () => {
    beforeAll(async () => {
      await stack.setOptions({
        AutomaticDisableChannelEnabled: 'true',
        // One of the keywords, in a case the upstream's message does not use.
        AutomaticDisableKeywords: 'Your credit balance is too low\nUpstream Account FROZEN',
      });
    });

    it('disables a channel answering 401 invalid_api_key, records why and when, and routes around it', async () => {
      const bad = await channel('mg-ad-401', 10);
      const spare = await channel('mg-ad-401', 0);
      fake.program({ apiKey: bad.key }, { error: 'invalid_api_key' });
      await routable();

      const since = Date.now();
      const first = await chat(stack.url, apiKey, 'mg-ad-401');
      expect(first.status).toBe(200); // the 401 is retried on the spare channel
      expect(hitsOf(bad.key)).toBe(1);
      expect(hitsOf(spare.key)).toBe(1);
      await expectAutoDisabled(bad.id, bad.key, 'mg-ad-401', since, /Incorrect API key provided/);
      expect(await statusOf(spare.id)).toBe(1);
    });

    it('disables on an AutomaticDisableKeywords match, case-insensitively, and only then', async () => {
      const matching = await channel('mg-ad-keyword', 10);
      const other = await channel('mg-ad-keyword', 10);
      const spare = await channel('mg-ad-keyword', 0);
      fake.program({ apiKey: matching.key }, { status: 500, errorMessage: 'Notice: upstream account frozen by the provider' });
      fake.program({ apiKey: other.key }, { status: 500, errorMessage: 'temporary glitch, try again' });
      await routable();

      const since = Date.now();
      // Both top-tier channels fail (each request tries one of them, then the spare): after a few
      // requests both have failed at least once.
      await eventually(async () => {
        await chat(stack.url, apiKey, 'mg-ad-keyword');
        return hitsOf(matching.key) > 0 && hitsOf(other.key) > 0;
      }, 10_000);
      expect(hitsOf(matching.key)).toBeGreaterThan(0);
      expect(hitsOf(other.key)).toBeGreaterThan(0);
      await expectAutoDisabled(matching.id, matching.key, 'mg-ad-keyword', since, /upstream account frozen/);
      // A 500 whose message matches no keyword leaves its channel alone.
      expect(await statusOf(other.id)).toBe(1);
      expect(await statusOf(spare.id)).toBe(1);
    });

    it('never disables a channel whose auto_ban is 0', async () => {
      const kept = await channel('mg-ad-noban', 10, false);
      fake.program({ apiKey: kept.key }, { error: 'invalid_api_key' });
      await routable();

      const answers = await inBatches(5, 1, () => chat(stack.url, apiKey, 'mg-ad-noban'));
      // The provider's 401 is the gateway's fault: a 502, never the client's own invalid key.
      expect(answers.map((a) => a.status)).toEqual([502, 502, 502, 502, 502]);
      expect(answers[0]!.body).toMatchObject({ error: { code: 'upstream_auth_failed' } });
      // Still routed to on every request, and still enabled.
      expect(hitsOf(kept.key)).toBe(5);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await statusOf(kept.id)).toBe(1);
      const abilities = await stack.query<{ enabled: boolean }>('SELECT enabled FROM abilities WHERE channel_id = $1', [kept.id]);
      expect(abilities.every((a) => a.enabled === true)).toBe(true);
    });
  });
});
