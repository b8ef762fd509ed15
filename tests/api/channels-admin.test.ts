import { channelTypeSupport, findChannelType } from '@modelgate/channel-types';
import { DEFAULT_MODELS } from '@modelgate/fake-upstream';
import { eventually } from '../support/relay-fixtures';
import { chatBody, type RelayStack, startRelayStack } from '../support/relay-stack';
import {
  abilitiesOf,
  type ChannelCallers,
  channelCallers,
  createChannels,
  expectRefused,
  insertManagedChannel,
} from './channels-fixtures';

jest.setTimeout(90_000);

/** Channel writes through `/api/channel/*`, whole stack on real PostgreSQL, and the relay honouring them. */
describe('/api channel administration: writes', () => {
  let stack: RelayStack;
  let who: ChannelCallers;

  beforeAll(async () => {
    stack = await startRelayStack({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false' });
    who = await channelCallers(stack.api);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const row = async (id: number) => (await stack.api.query(`SELECT * FROM channels WHERE id = $1`, [id]))[0];

  it('creates a channel with the default channel of spec §9, abilities included, and never returns its key', async () => {
    const [created] = await createChannels(who.admin, { name: 'basic', key: 'sk-basic', models: 'm-a, m-b,m-a', base_url: 'https://x.example.com/' });
    expect(created).toMatchObject({
      name: 'basic',
      type: 1,
      models: 'm-a,m-b',
      group: 'default',
      auto_ban: 1,
      priority: 0,
      weight: 0,
      status: 1,
      base_url: 'https://x.example.com',
      external_ref: '',
    });
    expect(created).not.toHaveProperty('key');
    expect(await abilitiesOf(stack.api, created!.id)).toEqual(['default/m-a', 'default/m-b']);

    const fetched = await who.admin.get(`/api/channel/${created!.id}`);
    expect(fetched.body).toMatchObject({ success: true, data: { id: created!.id, name: 'basic' } });
    expect(fetched.body.data).not.toHaveProperty('key');
  });

  it('returns the key to the super admin asking for it, and to nobody else', async () => {
    const [created] = await createChannels(who.admin, { name: 'secret', key: 'sk-secret', models: 'm' });
    const asRoot = await who.root.get(`/api/channel/${created!.id}?with_key=true`);
    expect(asRoot.body.data).toMatchObject({ id: created!.id, key: 'sk-secret' });
    expect((await who.root.get(`/api/channel/${created!.id}`)).body.data).not.toHaveProperty('key');
    expectRefused(await who.admin.get(`/api/channel/${created!.id}?with_key=true`), '只有超级管理员可以查看渠道密钥');
    const list = await who.root.get('/api/channel/?page_size=100');
    expect(list.body.data.some((entry: Record<string, unknown>) => 'key' in entry)).toBe(false);
  });

  it('creates one channel per line of a multi-line key', async () => {
    const channels = await createChannels(who.admin, { name: 'multi', key: 'sk-1\nsk-2\n\nsk-3\n', models: 'multi-m', group: ['default', 'vip'] });
    expect(channels).toHaveLength(3);
    const keys = await stack.api.query(`SELECT key FROM channels WHERE id = ANY($1) ORDER BY id`, [channels.map((c) => c.id)]);
    expect(keys.map((k) => k.key)).toEqual(['sk-1', 'sk-2', 'sk-3']);
    for (const channel of channels) expect(await abilitiesOf(stack.api, channel.id)).toEqual(['default/multi-m', 'vip/multi-m']);
  });

  it('refuses invalid channels with the messages of spec §5', async () => {
    const palm = channelTypeSupport(findChannelType(11)!);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ key: 'k', models: 'm' }, '请填写渠道名称和渠道密钥！'],
      [{ name: 'n', models: 'm' }, '请填写渠道名称和渠道密钥！'],
      [{ name: 'n', key: 'k' }, '请至少选择一个模型！'],
      [{ name: 'n', key: 'k', models: ' , ' }, '请至少选择一个模型！'],
      [{ name: 'n', key: 'k', models: 'm', model_mapping: '{not json' }, '模型映射必须是合法的 JSON 格式！'],
      [{ name: 'n', key: 'k', models: 'm', priority: 1.5 }, '优先级必须是 -999 到 1000000 之间的整数'],
      [{ name: 'n', key: 'k', models: 'm', priority: -1000 }, '优先级必须是 -999 到 1000000 之间的整数'],
      [{ name: 'n', key: 'k', models: 'm', weight: 2.5 }, '权重必须是不大于 1000000 的非负整数'],
      [{ name: 'n', key: 'k', models: 'm', type: 12345 }, '未知的渠道类型：12345'],
      [{ name: 'n', key: 'k', models: 'm', type: 33 }, '该渠道类型的密钥格式应为 Ak|Sk|Region'],
      [{ name: 'n', key: 'k', models: 'm', type: 11 }, `渠道类型 Google PaLM2（11）暂不支持：${palm.served ? '' : palm.reason}`],
      [{ name: 'n', key: 'k', models: 'm', status_code_mapping: 'x' }, '状态码映射必须是合法的 JSON 格式！'],
      [{ name: 'n', key: 'k', models: 'm', setting: '[]' }, '渠道额外设置必须是合法的 JSON 格式！'],
      [{ name: 'n', key: 'k', models: 'm', base_url: 'ftp://x' }, 'API 地址必须是以 http:// 或 https:// 开头的网址'],
    ];
    const before = (await stack.api.query(`SELECT count(*) AS n FROM channels`))[0].n;
    for (const [fields, message] of cases) expectRefused(await who.admin.post('/api/channel/', fields), message);
    expect((await stack.api.query(`SELECT count(*) AS n FROM channels`))[0].n).toBe(before);
  });

  it('normalises: negative weight to 0, trailing slash stripped', async () => {
    const [claude] = await createChannels(who.admin, { name: 'claude', key: 'sk-ant', type: 14, models: 'claude-x', weight: -4, base_url: 'https://c.example.com///' });
    expect(claude).toMatchObject({ type: 14, weight: 0, base_url: 'https://c.example.com' });
  });

  it('sets, shows and clears the traffic caps, and refuses caps that are no whole number', async () => {
    const [capped] = await createChannels(who.admin, { name: 'capped', key: 'sk-capped', models: 'c1', max_rpm: 600, max_tpm: 90_000, max_concurrency: 4 });
    expect(capped).toMatchObject({ max_rpm: 600, max_tpm: 90_000, max_concurrency: 4 });
    const res = await who.admin.put('/api/channel/', { id: capped!.id, max_concurrency: 0 });
    expect(res.body.data).toMatchObject({ max_rpm: 600, max_tpm: 90_000, max_concurrency: 0 });
    expect(await row(capped!.id)).toMatchObject({ max_rpm: 600, max_tpm: 90_000, max_concurrency: 0 });
    expectRefused(await who.admin.put('/api/channel/', { id: capped!.id, max_rpm: -1 }), 'max_rpm 必须是非负整数（0 表示不限制）（max_rpm must be a whole number, 0 for no cap）');
    expectRefused(await who.admin.put('/api/channel/', { id: capped!.id, max_tpm: 1.5 }), '输入不合法：max_tpm 的类型错误，应为整数');
  });

  it('edits only what is sent: empty fields and an empty key leave the stored values', async () => {
    const [created] = await createChannels(who.admin, { name: 'edit-me', key: 'sk-edit', models: 'e1,e2', model_mapping: '{"e1":"u1"}', priority: 3 });
    const loaded = (await who.admin.get(`/api/channel/${created!.id}`)).body.data;
    // The console sends back the whole channel it loaded, with empty strings where it changed nothing.
    const res = await who.admin.put('/api/channel/', { ...loaded, name: '', key: '', models: '', model_mapping: '', group: '', weight: 7 });
    expect(res.body).toMatchObject({ success: true, data: { id: created!.id, name: 'edit-me', models: 'e1,e2', model_mapping: '{"e1":"u1"}', priority: 3, weight: 7 } });
    expect(await row(created!.id)).toMatchObject({ key: 'sk-edit', name: 'edit-me', group: 'default' });

    await who.admin.put('/api/channel/', { id: created!.id, key: 'sk-rotated', models: 'e2, e3', group: 'vip' });
    expect(await row(created!.id)).toMatchObject({ key: 'sk-rotated', models: 'e2,e3', group: 'vip' });
    expect(await abilitiesOf(stack.api, created!.id)).toEqual(['vip/e2', 'vip/e3']);

    expectRefused(await who.admin.put('/api/channel/', { id: created!.id, model_mapping: '[1]' }), '模型映射必须是合法的 JSON 格式！');
    expectRefused(await who.admin.put('/api/channel/', { id: 999_999, name: 'x' }), '渠道不存在');
  });

  it('deletes one channel, a batch, and every disabled channel', async () => {
    const channels = await createChannels(who.admin, { name: 'del', key: 'd1\nd2\nd3\nd4', models: 'del-m' });
    const [one, two, three, four] = channels.map((c) => c.id as number);
    expect((await who.admin.delete(`/api/channel/${one}/`)).body).toMatchObject({ success: true });
    expect(await row(one!)).toBeUndefined();
    expectRefused(await who.admin.delete(`/api/channel/${one}`), '渠道不存在');

    expectRefused(await who.admin.post('/api/channel/batch', { ids: [] }), '请先选择要删除的通道！');
    expectRefused(await who.admin.post('/api/channel/batch', {}), '请先选择要删除的通道！');
    expect((await who.admin.post('/api/channel/batch', { ids: [two] })).body).toMatchObject({ success: true, data: 1 });

    await who.admin.put('/api/channel/', { id: three, status: 2 });
    await stack.api.query(`UPDATE channels SET status = 3 WHERE id = $1`, [four]);
    const res = await who.admin.delete('/api/channel/disabled');
    expect(res.body.success).toBe(true);
    expect(res.body.data).toBeGreaterThanOrEqual(2);
    expect(await stack.api.query(`SELECT id FROM channels WHERE status <> 1 AND external_ref IS NULL`)).toEqual([]);
    expect(await stack.api.query(`SELECT * FROM abilities WHERE channel_id = ANY($1)`, [[one, two, three, four]])).toEqual([]);
  });

  it('tags a batch, edits the tag, enables/disables it and dissolves it', async () => {
    const channels = await createChannels(who.admin, { name: 'tag', key: 't1\nt2', models: 'tag-m' });
    const ids = channels.map((c) => c.id as number);
    expectRefused(await who.admin.post('/api/channel/batch/tag', { ids: [], tag: 'x' }), '请先选择要设置标签的渠道！');
    expectRefused(await who.admin.post('/api/channel/batch/tag', { ids, tag: ' ' }), '标签不能为空！');
    expect((await who.admin.post('/api/channel/batch/tag', { ids, tag: 'crew' })).body).toMatchObject({ success: true, data: 2 });

    expectRefused(await who.admin.put('/api/channel/tag', { tag: 'crew' }), '没有任何修改！');
    expectRefused(await who.admin.put('/api/channel/tag', { tag: 'crew', new_tag: 'crew', models: '' }), '没有任何修改！');
    expectRefused(await who.admin.put('/api/channel/tag', { tag: 'crew', model_mapping: 'nope' }), '模型映射必须是合法的 JSON 格式！');
    expectRefused(await who.admin.put('/api/channel/tag', { tag: 'crew', weight: -1 }), '权重必须是不大于 1000000 的非负整数');
    expectRefused(await who.admin.put('/api/channel/tag', { tag: '', priority: 1 }), '标签不能为空！');
    const edit = await who.admin.put('/api/channel/tag', { tag: 'crew', models: 'tag-x,tag-y', groups: 'vip', priority: 8, weight: 2 });
    expect(edit.body).toMatchObject({ success: true, data: 2 });
    for (const id of ids) {
      expect(await row(id)).toMatchObject({ models: 'tag-x,tag-y', group: 'vip', priority: '8', weight: 2 });
      expect(await abilitiesOf(stack.api, id)).toEqual(['vip/tag-x', 'vip/tag-y']);
    }

    expect((await who.admin.post('/api/channel/tag/disabled', { tag: 'crew' })).body).toMatchObject({ success: true, data: 2 });
    expect(await abilitiesOf(stack.api, ids[0]!)).toEqual(['vip/tag-x (off)', 'vip/tag-y (off)']);
    expect((await who.admin.post('/api/channel/tag/enabled', { tag: 'crew' })).body.data).toBe(2);
    expect((await row(ids[1]!)).status).toBe(1);
    expectRefused(await who.admin.post('/api/channel/tag/enabled', { tag: 'nobody-uses-this' }), '没有使用该标签的渠道');

    expect((await who.admin.put('/api/channel/tag', { tag: 'crew', new_tag: '' })).body.success).toBe(true);
    expect((await row(ids[0]!)).tag).toBeNull();
  });

  it('rebuilds abilities on fix', async () => {
    const [created] = await createChannels(who.admin, { name: 'fix', key: 'k', models: 'fix-a,fix-b' });
    await stack.api.query(`DELETE FROM abilities WHERE channel_id = $1`, [created!.id]);
    await stack.api.query(`INSERT INTO abilities ("group", model, channel_id) VALUES ('default', 'orphan', 999999)`);
    const res = await who.admin.post('/api/channel/fix');
    expect(res.body.success).toBe(true);
    expect(res.body.data).toBe(Number((await stack.api.query(`SELECT count(*) AS n FROM channels`))[0].n));
    expect(await abilitiesOf(stack.api, created!.id)).toEqual(['default/fix-a', 'default/fix-b']);
    expect(await stack.api.query(`SELECT * FROM abilities WHERE channel_id = 999999`)).toEqual([]);
  });

  it('lists models: the catalogue and configured ones, the enabled ones, and the defaults per type', async () => {
    await createChannels(who.admin, { name: 'cat', key: 'k', models: 'custom-model-z' });
    const [off] = await createChannels(who.admin, { name: 'cat-off', key: 'k', models: 'only-disabled-model', status: 2 });
    expect(off!.status).toBe(2);
    const all = (await who.admin.get('/api/channel/models')).body.data as Array<{ id: string }>;
    expect(all).toEqual(expect.arrayContaining([{ id: 'gpt-4o' }, { id: 'suno_music' }, { id: 'custom-model-z' }, { id: 'only-disabled-model' }]));
    let enabled: string[] = [];
    const listsCustom = async () => (enabled = (await who.admin.get('/api/channel/models_enabled')).body.data).includes('custom-model-z');
    expect(await eventually(listsCustom)).toBe(true);
    expect(enabled).not.toContain('only-disabled-model');
    const byType = (await who.common.get('/api/models')).body;
    expect(byType.success).toBe(true);
    expect(byType.data['36']).toEqual(['suno_music', 'suno_lyrics']);
    expect(byType.data['5']).toContain('swap_face');
  });

  it('fetches an upstream model list for a new or a stored channel, with clear failures', async () => {
    const listed = await who.admin.post('/api/channel/fetch_models', { base_url: `${stack.fake.url}/`, type: 1, key: 'sk-fetch' });
    expect(listed.body).toEqual({ success: true, message: '', data: DEFAULT_MODELS });
    expect(stack.fake.requests.at(-1)).toMatchObject({ path: '/v1/models', apiKey: 'sk-fetch' });

    expectRefused(await who.admin.post('/api/channel/fetch_models', { base_url: stack.fake.url, type: 1, key: '' }), '请填写密钥');
    expectRefused(await who.admin.post('/api/channel/fetch_models', { base_url: 'http://127.0.0.1:1', key: 'k' }), /^获取模型列表失败：无法连接上游/);
    stack.fake.program({ path: '/v1/models', apiKey: 'sk-revoked' }, { error: 'invalid_api_key' });
    expectRefused(await who.admin.post('/api/channel/fetch_models', { base_url: stack.fake.url, key: 'sk-revoked' }), /^获取模型列表失败：上游返回 HTTP 401/);
    stack.fake.program({ path: '/v1/models', apiKey: 'sk-html' }, { body: '<html>', contentType: 'text/html' });
    expectRefused(await who.admin.post('/api/channel/fetch_models', { base_url: stack.fake.url, key: 'sk-html' }), '获取模型列表失败：上游返回的不是 JSON');

    const [stored] = await createChannels(who.admin, { name: 'fetch', key: 'sk-stored', models: 'm', base_url: stack.fake.url });
    const viaId = await who.admin.get(`/api/channel/fetch_models/${stored!.id}`);
    expect(viaId.body.data).toEqual(DEFAULT_MODELS);
    expect(stack.fake.requests.at(-1)).toMatchObject({ apiKey: 'sk-stored' });
    expectRefused(await who.admin.get('/api/channel/fetch_models/999999'), '渠道不存在');
  });

  it('refuses console edits of a Kubernetes-managed channel but lets it be enabled and disabled', async () => {
    const id = await insertManagedChannel(stack.api, 'k8s:prod/openai', 'k8s-m');
    const message = `渠道 #${id} 由 Kubernetes 资源 prod/openai 管理，控制台只能启用或禁用它；其他修改请在该资源中进行`;
    const read = (await who.admin.get(`/api/channel/${id}`)).body.data;
    expect(read.external_ref).toBe('k8s:prod/openai');

    expectRefused(await who.admin.put('/api/channel/', { id, name: 'hijacked' }), message);
    expectRefused(await who.admin.put('/api/channel/', { id, key: 'sk-stolen' }), message);
    expectRefused(await who.admin.delete(`/api/channel/${id}`), message);
    expectRefused(await who.admin.post('/api/channel/batch', { ids: [id] }), message);
    expectRefused(await who.admin.post('/api/channel/batch/tag', { ids: [id], tag: 'mine' }), message);
    expect(await row(id)).toMatchObject({ name: 'managed', key: 'sk-managed', tag: null });

    // Disabling sends the loaded channel back with a new status: allowed.
    const disabled = await who.admin.put('/api/channel/', { ...read, status: 2 });
    expect(disabled.body).toMatchObject({ success: true, data: { status: 2 } });
    expect(await abilitiesOf(stack.api, id)).toEqual(['default/k8s-m (off)']);
    expect((await who.admin.delete('/api/channel/disabled')).body.success).toBe(true);
    expect(await row(id)).toBeDefined();
    expect((await who.admin.put('/api/channel/', { id, status: 1 })).body.data.status).toBe(1);
  });

  it('routes by what the admin wrote: a disabled channel stops serving, an enabled or edited one serves', async () => {
    await stack.setOptions({ ModelPrice: JSON.stringify({ 'route-a': 0.001, 'route-b': 0.001 }) });
    const { apiKey } = await stack.userWithToken(1_000_000_000);
    const [channel] = await createChannels(who.admin, { name: 'route', key: 'sk-route', models: 'route-a', base_url: stack.fake.url });
    const chat = async (model: string) =>
      (await fetch(`${stack.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
        body: chatBody(model),
      })).status;
    expect(await eventually(async () => (await chat('route-a')) === 200)).toBe(true);

    await who.admin.put('/api/channel/', { id: channel!.id, status: 2 });
    expect(await eventually(async () => (await chat('route-a')) !== 200)).toBe(true);
    expect(await chat('route-a')).toBe(503);

    await who.admin.put('/api/channel/', { id: channel!.id, status: 1, models: 'route-a,route-b' });
    expect(await eventually(async () => (await chat('route-b')) === 200)).toBe(true);
    expect(await chat('route-a')).toBe(200);
    expect(stack.fake.requests.filter((r) => r.apiKey === 'sk-route').length).toBeGreaterThanOrEqual(2);
  });

  it('answers bad input with an envelope refusal, never a fault', async () => {
    const attempts = [
      who.admin.raw('POST', '/api/channel/', '{"name":'),
      who.admin.post('/api/channel/', []),
      who.admin.post('/api/channel/', 'text'),
      who.admin.post('/api/channel/', { name: { x: 1 }, key: 'k', models: 'm' }),
      who.admin.post('/api/channel/', { name: 'n', key: 'k', models: 'm', priority: 'high' }),
      who.admin.post('/api/channel/', { name: 'n', key: 'k', models: 'm', type: 1e20 }),
      who.admin.post('/api/channel/', { name: 'n', key: 'k', models: [1, 2] }),
      who.admin.post('/api/channel/', { name: 'n', key: 'k', models: 'x'.repeat(300) }),
      who.admin.post('/api/channel/', { name: 'n', key: 'k', models: 'm', group: 'g'.repeat(70) }),
      who.admin.post('/api/channel/', { name: 'n', key: 'k', models: 'm', status: 3 }),
      who.admin.put('/api/channel/', { id: 'one', name: 'x' }),
      who.admin.put('/api/channel/', { id: -1, name: 'x' }),
      who.admin.put('/api/channel/', { id: 99_999_999_999, name: 'x' }),
      who.admin.post('/api/channel/batch', { ids: ['a'] }),
      who.admin.post('/api/channel/batch', { ids: [0] }),
      who.admin.post('/api/channel/batch/tag', { ids: [1], tag: 5 }),
      who.admin.put('/api/channel/tag', { tag: 't', priority: 'x' }),
      who.admin.get(`/api/channel/search?keyword=${'k'.repeat(300)}`),
      who.admin.get('/api/channel/?p=-1'),
      who.admin.get('/api/channel/?page_size=abc'),
      who.admin.get('/api/channel/?p=1&p=2'),
      who.admin.get('/api/channel/99999999999'),
      who.admin.post('/api/channel/fetch_models', { base_url: 'not a url', key: 'k' }),
      who.admin.post('/api/channel/fetch_models', { type: 'x' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBeLessThan(500);
      expect(res.body.success).toBe(false);
      expect(res.body.message).not.toMatch(/internal server error/);
    }
  });
});
