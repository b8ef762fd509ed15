import type { ApiClient } from '../support/api-client';
import {
  nowSeconds,
  startTokenHarness,
  type TokenHarness,
} from './tokens-fixtures';
import { tokenStatusRuleCases, type TokenOwnerSuite } from './token-cases/status-rules';

jest.setTimeout(60_000);

/** Runs the requests at once. */
async function all<T>(requests: Array<() => Promise<T>>): Promise<T[]> {
  return Promise.all(requests.map((request) => request()));
}

const TOKEN_FIELDS = [
  'accessed_time', 'allow_ips', 'created_time', 'expired_time', 'group', 'id', 'key', 'model_limits',
  'model_limits_enabled', 'name', 'rate_limit_rpm', 'rate_limit_tpm', 'remain_quota', 'status', 'unlimited_quota', 'used_quota', 'user_id',
].sort();

/** Creating, listing, searching, editing, switching and deleting one's own tokens over `/api/token`. */
describe('/api/token: managing one\'s own tokens', () => {
  let h: TokenHarness;
  let userId: number;
  let user: ApiClient;
  const suite: TokenOwnerSuite = {
    get h() {
      return h;
    },
    get user() {
      return user;
    },
  };

  beforeAll(async () => {
    h = await startTokenHarness();
    await h.api.setOptions({ UserUsableGroups: JSON.stringify({ default: '默认分组', vip: 'VIP' }) });
    userId = await h.insertUser('tok-owner');
    user = await h.signedIn(userId);
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('creates a token with the settings asked for and a fresh 48-character key', async () => {
    const before = nowSeconds();
    const res = await user.post('/api/token/', {
      name: 'laptop',
      expired_time: before + 3600,
      remain_quota: 5_000_000,
      unlimited_quota: false,
      model_limits_enabled: true,
      model_limits: 'gpt-4o, claude-3-haiku',
      allow_ips: '10.0.0.1\n192.168.0.0/16\n',
      group: 'vip',
      rate_limit_rpm: 60,
      rate_limit_tpm: 40_000,
    });
    expect(res.body.success).toBe(true);
    expect(res.body.data).toHaveLength(1);
    const token = res.body.data[0];
    expect(Object.keys(token).sort()).toEqual(TOKEN_FIELDS);
    expect(token).toMatchObject({
      user_id: userId,
      name: 'laptop',
      status: 1,
      expired_time: before + 3600,
      remain_quota: 5_000_000,
      used_quota: 0,
      unlimited_quota: false,
      model_limits_enabled: true,
      model_limits: 'gpt-4o,claude-3-haiku',
      allow_ips: '10.0.0.1\n192.168.0.0/16',
      group: 'vip',
      rate_limit_rpm: 60,
      rate_limit_tpm: 40_000,
    });
    expect(token.key).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(token.created_time).toBeGreaterThanOrEqual(before);
    // Stored without the `sk-` prefix, exactly as returned.
    expect(await h.row(token.id)).toMatchObject({ key: token.key, user_id: userId, status: 1, deleted_at: null });
  });

  it('fills in the defaults: never expires, the default budget of 500 000, no limits', async () => {
    const res = await user.post('/api/token/', { name: 'defaults' });
    expect(res.body.data[0]).toMatchObject({
      name: 'defaults',
      expired_time: -1,
      remain_quota: 500_000,
      unlimited_quota: false,
      model_limits_enabled: false,
      model_limits: '',
      allow_ips: '',
      group: '',
      rate_limit_rpm: 0,
      rate_limit_tpm: 0,
      status: 1,
    });
  });

  it('edits the per-minute limits and refuses figures out of range with a clear message', async () => {
    const [token] = (await user.post('/api/token/', { name: 'limited' })).body.data;
    const edited = await user.put('/api/token/', { id: token.id, rate_limit_rpm: 30, rate_limit_tpm: 0 });
    expect(edited.body.data).toMatchObject({ rate_limit_rpm: 30, rate_limit_tpm: 0 });
    expect(await h.row(token.id)).toMatchObject({ rate_limit_rpm: 30, rate_limit_tpm: 0 });
    for (const body of [{ rate_limit_rpm: -1 }, { rate_limit_rpm: 1_000_001 }, { rate_limit_tpm: 2 ** 40 }]) {
      const refused = await user.put('/api/token/', { id: token.id, ...body });
      expect(refused.status).toBe(200);
      expect(refused.body).toMatchObject({ success: false, message: expect.stringMatching(/rate_limit_[rt]pm must be a whole number from 0/) });
    }
    const badCreate = await user.post('/api/token/', { name: 'x', rate_limit_tpm: 1.5 });
    expect(badCreate.body.success).toBe(false);
  });

  it('creates a batch: the first token named as asked, the others with a 6-character suffix', async () => {
    const res = await user.post('/api/token/', { name: 'batch', count: 10, unlimited_quota: true });
    expect(res.body.success).toBe(true);
    const tokens: any[] = res.body.data;
    expect(tokens).toHaveLength(10);
    expect(tokens[0].name).toBe('batch');
    for (const token of tokens.slice(1)) expect(token.name).toMatch(/^batch-[A-Za-z0-9]{6}$/);
    expect(new Set(tokens.map((t) => t.name)).size).toBe(10);
    expect(new Set(tokens.map((t) => t.key)).size).toBe(10);
    for (const token of tokens) {
      expect(token.key).toMatch(/^[A-Za-z0-9]{48}$/);
      expect(token).toMatchObject({ unlimited_quota: true, status: 1 });
    }
    const stored = await h.api.query(`SELECT count(*)::int AS n FROM tokens WHERE user_id = $1 AND name LIKE 'batch%'`, [userId]);
    expect(stored[0].n).toBe(10);
  });

  it('creates all of a 100-token batch, and nothing of a refused one', async () => {
    const res = await user.post('/api/token/', { name: 'hundred', count: 100, unlimited_quota: true });
    expect(res.body.data).toHaveLength(100);
    const refused = await user.post('/api/token/', { name: 'toomany', count: 101 });
    expect(refused.body).toEqual({ success: false, message: '输入不合法：创建数量必须是 1 到 100 之间的整数' });
    for (const count of [0, -3, 1.5]) {
      const bad = await user.post('/api/token/', { name: 'toomany', count });
      expect(bad.body.success).toBe(false);
    }
    expect(await h.api.query(`SELECT id FROM tokens WHERE name LIKE 'toomany%'`)).toEqual([]);
  });

  it('serves concurrent creations and edits without losing or mixing any', async () => {
    const racerId = await h.insertUser('tok-racer');
    const racer = await h.signedIn(racerId);
    const batches = await all(
      Array.from({ length: 8 }, (_, i) => () => racer.post('/api/token/', { name: `race-${i}`, count: 5, unlimited_quota: true })),
    );
    const tokens = batches.flatMap((res) => {
      expect(res.body).toMatchObject({ success: true, message: '' });
      return res.body.data as any[];
    });
    expect(new Set(tokens.map((t) => t.id)).size).toBe(40);
    expect(new Set(tokens.map((t) => t.key)).size).toBe(40);
    const target = tokens[0].id;
    const edits = await all(
      Array.from({ length: 10 }, (_, i) => () =>
        i % 2 === 0
          ? racer.put('/api/token/', { id: target, remain_quota: 1_000 + i })
          : racer.put('/api/token/?status_only=true', { id: target, status: i % 4 === 1 ? 2 : 1 }),
      ),
    );
    for (const res of edits) expect(res.body).toMatchObject({ success: true, message: '' });
    const row = await h.row(target);
    expect([1, 2]).toContain(row.status);
    expect([1_000, 1_002, 1_004, 1_006, 1_008]).toContain(Number(row.remain_quota));
    expect((await racer.get('/api/token/?size=100')).body.data).toHaveLength(40);
  });

  it('lists tokens newest first as a bare array, in pages counted from 0 (as the reference)', async () => {
    const listUserId = await h.insertUser('tok-lister');
    const lister = await h.signedIn(listUserId);
    const created: number[] = [];
    for (let i = 1; i <= 12; i++) created.push((await h.create(lister, { name: `page-${i}` })).id);
    const first = await lister.get('/api/token/?p=0&size=5');
    expect(first.body.success).toBe(true);
    expect(first.body.data.map((t: any) => t.id)).toEqual([...created].reverse().slice(0, 5));
    const third = await lister.get('/api/token/?p=2&page_size=5');
    expect(third.body.data.map((t: any) => t.name)).toEqual(['page-2', 'page-1']);
    const defaults = await lister.get('/api/token/');
    expect(defaults.body.data).toHaveLength(10);
    const capped = await lister.get('/api/token/?size=1000');
    expect(capped.body.data).toHaveLength(12);
    const beyond = await lister.get('/api/token/?p=9');
    expect(beyond.body).toEqual({ success: true, message: '', data: [] });
    // Every token listed carries its full key, for the console's copy button.
    for (const token of first.body.data) expect(token.key).toMatch(/^[A-Za-z0-9]{48}$/);
  });

  it('searches by name keyword and by key, with or without sk-', async () => {
    const searcherId = await h.insertUser('tok-searcher');
    const searcher = await h.signedIn(searcherId);
    const alpha = await h.create(searcher, { name: 'Alpha_Server' });
    await h.create(searcher, { name: 'beta' });
    const byName = await searcher.get('/api/token/search?keyword=alpha');
    expect(byName.body.data.map((t: any) => t.id)).toEqual([alpha.id]);
    // LIKE wildcards are taken literally.
    expect((await searcher.get('/api/token/search?keyword=_')).body.data.map((t: any) => t.id)).toEqual([alpha.id]);
    expect((await searcher.get('/api/token/search?keyword=%25')).body.data).toEqual([]);
    for (const fragment of [alpha.key, `sk-${alpha.key}`, alpha.key.slice(10, 30)]) {
      const byKey = await searcher.get(`/api/token/search?token=${encodeURIComponent(fragment)}`);
      expect(byKey.body.data.map((t: any) => t.id)).toEqual([alpha.id]);
    }
    const both = await searcher.get(`/api/token/search?keyword=beta&token=${alpha.key}`);
    expect(both.body.data).toEqual([]);
    const all = await searcher.get('/api/token/search');
    expect(all.body.data).toHaveLength(2);
    // Paged when the client names a size.
    expect((await searcher.get('/api/token/search?p=1&size=1')).body.data.map((t: any) => t.id)).toEqual([alpha.id]);
  });

  it('returns one token by id', async () => {
    const token = await h.create(user, { name: 'single', remain_quota: 42 });
    const res = await user.get(`/api/token/${token.id}`);
    expect(res.body).toEqual({ success: true, message: '', data: token });
  });

  it('edits every field and leaves absent ones as they were', async () => {
    const token = await h.create(user, { name: 'editable', remain_quota: 100, allow_ips: '10.0.0.1' });
    const expiry = nowSeconds() + 86_400;
    const res = await user.put('/api/token/', {
      id: token.id,
      name: 'edited',
      expired_time: expiry,
      remain_quota: 777,
      unlimited_quota: true,
      model_limits_enabled: true,
      model_limits: 'gpt-4o-mini',
      allow_ips: '::1\n10.1.0.0/16',
      group: 'vip',
    });
    expect(res.body).toMatchObject({
      success: true,
      data: {
        id: token.id,
        key: token.key,
        name: 'edited',
        expired_time: expiry,
        remain_quota: 777,
        unlimited_quota: true,
        model_limits_enabled: true,
        model_limits: 'gpt-4o-mini',
        allow_ips: '::1\n10.1.0.0/16',
        group: 'vip',
        status: 1,
      },
    });
    const partial = await user.put('/api/token/', { id: token.id, name: 'renamed' });
    expect(partial.body.data).toMatchObject({ name: 'renamed', remain_quota: 777, group: 'vip', allow_ips: '::1\n10.1.0.0/16' });
    // Fields that are not the owner's to write are ignored.
    const sneaky = await user.put('/api/token/', { id: token.id, key: 'x'.repeat(48), used_quota: -5, user_id: 1 });
    expect(sneaky.body.success).toBe(true);
    expect(await h.row(token.id)).toMatchObject({ key: token.key, used_quota: '0', user_id: userId });
  });

  it('accepts the whole token the console loaded and sends back', async () => {
    const token = await h.create(user, { name: 'roundtrip' });
    const loaded = (await user.get(`/api/token/${token.id}`)).body.data;
    const res = await user.put('/api/token/', { ...loaded, name: 'roundtrip-2' });
    expect(res.body).toEqual({ success: true, message: '', data: { ...loaded, name: 'roundtrip-2' } });
  });

  it('keeps quota held by requests in flight out of a new budget', async () => {
    const token = await h.create(user, { name: 'inflight', remain_quota: 1_000 });
    // A request in flight holds 200 of it, as billing's reservation leaves the row.
    await h.api.query(`UPDATE tokens SET remain_quota = remain_quota - 200, used_quota = used_quota + 200 WHERE id = $1`, [token.id]);
    await h.api.query(
      `INSERT INTO quota_reservations (request_id, user_id, token_id, amount, token_unlimited, status, created_at)
       VALUES ('tok-inflight-1', $1, $2, 200, false, 'reserved', $3)`,
      [userId, token.id, nowSeconds()],
    );
    // Sending back the figure shown changes nothing.
    expect((await user.put('/api/token/', { id: token.id, remain_quota: 800 })).body.data.remain_quota).toBe(800);
    // A new budget of 5 000: the 200 still held come back (or are charged) when the request ends.
    const res = await user.put('/api/token/', { id: token.id, remain_quota: 5_000 });
    expect(res.body.data.remain_quota).toBe(4_800);
    expect(await h.row(token.id)).toMatchObject({ remain_quota: '4800', used_quota: '200' });
  });

  it('soft-deletes a token: gone from every route, the row kept', async () => {
    const token = await h.create(user, { name: 'doomed' });
    const res = await user.delete(`/api/token/${token.id}/`);
    expect(res.body).toEqual({ success: true, message: '' });
    expect((await user.get(`/api/token/${token.id}`)).body).toEqual({ success: false, message: '令牌不存在' });
    const listed = await user.get('/api/token/search?keyword=doomed');
    expect(listed.body.data).toEqual([]);
    expect((await h.row(token.id)).deleted_at).not.toBeNull();
    expect((await user.delete(`/api/token/${token.id}`)).body).toEqual({ success: false, message: '令牌不存在' });
    expect((await user.put('/api/token/', { id: token.id, name: 'back' })).body.message).toBe('令牌不存在');
  });

  describe('validation', () => {
    it.each([
      ['no name', {}, '令牌名称不能为空'],
      ['an empty name', { name: '' }, '令牌名称不能为空'],
      ['a blank name', { name: '   ' }, '令牌名称不能为空'],
      ['a 31-character name', { name: 'x'.repeat(31) }, '令牌名称过长'],
      ['expiry 0', { name: 'ok', expired_time: 0 }, '过期时间格式错误！'],
      ['expiry -2', { name: 'ok', expired_time: -2 }, '过期时间格式错误！'],
      ['an expiry in milliseconds', { name: 'ok', expired_time: Date.now() }, '过期时间格式错误！'],
      ['a negative budget', { name: 'ok', remain_quota: -1 }, '输入不合法：令牌额度不能为负数'],
      ['a budget beyond the largest balance', { name: 'ok', remain_quota: 2e15 }, '输入不合法：remain_quota 不能大于 1000000000000000'],
      ['a budget beyond any safe number', { name: 'ok', remain_quota: 1e20 }, '输入不合法：remain_quota 不能大于 1000000000000000'],
      ['a host name among the IPs', { name: 'ok', allow_ips: '10.0.0.1\nlocalhost' }, '输入不合法：IP 白名单第 2 行“localhost”不是合法的 IP 地址或 CIDR 网段'],
      ['a CIDR prefix beyond 32', { name: 'ok', allow_ips: '10.0.0.0/40' }, '输入不合法：IP 白名单第 1 行“10.0.0.0/40”不是合法的 IP 地址或 CIDR 网段'],
      ['a group the user may not use', { name: 'ok', group: 'svip' }, '无权使用分组 svip，请选择管理员允许的分组'],
      ['a model name over 255 characters', { name: 'ok', model_limits: 'm'.repeat(256) }, '输入不合法：模型名称长度不能超过 255 个字符'],
    ] as Array<[string, Record<string, unknown>, string]>)('refuses to create a token with %s', async (_label, body, message) => {
      const before = await h.api.query(`SELECT count(*)::int AS n FROM tokens`);
      expect((await user.post('/api/token/', body)).body).toEqual({ success: false, message });
      expect(await h.api.query(`SELECT count(*)::int AS n FROM tokens`)).toEqual(before);
    });

    it('accepts the longest name, unicode names counted by character, and a past expiry', async () => {
      expect((await user.post('/api/token/', { name: 'y'.repeat(30) })).body.success).toBe(true);
      expect((await user.post('/api/token/', { name: '我的令牌'.repeat(7) })).body.success).toBe(true);
      const past = await user.post('/api/token/', { name: 'past', expired_time: 1_600_000_000 });
      expect(past.body.data[0]).toMatchObject({ expired_time: 1_600_000_000, status: 3 });
    });

    it('applies the same rules to an edit', async () => {
      const token = await h.create(user, { name: 'strict' });
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ name: '' }, '令牌名称不能为空'],
        [{ name: 'z'.repeat(31) }, '令牌名称过长'],
        [{ expired_time: 0 }, '过期时间格式错误！'],
        [{ remain_quota: -10 }, '输入不合法：令牌额度不能为负数'],
        [{ allow_ips: 'nope' }, '输入不合法：IP 白名单第 1 行“nope”不是合法的 IP 地址或 CIDR 网段'],
        [{ group: 'svip' }, '无权使用分组 svip，请选择管理员允许的分组'],
        [{ status: 7 }, '输入不合法：令牌状态只能设置为 1（启用）或 2（禁用）'],
      ];
      for (const [fields, message] of cases) {
        expect((await user.put('/api/token/', { id: token.id, ...fields })).body).toEqual({ success: false, message });
      }
      expect(await h.row(token.id)).toMatchObject({ name: 'strict', remain_quota: '500000', allow_ips: '', group: '' });
    });
  });

  tokenStatusRuleCases(suite);
});
