import { EventEmitter, once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2SecureServer, type Http2ServerRequest, type Http2ServerResponse, type Http2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { ChannelMessage } from '@modelgate/channels';
import { TEST_TLS_FILES } from '@modelgate/testkit/https';
import type OpenAI from 'openai';
import { type ChannelCallers, channelCallers, createChannels, expectRefused } from '../api/channels-fixtures';
import { type RelayStack, startRelayStack } from '../support/relay-stack';

// How the relay connects to upstreams, per channel (docs/adr/0029): a channel's own connection
// cap (`upstream_connections` in its extra settings) makes its calls beyond the cap wait while
// another channel of the same origin is not held back; `upstream_http2` offers HTTP/2 to an https
// upstream, whose streams then share a connection. One stack for the file; the upstreams are
// local servers holding each call until the test answers it.

jest.setTimeout(60_000);

const CAPPED = 'mg-conn-capped';
const FREE = 'mg-conn-free';
const H2 = 'mg-conn-h2';
const H1 = 'mg-conn-h1';
/** Concurrent streams of the multiplexing case: more than one HTTP/2 connection carries. */
const BURST = 150;
const MESSAGES = [{ role: 'user' as const, content: 'Say hello.' }];

/** A call the upstream received: who sent it, over which protocol and connection, and how to answer it. */
interface Arrival {
  readonly key: string;
  readonly httpVersion: string;
  readonly connection: object;
  readonly stream: boolean;
  readonly answer: (text: string) => void;
  answered: boolean;
}

/** What an upstream received, with a wait for a condition on it (no polling, no sleeping). */
class Arrivals extends EventEmitter {
  readonly all: Arrival[] = [];
  /** When true, calls are held until the test answers them; else answered at once. */
  hold = true;

  add(arrival: Arrival): void {
    this.all.push(arrival);
    if (!this.hold) arrival.answer('Hello from upstream');
    this.emit('arrival');
  }

  of(key: string): Arrival[] {
    return this.all.filter((arrival) => arrival.key === `Bearer ${key}`);
  }

  until(condition: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!condition()) return;
        this.off('arrival', check);
        resolve();
      };
      this.on('arrival', check);
      check();
    });
  }
}

function completion(model: string, text: string) {
  return {
    id: 'chatcmpl-conn',
    object: 'chat.completion',
    created: 1,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
  };
}

/** The part of an HTTP/1.1 or HTTP/2 response an answer writes. */
interface Reply {
  writeHead(status: number, headers: Record<string, string>): unknown;
  write(chunk: string): unknown;
  end(chunk: string): unknown;
}

/** Answers a chat call as OpenAI does, whole or as server-sent events in three pieces. */
function answer(res: Reply, model: string, stream: boolean, text: string): void {
  if (!stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(completion(model, text)));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const chunk = (delta: object, extra: object = {}) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-conn', object: 'chat.completion.chunk', created: 1, model, choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`;
  const third = Math.ceil(text.length / 3);
  for (let i = 0; i < text.length; i += third) res.write(chunk({ content: text.slice(i, i + third) }));
  res.write(`data: ${JSON.stringify({ id: 'chatcmpl-conn', object: 'chat.completion.chunk', created: 1, model, choices: [], usage: completion(model, text).usage })}\n\n`);
  res.end('data: [DONE]\n\n');
}

/** Records a chat call once its body is read. */
function receive(arrivals: Arrivals, req: Http2ServerRequest | IncomingMessage, res: ServerResponse | Http2ServerResponse, connection: object) {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; stream?: boolean };
    const arrival: Arrival = {
      key: String(req.headers.authorization),
      httpVersion: req.httpVersion,
      connection,
      stream: body.stream === true,
      answered: false,
      answer: (text) => {
        arrival.answered = true;
        answer(res as Reply, body.model, body.stream === true, text);
      },
    };
    arrivals.add(arrival);
  });
}

const listen = async (server: Server | Http2SecureServer) => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
};

describe('upstream connections per channel', () => {
  let stack: RelayStack;
  let who: ChannelCallers;
  let client: OpenAI;
  const plain = new Arrivals();
  const secure = new Arrivals();
  const h2Sessions = new Set<Http2Session>();
  let plainServer: Server;
  let h2Server: Http2SecureServer;
  let h2Url: string;
  let h2ChannelId: number;

  beforeAll(async () => {
    plainServer = createServer((req, res) => receive(plain, req, res, req.socket));
    const plainUrl = `http://127.0.0.1:${await listen(plainServer)}`;
    // Offers HTTP/2 and HTTP/1.1 alike (ALPN), so the protocol used is the relay's choice.
    h2Server = createSecureServer({ cert: readFileSync(TEST_TLS_FILES.cert), key: readFileSync(TEST_TLS_FILES.key), allowHTTP1: true }, (req, res) =>
      receive(secure, req, res, req.stream?.session ?? req.socket),
    );
    h2Server.on('session', (session: Http2Session) => h2Sessions.add(session));
    h2Url = `https://127.0.0.1:${await listen(h2Server)}`;
    secure.hold = false;

    // The relay trusts the test certificate as an operator trusts a private CA.
    stack = await startRelayStack({ GLOBAL_API_RATE_LIMIT_ENABLE: 'false', UPSTREAM_CA_FILE: TEST_TLS_FILES.cert });
    who = await channelCallers(stack.api);
    await createChannels(who.admin, { name: 'capped', key: 'sk-capped', models: CAPPED, base_url: plainUrl, setting: '{"upstream_connections":2}' });
    await createChannels(who.admin, { name: 'free', key: 'sk-free', models: FREE, base_url: plainUrl });
    [{ id: h2ChannelId }] = (await createChannels(who.admin, { name: 'h2', key: 'sk-h2', models: H2, base_url: h2Url, setting: '{"upstream_http2":true}' })) as [{ id: number }];
    await createChannels(who.admin, { name: 'h1', key: 'sk-h1', models: H1, base_url: h2Url });
    await stack.setOptions({ ModelRatio: JSON.stringify({ [CAPPED]: 1, [FREE]: 1, [H2]: 1, [H1]: 1 }) });
    const user = await stack.userWithToken(1e9);
    await stack.waitForModels(user.apiKey, [CAPPED, FREE, H2, H1]);
    client = stack.openai(user.apiKey);
  });

  afterAll(async () => {
    for (const arrival of [...plain.all, ...secure.all]) if (!arrival.answered) arrival.answer('bye');
    await stack?.stop();
    plainServer?.closeAllConnections();
    plainServer?.close();
    for (const session of h2Sessions) session.destroy();
    h2Server?.close();
  });

  it('refuses an unusable connection setting with a clear /api message', async () => {
    for (const setting of ['{"upstream_connections":-1}', '{"upstream_connections":100001}', '{"upstream_connections":2.5}']) {
      expectRefused(await who.admin.post('/api/channel/', { name: 'bad', key: 'sk-bad', models: 'm', setting }), ChannelMessage.upstreamConnectionsInvalid);
    }
    expectRefused(await who.admin.post('/api/channel/', { name: 'bad', key: 'sk-bad', models: 'm', setting: '{"upstream_http2":"yes"}' }), ChannelMessage.upstreamHttp2Invalid);
  });

  it("holds a channel's third concurrent call until one of its two connections is free, and no other channel of the origin", async () => {
    const capped = [1, 2, 3].map(() => client.chat.completions.create({ model: CAPPED, messages: MESSAGES }));
    await plain.until(() => plain.of('sk-capped').length === 2);
    // Sent after the capped ones, to the same origin: none waits.
    const free = [1, 2, 3].map(() => client.chat.completions.create({ model: FREE, messages: MESSAGES }));
    await plain.until(() => plain.of('sk-free').length === 3);
    expect(plain.of('sk-capped')).toHaveLength(2);
    expect(new Set(plain.of('sk-free').map((arrival) => arrival.connection)).size).toBe(3);

    plain.of('sk-capped')[0]!.answer('first');
    await plain.until(() => plain.of('sk-capped').length === 3);
    // The third went out on a connection the first freed: still two connections for the channel.
    expect(new Set(plain.of('sk-capped').map((arrival) => arrival.connection)).size).toBe(2);
    for (const arrival of plain.all) if (!arrival.answered) arrival.answer('later');
    const answers = await Promise.all([...capped, ...free]);
    expect(answers.map((answer) => answer.choices[0]!.message.content)).toEqual(['first', 'later', 'later', 'later', 'later', 'later']);
  });

  it('speaks HTTP/2 to an https upstream for a channel that asks: whole answers, streams and channel tests', async () => {
    const whole = await client.chat.completions.create({ model: H2, messages: MESSAGES });
    expect(whole.choices[0]!.message.content).toBe('Hello from upstream');
    const stream = await client.chat.completions.create({ model: H2, messages: MESSAGES, stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toBe('Hello from upstream');
    expect(secure.of('sk-h2').map((arrival) => [arrival.httpVersion, arrival.stream])).toEqual([
      ['2.0', false],
      ['2.0', true],
    ]);
    // A channel test connects as the channel's calls do.
    const tested = await who.admin.get(`/api/channel/test/${h2ChannelId}`);
    expect(tested.body).toMatchObject({ success: true });
    expect(secure.of('sk-h2').map((arrival) => arrival.httpVersion)).toEqual(['2.0', '2.0', '2.0']);
    // The same upstream, for a channel that does not ask: HTTP/1.1.
    await client.chat.completions.create({ model: H1, messages: MESSAGES });
    expect(secure.of('sk-h1').map((arrival) => arrival.httpVersion)).toEqual(['1.1']);
  });

  it('multiplexes concurrent HTTP/2 streams, a hundred to a connection, opening one more only when those are full', async () => {
    const sessionsBefore = h2Sessions.size;
    const before = secure.of('sk-h2').length;
    secure.hold = true;
    try {
      const streams = Array.from({ length: BURST }, async () => {
        let text = '';
        for await (const chunk of await client.chat.completions.create({ model: H2, messages: MESSAGES, stream: true })) text += chunk.choices[0]?.delta?.content ?? '';
        return text;
      });
      // All are open upstream at once: a hundred on the session the earlier calls opened, the
      // rest on one new session (not one connection each while it was being opened).
      await secure.until(() => secure.of('sk-h2').length === before + BURST);
      const burst = secure.of('sk-h2').slice(before);
      expect(h2Sessions.size).toBe(sessionsBefore + 1);
      expect(new Set(burst.map((arrival) => arrival.connection)).size).toBe(2);
      expect(burst.every((arrival) => arrival.httpVersion === '2.0' && !arrival.answered)).toBe(true);
      burst.forEach((arrival, i) => arrival.answer(`stream ${i}`));
      expect((await Promise.all(streams)).sort()).toEqual(burst.map((_, i) => `stream ${i}`).sort());
    } finally {
      secure.hold = false;
    }
  });

  it('applies an edited setting to the next call: HTTP/2 switched off goes back to HTTP/1.1', async () => {
    const res = await who.admin.put('/api/channel/', { id: h2ChannelId, setting: '{"upstream_http2":false}' });
    expect(res.body.success).toBe(true);
    const before = secure.of('sk-h2').length;
    // The relay applies the change from its event; calls until then may still use HTTP/2.
    let version = '2.0';
    for (let i = 0; i < 50 && version !== '1.1'; i++) {
      await client.chat.completions.create({ model: H2, messages: MESSAGES });
      version = secure.of('sk-h2').at(-1)!.httpVersion;
    }
    expect(version).toBe('1.1');
    expect(secure.of('sk-h2').length).toBeGreaterThan(before);
  });
});
