import { createDataSource } from '@modelgate/db';
import { FAKE_PNG, type FakeTaskUpstream, startFakeTaskUpstream } from '@modelgate/fake-upstream';
import { createLogger } from '@modelgate/runtime';
import { type RunningTaskService, startTaskService } from '@modelgate/task';
import type { DataSource } from 'typeorm';
import { eventually } from '../support/relay-fixtures';
import { type RelayStack, startRelayStack } from '../support/relay-stack';

jest.setTimeout(120_000);

/** `mj_imagine` at its default $0.1 per call: 0.1 × 500 000 quota units. */
const IMAGINE = 50_000;
/** `mj_describe` at $0.05. */
const DESCRIBE = 25_000;

type Json = Record<string, any>;

/**
 * Drawing and music tasks through the public surfaces (`/mj`, `/suno`, the logs) of one stack
 * whose task service polls every second, against a fake Midjourney-Proxy-Plus and Suno.
 */
describe('asynchronous tasks', () => {
  let stack: RelayStack;
  let fake: FakeTaskUpstream;
  let mjChannel: number;
  let sunoChannel: number;

  const call = async (apiKey: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> => {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as Json) : {} };
  };
  const fetchTask = (apiKey: string, id: string) => call(apiKey, 'GET', `/mj/task/${id}/fetch`);
  const logsOf = (userId: number) =>
    stack.sql<{ type: number; quota: string; request_id: string; model_name: string }>(
      `SELECT type, quota, request_id, model_name FROM logs WHERE user_id = $1 AND type IN (2, 4) ORDER BY id`,
      [userId],
    );

  beforeAll(async () => {
    fake = await startFakeTaskUpstream();
    stack = await startRelayStack({ TASK_POLL_INTERVAL_SECONDS: '1', MAX_JSON_BODY_MB: '1' });
    await stack.setOptions({ ServerAddress: stack.url, MjNotifyEnabled: 'true' });
    mjChannel = await stack.seedChannel({ type: 5, baseUrl: fake.url, key: 'mj-secret', models: ['mj_imagine', 'mj_upscale', 'swap_face'], autoBan: false });
    sunoChannel = await stack.seedChannel({ type: 36, baseUrl: fake.url, key: 'suno-key', models: ['suno_music', 'suno_lyrics'], autoBan: false });
    const probe = await stack.userWithToken(1);
    await stack.waitForModels(probe.apiKey, ['mj_imagine', 'suno_music']);
  });
  afterAll(async () => {
    await stack?.stop();
    await fake?.close();
  });

  it('draws: submit, polls to success, fetch, the image through the gateway, charged once', async () => {
    const alice = await stack.userWithToken(1_000_000);
    const submit = await call(alice.apiKey, 'POST', '/mj/submit/imagine', { prompt: 'a cat --fast' });
    expect(submit).toMatchObject({ status: 200, json: { code: 1 } });
    const id = submit.json.result as string;
    let task: Json = {};
    expect(await eventually(async () => (task = (await fetchTask(alice.apiKey, id)).json).status === 'SUCCESS', 15_000)).toBe(true);
    expect(task).toMatchObject({ id, action: 'IMAGINE', progress: '100%', imageUrl: `${stack.url}/mj/image/${id}` });
    const image = await fetch(task.imageUrl);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(FAKE_PNG);
    const listed = await call(alice.apiKey, 'POST', '/mj/task/list-by-condition', { ids: [id, 'nobody-s-task'] });
    expect(listed.json.map((t: Json) => t.id)).toEqual([id]);

    // A follow-up on her own task goes to the task's channel and is priced as its action.
    const upscale = await call(alice.apiKey, 'POST', '/mj/submit/action', { taskId: id, customId: `MJ::JOB::upsample::1::${id}` });
    expect(upscale.json.code).toBe(1);
    await stack.waitForLogs(alice.userId, 2);
    expect((await logsOf(alice.userId)).map((l) => [l.type, l.model_name, Number(l.quota)])).toEqual([
      [2, 'mj_imagine', IMAGINE],
      [2, 'mj_upscale', IMAGINE / 2],
    ]);
    // What a quota lease still holds for her next requests is hers: only the two prices were spent.
    const balances = await stack.balances(alice.userId);
    expect({ left: balances.quota + balances.reserved, used: balances.usedQuota, count: balances.requestCount }).toEqual({
      left: 1_000_000 - IMAGINE * 1.5,
      used: IMAGINE * 1.5,
      count: 2,
    });

    // Another user can neither see nor act on it; nothing is charged for the refusal.
    const bob = await stack.userWithToken(1_000_000);
    const foreign = await call(bob.apiKey, 'POST', '/mj/submit/change', { taskId: id, action: 'UPSCALE', index: 2 });
    expect(foreign).toMatchObject({ status: 404, json: { code: 3, result: null } });
    expect((await fetchTask(bob.apiKey, id)).status).toBe(404);
    expect(await stack.balances(bob.userId)).toMatchObject({ quota: 1_000_000, requestCount: 0, reserved: 0 });
  });

  it('makes music: submit, polls to success, fetch in Suno’s shape', async () => {
    const carol = await stack.userWithToken(1_000_000);
    const submit = await call(carol.apiKey, 'POST', '/suno/submit/music', { prompt: 'a song about the sea' });
    expect(submit).toMatchObject({ status: 200, json: { code: 'success' } });
    const id = submit.json.data as string;
    expect(fake.requests.find((r) => r.path === '/suno/submit/MUSIC')?.body.mv).toBe('chirp-v3-0');
    let task: Json = {};
    expect(await eventually(async () => (task = (await call(carol.apiKey, 'GET', `/suno/fetch/${id}`)).json.data).status === 'SUCCESS', 15_000)).toBe(true);
    expect(task).toMatchObject({ task_id: id, action: 'MUSIC', progress: '100%' });
    expect(task.data[0].audio_url).toContain(id);
    const batch = await call(carol.apiKey, 'POST', '/suno/fetch', { ids: [id] });
    expect(batch.json).toMatchObject({ code: 'success', data: [{ task_id: id, status: 'SUCCESS' }] });
  });

  it('refunds a failed task once, to the unit, with the callback and two task replicas polling at once', async () => {
    const database = (stack.api as unknown as { database: { url: string } }).database;
    const logger = createLogger({ service: 'task-replica', level: 'silent' });
    const dataSource: DataSource = createDataSource({ url: database.url, poolSize: 2, logger });
    await dataSource.initialize();
    let replica: RunningTaskService | undefined;
    try {
      replica = await startTaskService(
        { logger, dataSource, bus: stack.api.stack.bus, grpc: { host: '127.0.0.1', port: 0 }, grpcSecret: stack.api.stack.grpcSecret, grpcDeadlineMs: 5_000, version: 'test' },
        { poller: { intervalMs: 1_000 } },
      );
      const dave = await stack.userWithToken(1_000_000);
      fake.mj.script({ steps: 1_000 });
      const submit = await call(dave.apiKey, 'POST', '/mj/submit/imagine', { prompt: 'a storm', notifyHook: `${stack.url}/mj/notify` });
      const id = submit.json.result as string;
      await stack.waitForLogs(dave.userId, 1);
      // The upstream fails the task and calls back; callbacks and both replicas' polls race.
      fake.mj.book.finish(id, 'upstream banned the prompt');
      await Promise.all(Array.from({ length: 5 }, () => call(dave.apiKey, 'POST', '/mj/notify', { id })));
      expect(await eventually(async () => (await logsOf(dave.userId)).some((l) => l.type === 4), 15_000)).toBe(true);
      const task = (await fetchTask(dave.apiKey, id)).json;
      expect(task).toMatchObject({ status: 'FAILURE', progress: '100%', failReason: 'upstream banned the prompt' });
      // Two more poll intervals: still exactly one refund.
      await new Promise((resolve) => setTimeout(resolve, 2_200));
      const logs = await logsOf(dave.userId);
      expect(logs.map((l) => [l.type, Number(l.quota)])).toEqual([
        [2, IMAGINE],
        [4, IMAGINE],
      ]);
      expect(logs[1]!.request_id).toBe(`refund:${logs[0]!.request_id}`);
      // To the unit (a quota lease may still hold part of her balance for her next requests).
      const balances = await stack.balances(dave.userId);
      expect({ left: balances.quota + balances.reserved, used: balances.usedQuota, count: balances.requestCount }).toEqual({ left: 1_000_000, used: 0, count: 0 });
    } finally {
      await replica?.stop(1_000);
      await dataSource.destroy();
    }
  });

  it('fails and refunds a task whose channel was deleted', async () => {
    const channel = await stack.seedChannel({ type: 2, baseUrl: fake.url, key: 'mj-secret', models: ['mj_describe'], autoBan: false });
    const erin = await stack.userWithToken(1_000_000);
    await stack.waitForModels(erin.apiKey, ['mj_describe']);
    fake.mj.script({ steps: 1_000 });
    const submit = await call(erin.apiKey, 'POST', '/mj/submit/describe', { base64: 'data:image/png;base64,AAAA' });
    expect(submit.json.code).toBe(1);
    await stack.waitForLogs(erin.userId, 1);
    await stack.sql(`DELETE FROM abilities WHERE channel_id = $1`, [channel]);
    await stack.sql(`DELETE FROM channels WHERE id = $1`, [channel]);
    await stack.api.stack.bus.publish('modelgate.evt.config.channel.changed', { channelIds: [channel], reason: 'deleted' });
    expect(await eventually(async () => (await logsOf(erin.userId)).some((l) => l.type === 4), 15_000)).toBe(true);
    const balances = await stack.balances(erin.userId);
    expect(balances.quota + balances.reserved).toBe(1_000_000);
    expect((await fetchTask(erin.apiKey, submit.json.result)).json).toMatchObject({ status: 'FAILURE', failReason: `channel ${channel} was deleted` });
    expect((await logsOf(erin.userId)).map((l) => [l.type, Number(l.quota)])).toEqual([
      [2, DESCRIBE],
      [4, DESCRIBE],
    ]);
  });

  it('admits at most what the balance covers: 50 concurrent submissions, room for 10', async () => {
    const frank = await stack.userWithToken(IMAGINE * 10);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => call(frank.apiKey, 'POST', '/mj/submit/imagine', { prompt: `cat ${i}` })));
    const accepted = answers.filter((a) => a.json.code === 1).length;
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThanOrEqual(10);
    for (const refused of answers.filter((a) => a.json.code !== 1)) expect(refused).toMatchObject({ status: 403, json: { code: 23, result: null } });
    await stack.waitForLogs(frank.userId, accepted);
    expect(await eventually(async () => (await stack.balances(frank.userId)).reserved === 0, 10_000)).toBe(true);
    expect(await stack.balances(frank.userId)).toMatchObject({ quota: IMAGINE * (10 - accepted), requestCount: accepted });
  });

  it('tests drawing and music channels with a fetch that submits nothing', async () => {
    const root = await stack.api.root();
    for (const id of [mjChannel, sunoChannel]) expect((await root.get(`/api/channel/test/${id}`)).body).toMatchObject({ success: true, message: '' });
    const wrongKey = await stack.seedChannel({ type: 2, baseUrl: fake.url, key: 'not-the-secret', models: ['mj_blend'], autoBan: false });
    const refused = (await root.get(`/api/channel/test/${wrongKey}`)).body;
    expect(refused).toMatchObject({ success: false, message: 'status code 401: mj-api-secret is missing or wrong' });
  });

  it('refuses bad input in each protocol’s shape and charges nothing', async () => {
    const gina = await stack.userWithToken(1_000_000);
    const submissions = () => fake.requests.filter((r) => r.path.includes('/submit/')).length;
    const submittedBefore = submissions();
    expect(await call(gina.apiKey, 'POST', '/mj/submit/explode', { prompt: 'x' })).toMatchObject({ status: 404, json: { code: 3, result: null } });
    expect(await call(gina.apiKey, 'POST', '/mj-fast/mj/submit/imagine', {})).toMatchObject({ status: 400, json: { code: 4, description: 'prompt is required' } });
    expect(await call(gina.apiKey, 'POST', '/mj/submit/imagine', '{"prompt":')).toMatchObject({ status: 400, json: { code: 4 } });
    const badCustomId = await call(gina.apiKey, 'POST', '/mj/submit/action', { taskId: 'x', customId: 'MJ::JOB::explode' });
    expect(badCustomId).toMatchObject({ status: 400, json: { code: 4, properties: { error_code: 'invalid_custom_id' } } });
    const huge = await call(gina.apiKey, 'POST', '/mj/submit/blend', { base64Array: ['a'.repeat(1_200_000), 'b'] });
    expect(huge).toMatchObject({ status: 413, json: { code: 4, result: null } });
    expect(await call('sk-wrong', 'POST', '/mj/submit/imagine', { prompt: 'x' })).toMatchObject({ status: 401, json: { code: 4 } });
    expect(await call(gina.apiKey, 'POST', '/suno/submit/lyrics', {})).toEqual({
      status: 400,
      json: { code: 'prompt_required', message: 'prompt is required', data: null },
    });
    expect(await call(gina.apiKey, 'GET', '/suno/fetch/nobody')).toMatchObject({ status: 404, json: { code: 'task_not_found', data: null } });
    expect(submissions()).toBe(submittedBefore);
    expect(await stack.balances(gina.userId)).toMatchObject({ quota: 1_000_000, requestCount: 0, reserved: 0 });
  });
});
