import type { ApiClient, ApiResponse } from '../support/api-client';
import { type ApiStack, startApiStack } from '../support/api-stack';
import { type ChannelCallers, channelCallers, createChannels } from './channels-fixtures';

jest.setTimeout(60_000);

type Row = Record<string, any>;

/** Listing, search and tag mode of `/api/channel/`, and who may call channel administration. */
describe('/api channel administration: listing and access', () => {
  let api: ApiStack;
  let who: ChannelCallers;
  /** Ids by name, of the channels every listing test reads. */
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    api = await startApiStack({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false' });
    who = await channelCallers(api);
    const seed: Array<[string, Record<string, unknown>]> = [
      ['alpha', { models: 'gpt-4o,gpt-4o-mini', group: 'default', priority: 5, key: 'sk-alpha-secret' }],
      ['beta', { models: 'claude-3', group: 'vip', priority: 1, tag: 'team' }],
      ['gamma', { models: 'claude-3,gpt-4o', group: 'default,svip', priority: 9, tag: 'team', weight: 0 }],
      ['delta', { models: 'gemini-pro', group: 'vipx', priority: 0, tag: 'solo', weight: 4 }],
      ['epsilon', { models: 'text-embedding', group: 'default', priority: 2 }],
    ];
    for (const [name, fields] of seed) {
      const [channel] = await createChannels(who.admin, { name, key: `sk-${name}`, ...fields });
      ids[name] = channel!.id;
    }
    await api.query(`UPDATE channels SET used_quota = 100, response_time = 300 WHERE id = $1`, [ids.beta]);
    await api.query(`UPDATE channels SET used_quota = 50, response_time = 600 WHERE id = $1`, [ids.gamma]);
  });
  afterAll(async () => {
    await api?.stop();
  });

  const names = (res: ApiResponse) => (res.body.data as Row[]).map((row) => row.name);
  const list = (query = '') => who.admin.get(`/api/channel/${query}`);
  const search = (query: string) => who.admin.get(`/api/channel/search?${query}`);

  it('lists channels by priority (highest first) or by id (newest first), as a plain array without keys', async () => {
    const byPriority = await list('?page_size=100');
    expect(byPriority.body.success).toBe(true);
    expect(names(byPriority)).toEqual(['gamma', 'alpha', 'epsilon', 'beta', 'delta']);
    expect(names(await list('?id_sort=true&page_size=100'))).toEqual(['epsilon', 'delta', 'gamma', 'beta', 'alpha']);
    for (const row of byPriority.body.data as Row[]) {
      expect(row).not.toHaveProperty('key');
      expect(typeof row.id).toBe('number');
      expect(typeof row.priority).toBe('number');
    }
  });

  it('pages from p=0 with the page size asked for (10 by default)', async () => {
    expect(names(await list('?p=0&page_size=2'))).toEqual(['gamma', 'alpha']);
    expect(names(await list('?p=1&page_size=2'))).toEqual(['epsilon', 'beta']);
    expect(names(await list('?p=2&page_size=2'))).toEqual(['delta']);
    expect(names(await list('?p=9&page_size=2'))).toEqual([]);
    expect((await list()).body.data).toHaveLength(5);
  });

  it('shows one aggregate row per tag in tag mode, untagged channels as rows of their own', async () => {
    const res = await list('?tag_mode=true&page_size=100');
    const rows = res.body.data as Row[];
    expect(rows.map((row) => row.tag ?? '')).toEqual(['team', '', '', 'solo']);
    const team = rows[0]!;
    expect(team).toMatchObject({
      tag: 'team',
      name: 'team',
      group: 'default,svip,vip',
      used_quota: 150,
      response_time: 450,
      priority: null,
      weight: 0,
      status: 1,
    });
    expect(team.children.map((child: Row) => child.name)).toEqual(['gamma', 'beta']);
    expect(team.children.every((child: Row) => !('key' in child))).toBe(true);
    expect(rows[3]).toMatchObject({ tag: 'solo', priority: 0, weight: 4, used_quota: 0, children: [expect.objectContaining({ name: 'delta' })] });
    expect(rows.slice(1, 3).map((row) => row.name)).toEqual(['alpha', 'epsilon']);
    // Pages count entries, not channels.
    expect((await list('?tag_mode=true&p=0&page_size=1')).body.data[0].children).toHaveLength(2);
  });

  it('searches by keyword (id, part of the name, exact key), group and model', async () => {
    expect(names(await search(`keyword=${ids.delta}`))).toContain('delta');
    expect(names(await search('keyword=LPH'))).toEqual(['alpha']);
    expect(names(await search('keyword=sk-alpha-secret'))).toEqual(['alpha']);
    expect(names(await search('keyword=sk-alpha'))).toEqual([]);
    expect(names(await search('group=vip'))).toEqual(['beta']);
    expect(names(await search('group=default&id_sort=true'))).toEqual(['epsilon', 'gamma', 'alpha']);
    expect(names(await search('model=claude'))).toEqual(['gamma', 'beta']);
    expect(names(await search('model=gpt-4o&group=svip'))).toEqual(['gamma']);
    expect(names(await search('keyword=%25'))).toEqual([]);
    const tagged = (await search('model=claude&tag_mode=true')).body.data as Row[];
    expect(tagged).toHaveLength(1);
    expect(tagged[0]).toMatchObject({ tag: 'team' });
  });

  /** One request of every channel-administration route. */
  const everyRoute = (client: ApiClient): Array<Promise<ApiResponse>> => [
    client.get('/api/channel/'),
    client.get('/api/channel/search?keyword=a'),
    client.get(`/api/channel/${ids.alpha}`),
    client.get('/api/channel/models'),
    client.get('/api/channel/models_enabled'),
    client.get(`/api/channel/fetch_models/${ids.alpha}`),
    client.post('/api/channel/fetch_models', { base_url: 'http://127.0.0.1:1', key: 'k' }),
    client.post('/api/channel/', { name: 'intruder', key: 'k', models: 'm' }),
    client.put('/api/channel/', { id: ids.alpha, name: 'intruder' }),
    client.delete(`/api/channel/${ids.epsilon}`),
    client.post('/api/channel/batch', { ids: [ids.epsilon] }),
    client.post('/api/channel/batch/tag', { ids: [ids.epsilon], tag: 'intruder' }),
    client.put('/api/channel/tag', { tag: 'team', priority: 99 }),
    client.post('/api/channel/tag/disabled', { tag: 'team' }),
    client.post('/api/channel/tag/enabled', { tag: 'team' }),
    client.post('/api/channel/fix'),
    client.delete('/api/channel/disabled'),
  ];

  it('answers an anonymous caller with 401 on every route, GET /api/models included', async () => {
    for (const res of await Promise.all([...everyRoute(who.anonymous), who.anonymous.get('/api/models')])) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: '无权进行此操作，未登录且未提供 access token' });
    }
  });

  it('refuses a common user on every route and changes nothing; GET /api/models is for any user', async () => {
    const before = await api.query(`SELECT * FROM channels ORDER BY id`);
    for (const res of await Promise.all(everyRoute(who.common))) {
      expect([res.status, res.body]).toEqual([200, { success: false, message: '无权进行此操作，权限不足' }]);
    }
    expect(await api.query(`SELECT * FROM channels ORDER BY id`)).toEqual(before);
    const models = await who.common.get('/api/models');
    expect(models.body.success).toBe(true);
    expect(models.body.data['1']).toContain('gpt-4o');
  });

  it('lets admins and the super admin in', async () => {
    for (const client of [who.admin, who.root]) {
      const res = await client.get('/api/channel/models');
      expect(res.body.success).toBe(true);
      expect((await client.get(`/api/channel/${ids.alpha}`)).body.data).toMatchObject({ name: 'alpha' });
    }
  });

  it('leaves non-numeric channel paths to other routers', async () => {
    const res = await who.admin.get('/api/channel/not-a-number');
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });
});
