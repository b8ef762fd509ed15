import { findChannelType } from '@modelgate/channel-types';
import { makeServiceAccountKey } from '@modelgate/fake-upstream';
import { InternalError, UnsupportedOperationError } from '@modelgate/runtime';
import type { BuildRequestInput, UpstreamChannel, UpstreamRequest } from '../types';
import { DEFAULT_GEMINI_SETTINGS } from '../../state/gemini-settings';
import { DEFAULT_CLAUDE_SETTINGS } from '../anthropic/claude-request';
import { vertexAdapter, vertexClaudeAdapter, vertexGeminiAdapter } from '.';
import { endpointOf, regionFor } from './location';
import { parseServiceAccount } from './service-account';

const vertex = findChannelType(41)!;
const key = makeServiceAccountKey({ tokenUri: 'https://oauth2.example/token', projectId: 'my-proj' });
const channel: UpstreamChannel = {
  id: 9,
  type: 41,
  key: JSON.stringify(key),
  base_url: '',
  other: JSON.stringify({ default: 'us-east5', 'gemini-2.5-flash': 'global' }),
  openai_organization: null,
  created_time: 0,
};

async function build(json: Record<string, unknown>, extra: Partial<BuildRequestInput> & { upstreamModel: string }) {
  const adapter = vertexAdapter.forModel!(extra.upstreamModel)!;
  const body = Buffer.from(JSON.stringify(json));
  const request: UpstreamRequest = await adapter.buildRequest(vertex, {
    channel,
    operation: adapter.protocol === 'anthropic' ? 'messages' : 'generateContent',
    body,
    json,
    stream: false,
    forceStreamUsage: true,
    ...extra,
  });
  return { request, body, sent: JSON.parse(Buffer.from(request.body).toString('utf8')) as Record<string, unknown> };
}

const noSafety = { ...DEFAULT_GEMINI_SETTINGS, safetySettings: [] };
const hello = { max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] };
const contents = [{ role: 'user', parts: [{ text: 'hi' }] }];

describe('the Vertex AI adapter', () => {
  it('speaks Anthropic for Claude models and Gemini for the others', () => {
    expect(vertexAdapter.forModel!('claude-sonnet-4@20250514')).toBe(vertexClaudeAdapter);
    expect(vertexAdapter.forModel!('gemini-2.5-flash')).toBe(vertexGeminiAdapter);
    expect([vertexClaudeAdapter.protocol, vertexGeminiAdapter.protocol, vertexAdapter.protocol]).toEqual(['anthropic', 'gemini', 'gemini']);
  });

  it("posts Claude's Messages body without model, with Vertex's anthropic_version, to rawPredict in the model's region", async () => {
    const { request, sent } = await build({ model: 'claude-x', ...hello }, { upstreamModel: 'claude-sonnet-4@20250514' });
    expect(request.url).toBe(
      'https://us-east5-aiplatform.googleapis.com/v1/projects/my-proj/locations/us-east5/publishers/anthropic/models/claude-sonnet-4@20250514:rawPredict',
    );
    expect(sent).toEqual({ ...hello, anthropic_version: 'vertex-2023-10-16' });
    expect(request.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(request.bodyRewritten).toBe(true);
    expect(request.accessToken).toMatchObject({ holder: 'channel:9', fingerprint: parseServiceAccount(channel.key, 9).fingerprint });
  });

  it('streams Claude at streamRawPredict with the betas as a header, and the thinking adapter applied', async () => {
    const { request, sent } = await build(
      { ...hello, stream: true },
      { upstreamModel: 'claude-opus-4-thinking', stream: true, forwarded: { anthropicBeta: 'b-1', anthropicVersion: '2023-06-01' } },
    );
    expect(request.url).toMatch(/\/publishers\/anthropic\/models\/claude-opus-4:streamRawPredict$/);
    expect(request.headers).toEqual({ 'Content-Type': 'application/json', 'anthropic-beta': 'b-1', Accept: 'text/event-stream' });
    expect(sent).toMatchObject({ stream: true, anthropic_version: 'vertex-2023-10-16', thinking: { type: 'enabled' }, max_tokens: 1280 });
    expect(sent).not.toHaveProperty('model');
  });

  it("counts Claude's tokens at count-tokens:rawPredict, the model in the body", async () => {
    const { request, sent } = await build(
      { model: 'claude-x', messages: hello.messages },
      { upstreamModel: 'claude-haiku-4-5@20251001', operation: 'messages/count_tokens' },
    );
    expect(request.url).toBe(
      'https://us-east5-aiplatform.googleapis.com/v1/projects/my-proj/locations/us-east5/publishers/anthropic/models/count-tokens:rawPredict',
    );
    expect(sent).toEqual({ messages: hello.messages, model: 'claude-haiku-4-5@20251001', anthropic_version: 'vertex-2023-10-16' });
  });

  it("sends a Gemini model the client's own bytes at its publisher path; global is served from the global host", async () => {
    const { request, body } = await build({ contents }, { upstreamModel: 'gemini-2.5-flash', settings: { claude: DEFAULT_CLAUDE_SETTINGS, gemini: noSafety } });
    expect(request.url).toBe('https://aiplatform.googleapis.com/v1/projects/my-proj/locations/global/publishers/google/models/gemini-2.5-flash:generateContent');
    expect(request.body).toBe(body);
    expect(request.bodyRewritten).toBe(false);
    expect(request.accessToken?.holder).toBe('channel:9');
    // A generation without its own safety settings gets gemini.safety_settings.
    const { sent } = await build({ contents }, { upstreamModel: 'gemini-2.5-flash' });
    expect(sent).toEqual({ contents, safetySettings: DEFAULT_GEMINI_SETTINGS.safetySettings });
  });

  it('streams Gemini as server-sent events, and takes a count request’s fields at the top without a model', async () => {
    const streamed = await build({ contents }, { upstreamModel: 'models/gemini-2.0-flash', stream: true });
    expect(streamed.request.url).toMatch(/locations\/us-east5\/publishers\/google\/models\/gemini-2\.0-flash:streamGenerateContent\?alt=sse$/);
    expect(streamed.request.headers['Accept']).toBe('text/event-stream');
    const counted = await build(
      { generateContentRequest: { model: 'models/gemini-2.0-flash', contents, systemInstruction: { parts: [{ text: 'be brief' }] } } },
      { upstreamModel: 'gemini-2.0-flash', operation: 'countTokens' },
    );
    expect(counted.request.url).toMatch(/:countTokens$/);
    expect(counted.sent).toEqual({ contents, systemInstruction: { parts: [{ text: 'be brief' }] } });
  });

  it("uses the channel's base URL as the host", async () => {
    const { request } = await build({ contents }, { upstreamModel: 'gemini-2.5-pro', channel: { ...channel, base_url: 'http://127.0.0.1:9/' } });
    expect(request.url).toBe('http://127.0.0.1:9/v1/projects/my-proj/locations/us-east5/publishers/google/models/gemini-2.5-pro:generateContent');
  });

  it('refuses operations Vertex does not offer, and misconfigured channels, before any call', async () => {
    await expect(build({ requests: [] }, { upstreamModel: 'gemini-embedding-001', operation: 'batchEmbedContents' })).rejects.toThrow(UnsupportedOperationError);
    expect(vertexGeminiAdapter.supports(vertex, 'chat/completions')).toBe(false);
    expect(vertexClaudeAdapter.supports(vertex, 'messages/count_tokens')).toBe(true);
    const broken = (fields: Partial<UpstreamChannel>) => build(hello, { upstreamModel: 'claude-x', channel: { ...channel, ...fields } });
    await expect(broken({ key: 'sk-not-json' })).rejects.toThrow(new InternalError('channel #9 has a key that is not a service-account JSON key (it is not JSON)'));
    await expect(broken({ key: JSON.stringify({ ...key, private_key: undefined }) })).rejects.toThrow(/\(private_key\)/);
    await expect(broken({ other: '' })).rejects.toMatchObject({ code: 'channel_misconfigured' });
    await expect(broken({ other: 'evil.example/x' })).rejects.toThrow(/"evil\.example\/x" is not a region name/);
  });

  it('reads the region: a plain one, the model’s in a map, else the map’s default', () => {
    expect(regionFor(' europe-west4 ', 'claude-x', 1)).toBe('europe-west4');
    expect(regionFor('{"default":"us-east5","claude-x":"europe-west1"}', 'claude-x', 1)).toBe('europe-west1');
    expect(regionFor('{"default":"us-east5","claude-x":"europe-west1"}', 'gemini-y', 1)).toBe('us-east5');
    expect(() => regionFor('{"claude-x":"europe-west1"}', 'gemini-y', 1)).toThrow(/none is set for gemini-y and no default/);
    expect(() => regionFor('{nope', 'gemini-y', 1)).toThrow(/not JSON/);
    expect(endpointOf('asia-northeast1')).toBe('https://asia-northeast1-aiplatform.googleapis.com');
  });

  it("takes Google's token URL when the key names none", () => {
    const { token_uri: _uri, ...rest } = key;
    expect(parseServiceAccount(JSON.stringify(rest), 1).tokenUri).toBe('https://oauth2.googleapis.com/token');
    expect(parseServiceAccount(JSON.stringify(key), 1).fingerprint).not.toBe(parseServiceAccount(JSON.stringify({ ...key, private_key_id: 'x' }), 1).fingerprint);
  });

  it("maps Claude's errors as Anthropic's and Google's front's by their message; Gemini's as Google's", () => {
    expect(vertexClaudeAdapter.mapError(529, JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }))).toMatchObject({
      status: 529,
      errorType: 'overloaded_error',
    });
    const quota = { error: { code: 429, message: 'Quota exceeded for aiplatform.googleapis.com', status: 'RESOURCE_EXHAUSTED' } };
    expect(vertexClaudeAdapter.mapError(429, JSON.stringify(quota))).toMatchObject({ status: 429, message: quota.error.message, errorType: 'rate_limit_error' });
    expect(vertexGeminiAdapter.mapError(429, JSON.stringify(quota))).toMatchObject({ status: 429, message: quota.error.message, errorType: 'RESOURCE_EXHAUSTED' });
  });
});
