import { InternalError } from '@modelgate/runtime';
import { resolveChannelType } from '../registry';
import type { BuildRequestInput, UpstreamChannel } from '../types';
import { buildOpenAIRequest } from './request';

function channel(type: number, overrides: Partial<UpstreamChannel> = {}): UpstreamChannel {
  return { id: 9, type, key: 'sk-up', base_url: '', other: '', openai_organization: null, created_time: 1_750_000_000, ...overrides };
}

/** Builds the upstream request for a JSON body given as text (kept byte for byte). */
function build(type: number, text: string, overrides: Partial<BuildRequestInput> = {}) {
  const body = Buffer.from(text);
  const json = JSON.parse(text) as Record<string, unknown>;
  return buildOpenAIRequest(resolveChannelType(type).type, {
    channel: channel(type),
    operation: 'chat/completions',
    body,
    json,
    upstreamModel: typeof json['model'] === 'string' ? json['model'] : 'gpt-4o',
    stream: json['stream'] === true,
    forceStreamUsage: true,
    ...overrides,
  });
}

const CHAT = '{"model":"gpt-4o",  "messages":[{"role":"user","content":"\\u4f60\\u597d"}], "temperature":1.0}';

describe('upstream URL and headers', () => {
  it('OpenAI: {base}/v1/{endpoint}, bearer key, organization, client query kept', () => {
    const request = build(1, CHAT, {
      channel: channel(1, { openai_organization: 'org-1' }),
      query: 'foo=bar',
    });
    expect(request.url).toBe('https://api.openai.com/v1/chat/completions?foo=bar');
    expect(request.headers).toEqual({
      'Content-Type': 'application/json',
      Authorization: 'Bearer sk-up',
      'OpenAI-Organization': 'org-1',
    });
  });

  it("uses the channel's base URL without its trailing slashes, and asks for SSE when streaming", () => {
    const request = build(1, '{"model":"gpt-4o","stream":true,"stream_options":{"include_usage":true}}', {
      channel: channel(1, { base_url: ' https://proxy.example.com// ' }),
    });
    expect(request.url).toBe('https://proxy.example.com/v1/chat/completions');
    expect(request.headers['Accept']).toBe('text/event-stream');
  });

  it("forwards the client's Accept", () => {
    expect(build(1, CHAT, { accept: 'application/json' }).headers['Accept']).toBe('application/json');
  });

  it('Custom (8): the base URL verbatim, {model} replaced, whatever the endpoint', () => {
    const custom = channel(8, { base_url: 'https://llm.internal/api/{model}/chat?x=1' });
    expect(build(8, CHAT, { channel: custom, query: 'ignored=1' }).url).toBe('https://llm.internal/api/gpt-4o/chat?x=1');
    expect(build(8, '{"model":"e5","input":"x"}', { channel: custom, operation: 'embeddings' }).url).toBe(
      'https://llm.internal/api/e5/chat?x=1',
    );
  });

  it('Azure (3): deployment URL, api-version from the channel, api-key header', () => {
    const azure = channel(3, { base_url: 'https://res.openai.azure.com', other: '2024-10-21' });
    const request = build(3, CHAT, { channel: azure });
    expect(request.url).toBe('https://res.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21');
    expect(request.headers).toEqual({ 'Content-Type': 'application/json', 'api-key': 'sk-up' });
  });

  it("Azure: the client's api-version wins, the default fills in, embeddings keep their path", () => {
    const azure = channel(3, { base_url: 'https://res.openai.azure.com', other: '2024-10-21' });
    expect(build(3, CHAT, { channel: azure, query: 'api-version=2025-01-01-preview' }).url).toBe(
      'https://res.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2025-01-01-preview',
    );
    expect(build(3, '{"model":"text-embedding-3-small","input":"a"}', {
      channel: channel(3, { base_url: 'https://res.openai.azure.com' }),
      operation: 'embeddings',
    }).url).toBe(
      'https://res.openai.azure.com/openai/deployments/text-embedding-3-small/embeddings?api-version=2024-12-01-preview',
    );
  });

  it('Azure: channels from before 2025-05-10 drop the dots of the deployment name, newer ones keep them', () => {
    const json = '{"model":"gpt-3.5-turbo"}';
    const old = channel(3, { base_url: 'https://r.openai.azure.com', other: 'v', created_time: 1_700_000_000 });
    const recent = channel(3, { base_url: 'https://r.openai.azure.com', other: 'v', created_time: 1_746_835_200 });
    expect(build(3, json, { channel: old }).url).toBe('https://r.openai.azure.com/openai/deployments/gpt-35-turbo/chat/completions?api-version=v');
    expect(build(3, json, { channel: recent }).url).toBe('https://r.openai.azure.com/openai/deployments/gpt-3.5-turbo/chat/completions?api-version=v');
  });

  it('Cloudflare AI Gateway bases drop the path prefix the gateway implies', () => {
    const openai = channel(1, { base_url: 'https://gateway.ai.cloudflare.com/v1/acct/gw/openai' });
    expect(build(1, CHAT, { channel: openai }).url).toBe('https://gateway.ai.cloudflare.com/v1/acct/gw/openai/chat/completions');
    const azure = channel(3, { base_url: 'https://gateway.ai.cloudflare.com/v1/acct/gw/azure-openai/res', other: 'v1' });
    expect(build(3, CHAT, { channel: azure }).url).toBe(
      'https://gateway.ai.cloudflare.com/v1/acct/gw/azure-openai/res/gpt-4o/chat/completions?api-version=v1',
    );
  });

  it.each([
    [43, 'https://api.deepseek.com/v1/chat/completions'],
    [45, 'https://ark.cn-beijing.volces.com/api/v3/chat/completions'],
    [46, 'https://qianfan.baidubce.com/v2/chat/completions'],
    [35, 'https://api.minimax.chat/v1/text/chatcompletion_v2'],
    [20, 'https://openrouter.ai/api/v1/chat/completions'],
    [22, 'https://fastgpt.run/api/openapi/v1/chat/completions'],
    [4, 'http://localhost:11434/v1/chat/completions'],
  ])('catalogue vendor %i → %s', (type, url) => {
    expect(build(type, CHAT, { channel: channel(type) }).url).toBe(url);
  });

  it("adds a vendor's static headers (OpenRouter) and no organization outside OpenAI", () => {
    const headers = build(20, CHAT, { channel: channel(20, { openai_organization: 'org-1' }) }).headers;
    expect(headers).toEqual({
      'Content-Type': 'application/json',
      Authorization: 'Bearer sk-up',
      'HTTP-Referer': 'https://modelgate.dev',
      'X-Title': 'Modelgate',
    });
  });

  it('sends no Authorization when the key is empty (a local Ollama)', () => {
    expect(build(4, CHAT, { channel: channel(4, { key: '  ' }) }).headers['Authorization']).toBeUndefined();
  });

  it('refuses a channel with no base URL and no default, as a local fault', () => {
    expect(() => build(47, CHAT, { channel: channel(47) })).toThrow(InternalError);
    expect(() => build(47, CHAT, { channel: channel(47) })).toThrow('channel #9 (Xinference) has no base URL');
  });
});

describe('upstream body', () => {
  it("passes the client's bytes through untouched when nothing must change", () => {
    const request = build(1, CHAT);
    expect(request.bodyRewritten).toBe(false);
    expect(Buffer.from(request.body).toString()).toBe(CHAT);
    expect(request.streamUsageRequested).toBe(false);
  });

  it('returns the very buffer it was given (no copy)', () => {
    const body = Buffer.from(CHAT);
    const request = build(1, CHAT, { body });
    expect(request.body).toBe(body);
  });

  it('rewrites the model when it is mapped, keeping the other fields in order', () => {
    const request = build(1, CHAT, { upstreamModel: 'gpt-4o-2024-08-06' });
    expect(request.bodyRewritten).toBe(true);
    expect(Buffer.from(request.body).toString()).toBe(
      '{"model":"gpt-4o-2024-08-06","messages":[{"role":"user","content":"你好"}],"temperature":1}',
    );
  });

  it('adds the model when the body has none (a defaulted model)', () => {
    const request = build(1, '{"prompt":"a cat"}', { operation: 'images/generations', upstreamModel: 'dall-e-2' });
    expect(Buffer.from(request.body).toString()).toBe('{"prompt":"a cat","model":"dall-e-2"}');
  });

  it('forces include_usage on a stream whose upstream accepts stream_options', () => {
    const request = build(1, '{"model":"gpt-4o","stream":true,"stream_options":{"x":1}}');
    expect(Buffer.from(request.body).toString()).toBe(
      '{"model":"gpt-4o","stream":true,"stream_options":{"x":1,"include_usage":true}}',
    );
    expect(request).toMatchObject({ bodyRewritten: true, streamUsageRequested: true, clientRequestedUsage: false });
  });

  it('passes a stream through when the client already asked for usage', () => {
    const text = '{"model":"gpt-4o","stream":true,"stream_options":{"include_usage":true}}';
    const request = build(1, text);
    expect(Buffer.from(request.body).toString()).toBe(text);
    expect(request).toMatchObject({ bodyRewritten: false, streamUsageRequested: true, clientRequestedUsage: true });
  });

  it('leaves a stream alone when forcing is off', () => {
    const request = build(1, '{"model":"gpt-4o","stream":true}', { forceStreamUsage: false });
    expect(request).toMatchObject({ bodyRewritten: false, streamUsageRequested: false, clientRequestedUsage: false });
  });

  it('removes stream_options for an upstream that does not accept them', () => {
    const request = build(42, '{"model":"mistral-small","stream":true,"stream_options":{"include_usage":true}}');
    expect(Buffer.from(request.body).toString()).toBe('{"model":"mistral-small","stream":true}');
    expect(request).toMatchObject({ bodyRewritten: true, streamUsageRequested: false, clientRequestedUsage: true });
  });

  it('does not touch a stream without stream_options on such an upstream', () => {
    const text = '{"model":"mistral-small","stream":true}';
    expect(Buffer.from(build(42, text).body).toString()).toBe(text);
  });

  it('asks DeepSeek for its usage in streams, as its API documents', () => {
    const request = build(43, '{"model":"deepseek-chat","stream":true}');
    expect(Buffer.from(request.body).toString()).toBe('{"model":"deepseek-chat","stream":true,"stream_options":{"include_usage":true}}');
    expect(request).toMatchObject({ streamUsageRequested: true, clientRequestedUsage: false });
  });

  it('never adds stream_options to endpoints that do not stream', () => {
    const text = '{"model":"text-embedding-3-small","input":"hi"}';
    const request = build(1, text, { operation: 'embeddings', stream: true });
    expect(request.bodyRewritten).toBe(false);
  });
});

describe('multipart bodies', () => {
  const boundary = '----b0undary';
  const contentType = `multipart/form-data; boundary=${boundary}`;
  const audio = Buffer.from([0x00, 0xff, 0x0d, 0x0a, 0x2d, 0x2d, 0x80, 0xe4, 0xbd]);
  const form = (fields: string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="model"\r\nContent-Type: audio/mpeg\r\n\r\n`),
      audio,
      Buffer.from(`\r\n${fields}--${boundary}--\r\n`),
    ]);
  const modelPart = (model: string) => `--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\n${model}\r\n`;
  const transcribe = (body: Buffer, upstreamModel: string) =>
    buildOpenAIRequest(resolveChannelType(1).type, {
      channel: channel(1),
      operation: 'audio/transcriptions',
      body,
      contentType,
      upstreamModel,
      stream: false,
      forceStreamUsage: true,
    });

  it('forwards the form untouched, with its content type, when the model is unchanged', () => {
    const body = form(modelPart('whisper-1'));
    const request = transcribe(body, 'whisper-1');
    expect(request.body).toBe(body);
    expect(request.headers['Content-Type']).toBe(contentType);
    expect(request.url).toBe('https://api.openai.com/v1/audio/transcriptions');
  });

  it('replaces a mapped model and keeps the audio bytes', () => {
    const request = transcribe(form(modelPart('whisper-1')), 'whisper-large-v3');
    expect(request.bodyRewritten).toBe(true);
    expect(Buffer.from(request.body).equals(form(modelPart('whisper-large-v3')))).toBe(true);
  });

  it('adds the model field when the form has none', () => {
    const request = transcribe(form(''), 'whisper-1');
    expect(Buffer.from(request.body).equals(form(modelPart('whisper-1')))).toBe(true);
  });
});

describe('reasoning-model rewrites', () => {
  it('sends an o-series chat body without max_tokens and temperature, whatever the client sent', () => {
    const text = '{"model":"o3-mini-high","messages":[{"role":"system","content":"s"}],"max_tokens":64,"temperature":0.3}';
    const request = build(1, text);
    expect(request.bodyRewritten).toBe(true);
    expect(JSON.parse(Buffer.from(request.body).toString('utf8'))).toEqual({
      model: 'o3-mini',
      messages: [{ role: 'developer', content: 's' }],
      max_completion_tokens: 64,
      reasoning_effort: 'high',
    });
  });

  it('keeps the bytes of an ordinary model the client already shaped', () => {
    expect(build(1, CHAT).bodyRewritten).toBe(false);
  });
});
