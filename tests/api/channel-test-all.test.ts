import { chat } from '../support/relay-processes';
import { eventually, seedToken, seedUser } from '../support/relay-fixtures';
import { type ProbeHarness, startProbeHarness } from './channel-test-fixtures';

// `GET /api/channel/test`: every channel tested in the background, with ChannelDisableThreshold,
// AutomaticDisableChannelEnabled (only channels with auto_ban) and AutomaticEnableChannelEnabled
// applied, and routing following the status changes through the change event.

jest.setTimeout(90_000);

const ENABLED = 1;
const MANUALLY_DISABLED = 2;
const AUTO_DISABLED = 3;
const RUNNING = '测试已在运行中';

describe('/api channel test of all channels', () => {
  let h: ProbeHarness;
  let apiKey: string;

  const statusOf = async (id: number) => Number((await h.row(id)).status);
  const abilitiesOf = async (id: number) =>
    (await h.api.query<{ enabled: boolean }>('SELECT enabled FROM abilities WHERE channel_id = $1', [id])).map((a) => a.enabled);
  /**
   * Starts a run once the previous one (if any) has ended, checks its answer, and returns when
   * every channel in `ids` was tested by it; `whileRunning` is called right after the start.
   */
  const runAll = async (ids: number[], whileRunning: () => Promise<void> = async () => undefined) => {
    const since = Math.floor(Date.now() / 1000);
    let started: Record<string, any> = {};
    const start = async () => {
      started = (await h.admin.get('/api/channel/test')).body;
      return started.success === true;
    };
    expect(await eventually(start, 30_000)).toBe(true);
    const [{ count }] = await h.api.query<{ count: string }>('SELECT count(*) FROM channels WHERE type = 1');
    expect(started).toEqual({ success: true, message: '', data: { channels: Number(count) } });
    await whileRunning();
    const tested = async () => {
      const rows = await h.api.query<{ test_time: string }>('SELECT test_time FROM channels WHERE id = ANY($1)', [ids]);
      return rows.every((row) => Number(row.test_time) >= since);
    };
    expect(await eventually(tested, 30_000)).toBe(true);
  };

  beforeAll(async () => {
    h = await startProbeHarness();
    const models = ['mg-ta-slow', 'mg-ta-back'];
    await h.api.setOptions({ ModelPrice: JSON.stringify(Object.fromEntries(models.map((m) => [m, 0.0001]))) });
    const userId = await seedUser(h.api.query, 1_000_000_000);
    ({ apiKey } = await seedToken(h.api.query, { userId }, h.api.stack.bus));
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('disables slow and refused channels with auto_ban, re-enables recovered ones, and routing follows', async () => {
    await h.api.setOptions({
      ChannelDisableThreshold: '1',
      AutomaticDisableChannelEnabled: 'true',
      AutomaticEnableChannelEnabled: 'true',
    });
    const healthy = await h.channel({});
    const slow = await h.channel({ models: ['mg-ta-slow'] });
    const slowNoBan = await h.channel({ autoBan: false });
    const refused = await h.channel({});
    const broken = await h.channel({});
    const recovered = await h.channel({ models: ['mg-ta-back'], status: AUTO_DISABLED });
    await h.api.query(`UPDATE channels SET other_info = '{"status_reason":"bad key","status_time":1,"note":"kept"}' WHERE id = $1`, [
      recovered.id,
    ]);
    const manual = await h.channel({ status: MANUALLY_DISABLED });
    const stillFailing = await h.channel({ status: AUTO_DISABLED });
    for (const { key } of [slow, slowNoBan]) h.fake.program({ apiKey: key, path: '/v1/chat/completions' }, { latencyMs: 1_300 });
    h.fake.program({ apiKey: refused.key }, { error: 'invalid_api_key' });
    h.fake.program({ apiKey: broken.key }, { error: 'server_error' });
    h.fake.program({ apiKey: stillFailing.key }, { error: 'invalid_api_key' });

    // Before: the slow channel serves its model, the auto-disabled one does not serve its own.
    expect(await eventually(async () => (await chat(h.api.url, apiKey, 'mg-ta-slow')).status === 200, 10_000)).toBe(true);
    expect((await chat(h.api.url, apiKey, 'mg-ta-back')).status).toBe(503);

    const all = [healthy, slow, slowNoBan, refused, broken, recovered, manual, stillFailing].map((c) => c.id);
    const startedAt = Date.now();
    await runAll(all, async () => {
      // A second request while the run goes on (it has two slow channels to test) is refused.
      expect((await h.admin.get('/api/channel/test')).body).toEqual({ success: false, message: RUNNING });
    });

    const expected = new Map([
      [healthy.id, ENABLED],
      [slow.id, AUTO_DISABLED],
      [slowNoBan.id, ENABLED],
      [refused.id, AUTO_DISABLED],
      [broken.id, ENABLED], // a 5xx is not held against the channel
      [recovered.id, ENABLED],
      [manual.id, MANUALLY_DISABLED],
      [stillFailing.id, AUTO_DISABLED],
    ]);
    const statuses = async () => {
      const rows = await h.api.query<{ id: number; status: number }>('SELECT id, status FROM channels WHERE id = ANY($1) ORDER BY id', [all]);
      return new Map(rows.map((row) => [Number(row.id), Number(row.status)]));
    };
    expect(await eventually(async () => JSON.stringify([...(await statuses())]) === JSON.stringify([...expected]), 10_000)).toBe(true);

    expect(Number((await h.row(slow.id)).response_time)).toBeGreaterThanOrEqual(1_300);
    expect(JSON.parse((await h.row(slow.id)).other_info).status_reason).toMatch(
      /^response time 1\.\d\ds exceeds the threshold of 1\.00s$/,
    );
    expect(JSON.parse((await h.row(refused.id)).other_info).status_reason).toMatch(/^status code 401: Incorrect API key provided/);
    // Slowness may pass: marked for the relay's own probes; a rejected key waits for an admin.
    expect(JSON.parse((await h.row(slow.id)).other_info).status_transient).toBe(true);
    expect(JSON.parse((await h.row(refused.id)).other_info)).not.toHaveProperty('status_transient');
    expect(await abilitiesOf(slow.id)).toEqual([false]);
    const recoveredInfo = JSON.parse((await h.row(recovered.id)).other_info);
    // The disable reason is gone; the passed test is recorded for the channel list.
    expect(recoveredInfo).toEqual({ note: 'kept', status_time: expect.any(Number), last_test: expect.objectContaining({ success: true, message: '' }) });
    expect(recoveredInfo.status_time).toBeGreaterThanOrEqual(Math.floor(startedAt / 1000));
    expect(await abilitiesOf(recovered.id)).toEqual([true]);

    // After the change events: the disabled channel gets no traffic, the re-enabled one does.
    const slowHits = h.requestsOf(slow.key).length;
    expect(await eventually(async () => (await chat(h.api.url, apiKey, 'mg-ta-slow')).status === 503, 10_000)).toBe(true);
    expect(h.requestsOf(slow.key)).toHaveLength(slowHits);
    expect(await eventually(async () => (await chat(h.api.url, apiKey, 'mg-ta-back')).status === 200, 10_000)).toBe(true);
  });

  it('changes no status while the switches are off, and a threshold of 0 never counts as slow', async () => {
    h.fake.reset();
    await h.api.setOptions({
      ChannelDisableThreshold: '0',
      AutomaticDisableChannelEnabled: 'false',
      AutomaticEnableChannelEnabled: 'false',
    });
    const refused = await h.channel({});
    const slow = await h.channel({});
    const recovered = await h.channel({ status: AUTO_DISABLED });
    h.fake.program({ apiKey: refused.key }, { error: 'invalid_api_key' });
    h.fake.program({ apiKey: slow.key }, { latencyMs: 1_100 });
    await runAll([refused.id, slow.id, recovered.id]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await statusOf(refused.id)).toBe(ENABLED);
    expect(await statusOf(slow.id)).toBe(ENABLED);
    expect(await statusOf(recovered.id)).toBe(AUTO_DISABLED);
    expect(Number((await h.row(slow.id)).response_time)).toBeGreaterThanOrEqual(1_100);
  });
});
