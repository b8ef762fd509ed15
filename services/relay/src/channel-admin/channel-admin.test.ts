import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChannelEntity } from '@modelgate/db';
import { PreconditionFailedError, ValidationError } from '@modelgate/runtime';
import { OutboundPolicy } from '@modelgate/runtime/outbound';
import { toChannelMessage, toTagGroup } from './channel-message';
import { ADDRESS_REFUSED, type FetchModelsOptions, fetchUpstreamModels as fetchModels, modelIdsOf, modelsUrlOf, type UpstreamModelsTarget } from './fetch-upstream-models';

const channel = (fields: Partial<ChannelEntity>): ChannelEntity =>
  ({
    id: 1,
    type: 1,
    name: 'c',
    key: 'sk-secret',
    openai_organization: null,
    test_model: null,
    status: 1,
    weight: 0,
    created_time: 1,
    test_time: 0,
    response_time: 0,
    base_url: null,
    other: '',
    balance: 0,
    balance_updated_time: 0,
    models: 'm',
    group: 'default',
    used_quota: 0,
    model_mapping: null,
    status_code_mapping: null,
    priority: 0,
    auto_ban: 1,
    other_info: '',
    tag: null,
    setting: null,
    param_override: null,
    max_input_tokens: 0,
    source: 'console',
    external_ref: null,
    ...fields,
  }) as ChannelEntity;

describe('channel messages', () => {
  it('leave the key out unless asked, and read nullable columns as empty strings', () => {
    const message = toChannelMessage(channel({}));
    expect(message).not.toHaveProperty('key');
    expect(message).toMatchObject({ base_url: '', model_mapping: '', tag: '', external_ref: '' });
    expect(toChannelMessage(channel({ external_ref: 'k8s:a/b' }), true)).toMatchObject({ key: 'sk-secret', external_ref: 'k8s:a/b' });
  });

  it('aggregate a tag: groups combined in order, quota summed, time averaged, shared values only', () => {
    const group = toTagGroup('t', [
      channel({ id: 1, group: 'vip,default', used_quota: 10, response_time: 100, priority: 3, weight: 2 }),
      channel({ id: 2, group: 'default, svip', used_quota: 5, response_time: 201, priority: 4, weight: 2, status: 2 }),
    ]);
    expect(group).toMatchObject({ tag: 't', group: 'vip,default,svip', used_quota: 15, response_time: 151, weight: 2 });
    expect(group).not.toHaveProperty('priority');
    expect(group).not.toHaveProperty('status');
    expect(group.children).toHaveLength(2);
    expect(group.children!.every((child) => child.key === undefined)).toBe(true);
  });
});

describe('upstream model listing', () => {
  let server: Server;
  let base: string;
  let hits = 0;
  // The test's upstream is on loopback: allowed here as a root would allow a local model server.
  const allowLoopback = new OutboundPolicy({ allowedRanges: () => '127.0.0.1' });
  const fetchUpstreamModels = (target: UpstreamModelsTarget, options?: FetchModelsOptions) =>
    fetchModels(target, allowLoopback, options);
  let answer: (
    res: import('node:http').ServerResponse,
    auth: string | undefined,
    url: string,
    request: import('node:http').IncomingMessage,
  ) => void;

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      answer(res, req.headers.authorization, req.url ?? '', req);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await allowLoopback.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads the ids of an OpenAI-shaped list, with the first line of the key as bearer', async () => {
    let seen: [string | undefined, string] = [undefined, ''];
    answer = (res, auth, url) => {
      seen = [auth, url];
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'a' }, { id: 'b' }, { id: 'a' }, { nope: 1 }] }));
    };
    expect(await fetchUpstreamModels({ type: 1, baseUrl: `${base}/`, key: '\nsk-1\nsk-2' })).toEqual(['a', 'b']);
    expect(seen).toEqual(['Bearer sk-1', '/v1/models']);
    await fetchUpstreamModels({ type: 24, baseUrl: base, key: 'g' });
    expect(seen[1]).toBe('/v1beta/models');
  });

  it('lists a Gemini channel’s models page by page with Google’s key header, without the models/ of their names', async () => {
    const seen: Array<[string, unknown]> = [];
    answer = (res, _auth, url, request) => {
      seen.push([url, request.headers['x-goog-api-key']]);
      res.setHeader('content-type', 'application/json');
      const second = url.includes('pageToken=next%201');
      res.end(JSON.stringify(second ? { models: [{ name: 'models/gemini-b' }, { name: 'models/gemini-a' }] } : { models: [{ name: 'models/gemini-a' }, { nope: 1 }], nextPageToken: 'next 1' }));
    };
    expect(await fetchUpstreamModels({ type: 24, baseUrl: base, key: 'AIza-1' })).toEqual(['gemini-a', 'gemini-b']);
    expect(seen.map(([, key]) => key)).toEqual(['AIza-1', 'AIza-1']);
    expect(seen[1]![0]).toMatch(/[?&]pageToken=next%201$/);
    expect(modelIdsOf('{"models":[{"name":"models/x"}]}')).toEqual(['x']);
  });

  it('lists an Anthropic channel’s models with its own key header, and says Bedrock offers no listing', async () => {
    let headers: Record<string, unknown> = {};
    answer = (res, _auth, _url, request) => {
      headers = request.headers;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: [{ type: 'model', id: 'claude-x' }], has_more: false }));
    };
    expect(await fetchUpstreamModels({ type: 14, baseUrl: base, key: 'sk-ant' })).toEqual(['claude-x']);
    expect(headers).toMatchObject({ 'x-api-key': 'sk-ant', 'anthropic-version': '2023-06-01' });
    await expect(fetchUpstreamModels({ type: 33, baseUrl: '', key: 'a|b|c' })).rejects.toThrow('获取模型列表失败：该渠道类型的上游不提供模型列表，请手动填写模型');
  });

  it('refuses with readable messages: no key, refusal, timeout, not a list', async () => {
    await expect(fetchUpstreamModels({ type: 1, baseUrl: base, key: ' ' })).rejects.toThrow(new ValidationError('请填写密钥'));
    await expect(fetchUpstreamModels({ type: 8, baseUrl: '', key: 'k' })).rejects.toThrow('请填写渠道的 API 地址');
    answer = (res) => {
      res.statusCode = 401;
      res.end(JSON.stringify({ error: { message: 'bad key' } }));
    };
    await expect(fetchUpstreamModels({ type: 1, baseUrl: base, key: 'k' })).rejects.toThrow('获取模型列表失败：上游返回 HTTP 401（bad key）');
    answer = () => undefined; // never answers
    const slow = fetchUpstreamModels({ type: 1, baseUrl: base, key: 'k' }, { timeoutMs: 200 });
    await expect(slow).rejects.toBeInstanceOf(PreconditionFailedError);
    await expect(slow).rejects.toThrow('获取模型列表失败：上游在 0.2 秒内没有响应');
    expect(() => modelIdsOf('{"data":{}}')).toThrow('获取模型列表失败：上游返回的不是模型列表');
    expect(modelsUrlOf(1, 'https://x')).toBe('https://x/v1/models');
  });

  it('refuses loopback, private and metadata addresses unless the root allows them, saying nothing of them', async () => {
    const defaults = new OutboundPolicy({ allowedRanges: () => '' });
    try {
      hits = 0;
      answer = (res) => {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: { message: 'internal service banner v1.2' } }));
      };
      for (const address of [base, base.replace('127.0.0.1', 'localhost'), 'http://169.254.169.254', 'http://10.0.0.7:6379']) {
        const refused = fetchModels({ type: 1, baseUrl: address, key: 'sk-secret' }, defaults, { timeoutMs: 2_000 });
        await expect(refused).rejects.toThrow(`获取模型列表失败：${ADDRESS_REFUSED}`);
      }
      expect(hits).toBe(0);
    } finally {
      await defaults.close();
    }
  });

  it('says only that the upstream cannot be reached, never the network error (no port-scan oracle)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await fetchUpstreamModels({ type: 1, baseUrl: `http://127.0.0.1:${port}`, key: 'k' }).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(PreconditionFailedError);
    expect((error as Error).message).toBe('获取模型列表失败：无法连接上游');
  });
});
