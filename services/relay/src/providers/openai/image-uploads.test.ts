import { UnsupportedOperationError } from '@modelgate/runtime';
import { readMultipartField } from '../../protocols/openai/multipart';
import { resolveChannelType } from '../registry';
import type { UpstreamChannel } from '../types';
import { buildOpenAIRequest, supportsOpenAIEndpoint } from './request';

const BOUNDARY = 'up-b0undary';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const FILE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x2d, 0x2d, 0xff, 0x00]);
const BODY = Buffer.concat([
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
  FILE,
  Buffer.from(`\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nadd a hat\r\n--${BOUNDARY}--\r\n`),
]);

function channel(type: number, overrides: Partial<UpstreamChannel> = {}): UpstreamChannel {
  return { id: 4, type, key: 'sk-up', base_url: '', other: '', openai_organization: null, created_time: 1_750_000_000, ...overrides };
}

function build(type: number, operation: 'images/edits' | 'images/variations', upstreamModel: string, overrides: Partial<UpstreamChannel> = {}) {
  return buildOpenAIRequest(resolveChannelType(type).type, {
    channel: channel(type, overrides),
    operation,
    body: BODY,
    contentType: CONTENT_TYPE,
    upstreamModel,
    stream: false,
    forceStreamUsage: false,
  });
}

describe('image edits and variations upstream', () => {
  it('OpenAI: /v1/images/edits with the client multipart bytes and content type, the model added when the form named none', () => {
    const request = build(1, 'images/edits', 'gpt-image-1');
    expect(request.url).toBe('https://api.openai.com/v1/images/edits');
    expect(request.headers['Content-Type']).toBe(CONTENT_TYPE);
    const sent = Buffer.from(request.body);
    expect(readMultipartField(sent, CONTENT_TYPE, 'model')).toBe('gpt-image-1');
    expect(readMultipartField(sent, CONTENT_TYPE, 'prompt')).toBe('add a hat');
    // The file's bytes are untouched.
    expect(sent.includes(FILE)).toBe(true);
    expect(sent.length).toBe(BODY.length + `--${BOUNDARY}\r\nContent-Disposition: form-data; name="model"\r\n\r\ngpt-image-1\r\n`.length);
  });

  it('OpenAI: /v1/images/variations', () => {
    expect(build(1, 'images/variations', 'dall-e-2').url).toBe('https://api.openai.com/v1/images/variations');
  });

  it('Azure: edits at the deployment with the api-version, no variations at all', () => {
    const azure = { base_url: 'https://res.openai.azure.com', other: '2025-04-01-preview' };
    expect(build(3, 'images/edits', 'gpt-image-1', azure).url).toBe(
      'https://res.openai.azure.com/openai/deployments/gpt-image-1/images/edits?api-version=2025-04-01-preview',
    );
    const type = resolveChannelType(3).type;
    expect(supportsOpenAIEndpoint(type, 'images/edits')).toBe(true);
    expect(supportsOpenAIEndpoint(type, 'images/variations')).toBe(false);
    expect(() => build(3, 'images/variations', 'dall-e-2', azure)).toThrow(UnsupportedOperationError);
  });

  it('a vendor keeping to its own endpoints does not take them (Zhipu: generations only)', () => {
    const zhipu = resolveChannelType(26).type;
    expect(supportsOpenAIEndpoint(zhipu, 'images/generations')).toBe(true);
    expect(supportsOpenAIEndpoint(zhipu, 'images/edits')).toBe(false);
    expect(supportsOpenAIEndpoint(zhipu, 'images/variations')).toBe(false);
  });
});
