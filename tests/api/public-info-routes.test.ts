import { type ApiStack, startApiStack } from '../support/api-stack';
import { signedIn, type SignedIn } from './options-support';

jest.setTimeout(60_000);

describe('public information: notice, about, home page, groups', () => {
  let api: ApiStack;
  let sessions: SignedIn;

  beforeAll(async () => {
    api = await startApiStack();
    sessions = await signedIn(api);
  });
  afterAll(async () => {
    await api?.stop();
  });

  it.each([
    ['/api/notice', 'Notice', '## Maintenance\nTonight at 22:00.'],
    ['/api/about', 'About', 'https://about.example.com'],
    ['/api/home_page_content', 'HomePageContent', '<h1>Welcome</h1>'],
  ])('serves %s to anybody: the %s option, empty until set', async (path, key, text) => {
    await api.setOptions({ [key]: '' });
    expect((await api.client().get(path)).body).toEqual({ success: true, message: '', data: '' });
    await api.setOptions({ [key]: text });
    const res = await api.client().get(path);
    expect([res.status, res.body]).toEqual([200, { success: true, message: '', data: text }]);
  });

  it('lists the groups users may choose, with ratio and description, to anybody', async () => {
    // Defaults: GroupRatio {default 1, vip 1, svip 1}; UserUsableGroups {default, vip}.
    expect((await api.client().get('/api/user/groups')).body).toEqual({
      success: true,
      message: '',
      data: { default: { ratio: 1, desc: '默认分组' }, vip: { ratio: 1, desc: 'vip分组' } },
    });
    await api.setOptions({
      GroupRatio: '{"default": 1, "vip": 0.8, "svip": 0.5, "internal": 0}',
      UserUsableGroups: '{"vip": "VIP", "svip": "Super VIP", "ghost": "no ratio, not listed"}',
    });
    const res = await (await sessions.as('user')).get('/api/user/groups');
    expect(res.body.data).toEqual({ vip: { ratio: 0.8, desc: 'VIP' }, svip: { ratio: 0.5, desc: 'Super VIP' } });
  });

  it('lists every group name to admins', async () => {
    await api.setOptions({ GroupRatio: '{"default": 1, "vip": 2, "svip": 3}' });
    for (const role of ['admin', 'root'] as const) {
      const res = await (await sessions.as(role)).get('/api/group/');
      expect(res.body).toEqual({ success: true, message: '', data: ['default', 'vip', 'svip'] });
    }
    expect((await (await sessions.as('user')).get('/api/group/')).body).toEqual({
      success: false,
      message: '无权进行此操作，权限不足',
    });
    expect((await api.client().get('/api/group/')).status).toBe(401);
  });

  it('still lets admins read a user at /api/user/:id', async () => {
    const admin = await sessions.as('admin');
    const [{ id }] = await api.query(`SELECT id FROM users WHERE username = 'opt_user'`);
    const res = await admin.get(`/api/user/${id}`);
    expect(res.body.success).toBe(true);
    expect(res.body.data.username).toBe('opt_user');
  });
});
