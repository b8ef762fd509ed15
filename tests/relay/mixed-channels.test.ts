// Channel lists that mix protocols, through the whole stack with the official OpenAI SDK: one
// model served by an OpenAI channel (type 1) and a Claude channel (type 14) at the same priority
// spreads over both, each call answered in OpenAI's format and billed by its upstream's formula;
// embeddings only ever route to a channel that can serve them; and a channel of a type the
// gateway does not serve (PaLM, type 11) is never listed, selected or turned into a 502.
import { BadRequestError, InternalServerError } from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { type RelayStack, startRelayStack } from '../support/relay-stack';
import { collect, expectNothingCharged, failure } from './openai-sdk-claude-support';

jest.setTimeout(30_000);

const SHARED = 'shared-model';
const CLAUDE_ONLY = 'claude-only-model';
const PALM_ONLY = 'palm-only-model';
const PALM_SHARED = 'palm-shared-model';
const INITIAL_QUOTA = 100_000_000;
const HELLO = [{ role: 'user' as const, content: 'Say hello.' }];

describe('mixed channel lists', () => {
  let stack: RelayStack;
  let openaiChannel: number;
  let claudeChannel: number;
  let palmChannel: number;

  beforeAll(async () => {
    stack = await startRelayStack();
    await stack.setOptions({
      ModelRatio: JSON.stringify({ [SHARED]: 1.5, [CLAUDE_ONLY]: 1, [PALM_ONLY]: 1, [PALM_SHARED]: 1 }),
      CompletionRatio: JSON.stringify({ [SHARED]: 3 }),
      CacheRatio: JSON.stringify({ [SHARED]: 0.25 }),
    });
    // RetryTimes stays at its default, 0: a call that fails on its channel is not retried.
    // The PaLM row goes in first, by SQL with its abilities, as the admin API would write it.
    palmChannel = await stack.seedChannel({ type: 11, baseUrl: stack.fake.url, key: 'palm-key', models: [PALM_ONLY, PALM_SHARED] });
    openaiChannel = await stack.seedChannel({ type: 1, baseUrl: stack.fake.url, key: 'sk-openai-mixed', models: [SHARED, PALM_SHARED] });
    claudeChannel = await stack.seedChannel({ type: 14, baseUrl: stack.fake.url, key: 'sk-ant-mixed', models: [SHARED, CLAUDE_ONLY] });
    const probe = await stack.userWithToken(INITIAL_QUOTA);
    await stack.waitForModels(probe.apiKey, [SHARED, CLAUDE_ONLY, PALM_SHARED]);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  beforeEach(() => stack.fake.reset());

  it('spreads 20 calls of one model over an OpenAI and a Claude channel of one priority: all succeed, in OpenAI format, each billed by its formula', async () => {
    const user = await stack.userWithToken(INITIAL_QUOTA);
    const tokens = { promptTokens: 7, completionTokens: 4, cachedTokens: 2 };
    stack.fake.program({ path: '/v1/chat/completions' }, { text: 'Answered by OpenAI.', ...tokens });
    stack.fake.program({ path: '/v1/messages' }, { text: 'Answered by Claude.', ...tokens });
    const client = stack.openai(user.apiKey);
    const texts = { [openaiChannel]: 'Answered by OpenAI.', [claudeChannel]: 'Answered by Claude.' };

    // Half whole, half streamed, five at a time.
    const answers: Array<{ requestId: string | null; text: string; stream: boolean }> = [];
    for (let batch = 0; batch < 4; batch++) {
      const calls = Array.from({ length: 5 }, async (_, i) => {
        if ((batch * 5 + i) % 2 === 0) {
          const { data, response } = await client.chat.completions.create({ model: SHARED, messages: HELLO }).withResponse();
          expect(data).toMatchObject({ object: 'chat.completion', model: SHARED, choices: [{ index: 0, finish_reason: 'stop' }] });
          expect(data.choices[0]!.message.role).toBe('assistant');
          return { requestId: response.headers.get('x-request-id'), text: data.choices[0]!.message.content ?? '', stream: false };
        }
        const { data, response } = await client.chat.completions.create({ model: SHARED, messages: HELLO, stream: true }).withResponse();
        const chunks: ChatCompletionChunk[] = await collect(data);
        for (const chunk of chunks) expect(chunk).toMatchObject({ object: 'chat.completion.chunk', model: SHARED });
        expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
        expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('stop');
        return { requestId: response.headers.get('x-request-id'), text: chunks.map((c) => c.choices[0]?.delta.content ?? '').join(''), stream: true };
      });
      answers.push(...(await Promise.all(calls)));
    }

    // Both channels took traffic (P(one unused in 20 draws) = 2^-19), and nothing was retried.
    const paths = stack.fake.requests.map((r) => r.path);
    expect(paths).toHaveLength(20);
    expect(paths).toContain('/v1/chat/completions');
    expect(paths).toContain('/v1/messages');
    expect(stack.fake.requests.filter((r) => r.path === '/v1/messages').map((r) => r.apiKey)).not.toContain('sk-openai-mixed');

    const logs = await stack.waitForLogs(user.userId, 20);
    const byRequest = new Map(logs.map((log) => [log.requestId, log]));
    for (const answer of answers) {
      const log = byRequest.get(answer.requestId!)!;
      expect(log).toBeDefined();
      expect(answer.text).toBe(texts[log.channelId]);
      expect(log.isStream).toBe(answer.stream);
      if (log.channelId === openaiChannel) {
        // OpenAI's formula: round((7 − 2 + 2 × 0.25 + 4 × 3) × 1.5) = round(26.25) = 26
        expect([log.quota, log.promptTokens, log.other.claude]).toEqual([26, 7, undefined]);
      } else {
        // Claude's (input excludes the cache): trunc((7 + 2 × 0.25 + 4 × 3) × 1.5) = trunc(29.25) = 29
        expect([log.channelId, log.quota, log.promptTokens, log.other.claude, log.other.cache_tokens]).toEqual([claudeChannel, 29, 7, true, 2]);
      }
    }
  });

  it('embeddings for a model only a Claude channel lists: a 400 no_channel_for_request in OpenAI shape, no upstream call, nothing charged', async () => {
    const user = await stack.userWithToken(INITIAL_QUOTA);
    const client = stack.openai(user.apiKey);
    const error = await failure(client.embeddings.create({ model: CLAUDE_ONLY, input: 'hello' }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.status).toBe(400);
    expect(error.error).toEqual({
      message: `当前分组 default 下模型 ${CLAUDE_ONLY} 的渠道都无法处理此类请求（model ${CLAUDE_ONLY} has no channel in group default that serves this request）`,
      type: 'invalid_request_error',
      param: 'model',
      code: 'no_channel_for_request',
    });
    // On the wire: exactly OpenAI's error object.
    const raw = await fetch(`${stack.url}/v1/embeddings`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: CLAUDE_ONLY, input: ['a', 'b'] }),
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ error: error.error });
    expect(stack.fake.requests).toEqual([]);
    // The model itself works for chat, through the Claude channel.
    const sentinel = await expectNothingCharged(stack, user, INITIAL_QUOTA, async () => {
      const ok = await client.chat.completions.create({ model: CLAUDE_ONLY, messages: HELLO }).withResponse();
      return ok.response.headers.get('x-request-id');
    });
    expect(sentinel.channelId).toBe(claudeChannel);
  });

  it('embeddings for a model an OpenAI and a Claude channel both serve route only to the OpenAI channel', async () => {
    const user = await stack.userWithToken(INITIAL_QUOTA);
    const client = stack.openai(user.apiKey);
    for (let i = 0; i < 12; i++) {
      const embedding = await client.embeddings.create({ model: SHARED, input: `text ${i}`, encoding_format: 'float' });
      expect(embedding.data).toHaveLength(1);
      expect(embedding.data[0]!.embedding).toHaveLength(16);
    }
    expect(stack.fake.requests.map((r) => [r.path, r.apiKey])).toEqual(Array(12).fill(['/v1/embeddings', 'sk-openai-mixed']));
    const logs = await stack.waitForLogs(user.userId, 12);
    expect(new Set(logs.map((l) => l.channelId))).toEqual(new Set([openaiChannel]));
  });

  it('never lists or selects a PaLM (type 11) channel: its only model gets the 503 no_available_channel, never a 502', async () => {
    const user = await stack.userWithToken(INITIAL_QUOTA);
    const client = stack.openai(user.apiKey);
    const listed = (await client.models.list()).data.map((m) => m.id);
    expect(listed).toEqual([CLAUDE_ONLY, PALM_SHARED, SHARED]);

    for (const stream of [false, true]) {
      const error = await failure(client.chat.completions.create({ model: PALM_ONLY, messages: HELLO, stream }));
      expect(error).toBeInstanceOf(InternalServerError);
      expect(error.status).toBe(503);
      expect(error.error).toEqual({
        message: `当前分组 default 下对于模型 ${PALM_ONLY} 无可用渠道`,
        type: 'server_error',
        param: null,
        code: 'no_available_channel',
      });
    }
    const embedding = await failure(client.embeddings.create({ model: PALM_ONLY, input: 'x' }));
    expect(embedding.status).toBe(503);
    expect(stack.fake.requests).toEqual([]);
    // Even an admin pinning it gets a 400, not a call that fails upstream.
    const admin = await stack.userWithToken(INITIAL_QUOTA, {}, { role: 10 });
    const pinned = await failure(stack.openai(`${admin.apiKey}-${palmChannel}`).chat.completions.create({ model: PALM_ONLY, messages: HELLO }));
    expect(pinned).toBeInstanceOf(BadRequestError);
    expect(pinned.error).toMatchObject({ code: 'channel_cannot_serve_request', type: 'invalid_request_error' });
    expect(stack.fake.requests).toEqual([]);
    await expectNothingCharged(stack, user, INITIAL_QUOTA, async () => {
      const ok = await client.chat.completions.create({ model: SHARED, messages: HELLO }).withResponse();
      return ok.response.headers.get('x-request-id');
    });
  });

  it('sends every call for a model a PaLM and an OpenAI channel share to the OpenAI channel', async () => {
    const user = await stack.userWithToken(INITIAL_QUOTA);
    const client = stack.openai(user.apiKey);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => client.chat.completions.create({ model: PALM_SHARED, messages: HELLO })),
    );
    for (const answer of answers) expect(answer.choices[0]!.message.content).toBe('Hello from the fake upstream.');
    expect(stack.fake.requests.map((r) => [r.path, r.apiKey])).toEqual(Array(12).fill(['/v1/chat/completions', 'sk-openai-mixed']));
    const logs = await stack.waitForLogs(user.userId, 12);
    expect(new Set(logs.map((l) => l.channelId))).toEqual(new Set([openaiChannel]));
  });
});
