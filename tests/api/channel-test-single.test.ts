import { type ProbeHarness, PROBE_ROUTES, startProbeHarness } from './channel-test-fixtures';

// `GET /api/channel/test/{id}?model=`: a real minimal request through the relay's provider
// adapter to the fake provider; the answer `{success, message, time}` (seconds) and the recorded
// `response_time` (ms) and `test_time`. Also the authorisation of every probe route.

jest.setTimeout(60_000);

describe('/api channel test of one channel', () => {
  let h: ProbeHarness;

  beforeAll(async () => {
    h = await startProbeHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('tests with the requested model, answers the time in seconds and records it', async () => {
    const { id, key } = await h.channel({ models: ['gpt-4o', 'gpt-4o-mini'] });
    const before = Math.floor(Date.now() / 1000);
    const res = await h.admin.get(`/api/channel/test/${id}?model=gpt-4o`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: '', data: { model: 'gpt-4o' } });
    expect(typeof res.body.time).toBe('number');
    expect(res.body.time).toBeGreaterThanOrEqual(0);
    expect(res.body.time).toBeLessThan(10);

    const [request] = h.requestsOf(key);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions', model: 'gpt-4o', stream: false });
    expect(request!.body).toEqual({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], max_tokens: 10, stream: false });
    const row = await h.row(id);
    expect(Number(row.response_time)).toBe(res.body.data.response_time);
    expect(Math.abs(Number(row.response_time) - res.body.time * 1000)).toBeLessThanOrEqual(1);
    expect(Number(row.test_time)).toBeGreaterThanOrEqual(before);
    expect(Number(row.test_time)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    // The list shows how the last test went, from other_info.last_test.
    expect(JSON.parse(row.other_info).last_test).toEqual({ success: true, message: '', model: 'gpt-4o', time: Number(row.test_time) });
  });

  it("picks the channel's test model, else its first model, else gpt-4o-mini, and applies its model mapping", async () => {
    const withTestModel = await h.channel({ models: ['gpt-4o', 'gpt-3.5-turbo'] });
    await h.api.query(`UPDATE channels SET test_model = 'gpt-3.5-turbo' WHERE id = $1`, [withTestModel.id]);
    const firstModel = await h.channel({ models: ['mg-first', 'gpt-4o'], modelMapping: { 'mg-first': 'gpt-4o-mini' } });
    const noModels = await h.channel({ models: [] });

    for (const { id } of [withTestModel, firstModel, noModels]) {
      expect((await h.admin.get(`/api/channel/test/${id}`)).body.success).toBe(true);
    }
    expect(h.requestsOf(withTestModel.key)[0]!.model).toBe('gpt-3.5-turbo');
    // The test asks for the client-facing name; the mapping sends the upstream one.
    expect(h.requestsOf(firstModel.key)[0]!.model).toBe('gpt-4o-mini');
    expect((await h.admin.get(`/api/channel/test/${firstModel.id}`)).body.data.model).toBe('mg-first');
    expect(h.requestsOf(noModels.key)[0]!.model).toBe('gpt-4o-mini');
  });

  it('tests an embedding model with an embeddings request', async () => {
    const { id, key } = await h.channel({ models: ['text-embedding-3-small'] });
    expect((await h.admin.get(`/api/channel/test/${id}`)).body).toMatchObject({ success: true, message: '' });
    expect(h.requestsOf(key)[0]).toMatchObject({ path: '/v1/embeddings', body: { model: 'text-embedding-3-small', input: 'hello world' } });
  });

  it("answers an upstream error with success false, the provider's message and the time, and changes no status", async () => {
    await h.api.setOptions({ AutomaticDisableChannelEnabled: 'true' });
    const { id, key } = await h.channel({});
    h.fake.program({ apiKey: key }, { error: 'invalid_api_key' });
    const res = await h.admin.get(`/api/channel/test/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/^status code 401: Incorrect API key provided/);
    expect(typeof res.body.time).toBe('number');
    expect(res.body.data).toBeUndefined();
    const row = await h.row(id);
    expect(Number(row.test_time)).toBeGreaterThan(0);
    // A single test only reports; disabling is for test-all and real traffic.
    expect(row.status).toBe(1);
    // The failure and its reason stay with the channel, beside what other_info already held.
    expect(JSON.parse(row.other_info).last_test).toMatchObject({ success: false, message: res.body.message, time: Number(row.test_time) });
    await h.api.query(`UPDATE channels SET other_info = '{"status_reason":"kept","status_time":5}' WHERE id = $1`, [id]);
    h.fake.reset();
    expect((await h.admin.get(`/api/channel/test/${id}`)).body.success).toBe(true);
    expect(JSON.parse((await h.row(id)).other_info)).toMatchObject({ status_reason: 'kept', status_time: 5, last_test: { success: true, message: '' } });
    await h.api.setOptions({ AutomaticDisableChannelEnabled: 'false' });
  });

  it('treats a 200 answer with an error body, and an unreachable provider, as failures', async () => {
    const { id, key } = await h.channel({});
    h.fake.program({ apiKey: key }, { body: { error: { message: 'quota exhausted upstream', type: 'insufficient_quota' } } });
    expect((await h.admin.get(`/api/channel/test/${id}`)).body).toMatchObject({
      success: false,
      message: expect.stringContaining('quota exhausted upstream'),
    });

    const unreachable = await h.channel({ baseUrl: 'http://127.0.0.1:1' });
    const res = await h.admin.get(`/api/channel/test/${unreachable.id}`);
    expect(res.body).toMatchObject({ success: false, message: 'failed to reach the upstream provider' });
    expect(typeof res.body.time).toBe('number');
  });

  it('records the response time of a slow provider', async () => {
    const { id, key } = await h.channel({});
    h.fake.program({ apiKey: key }, { latencyMs: 600 });
    const res = await h.admin.get(`/api/channel/test/${id}`);
    expect(res.body.success).toBe(true);
    expect(res.body.time).toBeGreaterThanOrEqual(0.6);
    expect(Number((await h.row(id)).response_time)).toBeGreaterThanOrEqual(600);
  });

  it('tests a Claude channel in its own protocol, and a Bedrock one signed', async () => {
    const anthropic = await h.channel({ type: 14, models: ['claude-3-5-haiku-20241022'] });
    expect((await h.admin.get(`/api/channel/test/${anthropic.id}`)).body).toMatchObject({ success: true, message: '' });
    const [messages] = h.requestsOf(anthropic.key);
    expect(messages).toMatchObject({ method: 'POST', path: '/v1/messages', model: 'claude-3-5-haiku-20241022' });
    expect(messages!.headers['x-api-key']).toBe(anthropic.key);
    expect(messages!.body).toEqual({ model: 'claude-3-5-haiku-20241022', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], max_tokens: 10 });

    const bedrock = await h.channel({ type: 33, key: 'AKIAFAKEFAKEFAKE|fake-secret-key|us-east-1', models: ['claude-3-5-sonnet-20241022'] });
    expect((await h.admin.get(`/api/channel/test/${bedrock.id}`)).body).toMatchObject({ success: true, message: '' });
    const wrong = await h.channel({ type: 33, key: 'AKIAFAKEFAKEFAKE|not-the-secret|us-east-1', models: ['claude-3-5-sonnet-20241022'] });
    const refused = (await h.admin.get(`/api/channel/test/${wrong.id}`)).body;
    expect(refused).toMatchObject({ success: false });
    expect(refused.message).toMatch(/^status code 403: InvalidSignatureException/);
  });

  it('refuses types that cannot be tested, with a clear message, without calling anyone', async () => {
    const palm = await h.channel({ type: 11 });
    expect((await h.admin.get(`/api/channel/test/${palm.id}`)).body).toEqual({
      success: false,
      message: 'channel type 11 (Google PaLM2) cannot be tested: the gateway cannot call its API yet',
    });
    expect(h.requestsOf(palm.key)).toHaveLength(0);
    expect(Number((await h.row(palm.id)).test_time)).toBe(0);
  });

  it('answers clear envelope errors for bad ids, unknown channels and bad models, never a 500', async () => {
    for (const path of ['abc', '0', '-1', '1.5', '99999999999', '4294967295', '2147483648']) {
      const res = await h.admin.get(`/api/channel/test/${path}`);
      expect([path, res.status, res.body]).toEqual([path, 200, { success: false, message: 'invalid channel id' }]);
    }
    expect((await h.admin.get('/api/channel/test/2147483647')).body).toEqual({ success: false, message: 'channel not found' });
    const { id } = await h.channel({});
    for (const query of [`model=${'m'.repeat(256)}`, 'model=a&model=b']) {
      expect((await h.admin.get(`/api/channel/test/${id}?${query}`)).body).toEqual({ success: false, message: 'invalid model' });
    }
  });

  it('answers an anonymous caller 401 and refuses a common user on every probe route', async () => {
    const anonymous = h.api.client();
    for (const path of PROBE_ROUTES) {
      const res = await anonymous.get(path);
      expect([path, res.status, res.body]).toEqual([path, 401, { success: false, message: '无权进行此操作，未登录且未提供 access token' }]);
      const refused = await h.common.get(path);
      expect([path, refused.status, refused.body]).toEqual([path, 200, { success: false, message: '无权进行此操作，权限不足' }]);
    }
  });
});
