import { type ApiStack, startApiStack } from '../support/api-stack';
import { seedChannel } from '../support/relay-fixtures';
import { insertUser } from './logs-fixtures';

jest.setTimeout(60_000);

/** `GET /api/pricing`: the public price list and the caller's groups. */
describe('/api/pricing', () => {
  let api: ApiStack;
  let enabledChannel: number;

  beforeAll(async () => {
    api = await startApiStack({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false' });
    await api.setOptions({
      ModelRatio: JSON.stringify({ 'acme-chat': 2, 'acme-fixed': 9, 'acme-vip': 0.5 }),
      CompletionRatio: JSON.stringify({ 'acme-chat': 3 }),
      ModelPrice: JSON.stringify({ 'acme-fixed': 0.05 }),
      GroupRatio: JSON.stringify({ default: 1, vip: 1.5, svip: 3, team: 0.8 }),
      UserUsableGroups: JSON.stringify({ default: '默认分组', vip: 'vip分组' }),
    });
    const sql = api.query.bind(api);
    enabledChannel = await seedChannel(sql, { baseUrl: 'http://127.0.0.1:1', models: ['acme-chat', 'acme-fixed', 'acme-unpriced'], groups: ['default', 'vip'] });
    await seedChannel(sql, { baseUrl: 'http://127.0.0.1:1', models: ['acme-vip'], groups: ['svip'] });
    await seedChannel(sql, { baseUrl: 'http://127.0.0.1:1', models: ['acme-disabled', 'acme-chat'], groups: ['team'], status: 2 });
    // An ability switched off on an enabled channel does not list its model either.
    const offChannel = await seedChannel(sql, { baseUrl: 'http://127.0.0.1:1', models: ['acme-ability-off'] });
    await api.query(`UPDATE abilities SET enabled = false WHERE channel_id = $1`, [offChannel]);
  });
  afterAll(async () => {
    await api?.stop();
  });

  const byModel = (rows: Array<{ model_name: string }>) => new Map(rows.map((row) => [row.model_name, row]));

  it('lists every model an enabled channel serves, priced, with the groups serving it', async () => {
    const res = await api.client().get('/api/pricing');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const rows = byModel(res.body.data);
    expect([...rows.keys()].sort()).toEqual(['acme-chat', 'acme-fixed', 'acme-unpriced', 'acme-vip']);
    expect(rows.get('acme-chat')).toEqual({
      model_name: 'acme-chat',
      quota_type: 0,
      model_ratio: 2,
      completion_ratio: 3,
      model_price: 0,
      enable_groups: ['default', 'vip'],
    });
    expect(rows.get('acme-fixed')).toEqual({
      model_name: 'acme-fixed',
      quota_type: 1,
      model_ratio: 0,
      completion_ratio: 0,
      model_price: 0.05,
      enable_groups: ['default', 'vip'],
    });
    expect(rows.get('acme-unpriced')).toMatchObject({ quota_type: 0, model_ratio: 37.5 });
    expect(rows.get('acme-vip')).toMatchObject({ model_ratio: 0.5, completion_ratio: 1, enable_groups: ['svip'] });
  });

  it('shows anonymous callers the default group\'s choices', async () => {
    const res = await api.client().get('/api/pricing');
    expect(res.body.group_ratio).toEqual({ default: 1, vip: 1.5 });
    expect(res.body.usable_group).toEqual({ default: '默认分组', vip: 'vip分组' });
    expect(res.body.message).toBe('');
  });

  it('shows a signed-in user their own group too', async () => {
    const svip = await api.signedInAs(await insertUser(api, 'price_svip', 1, 'svip'));
    const res = await svip.get('/api/pricing');
    expect(res.body.group_ratio).toEqual({ default: 1, vip: 1.5, svip: 3 });
    expect(res.body.usable_group).toEqual({ default: '默认分组', vip: 'vip分组', svip: '用户分组' });
    const unpriced = await api.signedInAs(await insertUser(api, 'price_odd', 1, 'nowhere'));
    const odd = await unpriced.get('/api/pricing');
    expect(odd.body.group_ratio).toEqual({ default: 1, vip: 1.5 });
    expect(odd.body.usable_group).toEqual({ default: '默认分组', vip: 'vip分组', nowhere: '用户分组' });
  });

  it('treats an unknown or malformed session as anonymous, not as an error', async () => {
    const stranger = api.client();
    stranger.setCookie('session', 'not-a-real-session-token');
    stranger.userId = 99_999;
    const res = await stranger.get('/api/pricing');
    expect([res.status, res.body.success]).toEqual([200, true]);
    expect(res.body.usable_group).toEqual({ default: '默认分组', vip: 'vip分组' });
  });

  it('follows channel and price changes at once', async () => {
    await api.setOptions({ ModelPrice: JSON.stringify({ 'acme-fixed': 0.05, 'acme-chat': 0.2 }) });
    const repriced = byModel((await api.client().get('/api/pricing')).body.data);
    expect(repriced.get('acme-chat')).toMatchObject({ quota_type: 1, model_price: 0.2, model_ratio: 0 });
    await api.query(`UPDATE channels SET status = 2 WHERE id = $1`, [enabledChannel]);
    const left = (await api.client().get('/api/pricing')).body.data.map((row: { model_name: string }) => row.model_name);
    expect(left).toEqual(['acme-vip']);
  });
});
