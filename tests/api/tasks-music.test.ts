import type { ApiClient } from '../support/api-client';
import { type ApiStack, startApiStack } from '../support/api-stack';
import { insertUser } from './logs-fixtures';
import { insertTasks } from './tasks-fixtures';

jest.setTimeout(60_000);

const INSUFFICIENT = '无权进行此操作，权限不足';
const NOT_SIGNED_IN = '无权进行此操作，未登录且未提供 access token';

/** `GET /api/task/` (admin) and `/api/task/self` (any user): filters, paging, scoping, bad input. */
describe('/api music/lyrics task log', () => {
  let api: ApiStack;
  let admin: ApiClient;
  let carol: ApiClient;
  let dave: ApiClient;
  let carolId: number;
  let daveId: number;
  /** A day well in the past, Unix seconds. */
  const day = 1_760_000_000;
  /** Ids of the named tasks. */
  const id: Record<string, number> = {};

  beforeAll(async () => {
    api = await startApiStack({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false' });
    carolId = await insertUser(api, 'task_carol');
    daveId = await insertUser(api, 'task_dave');
    admin = await api.signedInAs(await insertUser(api, 'task_admin', 10));
    carol = await api.signedInAs(carolId);
    dave = await api.signedInAs(daveId);
    const named = await insertTasks(api, [
      {
        userId: carolId,
        taskId: 'suno-c1',
        submitTime: day + 10,
        finishTime: day + 95,
        channelId: 6,
        status: 'SUCCESS',
        progress: '100%',
        quota: 70_000,
        properties: { input: 'a song about rain' },
        data: [{ id: 'clip-1', audio_url: 'https://cdn.example/clip-1.mp3' }],
      },
      { userId: carolId, taskId: 'suno-c2', submitTime: day + 20, channelId: 7, action: 'LYRICS', status: 'IN_PROGRESS', progress: '40%' },
      { userId: daveId, taskId: 'suno-d1', submitTime: day + 30, channelId: 6, status: 'FAILURE', failReason: 'upstream refused', progress: '100%' },
      { userId: carolId, taskId: 'suno-c3', submitTime: day + 40, channelId: 6, status: '' },
      { userId: daveId, taskId: 'suno-d2', submitTime: day + 50, channelId: 7, action: 'LYRICS' },
    ]);
    ['c1', 'c2', 'd1', 'c3', 'd2'].forEach((name, index) => (id[name] = named[index]));
    // Eight more of carol's, so her own listing spans two pages.
    await insertTasks(
      api,
      Array.from({ length: 8 }, (_, index) => ({ userId: carolId, taskId: `suno-fill-${index}`, submitTime: day + 100 + index, channelId: 8 })),
    );
  });
  afterAll(async () => {
    await api?.stop();
  });

  const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);
  const allIds = async (where = 'TRUE', parameters: unknown[] = []) =>
    (await api.query(`SELECT id FROM tasks WHERE ${where} ORDER BY id DESC`, parameters)).map((row) => Number(row.id));

  describe('admin listing', () => {
    it('returns a bare array of every user’s tasks, newest first, 10 per 0-based page', async () => {
      const every = await allIds();
      expect(every).toHaveLength(13);
      const first = await admin.get('/api/task/');
      expect([first.status, first.body.success, Array.isArray(first.body.data)]).toEqual([200, true, true]);
      expect(ids(first.body.data)).toEqual(every.slice(0, 10));
      expect(ids((await admin.get('/api/task/?p=1')).body.data)).toEqual(every.slice(10));
      expect((await admin.get('/api/task/?p=2')).body).toEqual({ success: true, message: '', data: [] });
      expect(ids((await admin.get('/api/task/?p=2&page_size=5')).body.data)).toEqual(every.slice(10));
      expect(ids((await admin.get('/api/task/?page_size=500')).body.data)).toEqual(every);
    });

    it('shows every field of a task, the channel included, times in seconds and JSON as JSON', async () => {
      const res = await admin.get('/api/task/?task_id=suno-c1');
      expect(res.body.data).toEqual([
        {
          id: id.c1,
          created_at: day + 10,
          updated_at: day + 10,
          task_id: 'suno-c1',
          platform: 'suno',
          user_id: carolId,
          channel_id: 6,
          quota: 70_000,
          action: 'MUSIC',
          status: 'SUCCESS',
          fail_reason: '',
          submit_time: day + 10,
          start_time: 0,
          finish_time: day + 95,
          progress: '100%',
          properties: { input: 'a song about rain' },
          data: [{ id: 'clip-1', audio_url: 'https://cdn.example/clip-1.mp3' }],
        },
      ]);
      expect((await admin.get('/api/task/?task_id=suno-c2')).body.data[0]).toMatchObject({ properties: null, data: null });
    });

    it('filters by channel, task id, status, action and platform', async () => {
      expect(ids((await admin.get('/api/task/?channel_id=6')).body.data)).toEqual([id.c3, id.d1, id.c1]);
      expect(ids((await admin.get('/api/task/?task_id=suno-d1')).body.data)).toEqual([id.d1]);
      expect((await admin.get('/api/task/?task_id=suno-d1&channel_id=7')).body.data).toEqual([]);
      expect(ids((await admin.get('/api/task/?status=FAILURE')).body.data)).toEqual([id.d1]);
      expect(ids((await admin.get('/api/task/?action=LYRICS')).body.data)).toEqual([id.d2, id.c2]);
      expect((await admin.get('/api/task/?platform=udio')).body.data).toEqual([]);
      expect(ids((await admin.get('/api/task/?platform=suno&channel_id=7')).body.data)).toEqual([id.d2, id.c2]);
    });

    it('filters by submit time in Unix seconds, both ends inclusive', async () => {
      const res = await admin.get(`/api/task/?start_timestamp=${day + 20}&end_timestamp=${day + 40}`);
      expect(ids(res.body.data)).toEqual([id.c3, id.d1, id.c2]);
      expect(ids((await admin.get(`/api/task/?end_timestamp=${day + 10}`)).body.data)).toEqual([id.c1]);
      expect((await admin.get(`/api/task/?start_timestamp=${day + 1_000}`)).body.data).toEqual([]);
    });

    it('treats empty filters as absent', async () => {
      const res = await admin.get('/api/task/?p=&channel_id=&task_id=&start_timestamp=&end_timestamp=');
      expect(ids(res.body.data)).toEqual((await allIds()).slice(0, 10));
    });
  });

  describe('own listing', () => {
    it('returns only the caller’s tasks, without the channel, as an array', async () => {
      const mine = await allIds('user_id = $1', [carolId]);
      expect(mine).toHaveLength(11);
      const res = await carol.get('/api/task/self');
      expect(res.body.success).toBe(true);
      expect(ids(res.body.data)).toEqual(mine.slice(0, 10));
      for (const row of res.body.data) {
        expect(row.user_id).toBe(carolId);
        expect(row).not.toHaveProperty('channel_id');
      }
      expect(ids((await carol.get('/api/task/self/?p=1')).body.data)).toEqual(mine.slice(10));
    });

    it('never shows another user’s task, whatever the filters', async () => {
      expect((await carol.get('/api/task/self?task_id=suno-d1')).body).toEqual({ success: true, message: '', data: [] });
      expect(ids((await dave.get('/api/task/self')).body.data)).toEqual([id.d2, id.d1]);
      expect((await dave.get('/api/task/self?task_id=suno-c1')).body.data).toEqual([]);
      expect((await dave.get('/api/task/self?status=SUCCESS')).body.data).toEqual([]);
    });

    it('ignores the admin-only channel filter', async () => {
      const res = await carol.get('/api/task/self?channel_id=7&page_size=100');
      expect(ids(res.body.data)).toEqual(await allIds('user_id = $1', [carolId]));
    });

    it('filters by task id, time, status and action', async () => {
      expect((await carol.get('/api/task/self?task_id=suno-c2')).body.data).toMatchObject([
        { id: id.c2, task_id: 'suno-c2', action: 'LYRICS', progress: '40%', status: 'IN_PROGRESS' },
      ]);
      const range = await carol.get(`/api/task/self?start_timestamp=${day + 15}&end_timestamp=${day + 45}`);
      expect(ids(range.body.data)).toEqual([id.c3, id.c2]);
      expect(ids((await carol.get('/api/task/self?action=LYRICS')).body.data)).toEqual([id.c2]);
    });
  });

  describe('access', () => {
    it('answers anonymous callers with 401', async () => {
      for (const path of ['/api/task/', '/api/task/self']) {
        const res = await api.client().get(path);
        expect([res.status, res.body]).toEqual([401, { success: false, message: NOT_SIGNED_IN }]);
      }
    });

    it('refuses the all-users listing to a common user', async () => {
      for (const path of ['/api/task/', '/api/task/?channel_id=6']) {
        const res = await carol.get(path);
        expect([res.status, res.body]).toEqual([200, { success: false, message: INSUFFICIENT }]);
      }
    });
  });

  describe('bad input', () => {
    it.each([
      ['start_timestamp=today', '输入不合法：start_timestamp 必须是非负整数'],
      ['end_timestamp=-10', '输入不合法：end_timestamp 必须是非负整数'],
      ['end_timestamp=12345678901234567', '输入不合法：end_timestamp 必须是非负整数'],
      ['p=0.5', '输入不合法：p 必须是非负整数'],
      ['p=20000000', '输入不合法：p 不能大于 10000000'],
      ['size=-1', '输入不合法：size 必须是非负整数'],
      [`task_id=${'t'.repeat(256)}`, '输入不合法：task_id 长度不能超过 255 个字符'],
      ['status=a&status=b', '输入不合法：status 只能出现一次'],
    ])('answers %s with a clear message on both listings', async (query, message) => {
      for (const path of [`/api/task/?${query}`, `/api/task/self?${query}`]) {
        const res = await admin.get(path);
        expect([res.status, res.body]).toEqual([200, { success: false, message }]);
      }
    });

    it.each([
      ['channel_id=six', '输入不合法：channel_id 必须是非负整数'],
      ['channel_id=2147483648', '输入不合法：channel_id 不能大于 2147483647'],
    ])('answers the admin filter %s with a clear message', async (query, message) => {
      const res = await admin.get(`/api/task/?${query}`);
      expect([res.status, res.body]).toEqual([200, { success: false, message }]);
      expect((await carol.get(`/api/task/self?${query}`)).body.success).toBe(true);
    });

    it('answers the largest accepted numbers with an empty page, not a fault', async () => {
      const huge = '999999999999999';
      for (const path of [
        `/api/task/?channel_id=2147483647&start_timestamp=${huge}&end_timestamp=${huge}`,
        `/api/task/self?p=10000000&page_size=100&start_timestamp=${huge}`,
      ]) {
        const res = await admin.get(path);
        expect([res.status, res.body]).toEqual([200, { success: true, message: '', data: [] }]);
      }
    });
  });
});
