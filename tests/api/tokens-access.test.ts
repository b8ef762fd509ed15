import type { ApiClient, ApiResponse } from '../support/api-client';
import { eventually } from '../support/relay-fixtures';
import { startTokenHarness, TOKEN_NOT_FOUND, type TokenHarness } from './tokens-fixtures';
import type { TokenChanged } from '@modelgate/contracts/bus';

jest.setTimeout(60_000);

const NOT_SIGNED_IN = '无权进行此操作，未登录且未提供 access token';

/** Who may reach which token, what every change announces, and what bad input gets back. */
describe('/api/token: authorisation, change events and bad input', () => {
  let h: TokenHarness;
  let aliceId: number;
  let bobId: number;
  let alice: ApiClient;
  let bob: ApiClient;

  beforeAll(async () => {
    h = await startTokenHarness();
    aliceId = await h.insertUser('tok-alice');
    bobId = await h.insertUser('tok-bob');
    alice = await h.signedIn(aliceId);
    bob = await h.signedIn(bobId);
  });
  afterAll(async () => {
    await h?.stop();
  });

  /** One request of every token route, aimed at token `id`. */
  const everyRoute = (client: ApiClient, id: number): Array<Promise<ApiResponse>> => [
    client.get('/api/token/'),
    client.get('/api/token/search?keyword=a'),
    client.get(`/api/token/${id}`),
    client.post('/api/token/', { name: 'intruder' }),
    client.put('/api/token/', { id, name: 'intruder' }),
    client.put('/api/token/?status_only=true', { id, status: 2 }),
    client.delete(`/api/token/${id}/`),
  ];

  it('answers an anonymous caller with 401 on every route, and changes nothing', async () => {
    const token = await h.create(alice, { name: 'private' });
    for (const res of await Promise.all(everyRoute(h.api.client(), token.id))) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: NOT_SIGNED_IN });
    }
    expect(await h.row(token.id)).toMatchObject({ name: 'private', status: 1, deleted_at: null });
    expect(await h.api.query(`SELECT id FROM tokens WHERE name = 'intruder'`)).toEqual([]);
  });

  it("treats another user's token as not found: it cannot be read, edited, switched or deleted", async () => {
    const token = await h.create(alice, { name: 'alice-only', remain_quota: 123 });
    const cases: Array<Promise<ApiResponse>> = [
      bob.get(`/api/token/${token.id}`),
      bob.put('/api/token/', { id: token.id, name: 'stolen', remain_quota: 9_999_999 }),
      bob.put('/api/token/?status_only=true', { id: token.id, status: 2 }),
      bob.delete(`/api/token/${token.id}/`),
    ];
    for (const res of await Promise.all(cases)) {
      expect([res.status, res.body]).toEqual([200, { success: false, message: TOKEN_NOT_FOUND }]);
    }
    expect(await h.row(token.id)).toMatchObject({ name: 'alice-only', remain_quota: '123', status: 1, deleted_at: null });
    // Nor does it show up in Bob's list or search, even by its own key.
    const list = await bob.get('/api/token/?size=100');
    expect(list.body.data.map((t: any) => t.id)).not.toContain(token.id);
    const search = await bob.get(`/api/token/search?token=${token.key}`);
    expect(search.body.data).toEqual([]);
    // Alice still sees it.
    expect((await alice.get(`/api/token/${token.id}`)).body.data.name).toBe('alice-only');
  });

  it('creates tokens for the signed-in user only, whatever user id the body names', async () => {
    const res = await bob.post('/api/token/', { name: 'mine', user_id: aliceId });
    expect(res.body.data[0].user_id).toBe(bobId);
    expect((await h.row(res.body.data[0].id)).user_id).toBe(bobId);
  });

  it('refuses a caller whose New-Api-User header names someone else', async () => {
    const token = await h.create(alice, { name: 'header' });
    const spoofed = await h.signedIn(bobId);
    spoofed.userId = aliceId;
    const res = await spoofed.get(`/api/token/${token.id}`);
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });

  it('refuses a banned user', async () => {
    const bannedId = await h.insertUser('tok-banned');
    const banned = await h.signedIn(bannedId);
    await h.api.query(`UPDATE users SET status = 2 WHERE id = $1`, [bannedId]);
    expect((await banned.get('/api/token/')).body).toEqual({ success: false, message: '用户已被封禁' });
    expect((await banned.post('/api/token/', { name: 'x' })).body).toEqual({ success: false, message: '用户已被封禁' });
  });

  it('accepts a user signed in with a system access token', async () => {
    await h.api.query(`UPDATE users SET access_token = 'tok-alice-access-0123456789' WHERE id = $1`, [aliceId]);
    const client = h.api.client();
    client.userId = aliceId;
    client.headers.Authorization = 'Bearer tok-alice-access-0123456789';
    const res = await client.post('/api/token/', { name: 'via-access-token' });
    expect(res.body.data[0]).toMatchObject({ user_id: aliceId, name: 'via-access-token' });
  });

  it('announces every change on token.changed, naming the tokens and their owner', async () => {
    const events: TokenChanged[] = [];
    const subscription = await h.api.stack.bus.subscribe('modelgate.evt.identity.token.changed', (message) => {
      if (message.payload.userId === aliceId) events.push(message.payload);
    });
    try {
      const created = (await alice.post('/api/token/', { name: 'evt', count: 3 })).body.data as any[];
      const ids = created.map((t) => t.id);
      const id = ids[0];
      await alice.put('/api/token/', { id, name: 'evt-renamed' });
      await alice.put('/api/token/?status_only=true', { id, status: 2 });
      await alice.delete(`/api/token/${id}`);
      const expected = [
        { tokenIds: ids, userId: aliceId, reason: 'created' },
        { tokenIds: [id], userId: aliceId, reason: 'updated' },
        { tokenIds: [id], userId: aliceId, reason: 'status' },
        { tokenIds: [id], userId: aliceId, reason: 'deleted' },
      ];
      expect(await eventually(() => events.length >= expected.length, 3_000)).toBe(true);
      expect(events).toEqual(expected);
      // A refused change and an edit that changes nothing announce nothing.
      await alice.put('/api/token/?status_only=true', { id: ids[1], status: 9 });
      await alice.put('/api/token/', { id: ids[1], name: created[1].name });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(events).toHaveLength(expected.length);
    } finally {
      await subscription.unsubscribe();
    }
  });

  describe('bad input gets a clear envelope error, never a 500', () => {
    const refused = (res: ApiResponse, message?: string | RegExp) => {
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(false);
      expect(typeof res.body.message).toBe('string');
      expect(res.body.message).not.toMatch(/internal server error/);
      if (message) expect(res.body.message).toMatch(message);
    };

    it('refuses ids that are not positive integers', async () => {
      for (const id of ['abc', '-1', '0', '1.5', '99999999999', '1e3', '%20']) {
        refused(await alice.get(`/api/token/${id}`), '输入不合法：令牌 ID 必须是正整数');
        refused(await alice.delete(`/api/token/${id}/`), '输入不合法：令牌 ID 必须是正整数');
      }
      // A well-formed id nobody has.
      refused(await alice.get('/api/token/2147483647'), TOKEN_NOT_FOUND);
      for (const id of ['abc', -1, 0, 1.5, '7', null, 2 ** 40]) {
        refused(await alice.put('/api/token/', { id, name: 'x' }), /^输入不合法：id /);
        refused(await alice.put('/api/token/?status_only=true', { id, status: 1 }), /^输入不合法：id /);
      }
    });

    it('refuses fields of the wrong type', async () => {
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ name: 5 }, /^输入不合法：name 的类型错误/],
        [{ name: 'x', expired_time: 'tomorrow' }, /^输入不合法：expired_time 的类型错误/],
        [{ name: 'x', expired_time: 1.5 }, /^输入不合法：expired_time /],
        [{ name: 'x', remain_quota: '100' }, /^输入不合法：remain_quota 的类型错误/],
        [{ name: 'x', remain_quota: 1e300 }, /^输入不合法：remain_quota /],
        [{ name: 'x', unlimited_quota: 'yes' }, /^输入不合法：unlimited_quota 的类型错误/],
        [{ name: 'x', model_limits: { a: 1 } }, /^输入不合法：model_limits /],
        [{ name: 'x', allow_ips: ['10.0.0.1'] }, /^输入不合法：allow_ips 的类型错误/],
        [{ name: 'x', count: '10' }, /^输入不合法：count 的类型错误/],
        [{ name: 'x', count: 2 ** 40 }, /创建数量/],
        [{ name: 'x', group: 7 }, /^输入不合法：group 的类型错误/],
      ];
      for (const [body, message] of cases) refused(await alice.post('/api/token/', body), message);
      refused(await alice.put('/api/token/?status_only=true', { id: 1, status: 'on' }), /^输入不合法：status 的类型错误/);
      refused(await alice.put('/api/token/?status_only=true', { id: 1, status: 2 ** 40 }), /令牌状态只能/);
    });

    it('refuses malformed and non-object bodies', async () => {
      refused(await alice.raw('POST', '/api/token/', '{"name": '), 'invalid JSON in request body');
      refused(await alice.raw('POST', '/api/token/', '[1, 2]'));
      refused(await alice.raw('PUT', '/api/token/', '"just a string"'));
      refused(await alice.raw('POST', '/api/token/', 'name=x', 'application/x-www-form-urlencoded'), '令牌名称不能为空');
    });

    it('refuses huge strings without storing anything', async () => {
      refused(await alice.post('/api/token/', { name: 'n'.repeat(100_000) }), /^输入不合法：name 长度不能超过/);
      refused(await alice.post('/api/token/', { name: 'x', allow_ips: '1'.repeat(100_000) }), /^输入不合法：allow_ips 长度不能超过/);
      refused(await alice.post('/api/token/', { name: 'x', model_limits: 'm,'.repeat(50_000) }), /^输入不合法：model_limits /);
      refused(await alice.get(`/api/token/search?keyword=${'k'.repeat(5_000)}`), /^输入不合法：keyword 长度不能超过/);
      refused(await alice.get('/api/token/?p=abc'), /^输入不合法：p 必须是非负整数/);
      refused(await alice.get('/api/token/?p=-1'), /^输入不合法：p 必须是非负整数/);
      refused(await alice.get('/api/token/?p=1&p=2'), /^输入不合法：p 只能出现一次/);
      refused(await alice.get('/api/token/?size=x'), /^输入不合法：size 必须是非负整数/);
      const body = JSON.stringify({ name: 'x', allow_ips: 'a'.repeat(3 * 1024 * 1024) });
      refused(await alice.raw('POST', '/api/token/', body), 'request body too large');
      expect(await h.api.query(`SELECT id FROM tokens WHERE length(name) > 30 OR length(allow_ips) > 1000`)).toEqual([]);
    });
  });
});
