import { type FakeUpstream, startFakeUpstream } from '@modelgate/fake-upstream';
import type { ApiClient, ApiResponse } from '../support/api-client';
import { type ApiStack, startApiStack } from '../support/api-stack';
import { eventually, seedUser } from '../support/relay-fixtures';
import {
  CHANNEL,
  DRAWING_TASK,
  LOG,
  MAP,
  MUSIC_TASK,
  paged,
  PRICING_ROW,
  REDEMPTION,
  SELF,
  type Shape,
  shapeMismatch,
  STATUS,
  TOKEN,
  USER,
  USER_DRAWING_TASK,
  USER_LOG,
  USER_MUSIC_TASK,
} from './reference-shapes';

jest.setTimeout(120_000);

/**
 * Every call of the spec's §7 answers in the reference's shape: `{success, message, data}` with
 * the field names and JSON types recorded in `reference-shapes.ts`. One stack, one of each kind of
 * row (a channel on a fake provider, a token, a real call's log, a redemption code, a drawing and
 * a music task), then every call in turn.
 */
describe('/api answers in the reference’s shapes (spec §7)', () => {
  let api: ApiStack;
  let fake: FakeUpstream;
  let root: ApiClient;
  let user: ApiClient;
  let userId: number;
  let channelId: number;
  let tokenId: number;
  let redemptionId: number;

  /** The envelope succeeded and its `data` has `shape`; lists must hold at least one element. */
  function expectShape(res: ApiResponse, shape: Shape, label: string): void {
    expect({ label, status: res.status, success: res.body?.success, message: typeof res.body?.message }).toEqual({
      label, status: 200, success: true, message: 'string',
    });
    expect({ label, mismatch: shapeMismatch(res.body.data, shape) }).toEqual({ label, mismatch: '' });
    const list = Array.isArray(res.body.data) ? res.body.data : Array.isArray(res.body.data?.items) ? res.body.data.items : undefined;
    if (Array.isArray(shape) || (typeof shape === 'object' && 'items' in shape)) expect({ label, empty: list?.length === 0 }).toEqual({ label, empty: false });
  }

  beforeAll(async () => {
    [api, fake] = await Promise.all([startApiStack({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false' }), startFakeUpstream()]);
    root = await api.root();
    userId = await seedUser(api.query, 50_000_000);
    user = await api.signedInAs(userId);

    const created = await root.post('/api/channel/', { type: 1, name: 'shapes', key: 'sk-shapes', base_url: fake.url, models: 'gpt-4o-mini', group: 'default' });
    expect(created.body).toMatchObject({ success: true });
    channelId = (await api.query(`SELECT id FROM channels WHERE name = 'shapes'`))[0].id;

    expect((await user.post('/api/token/', { name: 'shapes', remain_quota: 1_000_000 })).body.success).toBe(true);
    const [token] = (await user.get('/api/token/')).body.data;
    tokenId = token.id;
    const call = await fetch(`${api.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${token.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(call.status).toBe(200);
    await call.text();
    expect(await eventually(async () => (await user.get('/api/log/self/?type=2')).body.data.items.length > 0, 20_000)).toBe(true);

    expect((await root.post('/api/redemption/', { name: 'shapes', quota: 100_000, count: 2 })).body.success).toBe(true);
    redemptionId = (await api.query(`SELECT id FROM redemptions WHERE name = 'shapes' ORDER BY id LIMIT 1`))[0].id;

    const now = Math.floor(Date.now() / 1000);
    await api.query(
      `INSERT INTO midjourneys (user_id, mj_id, submit_time, channel_id, action, code, status, progress, prompt, prompt_en,
                                image_url, fail_reason, finish_time, quota, buttons)
       VALUES ($1, 'mj-shapes', $2, $3, 'IMAGINE', 1, 'SUCCESS', '100%', 'a cat', 'a cat', '', '', $2, 0, '[]')`,
      [userId, now * 1000, channelId],
    );
    await api.query(
      `INSERT INTO tasks (user_id, task_id, submit_time, created_at, updated_at, channel_id, platform, action, status,
                          progress, fail_reason, finish_time, quota, properties, data)
       VALUES ($1, 'task-shapes', $2, $2, $2, $3, 'suno', 'MUSIC', 'SUCCESS', '100%', '', $2, 0, '{}', '[]')`,
      [userId, now, channelId],
    );
  });
  afterAll(async () => {
    await fake?.close();
    await api?.stop();
  });

  it('answers the public calls', async () => {
    const anyone = api.client();
    expectShape(await anyone.get('/api/status'), STATUS, 'GET /api/status');
    expectShape(await anyone.get('/api/setup'), { status: 'boolean', root_init: 'boolean', database_type: 'string' }, 'GET /api/setup');
    expectShape(await anyone.get('/api/notice'), 'string', 'GET /api/notice');
    expectShape(await anyone.get('/api/about'), 'string', 'GET /api/about');
    expectShape(await anyone.get('/api/home_page_content'), 'string', 'GET /api/home_page_content');
    expectShape(await anyone.get('/api/oauth/state'), 'string', 'GET /api/oauth/state');
    const pricing = await anyone.get('/api/pricing');
    expectShape(pricing, [PRICING_ROW], 'GET /api/pricing');
    expect(shapeMismatch(pricing.body.group_ratio, { [MAP]: 'number' })).toBe('');
    expect(shapeMismatch(pricing.body.usable_group, { [MAP]: 'string' })).toBe('');
  });

  it('answers the signed-in user’s own calls', async () => {
    expectShape(await user.get('/api/user/self'), SELF, 'GET /api/user/self');
    expectShape(await user.get('/api/user/models'), ['string'], 'GET /api/user/models');
    expectShape(await user.get('/api/user/self/groups'), { [MAP]: { desc: 'string', ratio: 'number' } }, 'GET /api/user/self/groups');
    expectShape(await user.get('/api/user/aff'), 'string', 'GET /api/user/aff');
    expectShape(await user.get('/api/token/?p=0&size=10'), [TOKEN], 'GET /api/token/');
    expectShape(await user.get('/api/token/search?keyword=shapes&token='), [TOKEN], 'GET /api/token/search');
    expectShape(await user.get(`/api/token/${tokenId}`), TOKEN, 'GET /api/token/{id}');
    expectShape(await user.get('/api/log/self/?p=1&page_size=10&type=0&start_timestamp=NaN&end_timestamp='), paged(USER_LOG), 'GET /api/log/self/');
    expectShape(await user.get('/api/log/self/stat?type=0'), { quota: 'number', rpm: 'number', tpm: 'number' }, 'GET /api/log/self/stat');
    expectShape(await user.get('/api/mj/self/?p=0&start_timestamp=NaN&end_timestamp=NaN'), [USER_DRAWING_TASK], 'GET /api/mj/self/');
    expectShape(await user.get('/api/task/self?p=0&start_timestamp=&end_timestamp=0'), [USER_MUSIC_TASK], 'GET /api/task/self');
    expectShape(await user.get('/api/user/token'), 'string', 'GET /api/user/token');
  });

  it('answers the admin’s user, redemption and log calls', async () => {
    expectShape(await root.get('/api/user/?p=0&page_size=10'), paged(USER), 'GET /api/user/');
    expectShape(await root.get('/api/user/search?keyword=&group=&p=0&page_size=10'), paged(USER), 'GET /api/user/search');
    expectShape(await root.get(`/api/user/${userId}`), USER, 'GET /api/user/{id}');
    expectShape(await root.get('/api/redemption/?p=0&page_size=10'), paged(REDEMPTION), 'GET /api/redemption/');
    expectShape(await root.get('/api/redemption/search?keyword=shapes&p=0&page_size=10'), paged(REDEMPTION), 'GET /api/redemption/search');
    expectShape(await root.get(`/api/redemption/${redemptionId}`), REDEMPTION, 'GET /api/redemption/{id}');
    expectShape(await root.get('/api/log/?p=1&page_size=10&type=0&start_timestamp=NaN&end_timestamp=NaN&channel='), paged({ ...(LOG as Record<string, Shape>), channel_name: 'string' }), 'GET /api/log/');
    expectShape(await root.get('/api/log/stat?type=0&start_timestamp=NaN'), { quota: 'number', rpm: 'number', tpm: 'number' }, 'GET /api/log/stat');
    expectShape(await root.get('/api/mj/?p=0&channel_id=&mj_id=&start_timestamp=NaN&end_timestamp=NaN'), [DRAWING_TASK], 'GET /api/mj/');
    expectShape(await root.get('/api/task/?p=0&channel_id=&task_id=&start_timestamp=NaN&end_timestamp=NaN'), [MUSIC_TASK], 'GET /api/task/');
    expectShape(await root.get('/api/option/'), [{ key: 'string', value: 'string' }], 'GET /api/option/');
    expectShape(await root.get('/api/group/'), ['string'], 'GET /api/group/');
  });

  it('answers the admin’s channel calls', async () => {
    expectShape(await root.get('/api/channel/?p=0&page_size=10&id_sort=false&tag_mode=false'), [CHANNEL], 'GET /api/channel/');
    expectShape(await root.get('/api/channel/search?keyword=shapes&group=&model=&id_sort=false&tag_mode=false'), [CHANNEL], 'GET /api/channel/search');
    expectShape(await root.get(`/api/channel/${channelId}`), CHANNEL, 'GET /api/channel/{id}');
    expectShape(await root.get('/api/channel/models'), [{ id: 'string' }], 'GET /api/channel/models');
    expectShape(await root.get('/api/channel/models_enabled'), ['string'], 'GET /api/channel/models_enabled');
    expectShape(await root.get('/api/models'), { [MAP]: ['string'] }, 'GET /api/models');
    const tested = await root.get(`/api/channel/test/${channelId}?model=gpt-4o-mini`);
    expect({ success: tested.body.success, message: typeof tested.body.message, time: typeof tested.body.time }).toEqual({
      success: true, message: 'string', time: 'number',
    });
  });

  it('answers the writes in the reference’s shapes', async () => {
    const created = await root.post('/api/user/', { username: 'shapes2', display_name: 'Shapes', password: 'password123' });
    expect(created.body).toMatchObject({ success: true, message: expect.any(String) });
    const target = (await api.query(`SELECT id FROM users WHERE username = 'shapes2'`))[0].id;
    expectShape(await root.post('/api/user/manage', { id: target, action: 'disable' }), { role: 'number', status: 'number' }, 'POST /api/user/manage');
    const codes = await root.post('/api/redemption/', { name: 'shapes3', quota: 1_000, count: 1 });
    expectShape(codes, ['string'], 'POST /api/redemption/');
    expectShape(await user.post('/api/user/topup', { key: codes.body.data[0] }), 'number', 'POST /api/user/topup');
    expect((await root.put('/api/option/', { key: 'Notice', value: 'shapes' })).body).toEqual({ success: true, message: '' });
    expectShape(await root.delete(`/api/log/?target_timestamp=1`), 'number', 'DELETE /api/log/');
    const first = await api.client().post('/api/user/login', { username: 'root', password: '123456' });
    expectShape(first, { id: 'number', username: 'string', display_name: 'string', role: 'number', status: 'number', group: 'string' }, 'POST /api/user/login');
    expect((await api.client().post('/api/setup', { username: 'x', password: 'password123', confirmPassword: 'password123' })).body).toEqual({
      success: false, message: '系统已经初始化完成',
    });
  });
});

describe('the shape checker itself', () => {
  it('reports the first missing field or wrong type, and accepts what matches', () => {
    expect(shapeMismatch({ a: 1, b: 'x', extra: true }, { a: 'number', b: 'string' })).toBe('');
    expect(shapeMismatch({ a: 1 }, { a: 'number', b: 'string' })).toBe('data.b: missing');
    expect(shapeMismatch({ a: '1' }, { a: 'number' })).toBe('data.a: expected number, got string');
    expect(shapeMismatch({ a: null }, { a: 'number?' })).toBe('');
    expect(shapeMismatch({ a: null }, { a: 'number' })).toBe('data.a: expected number, got null');
    expect(shapeMismatch([{ a: 1 }, { a: 'x' }], [{ a: 'number' }])).toBe('data[1].a: expected number, got string');
    expect(shapeMismatch({ items: [] }, ['string'])).toBe('data: expected an array, got object');
    expect(shapeMismatch({ x: { desc: 'd', ratio: '1' } }, { [MAP]: { desc: 'string', ratio: 'number' } })).toBe('data.x.ratio: expected number, got string');
  });
});
