// Streaming through the whole stack: chunks are forwarded as they arrive, a client that leaves
// aborts the upstream call and pays only for what it received, a stream without usage is
// counted locally (and, from a channel that takes no stream_options, told to a client that asked
// for usage), an idle upstream is abandoned after STREAMING_TIMEOUT, and an upstream that hangs up
// mid-stream ends the client's stream without harm.
import { createServer, request as httpRequest, type Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chatBody, type RelayStack, sseEvents, startRelayStack } from '../support/relay-stack';
import { eventually } from '../support/relay-fixtures';

jest.setTimeout(30_000);

const ESTIMATE_NOTE = '（可能是请求出错）';
const WORDS = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');

const SPLIT_TEXT = 'Hello wörld 👋, 你好';

const sseChunk = (model: string, choices: unknown[], extra: Record<string, unknown> = {}) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-own', object: 'chat.completion.chunk', created: 1, model, choices, ...extra })}\n\n`;
const contentChunk = (model: string, content: string) =>
  sseChunk(model, [{ index: 0, delta: { content }, finish_reason: null }]);

/**
 * A hand-written upstream for what the fake cannot do. `stall-model`: one content chunk, then
 * 3 s of silence before the rest. `split-model`: a whole stream (usage-only chunk included)
 * written 5 bytes at a time, so lines and multi-byte characters are cut across TCP writes.
 */
function startOwnUpstream(): Promise<{ url: string; bodies: any[]; close: () => Promise<void> }> {
  const timers = new Set<NodeJS.Timeout>();
  const bodies: any[] = [];
  const later = (ms: number, action: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, ms);
    timers.add(timer);
  };
  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(parts).toString('utf8'));
      bodies.push(body);
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      if (body.model === 'stall-model') {
        res.write(contentChunk('stall-model', 'first words arrive'));
        later(3_000, () => res.end(`${contentChunk('stall-model', ' late words')}data: [DONE]\n\n`));
        return;
      }
      const whole = Buffer.from(
        contentChunk('split-model', SPLIT_TEXT.slice(0, 8)) +
          contentChunk('split-model', SPLIT_TEXT.slice(8)) +
          sseChunk('split-model', [{ index: 0, delta: {}, finish_reason: 'stop' }]) +
          sseChunk('split-model', [], { usage: { prompt_tokens: 7, completion_tokens: 9, total_tokens: 16 } }) +
          'data: [DONE]\n\n',
      );
      let at = 0;
      const next = () => {
        if (at >= whole.length) return void res.end();
        res.write(whole.subarray(at, (at += 5)));
        later(1, next);
      };
      next();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        bodies,
        close: async () => {
          for (const timer of timers) clearTimeout(timer);
          server.closeAllConnections();
          await new Promise((done) => server.close(done));
        },
      });
    });
  });
}

describe('streaming', () => {
  let stack: RelayStack;
  let own: Awaited<ReturnType<typeof startOwnUpstream>>;

  const post = (apiKey: string, body: string, signal?: AbortSignal) =>
    fetch(`${stack.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body,
      signal,
    });

  beforeAll(async () => {
    own = await startOwnUpstream();
    stack = await startRelayStack({ STREAMING_TIMEOUT: '1' });
    await stack.setOptions({
      ModelRatio: JSON.stringify({ 'test-model': 2, 'stall-model': 1, 'split-model': 1, 'plain-model': 1 }),
      CompletionRatio: JSON.stringify({ 'test-model': 3 }),
    });
    await stack.seedChannel({ baseUrl: own.url, models: ['stall-model', 'split-model'] });
    await stack.seedChannel({ baseUrl: stack.fake.url, models: ['test-model'] });
    // Mistral AI's type: an OpenAI-compatible vendor that is sent no stream_options.
    await stack.seedChannel({ type: 42, baseUrl: stack.fake.url, models: ['plain-model'] });
    const probe = await stack.userWithToken(1_000_000);
    await stack.waitForModels(probe.apiKey, ['test-model', 'stall-model', 'split-model', 'plain-model']);
  });

  afterAll(async () => {
    await stack?.stop();
    await own?.close();
  });

  beforeEach(() => stack.fake.reset());

  it('forwards each chunk as it arrives, not when the upstream is done', async () => {
    const user = await stack.userWithToken(100_000_000);
    stack.fake.program({ model: 'test-model' }, { text: 'one two three four', chunks: 4, chunkDelayMs: 300 });
    const started = Date.now();
    const stream = await stack.openai(user.apiKey).chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'count' }],
      stream: true,
    });
    const arrivals: Array<{ at: number; content: string; upstreamSent: number }> = [];
    for await (const chunk of stream) {
      const content = chunk.choices[0]?.delta?.content;
      if (content) arrivals.push({ at: Date.now() - started, content, upstreamSent: stack.fake.requests[0]!.chunksSent });
    }
    expect(arrivals.map((a) => a.content).join('')).toBe('one two three four');
    expect(arrivals).toHaveLength(4);
    // The first chunk was in the client's hands while the upstream had sent only it.
    expect(arrivals[0]!.upstreamSent).toBe(1);
    expect(arrivals[0]!.at).toBeLessThan(800);
    // ... well before the last one was sent (3 × 300 ms later).
    expect(arrivals[3]!.at - arrivals[0]!.at).toBeGreaterThanOrEqual(700);
  });

  it('a client abort mid-stream aborts the upstream call; only the delivered text is charged', async () => {
    // The whole answer, without usage, counted locally: the yardstick.
    const whole = await stack.userWithToken(100_000_000);
    stack.fake.program({ model: 'test-model' }, { text: WORDS, usage: 'none' }, { times: 1 });
    const full = sseEvents(await (await post(whole.apiKey, chatBody('test-model', { stream: true }))).text());
    expect(full.at(-1)).toBe('[DONE]');
    const [fullLog] = await stack.waitForLogs(whole.userId, 1);
    expect(fullLog!.completionTokens).toBeGreaterThanOrEqual(30);

    // The same answer, slowly, with usage only at its end; the client leaves after 3 chunks.
    const user = await stack.userWithToken(100_000_000);
    stack.fake.program({ model: 'test-model' }, { text: WORDS, chunkDelayMs: 100 }, { times: 1 });
    const controller = new AbortController();
    const res = await post(user.apiKey, chatBody('test-model', { stream: true }), controller.signal);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    while ((received.match(/"content"/g) ?? []).length < 3) {
      const { value, done } = await reader.read();
      if (done) break;
      received += decoder.decode(value, { stream: true });
    }
    controller.abort();
    await reader.cancel().catch(() => undefined);

    const upstream = stack.fake.requests[1]!;
    expect(await eventually(() => upstream.outcome === 'client-aborted', 3_000)).toBe(true);
    expect(upstream.chunksSent).toBeLessThan(30);
    const [log] = await stack.waitForLogs(user.userId, 1);
    expect(log!.completionTokens).toBeGreaterThan(0);
    expect(log!.completionTokens).toBeLessThan(fullLog!.completionTokens);
    expect(log!.content).toContain(ESTIMATE_NOTE);
    expect(log!.quota).toBe((log!.promptTokens + log!.completionTokens * 3) * 2);
  });

  it('a stream without usage is counted locally and the log says the usage was estimated', async () => {
    const user = await stack.userWithToken(100_000_000);
    stack.fake.program({ model: 'test-model' }, { usage: 'none' }, { times: 1 });
    const stream = await stack.openai(user.apiKey).chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'Say hello.' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      expect(chunk.usage ?? null).toBeNull();
    }
    expect(text).toBe('Hello from the fake upstream.');
    const [log] = await stack.waitForLogs(user.userId, 1);
    expect(log!.promptTokens).toBeGreaterThan(0);
    expect(log!.completionTokens).toBeGreaterThan(0);
    expect(log!.content).toBe(`模型倍率 2，补全倍率 3，分组倍率 1, ${ESTIMATE_NOTE}`);
    expect(log!.quota).toBe((log!.promptTokens + log!.completionTokens * 3) * 2);
  });

  it('a channel that takes no stream_options still answers a client asking for usage: the count billed, tool calls included', async () => {
    const user = await stack.userWithToken(100_000_000);
    stack.fake.program({ model: 'plain-model' }, { toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] }, { times: 1 });
    const stream = await stack.openai(user.apiKey).chat.completions.create({
      model: 'plain-model',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(stack.fake.requests.at(-1)!.body).not.toHaveProperty('stream_options');
    expect(chunks.flatMap((chunk) => chunk.choices[0]?.delta?.tool_calls ?? []).map((call) => call.function?.name).filter(Boolean)).toEqual(['get_weather']);
    // One usage chunk, the last, with no choices and the stream's id and model: what an upstream
    // honouring include_usage sends.
    expect(chunks.filter((chunk) => chunk.usage)).toEqual([chunks.at(-1)]);
    expect(chunks.at(-1)).toMatchObject({ id: chunks[0]!.id, model: chunks[0]!.model, choices: [] });
    const [log] = await stack.waitForLogs(user.userId, 1);
    // The call's name and arguments plus the 7 tokens a tool call is charged.
    expect(log!.completionTokens).toBeGreaterThan(7);
    expect(chunks.at(-1)!.usage).toEqual({
      prompt_tokens: log!.promptTokens,
      completion_tokens: log!.completionTokens,
      total_tokens: log!.promptTokens + log!.completionTokens,
    });
    expect(log!.content).toContain(ESTIMATE_NOTE);
  });

  it('a stream cut anywhere (mid-line, mid-character) reaches the client whole; the unasked usage chunk is dropped', async () => {
    const user = await stack.userWithToken(100_000_000);
    const res = await post(user.apiKey, chatBody('split-model', { stream: true }));
    const events = sseEvents(await res.text());
    expect(events.at(-1)).toBe('[DONE]');
    const chunks = events.filter((e): e is Record<string, any> => e !== '[DONE]');
    expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe(SPLIT_TEXT);
    expect(chunks.filter((c) => c.choices.length === 0 || c.usage)).toEqual([]);
    expect(own.bodies.at(-1)).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    // Billed from the dropped chunk's usage: (7 + 9 × 1) × 1.
    const [log] = await stack.waitForLogs(user.userId, 1);
    expect(log).toMatchObject({ promptTokens: 7, completionTokens: 9, quota: 16 });
    expect(log!.content).not.toContain(ESTIMATE_NOTE);
  });

  it('an upstream silent for longer than STREAMING_TIMEOUT is abandoned; the client stream ends', async () => {
    const user = await stack.userWithToken(100_000_000);
    const started = Date.now();
    const res = await post(user.apiKey, chatBody('stall-model', { stream: true }));
    expect(res.status).toBe(200);
    const text = await res.text();
    const elapsed = Date.now() - started;
    expect(text).toContain('first words arrive');
    expect(text).not.toContain('late words');
    expect(elapsed).toBeLessThan(2_500);
    // It ends with an error chunk, not `[DONE]`, so the client's SDK knows the answer is cut.
    const events = sseEvents(text);
    expect(events).not.toContain('[DONE]');
    expect(events.at(-1)).toMatchObject({ error: { code: 'upstream_stream_interrupted', type: 'upstream_error' } });
    // Charged for what was delivered.
    const [log] = await stack.waitForLogs(user.userId, 1);
    expect(log!.completionTokens).toBeGreaterThan(0);
  });

  it('honours a slow client back-pressure over a long stream, losing nothing and piling up no listeners', async () => {
    const user = await stack.userWithToken(100_000_000);
    const text = 'abcdefghij'.repeat(400_000); // 4 MB in 400 chunks of 10 kB
    // The stack runs in this process: note how many `close` listeners each relay response still
    // carries when it ends (MaxListenersExceededWarning goes to the real process, out of reach).
    const closeListeners: number[] = [];
    const originalEnd = ServerResponse.prototype.end;
    ServerResponse.prototype.end = function end(this: ServerResponse, ...args: unknown[]) {
      // The relay's own responses (the fake upstream's carry no X-Request-Id).
      if (this.req?.url === '/v1/chat/completions' && this.hasHeader('x-request-id')) closeListeners.push(this.listenerCount('close'));
      return (originalEnd as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof originalEnd;
    try {
      // A short stream first: the listener count of a response that never waited for drain.
      await (await post(user.apiKey, chatBody('test-model', { stream: true }))).text();
      stack.fake.program({ model: 'test-model' }, { text, chunks: 400, promptTokens: 5, completionTokens: 400 }, { times: 1 });
      const body = await new Promise<string>((resolve, reject) => {
        const req = httpRequest(
          `${stack.url}/v1/chat/completions`,
          { method: 'POST', headers: { Authorization: `Bearer ${user.apiKey}`, 'Content-Type': 'application/json' } },
          (res) => {
            const parts: Buffer[] = [];
            // A slow reader: a pause after every read, so the relay must wait for drain again and again.
            res.on('data', (part: Buffer) => {
              parts.push(part);
              res.pause();
              setTimeout(() => res.resume(), 3);
            });
            res.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(chatBody('test-model', { stream: true }));
      });
      const events = sseEvents(body);
      expect(events.at(-1)).toBe('[DONE]');
      const content = events.map((e) => (e === '[DONE]' ? '' : (e.choices?.[0]?.delta?.content ?? ''))).join('');
      expect(content.length).toBe(text.length);
      expect(content === text).toBe(true);
      const logs = await stack.waitForLogs(user.userId, 2);
      expect(logs[1]!.quota).toBe((5 + 400 * 3) * 2);
      expect(closeListeners).toHaveLength(2);
      // Waiting for drain must not leave a `close` listener behind each time.
      expect(closeListeners[1]).toBeLessThanOrEqual(closeListeners[0]!);
    } finally {
      ServerResponse.prototype.end = originalEnd;
    }
  });

  it('an upstream that hangs up mid-stream ends the client stream; the stack keeps serving', async () => {
    const user = await stack.userWithToken(100_000_000);
    stack.fake.program({ model: 'test-model' }, { text: 'alpha beta gamma delta epsilon zeta', disconnectAfter: 2 }, { times: 1 });
    const res = await post(user.apiKey, chatBody('test-model', { stream: true }));
    expect(res.status).toBe(200);
    const events = sseEvents(await res.text());
    const contents = events.map((e) => (e === '[DONE]' ? '[DONE]' : (e.choices?.[0]?.delta?.content ?? '')));
    expect(contents.join('')).toBe('alpha beta');
    expect(events).not.toContain('[DONE]');
    expect(events.at(-1)).toMatchObject({ error: { code: 'upstream_stream_interrupted', message: expect.stringMatching(/ended before/) } });
    expect(stack.fake.requests[0]!.outcome).toBe('cut');

    const after = await post(user.apiKey, chatBody('test-model'));
    expect(after.status).toBe(200);
    expect(((await after.json()) as any).choices[0].message.content).toBe('Hello from the fake upstream.');
    const logs = await stack.waitForLogs(user.userId, 2);
    expect(logs[0]!.isStream).toBe(true);
    expect(logs[0]!.completionTokens).toBeGreaterThan(0);
  });
});
