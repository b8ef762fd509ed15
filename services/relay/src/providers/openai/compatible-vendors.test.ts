import { InternalError } from '@modelgate/runtime';
import { resolveChannelType } from '../registry';
import type { BuildRequestInput, UpstreamChannel, UpstreamOperation } from '../types';

// Vendors with an API of their own whose OpenAI-compatible mode the catalogue points at: the
// registry hands them the openai adapter, which addresses and authenticates them from the
// catalogue's data alone.

function channel(type: number, overrides: Partial<UpstreamChannel> = {}): UpstreamChannel {
  return { id: 7, type, key: 'vendor-key', base_url: '', other: '', openai_organization: null, created_time: 1_750_000_000, ...overrides };
}

function build(type: number, json: Record<string, unknown>, overrides: Partial<BuildRequestInput> = {}) {
  const { type: entry, adapter } = resolveChannelType(type);
  return adapter.buildRequest(entry, {
    channel: channel(type),
    operation: 'chat/completions',
    body: Buffer.from(JSON.stringify(json)),
    json,
    upstreamModel: String(json['model']),
    stream: json['stream'] === true,
    forceStreamUsage: true,
    ...overrides,
  });
}

const chat = (model: string) => ({ model, messages: [{ role: 'user', content: 'hi' }] });
const embed = (model: string) => ({ model, input: 'hi' });

describe('OpenAI-compatible modes of vendors with an API of their own', () => {
  it.each([
    [17, chat('qwen-plus'), 'chat/completions', 'https://dashscope.aliyuncs.com/compatible-mode/v1/chat/completions'],
    [17, embed('text-embedding-v3'), 'embeddings', 'https://dashscope.aliyuncs.com/compatible-mode/v1/embeddings'],
    [18, chat('generalv3.5'), 'chat/completions', 'https://spark-api-open.xf-yun.com/v1/chat/completions'],
    [23, chat('hunyuan-turbos-latest'), 'chat/completions', 'https://api.hunyuan.cloud.tencent.com/v1/chat/completions'],
    [26, chat('glm-4-flash'), 'chat/completions', 'https://open.bigmodel.cn/api/paas/v4/chat/completions'],
    [34, chat('command-r'), 'chat/completions', 'https://api.cohere.ai/compatibility/v1/chat/completions'],
    [34, embed('embed-english-v3.0'), 'embeddings', 'https://api.cohere.ai/compatibility/v1/embeddings'],
    [34, { model: 'rerank-english-v3.0', query: 'q', documents: ['a'] }, 'rerank', 'https://api.cohere.ai/v1/rerank'],
  ] as const)('type %i: %s to %s reaches %s with the key as a bearer token', async (type, json, operation, url) => {
    const request = await build(type, json, { operation });
    expect(request.url).toBe(url);
    expect(request.headers['Authorization']).toBe('Bearer vendor-key');
    expect(JSON.parse(Buffer.from(request.body).toString())).toMatchObject(json);
  });

  it("Cloudflare: the account id from the channel's other field is part of the path", async () => {
    const cloudflare = channel(39, { other: ' acc-123 ' });
    const request = await build(39, chat('@cf/meta/llama-3.1-8b-instruct'), { channel: cloudflare });
    expect(request.url).toBe('https://api.cloudflare.com/client/v4/accounts/acc-123/ai/v1/chat/completions');
    expect(request.headers['Authorization']).toBe('Bearer vendor-key');
    const embeddings = await build(39, embed('@cf/baai/bge-base-en-v1.5'), { channel: cloudflare, operation: 'embeddings' });
    expect(embeddings.url).toBe('https://api.cloudflare.com/client/v4/accounts/acc-123/ai/v1/embeddings');
    // An account id cannot leave its path segment.
    const odd = await build(39, chat('m'), { channel: channel(39, { other: 'a/../b?x' }) });
    expect(odd.url).toBe('https://api.cloudflare.com/client/v4/accounts/a%2F..%2Fb%3Fx/ai/v1/chat/completions');
  });

  it('Cloudflare without an account id is a local fault, before any call', () => {
    expect(() => build(39, chat('m'))).toThrow(InternalError);
    expect(() => build(39, chat('m'))).toThrow('channel #7 (Cloudflare) has no Account id');
  });

  it("a regional DashScope host in the channel's base URL keeps the compatible-mode path", async () => {
    const intl = channel(17, { base_url: 'https://dashscope-intl.aliyuncs.com/' });
    expect((await build(17, chat('qwen-plus'), { channel: intl })).url).toBe(
      'https://dashscope-intl.aliyuncs.com/compatible-mode/v1/chat/completions',
    );
  });

  it('DashScope streams are asked for their usage; the others have stream_options removed', async () => {
    const body = async (type: number) => {
      const request = await build(type, { ...chat('m'), stream: true, stream_options: { include_usage: false } }, { channel: channel(type, { other: 'acc' }) });
      return JSON.parse(Buffer.from(request.body).toString()) as Record<string, unknown>;
    };
    expect((await body(17))['stream_options']).toEqual({ include_usage: true });
    for (const type of [18, 23, 26, 34, 39]) expect({ type, options: (await body(type))['stream_options'] }).toEqual({ type, options: undefined });
  });

  it('offers only the endpoints each compatible API has', () => {
    const supports = (type: number, operation: UpstreamOperation) => {
      const { type: entry, adapter } = resolveChannelType(type);
      return adapter.supports(entry, operation);
    };
    expect(['chat/completions', 'embeddings', 'images/generations'].map((op) => supports(18, op as UpstreamOperation))).toEqual([true, false, false]);
    expect(['chat/completions', 'embeddings', 'rerank', 'audio/speech'].map((op) => supports(34, op as UpstreamOperation))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(['chat/completions', 'embeddings', 'images/generations'].map((op) => supports(26, op as UpstreamOperation))).toEqual([true, true, true]);
  });
});
