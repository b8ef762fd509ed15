// Realtime over WebSocket, whole stack: a client speaking the Realtime protocol (the frames the
// openai SDK's realtime client sends; it insists on wss://, so `ws` drives them here) through the
// relay to an OpenAI channel on the fake upstream. Checked: the session relayed both ways, each
// response charged as its own consume log with the audio formula's exact quota, refusals before
// the upgrade in OpenAI's error shape, a session closed with an `error` event when the balance runs
// out, a client's close reaching the upstream, and the upstream's close code reaching the client.
import { once } from 'node:events';
import WebSocket from 'ws';
import { eventually } from '../support/relay-fixtures';
import { type RelayStack, startRelayStack } from '../support/relay-stack';

jest.setTimeout(30_000);

const MODEL = 'gpt-4o-realtime-preview';
const CLOSING_MODEL = 'gpt-4o-mini-realtime-preview';
const MODEL_RATIO = 2.5;
const COMPLETION_RATIO = 4;
/** AudioRatio of gpt-4o-realtime-preview (reference §3.4), and audio output's extra × 2. */
const AUDIO_RATIO = 20;
const PRE_CONSUMED = 500;
/** The hold of each response: PreConsumedQuota tokens at the model's ratio. */
const HOLD = PRE_CONSUMED * MODEL_RATIO;
const INITIAL_QUOTA = 10_000_000;

type ServerEvent = Record<string, any> & { type: string };

/** A client socket and every server event it received, with a way to wait for the next of a type. */
class RealtimeClient {
  readonly events: ServerEvent[] = [];
  private waiters: Array<{ type: string; from: number; resolve: (event: ServerEvent) => void }> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const event = JSON.parse(String(data)) as ServerEvent;
      this.events.push(event);
      this.waiters = this.waiters.filter((waiter) => {
        if (waiter.type !== event.type) return true;
        waiter.resolve(event);
        return false;
      });
    });
    this.closed = once(socket, 'close').then(([code, reason]) => ({ code: code as number, reason: String(reason) }));
  }

  /** The next event of `type` from now on. */
  next(type: string): Promise<ServerEvent> {
    return new Promise((resolve) => this.waiters.push({ type, from: this.events.length, resolve }));
  }

  send(event: Record<string, unknown>): void {
    this.socket.send(JSON.stringify(event));
  }
}

describe('Realtime over WebSocket', () => {
  let stack: RelayStack;
  let wsUrl: string;
  let channelId: number;

  beforeAll(async () => {
    stack = await startRelayStack();
    await stack.setOptions({
      ModelRatio: JSON.stringify({ [MODEL]: MODEL_RATIO, [CLOSING_MODEL]: 0.3 }),
      CompletionRatio: JSON.stringify({ [MODEL]: COMPLETION_RATIO }),
      PreConsumedQuota: String(PRE_CONSUMED),
      RetryTimes: '1',
    });
    channelId = await stack.seedChannel({ baseUrl: stack.fake.url, models: [MODEL, CLOSING_MODEL] });
    const probe = await stack.userWithToken(1_000);
    await stack.waitForModels(probe.apiKey, [MODEL, CLOSING_MODEL]);
    wsUrl = `${stack.url.replace(/^http/, 'ws')}/v1/realtime`;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** Opens a session the way the SDK does: the key in a subprotocol beside `realtime`. */
  async function connect(apiKey: string, model = MODEL): Promise<RealtimeClient> {
    const socket = new WebSocket(`${wsUrl}?model=${model}`, ['realtime', `openai-insecure-api-key.${apiKey}`]);
    const client = new RealtimeClient(socket);
    const created = client.next('session.created');
    await once(socket, 'open');
    expect(socket.protocol).toBe('realtime');
    await created;
    return client;
  }

  /** The status and body a refused handshake answered with. */
  async function refusal(url: string, headers: Record<string, string>): Promise<{ status: number; body: any }> {
    const socket = new WebSocket(url, { headers });
    const [, res] = (await once(socket, 'unexpected-response')) as [unknown, import('node:http').IncomingMessage];
    let text = '';
    for await (const chunk of res) text += String(chunk);
    socket.on('error', () => undefined);
    socket.terminate();
    return { status: res.statusCode!, body: JSON.parse(text) };
  }

  /** One text turn as the SDK sends it; resolves with its response.done. */
  async function turn(client: RealtimeClient, text: string): Promise<ServerEvent> {
    const created = client.next('conversation.item.created');
    client.send({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] } });
    await created;
    const done = client.next('response.done');
    client.send({ type: 'response.create', response: { output_modalities: ['audio'] } });
    return done;
  }

  /** The quota of one response.done's usage by the audio formula, written out. */
  function quotaOf(usage: any): number {
    const textIn = usage.input_token_details.text_tokens;
    const audioIn = usage.input_token_details.audio_tokens;
    const textOut = usage.output_token_details.text_tokens;
    const audioOut = usage.output_token_details.audio_tokens;
    return Math.round((textIn + textOut * COMPLETION_RATIO + audioIn * AUDIO_RATIO + audioOut * AUDIO_RATIO * 2) * MODEL_RATIO);
  }

  it('relays a session and charges each response as it finishes: two responses, two logs, exact quota', async () => {
    const user = await stack.userWithToken(INITIAL_QUOTA);
    const client = await connect(user.apiKey);
    const updated = client.next('session.updated');
    client.send({ type: 'session.update', session: { type: 'realtime', instructions: 'Be brief.', output_modalities: ['audio'] } });
    expect((await updated).session).toMatchObject({ instructions: 'Be brief.' });
    // Committed input audio: 2 tokens of 100 ms each.
    client.send({ type: 'input_audio_buffer.append', audio: Buffer.alloc(9600).toString('base64') });
    const committed = client.next('input_audio_buffer.committed');
    client.send({ type: 'input_audio_buffer.commit' });
    await committed;

    const first = await turn(client, 'Hello there, how are you?');
    expect(client.events.some((event) => event.type === 'response.output_audio.delta')).toBe(true);
    expect(first.response.usage.input_token_details.audio_tokens).toBe(2);
    expect(first.response.usage.output_token_details.audio_tokens).toBeGreaterThan(0);
    const [log1] = await stack.waitForLogs(user.userId, 1);
    expect(log1).toMatchObject({ model: MODEL, channelId, quota: quotaOf(first.response.usage), isStream: true });
    expect(log1!.other).toMatchObject({
      ws: true,
      audio_ratio: AUDIO_RATIO,
      audio_completion_ratio: 2,
      audio_input: 2,
      audio_output: first.response.usage.output_token_details.audio_tokens,
      text_input: first.response.usage.input_token_details.text_tokens,
    });

    const second = await turn(client, 'And again, please.');
    const logs = await stack.waitForLogs(user.userId, 2);
    expect(logs.map((log) => log.quota)).toEqual([quotaOf(first.response.usage), quotaOf(second.response.usage)]);
    expect(new Set(logs.map((log) => log.requestId)).size).toBe(2);

    client.socket.close(1000);
    await client.closed;
    const charged = quotaOf(first.response.usage) + quotaOf(second.response.usage);
    const balances = await stack.balances(user.userId);
    expect([balances.usedQuota, balances.requestCount]).toEqual([charged, 2]);
    // Nothing more is charged, and what is still held (the quota lease) is the user's.
    expect(balances.quota + balances.usedQuota + balances.reserved).toBe(INITIAL_QUOTA);
  });

  it('a malformed client event goes to the upstream, whose error event comes back; the session goes on', async () => {
    const user = await stack.userWithToken(INITIAL_QUOTA);
    const client = await connect(user.apiKey);
    const error = client.next('error');
    client.socket.send('{"type": nonsense');
    expect((await error).error).toMatchObject({ code: 'invalid_json' });
    await turn(client, 'Still there?');
    client.socket.close();
    await client.closed;
  });

  it('refuses before the upgrade, in OpenAI error objects: a bad key, a model the token may not use, no balance, no model', async () => {
    const user = await stack.userWithToken(INITIAL_QUOTA, { modelLimits: ['other-model'] });
    expect(await refusal(`${wsUrl}?model=${MODEL}`, { Authorization: `Bearer sk-${'x'.repeat(48)}` })).toMatchObject({
      status: 401,
      body: { error: { code: 'invalid_api_key' } },
    });
    expect(await refusal(`${wsUrl}?model=${MODEL}`, { Authorization: `Bearer ${user.apiKey}` })).toMatchObject({ status: 403 });
    const broke = await stack.userWithToken(0);
    expect(await refusal(`${wsUrl}?model=${MODEL}`, { Authorization: `Bearer ${broke.apiKey}` })).toMatchObject({
      status: 403,
      body: { error: { code: 'insufficient_user_quota' } },
    });
    const rich = await stack.userWithToken(INITIAL_QUOTA);
    expect(await refusal(wsUrl, { Authorization: `Bearer ${rich.apiKey}` })).toMatchObject({ status: 400, body: { error: { param: 'model' } } });
    // Nothing was held for any of them.
    expect((await stack.balances(rich.userId)).reserved).toBe(0);
  });

  it('a plain GET /v1/realtime is told to upgrade', async () => {
    const user = await stack.userWithToken(INITIAL_QUOTA);
    const res = await fetch(`${stack.url}/v1/realtime?model=${MODEL}`, { headers: { Authorization: `Bearer ${user.apiKey}` } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'websocket_required' } });
  });

  it('closes the session with an error event when the balance no longer covers another response', async () => {
    // Enough for one hold and not for a second one beside it: the first response is served and
    // charged, the next hold is refused.
    const user = await stack.userWithToken(HOLD + HOLD / 2);
    const client = await connect(user.apiKey);
    const error = client.next('error');
    await turn(client, 'Spend it all.');
    expect((await error).error).toMatchObject({ type: 'insufficient_quota', code: 'insufficient_user_quota' });
    expect(await client.closed).toEqual({ code: 1008, reason: 'insufficient quota' });
    const logs = await stack.waitForLogs(user.userId, 1);
    expect(logs).toHaveLength(1);
    const session = stack.fake.requests.filter((request) => request.path === '/v1/realtime').at(-1)!;
    expect(await eventually(() => session.closeCode !== undefined)).toBe(true);
  });

  it("the client's close reaches the upstream", async () => {
    const user = await stack.userWithToken(INITIAL_QUOTA);
    const client = await connect(user.apiKey);
    const session = stack.fake.requests.filter((request) => request.path === '/v1/realtime').at(-1)!;
    client.socket.close(4001, 'done here');
    await client.closed;
    expect(await eventually(() => session.closeCode === 4001)).toBe(true);
    expect(await stack.consumeLogs(user.userId)).toEqual([]);
    const balances = await stack.balances(user.userId);
    expect([balances.usedQuota, balances.quota + balances.reserved]).toEqual([0, INITIAL_QUOTA]);
  });

  it('an Azure channel is reached at /openai/realtime with its deployment, API version and api-key, in the beta protocol the client asked for', async () => {
    const azureModel = 'gpt-4o-realtime-preview-2024-12-17';
    await stack.setOptions({
      ModelRatio: JSON.stringify({ [MODEL]: MODEL_RATIO, [CLOSING_MODEL]: 0.3, [azureModel]: MODEL_RATIO }),
      CompletionRatio: JSON.stringify({ [MODEL]: COMPLETION_RATIO, [azureModel]: COMPLETION_RATIO }),
      PreConsumedQuota: String(PRE_CONSUMED),
    });
    const azureChannel = await stack.seedChannel({ type: 3, baseUrl: stack.fake.url, key: 'azure-key', other: '2024-10-01-preview', models: [azureModel], groups: ['azure'] });
    const user = await stack.userWithToken(INITIAL_QUOTA, {}, { group: 'azure' });
    await stack.waitForModels(user.apiKey, [azureModel]);
    const socket = new WebSocket(`${wsUrl}?model=${azureModel}`, ['realtime', `openai-insecure-api-key.${user.apiKey}`, 'openai-beta.realtime-v1']);
    const client = new RealtimeClient(socket);
    await client.next('session.created');
    const done = client.next('response.done');
    client.send({ type: 'response.create', response: { modalities: ['text'], instructions: 'Say hi.' } });
    const { response } = await done;
    expect(client.events.some((event) => event.type === 'response.text.delta')).toBe(true);
    const session = stack.fake.requests.filter((request) => request.path === '/openai/realtime').at(-1)!;
    expect(session).toMatchObject({ apiKey: 'azure-key', deployment: azureModel, apiVersion: '2024-10-01-preview' });
    const [log] = await stack.waitForLogs(user.userId, 1);
    // gpt-4o-realtime-preview-2024-12-17's audio ratio is 8; a text response has no audio.
    expect(log).toMatchObject({ channelId: azureChannel, model: azureModel, quota: Math.round((response.usage.input_tokens + response.usage.output_tokens * COMPLETION_RATIO) * MODEL_RATIO) });
    expect(log!.other).toMatchObject({ ws: true, audio_ratio: 8 });
    socket.close();
    await client.closed;
  });

  it('a channel that refuses the handshake is retried on the next one of the group, and the log names both', async () => {
    stack.fake.program({ apiKey: 'refusing-key' }, { status: 500 });
    const refusing = await stack.seedChannel({ baseUrl: stack.fake.url, key: 'refusing-key', models: [MODEL], groups: ['retry'], priority: 10, autoBan: false });
    const serving = await stack.seedChannel({ baseUrl: stack.fake.url, models: [MODEL], groups: ['retry'] });
    const user = await stack.userWithToken(INITIAL_QUOTA, {}, { group: 'retry' });
    await stack.waitForModels(user.apiKey, [MODEL]);
    const client = await connect(user.apiKey);
    await turn(client, 'Are you the second one?');
    const [log] = await stack.waitForLogs(user.userId, 1);
    expect(log).toMatchObject({ channelId: serving });
    expect(log!.other.admin_info).toEqual({ use_channel: [String(refusing), String(serving)] });
    client.socket.close();
    await client.closed;
  });

  it("the upstream's close code and reason reach the client", async () => {
    stack.fake.program({ model: CLOSING_MODEL }, { closeCode: 4002, errorMessage: 'upstream says goodbye' });
    const user = await stack.userWithToken(INITIAL_QUOTA);
    const client = await connect(user.apiKey, CLOSING_MODEL);
    client.send({ type: 'response.create' });
    expect(await client.closed).toEqual({ code: 4002, reason: 'upstream says goodbye' });
  });
});
