import { UnsupportedOperationError } from '@modelgate/runtime';
import { resolveChannelType } from '../registry';
import type { BuildRequestInput, UpstreamChannel } from '../types';
import { buildOpenAIRequest, buildStoredResponseRequest } from './request';

function channel(type: number, overrides: Partial<UpstreamChannel> = {}): UpstreamChannel {
  return { id: 9, type, key: 'sk-up', base_url: '', other: '', openai_organization: null, created_time: 1_750_000_000, ...overrides };
}

const AZURE = { base_url: 'https://res.openai.azure.com', other: '2024-10-21' };
const BODY = '{"model":"gpt-4.1",  "input":"hi", "stream":true, "stream_options":{"include_obfuscation":false}}';

function build(type: number, overrides: Partial<BuildRequestInput> = {}) {
  return buildOpenAIRequest(resolveChannelType(type).type, {
    channel: channel(type, type === 3 ? AZURE : {}),
    operation: 'responses',
    body: Buffer.from(BODY),
    json: JSON.parse(BODY) as Record<string, unknown>,
    upstreamModel: 'gpt-4.1',
    stream: true,
    forceStreamUsage: true,
    ...overrides,
  });
}

describe('Responses API upstream calls', () => {
  it('OpenAI: {base}/v1/responses with the client’s bytes untouched (its own stream_options kept)', () => {
    const request = build(1, { query: 'x=1' });
    expect(request.url).toBe('https://api.openai.com/v1/responses?x=1');
    expect(request.bodyRewritten).toBe(false);
    expect(Buffer.from(request.body).toString()).toBe(BODY);
    expect(request.headers).toMatchObject({ Authorization: 'Bearer sk-up', Accept: 'text/event-stream' });
    expect(build(1, { operation: 'responses/compact' }).url).toBe('https://api.openai.com/v1/responses/compact');
  });

  it('rewrites the body only for a mapped model', () => {
    const request = build(1, { upstreamModel: 'gpt-5' });
    expect(request.bodyRewritten).toBe(true);
    expect(JSON.parse(Buffer.from(request.body).toString())).toEqual({ ...JSON.parse(BODY), model: 'gpt-5' });
  });

  it('Azure: its v1 API (/openai/v1/responses), the deployment in the body, the api-key header', () => {
    const request = build(3, { upstreamModel: 'my-deployment' });
    expect(request.url).toBe('https://res.openai.azure.com/openai/v1/responses');
    expect(request.headers['api-key']).toBe('sk-up');
    expect(JSON.parse(Buffer.from(request.body).toString())['model']).toBe('my-deployment');
    const old = build(3, { channel: channel(3, { ...AZURE, created_time: 1_700_000_000 }), upstreamModel: 'gpt-4.1' });
    expect(JSON.parse(Buffer.from(old.body).toString())['model']).toBe('gpt-41');
    expect(() => build(3, { operation: 'responses/compact' })).toThrow(UnsupportedOperationError);
  });

  it('refuses a vendor that does not serve the Responses API', () => {
    expect(() => build(43)).toThrow(UnsupportedOperationError);
  });

  it.each([
    [{ method: 'GET', suffix: '' }, '/v1/responses/resp_1?include%5B%5D=x'],
    [{ method: 'DELETE', suffix: '' }, '/v1/responses/resp_1?include%5B%5D=x'],
    [{ method: 'POST', suffix: '/cancel' }, '/v1/responses/resp_1/cancel?include%5B%5D=x'],
    [{ method: 'GET', suffix: '/input_items' }, '/v1/responses/resp_1/input_items?include%5B%5D=x'],
  ] as const)('a stored response’s %j call goes below its id with the channel’s key', (call, path) => {
    const request = buildStoredResponseRequest(resolveChannelType(1).type, channel(1), 'resp_1', call, 'include%5B%5D=x');
    expect(request).toMatchObject({ url: `https://api.openai.com${path}`, method: call.method, headers: { Authorization: 'Bearer sk-up' } });
    expect(request.body.byteLength).toBe(0);
    const azure = buildStoredResponseRequest(resolveChannelType(3).type, channel(3, AZURE), 'resp/1', call, undefined);
    expect(azure.url).toBe(`https://res.openai.azure.com/openai/v1/responses/resp%2F1${call.suffix}`);
  });
});
