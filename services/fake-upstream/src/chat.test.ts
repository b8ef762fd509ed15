import { type FakeUpstream, startFakeUpstream } from './server';
import { chat, post, readUntilEnd, sseEvents, until } from './test-helpers.test-support';

type Json = Record<string, any>;

describe('fake upstream: chat and legacy completions', () => {
  let fake: FakeUpstream;

  beforeAll(async () => {
    fake = await startFakeUpstream();
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  const streamOf = async (body: unknown, headers: Record<string, string> = {}) => {
    const res = await post(fake, '/v1/chat/completions', body, headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    return sseEvents(await res.text());
  };

  it('answers a chat completion with the model echoed and realistic usage', async () => {
    const res = await post(fake, '/v1/chat/completions', chat('gpt-4o-mini'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = (await res.json()) as Json;
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o-mini',
      choices: [
        { index: 0, message: { role: 'assistant', content: 'Hello from the fake upstream.' }, finish_reason: 'stop' },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 6, total_tokens: 16 },
    });
    expect(body.id).toMatch(/^chatcmpl-\S+$/);
    expect(Math.abs(body.created - Date.now() / 1000)).toBeLessThan(5);
    expect(body.usage.prompt_tokens_details).toBeUndefined();
  });

  it('gives every response its own id', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add(((await (await post(fake, '/v1/chat/completions', chat())).json()) as Json).id);
    expect(ids.size).toBe(5);
  });

  it('reports programmed text, token counts and cached tokens', async () => {
    const res = await post(fake, '/v1/chat/completions', chat(), {
      'x-fake-text': 'Programmed answer.',
      'x-fake-prompt-tokens': '120',
      'x-fake-completion-tokens': '30',
      'x-fake-cached-tokens': '100',
      'x-fake-finish-reason': 'length',
    });
    const body = (await res.json()) as Json;
    expect(body.choices[0]).toMatchObject({ message: { content: 'Programmed answer.' }, finish_reason: 'length' });
    expect(body.usage).toEqual({
      prompt_tokens: 120,
      completion_tokens: 30,
      total_tokens: 150,
      prompt_tokens_details: { cached_tokens: 100 },
    });
  });

  it('leaves usage out of the body with x-fake-usage: none', async () => {
    const body = (await (await post(fake, '/v1/chat/completions', chat(), { 'x-fake-usage': 'none' })).json()) as Json;
    expect(body).not.toHaveProperty('usage');
  });

  it('streams chunks in SSE framing, ending with [DONE], and no usage unless asked', async () => {
    const { chunks, done } = await streamOf(chat('gpt-4o', { stream: true }), { 'x-fake-chunks': '4' });
    expect(done).toBe(true);
    expect(chunks).toHaveLength(5); // 4 content chunks and the finish chunk
    const id = chunks[0]!.id;
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({ id, object: 'chat.completion.chunk', model: 'gpt-4o' });
      expect(chunk).not.toHaveProperty('usage');
    }
    expect((chunks[0] as Json).choices[0].delta).toEqual({ role: 'assistant', content: 'Hello' });
    expect((chunks[4] as Json).choices[0]).toEqual({ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' });
    const text = chunks.slice(0, 4).map((c) => (c as Json).choices[0].delta.content).join('');
    expect(text).toBe('Hello from the fake');
  });

  it('splits a programmed text into the programmed number of chunks', async () => {
    const { chunks } = await streamOf(chat('gpt-4o', { stream: true }), {
      'x-fake-text': 'abcdefghij',
      'x-fake-chunks': '3',
    });
    expect(chunks.slice(0, 3).map((c) => (c as Json).choices[0].delta.content)).toEqual(['abc', 'def', 'ghij']);
  });

  it('adds a usage chunk when the client sends stream_options.include_usage', async () => {
    const { chunks } = await streamOf(chat('gpt-4o', { stream: true, stream_options: { include_usage: true } }), {
      'x-fake-cached-tokens': '3',
    });
    const last = chunks[chunks.length - 1] as Json;
    expect(last.choices).toEqual([]);
    expect(last.usage).toEqual({
      prompt_tokens: 10,
      completion_tokens: 6,
      total_tokens: 16,
      prompt_tokens_details: { cached_tokens: 3 },
    });
    for (const chunk of chunks.slice(0, -1)) expect(chunk.usage).toBeNull();
  });

  it('honours the usage modes in streams', async () => {
    const asked = chat('gpt-4o', { stream: true, stream_options: { include_usage: true } });
    const none = await streamOf(asked, { 'x-fake-usage': 'none' });
    expect(none.chunks.some((c) => c.usage)).toBe(false);

    const final = await streamOf(asked, { 'x-fake-usage': 'final' });
    const last = final.chunks[final.chunks.length - 1] as Json;
    expect(last.choices[0].finish_reason).toBe('stop');
    expect(last.usage).toMatchObject({ total_tokens: 16 });

    const always = await streamOf(chat('gpt-4o', { stream: true }), { 'x-fake-usage': 'always' });
    expect((always.chunks[always.chunks.length - 1] as Json).usage).toMatchObject({ total_tokens: 16 });
  });

  it('waits x-fake-chunk-delay-ms before each chunk, sending headers at once', async () => {
    const started = Date.now();
    const res = await post(fake, '/v1/chat/completions', chat('gpt-4o', { stream: true }), {
      'x-fake-chunks': '3',
      'x-fake-chunk-delay-ms': '100',
    });
    expect(Date.now() - started).toBeLessThan(100); // before the first chunk is due
    const { chunks } = sseEvents(await res.text());
    const elapsed = Date.now() - started;
    expect(chunks).toHaveLength(4);
    expect(elapsed).toBeGreaterThanOrEqual(295);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('cuts the stream after x-fake-disconnect-after chunks, without [DONE]', async () => {
    const res = await post(fake, '/v1/chat/completions', chat('gpt-4o', { stream: true }), {
      'x-fake-chunks': '5',
      'x-fake-disconnect-after': '2',
    });
    expect(res.status).toBe(200);
    const { text, error } = await readUntilEnd(res);
    expect(String(error)).toMatch(/terminated/); // undici's word for a body cut short
    expect(text).not.toContain('[DONE]');
    expect(sseEvents(text).chunks).toHaveLength(2);
    await until(() => fake.requests[0]?.outcome === 'cut');
    expect(fake.requests[0]!.chunksSent).toBe(2);
  });

  it('cuts a delayed stream too', async () => {
    const res = await post(fake, '/v1/chat/completions', chat('gpt-4o', { stream: true }), {
      'x-fake-chunk-delay-ms': '10',
      'x-fake-disconnect-after': '1',
    });
    const { text, error } = await readUntilEnd(res);
    expect(error).toBeDefined();
    expect(sseEvents(text).chunks).toHaveLength(1);
  });

  it('records a client that goes away mid-stream and stops sending', async () => {
    const abort = new AbortController();
    const headers = { 'x-fake-chunks': '50', 'x-fake-chunk-delay-ms': '20' };
    const res = await post(fake, '/v1/chat/completions', chat('gpt-4o', { stream: true }), headers, abort.signal);
    const reader = res.body!.getReader();
    await reader.read();
    abort.abort();
    await until(() => fake.requests[0]?.outcome === 'client-aborted');
    const sent = fake.requests[0]!.chunksSent;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(fake.requests[0]!.chunksSent).toBe(sent);
    expect(sent).toBeLessThan(50);
  });

  it('answers legacy completions whole and streamed', async () => {
    const instruct = { model: 'gpt-3.5-turbo-instruct', prompt: 'Say hi' };
    const whole = (await (await post(fake, '/v1/completions', instruct)).json()) as Json;
    expect(whole).toMatchObject({
      object: 'text_completion',
      model: 'gpt-3.5-turbo-instruct',
      choices: [{ text: 'Hello from the fake upstream.', index: 0, finish_reason: 'stop' }],
      usage: { prompt_tokens: 2, completion_tokens: 6, total_tokens: 8 },
    });
    expect(whole.id).toMatch(/^cmpl-/);

    const res = await post(
      fake,
      '/v1/completions',
      { model: 'gpt-3.5-turbo-instruct', prompt: 'Say hi', stream: true, stream_options: { include_usage: true } },
      { 'x-fake-chunks': '2' },
    );
    const { chunks, done } = sseEvents(await res.text());
    expect(done).toBe(true);
    expect(chunks.map((c) => (c as Json).choices[0]?.text)).toEqual(['Hello', ' from', '', undefined]);
    expect(chunks[3]).toMatchObject({ object: 'text_completion', choices: [], usage: { completion_tokens: 2 } });
  });

  it('rejects a chat request without messages or model, as OpenAI does', async () => {
    const noMessages = await post(fake, '/v1/chat/completions', { model: 'gpt-4o' });
    expect(noMessages.status).toBe(400);
    const { error } = (await noMessages.json()) as Json;
    expect(error).toMatchObject({ param: 'messages', type: 'invalid_request_error' });
    const noModel = await post(fake, '/v1/chat/completions', { messages: [] });
    expect(noModel.status).toBe(400);
    expect(((await noModel.json()) as Json).error.message).toBe('you must provide a model parameter');
    const badJson = await post(fake, '/v1/chat/completions', '{"model": ');
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as Json).error.message).toMatch(/could not parse the JSON body/);
  });
});
