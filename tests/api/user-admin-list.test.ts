import type { ApiClient } from '../support/api-client';
import { startUserAdminHarness, type UserAdminHarness } from './user-admin-fixtures';

jest.setTimeout(60_000);

/** `GET /api/user/` and `GET /api/user/search`: paging, filters, deleted users, no secrets. */
describe('/api user management: listing and search', () => {
  let h: UserAdminHarness;
  let admin: ApiClient;
  /** Ids of the 25 listed users `lst-00` … `lst-24`, in insertion (id) order. */
  const ids: number[] = [];
  let deletedId: number;
  let vipId: number;

  beforeAll(async () => {
    h = await startUserAdminHarness();
    for (let i = 0; i < 25; i++) {
      ids.push(await h.insertUser({ username: `lst-${String(i).padStart(2, '0')}`, email: `l${i}@example.com` }));
    }
    vipId = await h.insertUser({ username: 'lst-vip', group: 'vip', displayName: 'Big_Spender%', email: 'vip@corp.test' });
    deletedId = await h.insertUser({ username: 'lst-gone', deleted: true });
    await h.api.query(`UPDATE users SET access_token = 'secret-token-of-vip-000' WHERE id = $1`, [vipId]);
    admin = await h.signedIn(await h.insertUser({ username: 'lst-admin', role: 10 }));
  });
  afterAll(async () => {
    await h?.stop();
  });

  const totalUsers = async () => Number((await h.api.query(`SELECT count(*) AS n FROM users`))[0].n);

  it('pages over every user, newest first, 10 per page by default', async () => {
    const total = await totalUsers();
    const res = await admin.get('/api/user/');
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({ page: 1, page_size: 10, total });
    const items = res.body.data.items as Array<{ id: number }>;
    expect(items).toHaveLength(10);
    const sorted = [...items].sort((a, b) => b.id - a.id);
    expect(items).toEqual(sorted);
  });

  it('treats p=0 and p=1 as the first page and p=2 as the second', async () => {
    const first = await admin.get('/api/user/?p=0&page_size=5');
    const one = await admin.get('/api/user/?p=1&page_size=5');
    const second = await admin.get('/api/user/?p=2&page_size=5');
    expect(first.body.data).toEqual(one.body.data);
    expect(first.body.data.page).toBe(1);
    expect(second.body.data.page).toBe(2);
    const firstIds = first.body.data.items.map((user: { id: number }) => user.id);
    const secondIds = second.body.data.items.map((user: { id: number }) => user.id);
    expect(secondIds).toHaveLength(5);
    expect(Math.min(...firstIds)).toBeGreaterThan(Math.max(...secondIds));
  });

  it('returns an empty page past the end, with the total', async () => {
    const res = await admin.get('/api/user/?p=999&page_size=10');
    expect(res.body.data).toEqual({ items: [], page: 999, page_size: 10, total: await totalUsers() });
  });

  it('caps the page size at 100', async () => {
    const res = await admin.get('/api/user/?page_size=1000');
    expect(res.body.data.page_size).toBe(100);
    expect(res.body.data.items).toHaveLength(await totalUsers());
  });

  it('includes deleted users, marked as deleted', async () => {
    const res = await admin.get('/api/user/?page_size=100');
    const gone = res.body.data.items.find((user: { id: number }) => user.id === deletedId);
    expect(gone.deleted_at).toBeGreaterThan(0);
    expect(typeof gone.DeletedAt).toBe('string');
    const live = res.body.data.items.find((user: { id: number }) => user.id === ids[0]);
    expect([live.deleted_at, live.DeletedAt]).toEqual([0, null]);
  });

  it('never sends passwords or access tokens', async () => {
    const res = await admin.get('/api/user/?page_size=100');
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/password|access_token|not-a-hash|secret-token-of-vip/);
    const one = await admin.get(`/api/user/${vipId}`);
    expect(JSON.stringify(one.body)).not.toMatch(/password|access_token|secret-token-of-vip/);
  });

  it('sends numbers as JSON numbers', async () => {
    const res = await admin.get(`/api/user/${vipId}`);
    expect(res.body.data).toMatchObject({ id: vipId, quota: 0, used_quota: 0, inviter_id: 0, group: 'vip' });
  });

  it('matches the keyword against username, email and display name, case-insensitively', async () => {
    const byName = await admin.get('/api/user/search?keyword=LST-0');
    expect(byName.body.data.total).toBe(10);
    const byEmail = await admin.get('/api/user/search?keyword=corp.TEST');
    expect(byEmail.body.data.items.map((user: { id: number }) => user.id)).toEqual([vipId]);
    const byDisplay = await admin.get(`/api/user/search?keyword=${encodeURIComponent('big_spender')}`);
    expect(byDisplay.body.data.items.map((user: { id: number }) => user.id)).toEqual([vipId]);
  });

  it('takes LIKE wildcards in the keyword literally', async () => {
    const percent = await admin.get(`/api/user/search?keyword=${encodeURIComponent('%')}`);
    expect(percent.body.data.items.map((user: { id: number }) => user.id)).toEqual([vipId]);
    const underscore = await admin.get('/api/user/search?keyword=g_spender');
    expect(underscore.body.data.total).toBe(1);
    const none = await admin.get('/api/user/search?keyword=l_t-');
    expect(none.body.data.total).toBe(0);
  });

  it('matches a numeric keyword against the id as well', async () => {
    // lst-vip has no digit in its username, email or display name: only its id can match.
    const target = vipId;
    const res = await admin.get(`/api/user/search?keyword=${target}&page_size=100`);
    const found = res.body.data.items.map((user: { id: number }) => user.id);
    expect(found).toContain(target);
    for (const user of res.body.data.items as Array<{ id: number; username: string; email: string; display_name: string }>) {
      const text = `${user.username} ${user.email} ${user.display_name}`;
      expect(user.id === target || text.includes(String(target))).toBe(true);
    }
  });

  it('filters by group, alone or with a keyword', async () => {
    const vip = await admin.get('/api/user/search?group=vip');
    expect(vip.body.data).toMatchObject({ total: 1, page: 1, page_size: 10 });
    expect(vip.body.data.items[0].id).toBe(vipId);
    const both = await admin.get('/api/user/search?keyword=lst&group=vip');
    expect(both.body.data.total).toBe(1);
    const neither = await admin.get('/api/user/search?keyword=lst-01&group=vip');
    expect(neither.body.data).toMatchObject({ total: 0, items: [] });
  });

  it('finds deleted users by search too, and pages search results', async () => {
    const gone = await admin.get('/api/user/search?keyword=lst-gone');
    expect(gone.body.data.items.map((user: { id: number }) => user.id)).toEqual([deletedId]);
    const page3 = await admin.get('/api/user/search?keyword=lst-&p=3&page_size=10');
    expect(page3.body.data).toMatchObject({ page: 3, page_size: 10, total: 28 });
    expect(page3.body.data.items).toHaveLength(8);
  });

  it('refuses malformed paging and filters with an envelope error', async () => {
    const cases = [
      '/api/user/?p=abc',
      '/api/user/?p=-1',
      '/api/user/?page_size=1.5',
      '/api/user/?p=1&p=2',
      '/api/user/?p=99999999999',
      `/api/user/search?keyword=${'k'.repeat(256)}`,
      `/api/user/search?group=${'g'.repeat(65)}`,
    ];
    for (const path of cases) {
      const res = await admin.get(path);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/^输入不合法：/);
    }
  });

  it('answers a missing user with a clear error', async () => {
    const res = await admin.get('/api/user/999999');
    expect(res.body).toEqual({ success: false, message: '用户不存在' });
    const huge = await admin.get('/api/user/9999999999');
    expect(huge.body).toEqual({ success: false, message: '输入不合法：无效的用户 ID' });
  });
});
