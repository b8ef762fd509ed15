import type { ApiClient } from '../support/api-client';
import { type ApiStack, startApiStack } from '../support/api-stack';
import { insertUser } from './logs-fixtures';
import { insertDrawingTasks } from './tasks-fixtures';

jest.setTimeout(60_000);

const INSUFFICIENT = '无权进行此操作，权限不足';
const NOT_SIGNED_IN = '无权进行此操作，未登录且未提供 access token';

/** `GET /api/mj/` (admin) and `/api/mj/self` (any user): filters, paging, scoping, bad input. */
describe('/api drawing-task log', () => {
  let api: ApiStack;
  let admin: ApiClient;
  let alice: ApiClient;
  let bob: ApiClient;
  let aliceId: number;
  let bobId: number;
  /** Seconds of a day well in the past; drawing tasks store milliseconds. */
  const day = 1_750_000_000;
  const ms = (seconds: number) => seconds * 1000;
  /** Ids of the named tasks. */
  const id: Record<string, number> = {};

  beforeAll(async () => {
    api = await startApiStack({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false' });
    aliceId = await insertUser(api, 'mj_alice');
    bobId = await insertUser(api, 'mj_bob');
    admin = await api.signedInAs(await insertUser(api, 'mj_admin', 10));
    alice = await api.signedInAs(aliceId);
    bob = await api.signedInAs(bobId);
    const named = await insertDrawingTasks(api, [
      {
        userId: aliceId,
        mjId: 'mj-a1',
        submitTime: ms(day + 10),
        finishTime: ms(day + 70),
        channelId: 3,
        status: 'SUCCESS',
        progress: '100%',
        prompt: '一只猫',
        promptEn: 'a cat',
        imageUrl: 'https://img.example/a1.png',
        quota: 50_000,
      },
      { userId: aliceId, mjId: 'mj-a2', submitTime: ms(day + 20), channelId: 4, action: 'UPSCALE' },
      { userId: bobId, mjId: 'mj-b1', submitTime: ms(day + 30), channelId: 3, status: 'FAILURE', failReason: 'banned prompt', code: 22 },
      // Half a second into its second: a filter ending at that second (in seconds) still covers it.
      { userId: aliceId, mjId: 'mj-a3', submitTime: ms(day + 40) + 500, channelId: 3 },
      { userId: bobId, mjId: 'mj-b2', submitTime: ms(day + 50), channelId: 4 },
    ]);
    ['a1', 'a2', 'b1', 'a3', 'b2'].forEach((name, index) => (id[name] = named[index]));
    // Twelve more of alice's, so her own listing spans two pages.
    await insertDrawingTasks(
      api,
      Array.from({ length: 12 }, (_, index) => ({ userId: aliceId, mjId: `mj-fill-${index}`, submitTime: ms(day + 100 + index), channelId: 5 })),
    );
  });
  afterAll(async () => {
    await api?.stop();
  });

  const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);
  const allIds = async (where = 'TRUE', parameters: unknown[] = []) =>
    (await api.query(`SELECT id FROM midjourneys WHERE ${where} ORDER BY id DESC`, parameters)).map((row) => Number(row.id));

  describe('admin listing', () => {
    it('returns a bare array of every user’s tasks, newest first, 10 per 0-based page', async () => {
      const every = await allIds();
      expect(every).toHaveLength(17);
      const first = await admin.get('/api/mj/');
      expect(first.status).toBe(200);
      expect(first.body.success).toBe(true);
      expect(Array.isArray(first.body.data)).toBe(true);
      expect(ids(first.body.data)).toEqual(every.slice(0, 10));
      expect(ids((await admin.get('/api/mj/?p=0')).body.data)).toEqual(every.slice(0, 10));
      expect(ids((await admin.get('/api/mj/?p=1')).body.data)).toEqual(every.slice(10));
      expect((await admin.get('/api/mj/?p=2')).body).toEqual({ success: true, message: '', data: [] });
    });

    it('pages with page_size and caps it at 100', async () => {
      const every = await allIds();
      expect(ids((await admin.get('/api/mj/?p=1&page_size=4')).body.data)).toEqual(every.slice(4, 8));
      expect(ids((await admin.get('/api/mj/?page_size=1000')).body.data)).toEqual(every);
    });

    it('shows every field of a task, the channel included, times in milliseconds', async () => {
      const res = await admin.get('/api/mj/?mj_id=mj-a1');
      expect(res.body.data).toEqual([
        {
          id: id.a1,
          code: 1,
          user_id: aliceId,
          action: 'IMAGINE',
          mj_id: 'mj-a1',
          prompt: '一只猫',
          prompt_en: 'a cat',
          description: '',
          state: '',
          submit_time: ms(day + 10),
          start_time: 0,
          finish_time: ms(day + 70),
          image_url: 'https://img.example/a1.png',
          status: 'SUCCESS',
          progress: '100%',
          fail_reason: '',
          channel_id: 3,
          quota: 50_000,
          buttons: '[]',
          properties: '',
        },
      ]);
    });

    it('filters by channel, by task id and by both', async () => {
      expect(ids((await admin.get('/api/mj/?channel_id=3')).body.data)).toEqual([id.a3, id.b1, id.a1]);
      expect(ids((await admin.get('/api/mj/?mj_id=mj-b1')).body.data)).toEqual([id.b1]);
      expect((await admin.get('/api/mj/?mj_id=mj-b1&channel_id=4')).body.data).toEqual([]);
      expect((await admin.get('/api/mj/?mj_id=no-such-task')).body.data).toEqual([]);
    });

    it('filters by submit time in Unix seconds, both ends inclusive', async () => {
      const res = await admin.get(`/api/mj/?start_timestamp=${day + 20}&end_timestamp=${day + 40}`);
      expect(ids(res.body.data)).toEqual([id.a3, id.b1, id.a2]);
      expect(ids((await admin.get(`/api/mj/?start_timestamp=${day + 41}&end_timestamp=${day + 99}`)).body.data)).toEqual([id.b2]);
      expect(ids((await admin.get(`/api/mj/?end_timestamp=${day + 10}`)).body.data)).toEqual([id.a1]);
    });

    it('also reads millisecond times, as consoles written for the reference send them', async () => {
      const res = await admin.get(`/api/mj/?start_timestamp=${ms(day + 20)}&end_timestamp=${ms(day + 40)}`);
      // The millisecond end is exact: the task half a second later is outside.
      expect(ids(res.body.data)).toEqual([id.b1, id.a2]);
    });

    it('treats empty filters as absent', async () => {
      const res = await admin.get('/api/mj/?p=&channel_id=&mj_id=&start_timestamp=&end_timestamp=');
      expect(ids(res.body.data)).toEqual((await allIds()).slice(0, 10));
    });
  });

  describe('own listing', () => {
    it('returns only the caller’s tasks, without the channel', async () => {
      const mine = await allIds('user_id = $1', [aliceId]);
      expect(mine).toHaveLength(15);
      const res = await alice.get('/api/mj/self/');
      expect(res.body.success).toBe(true);
      expect(ids(res.body.data)).toEqual(mine.slice(0, 10));
      for (const row of res.body.data) {
        expect(row.user_id).toBe(aliceId);
        expect(row).not.toHaveProperty('channel_id');
      }
      expect(ids((await alice.get('/api/mj/self?p=1')).body.data)).toEqual(mine.slice(10));
    });

    it('never shows another user’s task, whatever the filters', async () => {
      expect((await alice.get('/api/mj/self?mj_id=mj-b1')).body).toEqual({ success: true, message: '', data: [] });
      expect(ids((await bob.get('/api/mj/self?page_size=100')).body.data)).toEqual([id.b2, id.b1]);
      expect((await bob.get('/api/mj/self?mj_id=mj-a1')).body.data).toEqual([]);
    });

    it('ignores the admin-only channel filter', async () => {
      const res = await alice.get('/api/mj/self?channel_id=4&page_size=100');
      expect(ids(res.body.data)).toEqual(await allIds('user_id = $1', [aliceId]));
    });

    it('filters by task id and time', async () => {
      const res = await alice.get('/api/mj/self?mj_id=mj-a2');
      expect(res.body.data).toMatchObject([{ id: id.a2, mj_id: 'mj-a2', action: 'UPSCALE', user_id: aliceId }]);
      const range = await alice.get(`/api/mj/self?start_timestamp=${day + 15}&end_timestamp=${day + 45}`);
      expect(ids(range.body.data)).toEqual([id.a3, id.a2]);
    });

    it('serves admins their own tasks only, too', async () => {
      expect((await admin.get('/api/mj/self')).body.data).toEqual([]);
    });
  });

  describe('access', () => {
    it('answers anonymous callers with 401', async () => {
      for (const path of ['/api/mj/', '/api/mj/self']) {
        const res = await api.client().get(path);
        expect([res.status, res.body]).toEqual([401, { success: false, message: NOT_SIGNED_IN }]);
      }
    });

    it('refuses the all-users listing to a common user', async () => {
      for (const path of ['/api/mj/', '/api/mj/?channel_id=3']) {
        const res = await alice.get(path);
        expect([res.status, res.body]).toEqual([200, { success: false, message: INSUFFICIENT }]);
      }
    });
  });

  describe('bad input', () => {
    it.each([
      ['start_timestamp=yesterday', '输入不合法：start_timestamp 必须是非负整数'],
      ['end_timestamp=-1', '输入不合法：end_timestamp 必须是非负整数'],
      ['end_timestamp=1e12', '输入不合法：end_timestamp 必须是非负整数'],
      ['start_timestamp=9999999999999999', '输入不合法：start_timestamp 必须是非负整数'],
      ['p=-1', '输入不合法：p 必须是非负整数'],
      ['p=99999999999', '输入不合法：p 不能大于 10000000'],
      ['page_size=ten', '输入不合法：page_size 必须是非负整数'],
      [`mj_id=${'m'.repeat(256)}`, '输入不合法：mj_id 长度不能超过 255 个字符'],
      ['mj_id=a&mj_id=b', '输入不合法：mj_id 只能出现一次'],
    ])('answers %s with a clear message on both listings', async (query, message) => {
      for (const path of [`/api/mj/?${query}`, `/api/mj/self?${query}`]) {
        const res = await admin.get(path);
        expect([res.status, res.body]).toEqual([200, { success: false, message }]);
      }
    });

    it.each([
      ['channel_id=abc', '输入不合法：channel_id 必须是非负整数'],
      ['channel_id=99999999999999999999', '输入不合法：channel_id 必须是非负整数'],
      ['channel_id=999999999999999', '输入不合法：channel_id 不能大于 2147483647'],
    ])('answers the admin filter %s with a clear message', async (query, message) => {
      const res = await admin.get(`/api/mj/?${query}`);
      expect([res.status, res.body]).toEqual([200, { success: false, message }]);
      // The own listing does not read the channel filter at all.
      expect((await alice.get(`/api/mj/self?${query}`)).body.success).toBe(true);
    });

    it('answers the largest accepted numbers with an empty page, not a fault', async () => {
      const huge = '999999999999999';
      for (const path of [
        `/api/mj/?channel_id=2147483647&start_timestamp=${huge}&end_timestamp=${huge}`,
        `/api/mj/?start_timestamp=99999999999`,
        `/api/mj/self?p=10000000&page_size=100&end_timestamp=${huge}`,
      ]) {
        const res = await admin.get(path);
        expect([res.status, res.body]).toEqual([200, { success: true, message: '', data: [] }]);
      }
    });
  });
});
