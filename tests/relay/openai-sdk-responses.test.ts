// The official OpenAI SDK's Responses API against the whole stack, to channels that serve it
// (OpenAI, Azure): `responses.create` and `responses.stream` passed through as sent, the stored
// response's retrieve, delete, cancel and input items, follow-ups with `previous_response_id`
// landing on the channel and key that created the response (two channels serve the model), a gone
// channel's clear error, Codex's request shapes, compaction, bad input in OpenAI's error object
// with nothing charged, a cut stream, and exact quotas. A second describe starts two relay
// replicas and follows a response created on one from the other.
import { randomBytes, randomUUID } from 'node:crypto';
import { type FakeRequest, type FakeUpstream, startFakeUpstream } from '@modelgate/fake-upstream';
import OpenAI, { BadRequestError, NotFoundError } from 'openai';
import { eventually, seedChannel, seedToken, seedUser } from '../support/relay-fixtures';
import { awaitRouting, type RelayCluster, startRelayCluster } from '../support/relay-processes';
import { type RelayStack, startRelayStack } from '../support/relay-stack';
import { expectNothingCharged, failure, type User } from './anthropic-sdk-support';
import { codexFirstTurn, codexToolTurn } from './fixtures/codex-responses-requests';

jest.setTimeout(60_000);

type Body = Record<string, any>;

const INITIAL = 100_000_000;
const MODEL = 'gpt-resp';
const AZURE_MODEL = 'azure-resp';
const GONE_MODEL = 'gpt-resp-gone';
const DEFAULT_TEXT = 'Hello from the fake upstream.';
const DEFAULT_COMPLETION = 6;
const RATIOS = { modelRatio: 1.5, completionRatio: 4, cacheRatio: 0.25 };

/** OpenAI's formula with this file's ratios: round((P − C + C × 0.25 + O × 4) × 1.5). */
function quotaOf(u: { prompt: number; completion: number; cached?: number }): number {
  const cached = u.cached ?? 0;
  return Math.max(1, Math.round(((u.prompt - cached) * 100 + cached * 25 + u.completion * 400) * 15 / 1000));
}

describe('OpenAI SDK Responses API → OpenAI and Azure channels (passed through)', () => {
  let stack: RelayStack;
  const keys = { a: 'sk-resp-a', b: 'sk-resp-b', azure: 'az-resp', gone: 'sk-resp-gone' };
  let goneChannel: number;

  const client = (user: User) => stack.openai(user.apiKey);
  const freshUser = () => stack.userWithToken(INITIAL);
  const responsesCalls = (): FakeRequest[] => stack.fake.requests.filter((r) => r.path.includes('/responses'));
  const onlyCall = (): FakeRequest => {
    const calls = responsesCalls();
    expect(calls).toHaveLength(1);
    return calls[0]!;
  };
  const sentinel = (user: User) => async () => {
    const { response } = await client(user).responses.create({ model: MODEL, input: 'Say hello.' }).withResponse();
    return response.headers.get('x-request-id');
  };

  beforeAll(async () => {
    stack = await startRelayStack();
    const models = [MODEL, AZURE_MODEL, GONE_MODEL];
    const each = (value: number) => JSON.stringify(Object.fromEntries(models.map((model) => [model, value])));
    await stack.setOptions({ ModelRatio: each(RATIOS.modelRatio), CompletionRatio: each(RATIOS.completionRatio), CacheRatio: each(RATIOS.cacheRatio), RetryTimes: '0' });
    // Two OpenAI channels (two keys) serve the model: a follow-up must reach the key that stored its response.
    await stack.seedChannel({ type: 1, baseUrl: stack.fake.url, key: keys.a, models: [MODEL], autoBan: false });
    await stack.seedChannel({ type: 1, baseUrl: stack.fake.url, key: keys.b, models: [MODEL], autoBan: false });
    await stack.seedChannel({ type: 3, baseUrl: stack.fake.url, key: keys.azure, models: [AZURE_MODEL], autoBan: false, modelMapping: { [AZURE_MODEL]: 'my-deployment' } });
    goneChannel = await stack.seedChannel({ type: 1, baseUrl: stack.fake.url, key: keys.gone, models: [GONE_MODEL], autoBan: false });
    const probe = await freshUser();
    await stack.waitForModels(probe.apiKey, models);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  beforeEach(() => stack.fake.reset());

  it('creates a response: the body passed as sent, the Response as the upstream wrote it; billed from its usage with cache reads', async () => {
    const me = await freshUser();
    stack.fake.program({ model: MODEL }, { promptTokens: 40, cachedTokens: 16, completionTokens: 9, reasoning: 'Think.' }, { times: 1 });
    const sent = {
      model: MODEL,
      instructions: 'Be brief.',
      input: [{ role: 'user' as const, content: [{ type: 'input_text' as const, text: 'Say hello.' }] }],
      max_output_tokens: 300,
      reasoning: { effort: 'low' as const, summary: 'auto' as const },
      metadata: { ticket: '42' },
      store: true,
    };
    const { data: response, response: http } = await client(me).responses.create(sent).withResponse();
    expect(response).toMatchObject({ id: expect.stringMatching(/^resp_/), object: 'response', status: 'completed', model: MODEL });
    expect(response.output_text).toBe(DEFAULT_TEXT);
    expect(response.usage).toMatchObject({ input_tokens: 40, input_tokens_details: { cached_tokens: 16 }, output_tokens: 9 });

    const call = onlyCall();
    expect(call.path).toBe('/v1/responses');
    expect(JSON.stringify(call.body)).toBe(JSON.stringify(sent));
    const [log] = await stack.waitForLogs(me.userId, 1);
    expect(log).toMatchObject({ requestId: http.headers.get('x-request-id'), model: MODEL, promptTokens: 40, completionTokens: 9, isStream: false });
    expect(log!.quota).toBe(quotaOf({ prompt: 40, cached: 16, completion: 9 }));
  });

  it('streams a response event by event; the usage of response.completed billed', async () => {
    const me = await freshUser();
    stack.fake.program({ model: MODEL }, { promptTokens: 13, completionTokens: 7 }, { times: 1 });
    const stream = client(me).responses.stream({ model: MODEL, input: 'Say hello.' });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    const final = await stream.finalResponse();
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
    expect(types).toContain('response.output_text.delta');
    expect(final.output_text).toBe(DEFAULT_TEXT);
    expect(onlyCall().stream).toBe(true);
    const [log] = await stack.waitForLogs(me.userId, 1);
    expect(log).toMatchObject({ promptTokens: 13, completionTokens: 7, quota: quotaOf({ prompt: 13, completion: 7 }), isStream: true });
  });

  it('bills the usage of response.incomplete', async () => {
    const me = await freshUser();
    stack.fake.program({ model: MODEL }, { promptTokens: 11 }, { times: 1 });
    const stream = client(me).responses.stream({ model: MODEL, input: 'Say hello.', max_output_tokens: 2 });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    expect(types.at(-1)).toBe('response.incomplete');
    const [log] = await stack.waitForLogs(me.userId, 1);
    expect(log).toMatchObject({ promptTokens: 11, completionTokens: 2, quota: quotaOf({ prompt: 11, completion: 2 }) });
  });

  it('follows up with previous_response_id on the channel and key that stored the response, every time', async () => {
    const me = await freshUser();
    const first = await client(me).responses.create({ model: MODEL, input: 'Remember: 7.' });
    const creator = onlyCall().apiKey;
    for (let turn = 0; turn < 6; turn++) {
      const next = await client(me).responses.create({ model: MODEL, input: 'What did I say?', previous_response_id: first.id });
      expect(next.previous_response_id).toBe(first.id);
    }
    const followUps = responsesCalls().slice(1);
    expect(followUps.map((call) => call.apiKey)).toEqual(Array<string>(6).fill(creator!));
  });

  it('retrieves, lists the input items of, cancels and deletes a stored response at its channel, charging nothing', async () => {
    const me = await freshUser();
    const created = await client(me).responses.create({ model: MODEL, input: 'Keep this.' });
    const creator = onlyCall().apiKey;
    const logsBefore = (await stack.waitForLogs(me.userId, 1)).length;

    const retrieved = await client(me).responses.retrieve(created.id);
    expect(retrieved).toMatchObject({ id: created.id, output_text: DEFAULT_TEXT });
    const items = await client(me).responses.inputItems.list(created.id);
    expect(items.data).toEqual([expect.objectContaining({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Keep this.' }] })]);
    const cancel = await failure(client(me).responses.cancel(created.id));
    expect(cancel).toBeInstanceOf(BadRequestError);
    expect(cancel.message).toContain('Cannot cancel a synchronous response');
    const deleted = await client(me).responses.delete(created.id);
    expect(deleted).toEqual({ id: created.id, object: 'response.deleted', deleted: true });
    const again = await failure(client(me).responses.retrieve(created.id));
    expect(again).toBeInstanceOf(NotFoundError);

    const calls = responsesCalls().slice(1);
    expect(calls.map((call) => [call.method, call.path.replace(created.id, ':id'), call.apiKey])).toEqual([
      ['GET', '/v1/responses/:id', creator],
      ['GET', '/v1/responses/:id/input_items', creator],
      ['POST', '/v1/responses/:id/cancel', creator],
      ['DELETE', '/v1/responses/:id', creator],
      ['GET', '/v1/responses/:id', creator],
    ]);
    expect((await stack.consumeLogs(me.userId)).length).toBe(logsBefore);
  });

  it('reaches a response while its stream is still running: recorded from response.created', async () => {
    const me = await freshUser();
    stack.fake.program({ model: MODEL }, { chunks: 6, chunkDelayMs: 40 }, { times: 1 });
    const stream = client(me).responses.stream({ model: MODEL, input: 'Take your time.', background: true });
    let cancelled: OpenAI.Responses.Response | undefined;
    let chunksWhenCancelled = -1;
    let rest = 0;
    for await (const event of stream) {
      if (event.type === 'response.created') {
        cancelled = await client(me).responses.cancel(event.response.id);
        chunksWhenCancelled = responsesCalls()[0]!.chunksSent;
      } else rest++;
    }
    const final = await stream.finalResponse();
    expect(cancelled).toMatchObject({ id: final.id });
    expect(rest).toBeGreaterThan(6);
    const [create, cancel] = responsesCalls();
    expect(cancel).toMatchObject({ method: 'POST', path: `/v1/responses/${final.id}/cancel`, apiKey: create!.apiKey });
    // The cancel was answered while the stream was still being written.
    expect(chunksWhenCancelled).toBeLessThan(6);
  });

  it('answers 404 for a stored response the caller did not create, and never asks the upstream', async () => {
    const owner = await freshUser();
    const other = await freshUser();
    const created = await client(owner).responses.create({ model: MODEL, input: 'Mine.' });
    stack.fake.reset();
    const error = await failure(client(other).responses.retrieve(created.id));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.error).toMatchObject({ type: 'invalid_request_error', code: 'response_not_found' });
    const unknown = await failure(client(owner).responses.retrieve('resp_never_made_here'));
    expect(unknown.status).toBe(404);
    const followUp = await failure(client(other).responses.create({ model: MODEL, input: 'Yours?', previous_response_id: created.id }));
    expect(followUp.status).toBe(400);
    expect(followUp.error).toMatchObject({ code: 'previous_response_not_found', param: 'previous_response_id' });
    expect(responsesCalls()).toEqual([]);
  });

  it('routes a follow-up of an id it has no record of as any other call', async () => {
    const me = await freshUser();
    const error = await failure(client(me).responses.create({ model: MODEL, input: 'Hi', previous_response_id: 'resp_made_elsewhere' }));
    // The upstream that was picked does not know the id, and says so itself.
    expect(error.status).toBe(404);
    expect(error.error).toMatchObject({ code: 'previous_response_not_found' });
    expect(onlyCall().body).toMatchObject({ previous_response_id: 'resp_made_elsewhere' });
  });

  it('passes Azure calls to its v1 Responses API with the deployment as the model', async () => {
    const me = await freshUser();
    const response = await client(me).responses.create({ model: AZURE_MODEL, input: 'Say hello.' });
    const call = onlyCall();
    expect(call).toMatchObject({ path: '/openai/v1/responses', apiKey: keys.azure });
    expect(call.headers['api-key']).toBe(keys.azure);
    expect(call.body).toMatchObject({ model: 'my-deployment', input: 'Say hello.' });
    const retrieved = await client(me).responses.retrieve(response.id);
    expect(retrieved.id).toBe(response.id);
    expect(responsesCalls().at(-1)!.path).toBe(`/openai/v1/responses/${response.id}`);
    const compact = await failure(client(me).responses.compact({ model: AZURE_MODEL, input: 'Say hello.' }));
    expect(compact.status).toBe(400);
    expect(compact.error).toMatchObject({ code: 'no_channel_for_request' });
  });

  it('compacts a conversation on a channel that offers it, billed from its usage', async () => {
    const me = await freshUser();
    stack.fake.program({ model: MODEL }, { promptTokens: 30, completionTokens: 5 }, { times: 1 });
    const compacted = await client(me).responses.compact({ model: MODEL, input: [{ role: 'user', content: 'Long story.' }] });
    expect(compacted.object).toBe('response.compaction');
    expect(onlyCall().path).toBe('/v1/responses/compact');
    const [log] = await stack.waitForLogs(me.userId, 1);
    expect(log!.quota).toBe(quotaOf({ prompt: compacted.usage.input_tokens, completion: compacted.usage.output_tokens }));
  });

  it('passes Codex’s requests through as sent: stateless, encrypted reasoning, function tools, a cache key, streamed', async () => {
    const me = await freshUser();
    const conversation = randomUUID();
    for (const body of [codexFirstTurn(MODEL, conversation), codexToolTurn(MODEL, conversation)]) {
      stack.fake.reset();
      stack.fake.program({ model: MODEL }, { promptTokens: 500, cachedTokens: 400, completionTokens: 20, reasoning: 'Look around.' }, { times: 1 });
      const res = await fetch(`${stack.url}/v1/responses`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${me.apiKey}`, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(/^event: response\.created\n/);
      expect(text).toContain('event: response.completed');
      expect(JSON.stringify(onlyCall().body)).toBe(JSON.stringify(body));
      // Nothing is stored upstream (store: false), so nothing is recorded: the id is not reachable here.
      const id = /"id":"(resp_[^"]+)"/.exec(text)![1]!;
      const unreachable = await failure(client(me).responses.retrieve(id));
      expect(unreachable.error).toMatchObject({ code: 'response_not_found' });
      expect(responsesCalls()).toHaveLength(1);
    }
    const logs = await stack.waitForLogs(me.userId, 2);
    expect(logs.map((log) => log.quota)).toEqual([quotaOf({ prompt: 500, cached: 400, completion: 20 }), quotaOf({ prompt: 500, cached: 400, completion: 20 })]);
  });

  it('charges a stream the upstream cut for what it delivered, and ends it with the Responses error event', async () => {
    const me = await freshUser();
    stack.fake.program({ model: MODEL }, { chunks: 6, disconnectAfter: 3 }, { times: 1 });
    const res = await fetch(`${stack.url}/v1/responses`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${me.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: MODEL, input: 'Say hello.', stream: true }),
    });
    const text = await res.text();
    expect(text).toContain('event: response.output_text.delta');
    expect(text).not.toContain('response.completed');
    expect(text).toMatch(/event: error\ndata: \{"type":"error","code":"upstream_stream_interrupted"/);
    const [log] = await stack.waitForLogs(me.userId, 1);
    expect(log!.completionTokens).toBeGreaterThan(0);
    expect(log!.completionTokens).toBeLessThan(DEFAULT_COMPLETION);
    expect(log!.quota).toBe(quotaOf({ prompt: log!.promptTokens, completion: log!.completionTokens }));
  });

  it('refuses bad input in OpenAI’s error object before anything is sent, and charges nothing', async () => {
    const me = await freshUser();
    const missing = await failure(client(me).responses.create({ input: 'Hi' } as never));
    expect(missing).toBeInstanceOf(BadRequestError);
    expect(missing.error).toMatchObject({ type: 'invalid_request_error', param: 'model' });
    const badItem = await failure(client(me).responses.create({ model: MODEL, input: [{ type: 'function_call_output', output: 'x' }] as never }));
    expect(badItem.error).toMatchObject({ param: 'input.0.call_id' });
    const raw = await fetch(`${stack.url}/v1/responses`, { method: 'POST', headers: { Authorization: `Bearer ${me.apiKey}`, 'Content-Type': 'application/json' }, body: '{"model":' });
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as Body)['error']).toMatchObject({ type: 'invalid_request_error' });
    expect(responsesCalls()).toEqual([]);
    await expectNothingCharged(stack, me, INITIAL, sentinel(me));
  });

  it('answers a follow-up whose channel is gone with previous_response_not_found, not a random channel’s 404', async () => {
    const me = await freshUser();
    const created = await client(me).responses.create({ model: GONE_MODEL, input: 'Remember me.' });
    // Continuing with a model the holding channel does not serve is refused by name.
    const switched = await failure(client(me).responses.create({ model: MODEL, input: 'And now?', previous_response_id: created.id }));
    expect(switched.error).toMatchObject({ code: 'previous_response_model_unavailable', param: 'model' });

    await stack.sql(`UPDATE channels SET status = 2 WHERE id = $1`, [goneChannel]);
    await stack.sql(`UPDATE abilities SET enabled = false WHERE channel_id = $1`, [goneChannel]);
    await stack.api.stack.bus.publish('modelgate.evt.config.channel.changed', { channelIds: [goneChannel], reason: 'updated' });
    // The relay has the change once its model list drops the channel's only model.
    const listsGone = async () => {
      const res = await fetch(`${stack.url}/v1/models`, { headers: { Authorization: `Bearer ${me.apiKey}` } });
      return ((await res.json()) as { data: Array<{ id: string }> }).data.some((m) => m.id === GONE_MODEL);
    };
    expect(await eventually(async () => !(await listsGone()), 5_000)).toBe(true);
    stack.fake.reset();

    const error = await failure(client(me).responses.create({ model: GONE_MODEL, input: 'And now?', previous_response_id: created.id }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.error).toMatchObject({ type: 'invalid_request_error', code: 'previous_response_not_found', param: 'previous_response_id' });
    expect(error.message).toContain('no longer available');
    const retrieve = await failure(client(me).responses.retrieve(created.id));
    expect(retrieve.status).toBe(404);
    expect(retrieve.message).toContain('no longer available');
    expect(responsesCalls()).toEqual([]);
  });
});

describe(`Responses follow-ups across relay replicas (${process.env.NATS_URL ? 'separate processes' : 'in one process'})`, () => {
  let cluster: RelayCluster;
  let fake: FakeUpstream;
  let apiKey: string;
  const model = `gpt-resp-x-${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    fake = await startFakeUpstream();
    cluster = await startRelayCluster({ relays: 2, options: { ModelPrice: JSON.stringify({ [model]: 0.0001 }), RetryTimes: '0' } });
    const userId = await seedUser(cluster.sql, 1_000_000_000);
    ({ apiKey } = await seedToken(cluster.sql, { userId }, cluster.bus));
    for (const key of ['sk-x-1', 'sk-x-2']) await seedChannel(cluster.sql, { type: 1, baseUrl: fake.url, key, models: [model], autoBan: false }, cluster.bus);
    await awaitRouting(cluster.sql, cluster.bus, cluster.relayUrls, apiKey, fake.url);
  });

  afterAll(async () => {
    await cluster?.stop();
    await fake?.close();
  });

  it('sends a follow-up made on relay B to the key that stored the response relay A created', async () => {
    const [relayA, relayB] = cluster.relayUrls as [string, string];
    const viaA = new OpenAI({ baseURL: `${relayA}/v1`, apiKey, maxRetries: 0 });
    const viaB = new OpenAI({ baseURL: `${relayB}/v1`, apiKey, maxRetries: 0 });
    const first = await viaA.responses.create({ model, input: 'Remember: 7.' });
    const creator = fake.requests.find((r) => r.path === '/v1/responses')!.apiKey;
    // The record reaches the shared table behind the request.
    expect(await eventually(async () => (await cluster.sql(`SELECT 1 FROM response_affinities WHERE response_id = $1`, [first.id])).length === 1)).toBe(true);
    for (let turn = 0; turn < 6; turn++) {
      await viaB.responses.create({ model, input: 'What did I say?', previous_response_id: first.id });
    }
    const retrieved = await viaB.responses.retrieve(first.id);
    expect(retrieved.id).toBe(first.id);
    const onB = fake.requests.filter((r) => r.path.startsWith('/v1/responses')).slice(1);
    expect(onB.map((r) => r.apiKey)).toEqual(Array<string>(7).fill(creator!));
  });
});
