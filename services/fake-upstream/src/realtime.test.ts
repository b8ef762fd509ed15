import { connect } from 'node:net';
import OpenAI, { AzureOpenAI } from 'openai';
import { OpenAIRealtimeWS } from 'openai/realtime/ws';
import WebSocket from 'ws';
import { type FakeUpstream, startFakeUpstream } from './server';

type Json = Record<string, any>;

/** Collects the server events of a socket; `next(type)` waits for the next one of that type. */
class Inbox {
  readonly events: Json[] = [];
  private read = 0;
  private waiter: (() => void) | undefined;

  push(event: Json): void {
    this.events.push(event);
    this.waiter?.();
  }

  /** The events up to and including the next one of `type`. */
  async until(type: string): Promise<Json[]> {
    for (;;) {
      const at = this.events.findIndex((e, i) => i >= this.read && e.type === type);
      if (at >= 0) {
        const taken = this.events.slice(this.read, at + 1);
        this.read = at + 1;
        return taken;
      }
      await new Promise<void>((resolve) => (this.waiter = resolve));
    }
  }

  /** The next event of `type`. */
  async next(type: string): Promise<Json> {
    const taken = await this.until(type);
    return taken[taken.length - 1]!;
  }
}

const closed = (ws: WebSocket): Promise<{ code: number; reason: string }> =>
  new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));

describe('fake upstream: the Realtime WebSocket', () => {
  let fake: FakeUpstream;

  beforeAll(async () => {
    fake = await startFakeUpstream({ realtimeApiKeys: ['sk-realtime', 'azure-key'] });
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  /** A plain `ws` client on `path`, with its inbox, once open. */
  const open = async (path: string, headers: Record<string, string> = { authorization: 'Bearer sk-realtime' }, protocols?: string[]) => {
    const ws = new WebSocket(`${fake.url.replace('http', 'ws')}${path}`, protocols, { headers });
    const inbox = new Inbox();
    ws.on('message', (data) => inbox.push(JSON.parse(data.toString()) as Json));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return { ws, inbox, send: (event: Json) => ws.send(JSON.stringify(event)) };
  };

  /** The HTTP status a refused handshake answers, with its body. */
  const refused = (path: string, headers: Record<string, string> = {}, protocols?: string[]) =>
    new Promise<{ status: number; body: Json }>((resolve, reject) => {
      const ws = new WebSocket(`${fake.url.replace('http', 'ws')}${path}`, protocols, { headers });
      ws.once('open', () => reject(new Error('the handshake was accepted')));
      ws.once('unexpected-response', (_req, res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) as Json }));
      });
    });

  it('drives a text session through the official SDK client: session, item, response and usage', async () => {
    const openai = new OpenAI({ apiKey: 'sk-realtime', baseURL: `${fake.url}/v1` });
    // The SDK always dials wss://; its socket options let the test hand it a plain TCP connection.
    const rt = await OpenAIRealtimeWS.create(openai, {
      model: 'gpt-realtime',
      options: { createConnection: () => connect(fake.port, '127.0.0.1') } as object,
    });
    const inbox = new Inbox();
    rt.on('event', (event) => inbox.push(event as Json));
    const created = await inbox.next('session.created');
    expect(created.session).toMatchObject({ object: 'realtime.session', model: 'gpt-realtime', type: 'realtime' });

    rt.send({ type: 'session.update', session: { type: 'realtime', output_modalities: ['text'], instructions: 'Be brief.' } });
    const updated = await inbox.next('session.updated');
    expect(updated.session).toMatchObject({ output_modalities: ['text'], instructions: 'Be brief.' });

    rt.send({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Say hello to the fake upstream, please.' }] },
    });
    const item = await inbox.next('conversation.item.created');
    expect(item.item).toMatchObject({ type: 'message', role: 'user', id: expect.any(String) });

    rt.send({ type: 'response.create' });
    const events = await inbox.until('response.done');
    expect(events.map((e) => e.type)).toEqual([
      'response.created',
      'response.output_item.added',
      'response.content_part.added',
      ...Array(6).fill('response.output_text.delta'),
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.done',
    ]);
    const done = events[events.length - 1]!.response;
    expect(done.status).toBe('completed');
    expect(done.output[0].content).toEqual([{ type: 'output_text', text: 'Hello from the fake upstream.' }]);
    expect(done.usage).toEqual({
      total_tokens: 18,
      input_tokens: 12, // the item's text and the instructions, about 4 characters a token
      output_tokens: 6,
      input_token_details: { text_tokens: 12, audio_tokens: 0, cached_tokens: 0 },
      output_token_details: { text_tokens: 6, audio_tokens: 0 },
    });
    const closing = closed(rt.socket);
    rt.close();
    expect((await closing).code).toBe(1000);
    const record = fake.requests[0]!;
    expect(record).toMatchObject({ path: '/v1/realtime', model: 'gpt-realtime', apiKey: 'sk-realtime', outcome: 'completed', closeCode: 1000 });
    expect(record.events!.map((e) => e.type)).toEqual(['session.update', 'conversation.item.create', 'response.create']);
  });

  it('answers audio: committed input audio counts as audio tokens, output as audio and transcript deltas', async () => {
    const { ws, inbox, send } = await open('/v1/realtime?model=gpt-realtime');
    await inbox.until('session.created');
    send({ type: 'input_audio_buffer.commit' });
    const empty = await inbox.next('error');
    expect(empty.error).toMatchObject({ type: 'invalid_request_error', code: 'input_audio_buffer_commit_empty' });
    const audio = Buffer.alloc(9600).toString('base64'); // 200 ms of PCM16 24 kHz
    send({ type: 'input_audio_buffer.append', audio });
    send({ type: 'input_audio_buffer.commit' });
    const committed = await inbox.next('input_audio_buffer.committed');
    const item = await inbox.next('conversation.item.created');
    expect(item.item.id).toBe(committed.item_id);
    send({ type: 'response.create', response: { output_modalities: ['audio'] } });
    const events = await inbox.until('response.done');
    const types = events.map((e) => e.type);
    expect(types.filter((t) => t === 'response.output_audio.delta')).toHaveLength(6);
    expect(types.filter((t) => t === 'response.output_audio_transcript.delta')).toHaveLength(6);
    expect(types.slice(-6)).toEqual([
      'response.output_audio_transcript.delta',
      'response.output_audio.done',
      'response.output_audio_transcript.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.done',
    ]);
    expect(Buffer.from(events.find((e) => e.type === 'response.output_audio.delta')!.delta, 'base64').length).toBe(480);
    const usage = events[events.length - 1]!.response.usage;
    expect(usage.input_token_details.audio_tokens).toBe(2);
    expect(usage.output_token_details).toEqual({ text_tokens: 6, audio_tokens: 6 });
    expect(usage.total_tokens).toBe(usage.input_tokens + usage.output_tokens);
    expect(fake.requests[0]!.events![1]).toEqual({ type: 'input_audio_buffer.append', event_id: undefined, audioBytes: 9600 });
    ws.close();
  });

  it('answers an unknown event type, or a second response while one is active, with an error event', async () => {
    fake.program({}, { chunkDelayMs: 20 });
    const { ws, inbox, send } = await open('/v1/realtime?model=gpt-realtime');
    await inbox.until('session.created');
    send({ type: 'session.frobnicate', event_id: 'evt_1' });
    const unknown = await inbox.next('error');
    expect(unknown.error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_value', param: 'type', event_id: 'evt_1' });
    send({ type: 'response.create' });
    await inbox.until('response.created');
    send({ type: 'response.create' });
    const busy = await inbox.next('error');
    expect(busy.error.code).toBe('conversation_already_has_active_response');
    send({ type: 'response.cancel' });
    const done = await inbox.next('response.done');
    expect(done.response.status).toBe('cancelled');
    ws.send('not json');
    expect((await inbox.next('error')).error.code).toBe('invalid_json');
    ws.close();
  });

  it('closes with the programmed code instead of answering response.create', async () => {
    fake.program({ path: '/v1/realtime' }, { closeCode: 4001, errorMessage: 'upstream went away' });
    const { ws, inbox, send } = await open('/v1/realtime?model=gpt-realtime');
    await inbox.until('session.created');
    const closing = closed(ws);
    send({ type: 'response.create' });
    expect(await closing).toEqual({ code: 4001, reason: 'upstream went away' });
    expect(fake.requests[0]!.outcome).toBe('cut');
  });

  it('cuts the connection, or ends the response with an error event, after N deltas', async () => {
    const cut = await open('/v1/realtime?model=gpt-realtime', { authorization: 'Bearer sk-realtime', 'x-fake-disconnect-after': '2' });
    await cut.inbox.until('session.created');
    const closing = closed(cut.ws);
    cut.send({ type: 'response.create', response: { output_modalities: ['text'] } });
    expect((await closing).code).toBe(1006);
    expect(cut.inbox.events.filter((e) => e.type === 'response.output_text.delta')).toHaveLength(2);

    const failing = await open('/v1/realtime?model=gpt-realtime', {
      authorization: 'Bearer sk-realtime',
      'x-fake-stream-error-after': '3',
      'x-fake-error': 'rate_limit',
    });
    await failing.inbox.until('session.created');
    failing.send({ type: 'response.create', response: { output_modalities: ['text'] } });
    const events = await failing.inbox.until('response.done');
    expect(events.filter((e) => e.type === 'response.output_text.delta')).toHaveLength(3);
    expect(events.find((e) => e.type === 'error')!.error).toMatchObject({ type: 'requests', code: 'rate_limit_exceeded' });
    expect(events[events.length - 1]!.response).toMatchObject({ status: 'failed', status_details: { type: 'failed' } });
    failing.ws.close();
  });

  it('delays the handshake by the programmed latency', async () => {
    const started = Date.now();
    const { ws, inbox } = await open('/v1/realtime?model=gpt-realtime', { authorization: 'Bearer sk-realtime', 'x-fake-latency-ms': '120' });
    await inbox.until('session.created');
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
    ws.close();
  });

  it('takes the key from the insecure-api-key subprotocol and picks the realtime subprotocol', async () => {
    const { ws, inbox } = await open('/v1/realtime?model=gpt-realtime', {}, ['realtime', 'openai-insecure-api-key.sk-realtime']);
    await inbox.until('session.created');
    expect(ws.protocol).toBe('realtime');
    expect(fake.requests[0]!.apiKey).toBe('sk-realtime');
    ws.close();
  });

  it('refuses handshakes without a key, with a wrong key, without a model, or as programmed', async () => {
    expect(await refused('/v1/realtime?model=gpt-realtime')).toMatchObject({ status: 401, body: { error: { type: 'invalid_request_error' } } });
    expect(await refused('/v1/realtime?model=gpt-realtime', { authorization: 'Bearer sk-wrong' })).toMatchObject({
      status: 401,
      body: { error: { code: 'invalid_api_key' } },
    });
    expect(await refused('/v1/realtime', { authorization: 'Bearer sk-realtime' })).toMatchObject({
      status: 400,
      body: { error: { param: 'model', code: 'missing_required_parameter' } },
    });
    expect(await refused('/v1/realtime?model=m', { authorization: 'Bearer sk-realtime', 'x-fake-error': 'insufficient_quota' })).toMatchObject({
      status: 429,
      body: { error: { code: 'insufficient_quota' } },
    });
    expect(await refused('/v1/elsewhere', { authorization: 'Bearer sk-realtime' })).toMatchObject({ status: 404 });
    expect(fake.requests.every((r) => r.outcome === 'completed')).toBe(true);
  });

  it("serves Azure's path with api-version and deployment, in the beta protocol's names when asked", async () => {
    expect(await refused('/openai/realtime?deployment=rt', { 'api-key': 'azure-key' })).toMatchObject({ status: 404 });
    const azure = new AzureOpenAI({ apiKey: 'azure-key', endpoint: fake.url, apiVersion: '2025-04-01-preview' });
    const rt = await OpenAIRealtimeWS.azure(azure, {
      deploymentName: 'gpt-4o-realtime',
      options: { createConnection: () => connect(fake.port, '127.0.0.1'), headers: { 'openai-beta': 'realtime=v1' } } as object,
    });
    const inbox = new Inbox();
    rt.on('event', (event) => inbox.push(event as Json));
    await inbox.until('session.created');
    rt.send({ type: 'response.create', response: { modalities: ['text'] } } as never);
    const types = (await inbox.until('response.done')).map((e) => e.type);
    expect(types).toContain('response.text.delta');
    expect(types).toContain('response.text.done');
    expect(fake.requests[1]).toMatchObject({ path: '/openai/realtime', deployment: 'gpt-4o-realtime', model: 'gpt-4o-realtime', apiKey: 'azure-key', apiVersion: '2025-04-01-preview' });
    rt.close();
  });
});
