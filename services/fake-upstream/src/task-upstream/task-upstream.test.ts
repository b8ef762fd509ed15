import { type FakeTaskUpstream, startFakeTaskUpstream } from './task-upstream-server';
import { FAKE_PNG } from './midjourney-proxy';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const MJ = { 'content-type': 'application/json', 'mj-api-secret': 'mj-secret' };
const SUNO = { 'content-type': 'application/json', authorization: 'Bearer suno-key' };

async function call(fake: FakeTaskUpstream, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${fake.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as any };
}

describe('fake Midjourney-Proxy', () => {
  let fake: FakeTaskUpstream;
  beforeAll(async () => {
    fake = await startFakeTaskUpstream();
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  it('refuses a request without the secret', async () => {
    const { status, json } = await call(fake, 'POST', '/mj/submit/imagine', { 'content-type': 'application/json' }, { prompt: 'a cat' });
    expect(status).toBe(401);
    expect(json.code).toBe(401);
  });

  it('accepts an imagine, advances it over polls to SUCCESS with an image it serves', async () => {
    const submit = await call(fake, 'POST', '/mj/submit/imagine', MJ, { prompt: 'a cat' });
    expect(submit.json).toMatchObject({ code: 1, description: 'Submit success' });
    const id = submit.json.result as string;
    const progress: string[] = [];
    for (let i = 0; i < 3; i++) {
      const list = await call(fake, 'POST', '/mj/task/list-by-condition', MJ, { ids: [id] });
      progress.push(`${list.json[0].status} ${list.json[0].progress}`);
    }
    expect(progress).toEqual(['IN_PROGRESS 33%', 'IN_PROGRESS 66%', 'SUCCESS 100%']);
    const fetched = await call(fake, 'GET', `/mj/task/${id}/fetch`, MJ);
    expect(fetched.json.imageUrl).toBe(`${fake.url}/images/${id}.png`);
    const image = await fetch(fetched.json.imageUrl);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(FAKE_PNG);
    const seed = await call(fake, 'GET', `/mj/task/${id}/image-seed`, MJ);
    expect(seed.json).toMatchObject({ code: 1, result: '1234567890' });
  });

  it('answers programmed codes 21, 22 and 3, and fails a task midway', async () => {
    fake.mj.nextSubmit({ code: 21, status: 'SUCCESS' });
    fake.mj.nextSubmit({ code: 22 });
    fake.mj.nextSubmit({ code: 3, description: 'no available account' });
    const existing = await call(fake, 'POST', '/mj/submit/imagine', MJ, { prompt: 'a' });
    expect(existing.json).toMatchObject({ code: 21, properties: { status: 'SUCCESS' } });
    const queued = await call(fake, 'POST', '/mj/submit/imagine', MJ, { prompt: 'b' });
    expect(queued.json.code).toBe(22);
    const refused = await call(fake, 'POST', '/mj/submit/imagine', MJ, { prompt: 'c' });
    expect(refused.json).toEqual({ code: 3, description: 'no available account', result: null, properties: {} });
    fake.mj.script({ failAt: 1, reason: 'upstream banned the prompt' });
    const failing = await call(fake, 'POST', '/mj/submit/imagine', MJ, { prompt: 'd' });
    const polled = await call(fake, 'POST', '/mj/task/list-by-condition', MJ, { ids: [failing.json.result] });
    expect(polled.json[0]).toMatchObject({ status: 'FAILURE', progress: '100%', failReason: 'upstream banned the prompt' });
  });

  it('posts each change to the notifyHook', async () => {
    const received: unknown[] = [];
    const hook = createServer((req, res) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        received.push(JSON.parse(text));
        res.end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    try {
      const notifyHook = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/mj/notify`;
      const submit = await call(fake, 'POST', '/mj/submit/imagine', MJ, { prompt: 'a cat', notifyHook });
      fake.mj.book.finish(submit.json.result);
      await new Promise<void>((resolve) => {
        const check = () => (received.length > 0 ? resolve() : setTimeout(check, 5));
        check();
      });
      expect(received[0]).toMatchObject({ id: submit.json.result, status: 'SUCCESS', progress: '100%' });
    } finally {
      hook.close();
    }
  });
});

describe('fake Suno', () => {
  let fake: FakeTaskUpstream;
  beforeAll(async () => {
    fake = await startFakeTaskUpstream();
  });
  afterAll(() => fake.close());

  it('submits music, advances it over fetches and ends with clips', async () => {
    const submit = await call(fake, 'POST', '/suno/submit/music', SUNO, { prompt: 'a song', mv: 'chirp-v3-0' });
    expect(submit.json.code).toBe('success');
    const id = submit.json.data as string;
    await call(fake, 'POST', '/suno/fetch', SUNO, { ids: [id] });
    await call(fake, 'POST', '/suno/fetch', SUNO, { ids: [id] });
    const done = await call(fake, 'GET', `/suno/fetch/${id}`, SUNO);
    expect(done.json.data).toMatchObject({ task_id: id, action: 'MUSIC', status: 'SUCCESS', progress: '100%' });
    expect(done.json.data.data[0].audio_url).toContain(id);
  });

  it('refuses a bad key, lyrics without a prompt, and a programmed refusal', async () => {
    expect((await call(fake, 'POST', '/suno/submit/lyrics', { authorization: 'Bearer nope' }, { prompt: 'x' })).status).toBe(401);
    const empty = await call(fake, 'POST', '/suno/submit/lyrics', SUNO, {});
    expect(empty).toEqual({ status: 400, json: { code: 'error', message: 'prompt is required', data: null } });
    fake.suno.nextSubmit({ httpStatus: 429, message: 'too many tasks' });
    expect((await call(fake, 'POST', '/suno/submit/lyrics', SUNO, { prompt: 'x' })).json.message).toBe('too many tasks');
    const failing = await call(fake, 'POST', '/suno/submit/lyrics', SUNO, { prompt: 'words [fail]' });
    await call(fake, 'POST', '/suno/fetch', SUNO, { ids: [failing.json.data] });
    const failed = await call(fake, 'POST', '/suno/fetch', SUNO, { ids: [failing.json.data] });
    expect(failed.json.data[0]).toMatchObject({ status: 'FAILURE', fail_reason: 'Banned prompt detected' });
  });
});
