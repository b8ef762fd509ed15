import Anthropic from '@anthropic-ai/sdk';
import { ApiError, GoogleGenAI } from '@google/genai';
import { type FakeUpstream, startFakeUpstream } from '@modelgate/fake-upstream';
import OpenAI from 'openai';
import { eventually, seedChannel, seedToken, seedUser } from '../support/relay-fixtures';
import { awaitRouting, chat, type RelayAnswer, type RelayCluster, startRelayCluster } from '../support/relay-processes';

// Traffic limits on two relay replicas sharing one database (and, with NATS_URL, as separate
// processes on NATS): the per-user model request limit (total and successful requests), the
// per-token requests and tokens per minute, and a channel's concurrency cap with its queue.
// Window rollover is proven by the limiter's unit tests on a clock of their own (a real window
// here is a minute long).

jest.setTimeout(90_000);

const MODEL = 'mg-limits';
const FAILING = 'mg-limits-failing';
const CAPPED = 'mg-limits-capped';
const RPM_CAPPED = 'mg-limits-rpm';
const TOTAL_CAP = 50;
const SUCCESS_CAP = 50;
/** The stated overshoot bound: one request per replica and window (docs/adr/0025). */
const REPLICAS = 2;
const BOUND = REPLICAS;
/** Leases a replica took and did not use: at most ceil(limit / 20) per replica. */
const unusedLeases = (limit: number) => REPLICAS * Math.ceil(limit / 20);
const CONCURRENT = 200;
const TOKEN_RPM = 50;

describe(`traffic limits across ${REPLICAS} relay replicas`, () => {
  let cluster: RelayCluster;
  let fake: FakeUpstream;
  let inFlight = 0;
  let maxInFlight = 0;

  /**
   * Windows are fixed minutes (ADR 0025): a burst that straddles a minute's end is counted in two
   * windows and may be admitted up to twice. Bursts start where the whole of one fits in a window.
   */
  const msLeftInMinute = () => 60_000 - (Date.now() % 60_000);
  const awayFromMinuteEnd = async (needMs: number) => {
    if (msLeftInMinute() < needMs) await new Promise((resolve) => setTimeout(resolve, msLeftInMinute() + 50));
  };
  const burst = async (apiKey: string, model: string): Promise<RelayAnswer[]> => {
    await awayFromMinuteEnd(15_000);
    return Promise.all(Array.from({ length: CONCURRENT }, (_, i) => chat(cluster.relayUrls[i % REPLICAS]!, apiKey, model)));
  };
  const ok = (answers: RelayAnswer[]) => answers.filter((a) => a.status === 200);
  const limitOf = (answer: RelayAnswer) => answer.body?.error?.message as string;

  /**
   * Changes the user limit's options and waits until both replicas apply them: a fresh user's
   * sequential requests to each replica are refused naming the limit `expected` describes.
   */
  const setUserLimit = async (values: Record<string, string>, cap: number, model: string, expected: string) => {
    await cluster.setOptions(values);
    for (const relay of cluster.relayUrls) {
      const probe = await seedToken(cluster.sql, { userId: await seedUser(cluster.sql, 1e9) }, cluster.bus);
      let refusal: RelayAnswer | undefined;
      for (let i = 0; i <= cap + BOUND && !refusal; i++) {
        const answer = await chat(relay, probe.apiKey, model);
        if (answer.status === 429) refusal = answer;
      }
      expect(limitOf(refusal!)).toContain(expected);
    }
  };

  beforeAll(async () => {
    fake = await startFakeUpstream();
    cluster = await startRelayCluster({
      relays: REPLICAS,
      options: {
        // The user limit is turned on by its tests (the last ones).
        ModelRequestRateLimitEnabled: 'false',
        ModelRequestRateLimitDurationMinutes: '1',
        ChannelQueueTimeoutSeconds: '10',
        ChannelQueueMaxWaiting: '3',
        RetryTimes: '0',
        ModelRatio: JSON.stringify({ [MODEL]: 1, [FAILING]: 1, [CAPPED]: 1, [RPM_CAPPED]: 1 }),
      },
    });
    const { sql, bus } = cluster;
    // Announced, as the admin API does: relays reload the channels named by the event.
    await seedChannel(sql, { baseUrl: fake.url, models: [MODEL, FAILING], autoBan: false }, bus);
    const capped = await seedChannel(sql, { baseUrl: fake.url, models: [CAPPED] });
    await sql(`UPDATE channels SET max_concurrency = 2 WHERE id = $1`, [capped]);
    const rpmCapped = await seedChannel(sql, { baseUrl: fake.url, models: [RPM_CAPPED] });
    await sql(`UPDATE channels SET max_rpm = 1 WHERE id = $1`, [rpmCapped]);
    await bus.publish('modelgate.evt.config.channel.changed', { channelIds: [capped, rpmCapped], reason: 'updated' });
    fake.program({ model: FAILING }, { status: 500 });
    // The capped channel's upstream is slow; count what it has in flight (ended when it answers).
    fake.program({ model: CAPPED }, () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => inFlight--, 300);
      return { latencyMs: 300 };
    });
    const probe = await seedToken(sql, { userId: await seedUser(sql, 1e9) });
    await awaitRouting(sql, bus, cluster.relayUrls, probe.apiKey, fake.url);
  });

  afterAll(async () => {
    await cluster?.stop();
    await fake?.close();
  });

  it("limits a token's requests per minute across the replicas", async () => {
    const userId = await seedUser(cluster.sql, 1e9);
    const token = await seedToken(cluster.sql, { userId });
    await cluster.sql(`UPDATE tokens SET rate_limit_rpm = ${TOKEN_RPM} WHERE id = $1`, [token.id]);
    await cluster.bus.publish('modelgate.evt.identity.token.changed', { tokenIds: [token.id], userId, reason: 'updated' });
    // Another token of the same user is not held back by this one's limit.
    const other = await seedToken(cluster.sql, { userId }, cluster.bus);
    const answers = await burst(token.apiKey, MODEL);
    const admitted = ok(answers).length;
    expect(admitted).toBeLessThanOrEqual(TOKEN_RPM + BOUND);
    expect(admitted).toBeGreaterThanOrEqual(TOKEN_RPM - unusedLeases(TOKEN_RPM));
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 429 && limitOf(a).includes(`at most ${TOKEN_RPM} requests per minute for this token`))).toBe(true);
    expect((await chat(cluster.relayUrls[0]!, other.apiKey, MODEL)).status).toBe(200);
  });

  it("refuses a token's requests once its tokens per minute are used, on either replica", async () => {
    const userId = await seedUser(cluster.sql, 1e9);
    const token = await seedToken(cluster.sql, { userId });
    await cluster.sql(`UPDATE tokens SET rate_limit_tpm = 100 WHERE id = $1`, [token.id]);
    await cluster.bus.publish('modelgate.evt.identity.token.changed', { tokenIds: [token.id], userId, reason: 'updated' });
    let used = 0;
    let refusal: RelayAnswer | undefined;
    // Each answer's usage is added after it; the replicas share their totals every 200 ms.
    const refused = await eventually(async () => {
      const answer = await chat(cluster.relayUrls[used % REPLICAS]!, token.apiKey, MODEL);
      if (answer.status === 429) refusal = answer;
      else used += answer.body.usage.total_tokens as number;
      return refusal !== undefined;
    }, 10_000);
    expect(refused).toBe(true);
    expect(used).toBeGreaterThanOrEqual(100);
    expect(refusal!.body.error.message).toContain('at most 100 tokens per minute for this token');
  });

  it("queues a request at a channel's requests-per-minute cap until the minute rolls over, or refuses at once when it cannot within the timeout", async () => {
    const token = await seedToken(cluster.sql, { userId: await seedUser(cluster.sql, 1e9) }, cluster.bus);
    const msLeft = msLeftInMinute;
    // Not across a minute's end between the two requests.
    await awayFromMinuteEnd(2_000);
    expect((await chat(cluster.relayUrls[0]!, token.apiKey, RPM_CAPPED)).status).toBe(200);
    const left = msLeft();
    const startedAt = Date.now();
    // The same replica: another could admit one more on credit (the stated bound).
    const res = await fetch(`${cluster.relayUrls[0]}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: RPM_CAPPED, messages: [{ role: 'user', content: 'hi' }] }),
    });
    const body = (await res.json()) as any;
    const waited = Date.now() - startedAt;
    // The queue timeout is 10 s: a minute ending sooner is waited for, a later one refused at once.
    if (left < 9_000) {
      expect(res.status).toBe(200);
      expect(waited).toBeGreaterThanOrEqual(left - 300);
    } else if (left > 11_000) {
      expect(res.status).toBe(429);
      expect(body.error).toMatchObject({ code: 'rate_limit_exceeded', message: expect.stringContaining('requests or tokens per minute cap') });
      expect(Math.abs(Number(res.headers.get('retry-after')) - left / 1000)).toBeLessThanOrEqual(2);
      expect(waited).toBeLessThan(3_000);
    } else {
      expect([200, 429]).toContain(res.status);
    }
  });

  it('never lets a channel with concurrency 2 see a third request; the queue serves in arrival order, then 429', async () => {
    const token = await seedToken(cluster.sql, { userId: await seedUser(cluster.sql, 1e9) }, cluster.bus);
    const relay = cluster.relayUrls[0]!;
    const before = fake.requests.length;
    const send = async (marker: string) => {
      const res = await fetch(`${relay}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: CAPPED, messages: [{ role: 'user', content: 'hi' }], user: marker }),
      });
      return { status: res.status, body: (await res.json()) as any, requestId: res.headers.get('x-request-id'), retryAfter: res.headers.get('retry-after') };
    };
    const answers: Array<ReturnType<typeof send>> = [];
    const reached = (marker: string) => fake.requests.some((r) => (r.body as { user?: string }).user === marker);
    // Seven requests: two run (each sent once the one before reached the upstream), three wait
    // (the queue holds 3; nothing outside the relay tells a request joined it, so they go 30 ms
    // apart), two are refused at once.
    for (let i = 0; i < 2; i++) {
      answers.push(send(`req-${i}`));
      expect(await eventually(() => reached(`req-${i}`))).toBe(true);
    }
    for (let i = 2; i < 5; i++) {
      answers.push(send(`req-${i}`));
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    for (let i = 5; i < 7; i++) answers.push(Promise.resolve(await send(`req-${i}`)));
    const done = await Promise.all(answers);
    expect(maxInFlight).toBe(2);
    expect(done.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    for (const refusal of done.slice(5)) {
      expect(refusal.body.error).toMatchObject({ code: 'rate_limit_exceeded', message: expect.stringContaining('concurrency cap and its queue is full') });
      expect(refusal.retryAfter).toBe('1');
    }
    const order = fake.requests.slice(before).filter((r) => r.model === CAPPED).map((r) => (r.body as { user: string }).user);
    expect(order).toEqual(['req-0', 'req-1', 'req-2', 'req-3', 'req-4']);
    // The wait is in the consume log's `other`.
    const waited = await eventually(async () => {
      const rows = await cluster.sql<{ other: string }>(`SELECT other FROM logs WHERE request_id = $1`, [done[4]!.requestId]);
      return rows.length === 1 && JSON.parse(rows[0]!.other).queue_wait_ms > 0;
    }, 10_000);
    expect(waited).toBe(true);
  });

  it('admits at most the successful-request cap (plus the bound) of 200 concurrent requests, in every protocol shape', async () => {
    await setUserLimit(
      { ModelRequestRateLimitEnabled: 'true', ModelRequestRateLimitCount: '0', ModelRequestRateLimitSuccessCount: String(SUCCESS_CAP) },
      SUCCESS_CAP,
      MODEL,
      `at most ${SUCCESS_CAP} successful requests`,
    );
    const token = await seedToken(cluster.sql, { userId: await seedUser(cluster.sql, 1e9) }, cluster.bus);
    const answers = await burst(token.apiKey, MODEL);
    const admitted = ok(answers).length;
    expect(admitted).toBeLessThanOrEqual(SUCCESS_CAP + BOUND);
    expect(admitted).toBeGreaterThanOrEqual(SUCCESS_CAP - unusedLeases(SUCCESS_CAP));
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.every((a) => a.status === 429 && a.body.error.code === 'rate_limit_exceeded')).toBe(true);
    expect(refused.some((a) => limitOf(a).includes(`at most ${SUCCESS_CAP} successful requests per 1 minute`))).toBe(true);

    // The official SDKs see their own rate-limit errors, with the Retry-After to wait.
    const openai = new OpenAI({ apiKey: token.apiKey, baseURL: `${cluster.relayUrls[1]}/v1`, maxRetries: 0 });
    const openaiError = await openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(openaiError).toBeInstanceOf(OpenAI.RateLimitError);
    const retryAfter = Number((openaiError as InstanceType<typeof OpenAI.RateLimitError>).headers?.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const anthropic = new Anthropic({ apiKey: token.apiKey, baseURL: cluster.relayUrls[0], maxRetries: 0 });
    const anthropicError = await anthropic.messages
      .create({ model: MODEL, max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(anthropicError).toBeInstanceOf(Anthropic.RateLimitError);
    expect((anthropicError as InstanceType<typeof Anthropic.RateLimitError>).error).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });

    const gemini = new GoogleGenAI({ apiKey: token.apiKey, httpOptions: { baseUrl: cluster.relayUrls[0], apiVersion: 'v1beta' } });
    const geminiError = await gemini.models.generateContent({ model: MODEL, contents: 'hi' }).catch((e: unknown) => e);
    expect(geminiError).toBeInstanceOf(ApiError);
    expect((geminiError as ApiError).status).toBe(429);
    expect((geminiError as ApiError).message).toContain('RESOURCE_EXHAUSTED');
  });

  it('counts failed requests against the total cap: of 200 concurrent, at most the cap (plus the bound) reach the upstream', async () => {
    // The total cap alone (the successful-request cap out of the way).
    await setUserLimit(
      { ModelRequestRateLimitCount: String(TOTAL_CAP), ModelRequestRateLimitSuccessCount: '100000' },
      TOTAL_CAP,
      FAILING,
      `at most ${TOTAL_CAP} requests per 1 minute(s)`,
    );
    const token = await seedToken(cluster.sql, { userId: await seedUser(cluster.sql, 1e9) }, cluster.bus);
    const before = fake.requests.filter((r) => r.model === FAILING).length;
    const answers = await burst(token.apiKey, FAILING);
    const reached = fake.requests.filter((r) => r.model === FAILING).length - before;
    expect(reached).toBeLessThanOrEqual(TOTAL_CAP + BOUND);
    expect(reached).toBeGreaterThanOrEqual(TOTAL_CAP - unusedLeases(TOTAL_CAP));
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBe(CONCURRENT - reached);
    expect(limited.every((a) => limitOf(a).includes(`at most ${TOTAL_CAP} requests per 1 minute(s), failed ones included`))).toBe(true);
  });
});
