import { type ApiStack, startApiStack } from '../support/api-stack';
import { signedIn, type SignedIn } from './options-support';

jest.setTimeout(60_000);

/** `DELETE /api/log/?target_timestamp=`: the settings page's "clear old logs", done by billing. */
describe('DELETE /api/log/', () => {
  let api: ApiStack;
  let sessions: SignedIn;

  beforeAll(async () => {
    api = await startApiStack();
    sessions = await signedIn(api);
  });
  afterAll(async () => {
    await api?.stop();
  });

  /** Replaces every log row with rows created at the given unix seconds. */
  async function logsAt(...createdAt: number[]): Promise<void> {
    await api.query(`DELETE FROM logs`);
    for (const [index, at] of createdAt.entries()) {
      await api.query(`INSERT INTO logs (user_id, created_at, type, content) VALUES (1, $1, 2, $2)`, [at, `row ${index}`]);
    }
  }
  const remaining = async () =>
    (await api.query<{ created_at: string }>(`SELECT created_at FROM logs ORDER BY created_at`)).map((row) => Number(row.created_at));

  it('deletes the rows older than the timestamp and answers their count', async () => {
    await logsAt(1_000, 1_500, 1_999, 2_000, 2_001, 1_700_000_000);
    const admin = await sessions.as('admin');
    const res = await admin.delete('/api/log/?target_timestamp=2000');
    expect([res.status, res.body]).toEqual([200, { success: true, message: '', data: 3 }]);
    expect(await remaining()).toEqual([2_000, 2_001, 1_700_000_000]);
    expect((await admin.delete('/api/log/?target_timestamp=2000')).body.data).toBe(0);
  });

  it('is for root too', async () => {
    await logsAt(10, 20);
    const res = await (await sessions.as('root')).delete('/api/log/?target_timestamp=15');
    expect(res.body).toEqual({ success: true, message: '', data: 1 });
    expect(await remaining()).toEqual([20]);
  });

  it.each(['', '?target_timestamp=', '?target_timestamp=0', '?target_timestamp=yesterday', '?target_timestamp=-5'])(
    'asks for the date when the query is %j',
    async (query) => {
      await logsAt(10);
      const res = await (await sessions.as('admin')).delete(`/api/log/${query}`);
      expect([res.status, res.body]).toEqual([200, { success: false, message: 'please choose log time' }]);
      expect(await remaining()).toEqual([10]);
    },
  );

  it('refuses anonymous callers and plain users', async () => {
    await logsAt(10);
    const anonymous = await api.client().delete('/api/log/?target_timestamp=100');
    expect([anonymous.status, anonymous.body.success]).toEqual([401, false]);
    const user = await (await sessions.as('user')).delete('/api/log/?target_timestamp=100');
    expect(user.body).toEqual({ success: false, message: '无权进行此操作，权限不足' });
    expect(await remaining()).toEqual([10]);
  });
});
