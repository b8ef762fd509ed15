import { findChannelType } from '@modelgate/channel-types';
import { ValidationError } from '@modelgate/runtime';
import type { BuildRequestInput, ClaudeSettings } from '../types';
import { DEFAULT_CLAUDE_SETTINGS, thinkingBudget } from './claude-request';
import { anthropicAdapter } from '.';

const claude = findChannelType(14)!;
const channel = { id: 4, type: 14, key: ' sk-ant-key ', base_url: 'https://claude.example/', other: '', openai_organization: null, created_time: 0 };

function build(json: Record<string, unknown>, extra: Partial<BuildRequestInput> = {}, settings: ClaudeSettings = DEFAULT_CLAUDE_SETTINGS) {
  const body = Buffer.from(JSON.stringify(json));
  const request = anthropicAdapter.buildRequest(claude, {
    channel,
    operation: 'messages',
    body,
    json,
    upstreamModel: String(json['model']),
    stream: json['stream'] === true,
    forceStreamUsage: true,
    settings: { claude: settings },
    ...extra,
  });
  if (request instanceof Promise) throw new Error('the Anthropic adapter builds synchronously');
  return { request, body, sent: JSON.parse(Buffer.from(request.body).toString('utf8')) as Record<string, unknown> };
}

const hello = { model: 'claude-test', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] };

describe('the Anthropic adapter', () => {
  it("sends the client's own bytes to /v1/messages with the channel's key and the client's version and betas", () => {
    const { request, body } = build({ ...hello, stream: true }, { query: 'beta=true', forwarded: { anthropicVersion: '2026-10-21', anthropicBeta: 'a-1, b-2' } });
    expect(request.url).toBe('https://claude.example/v1/messages?beta=true');
    expect(request.body).toBe(body);
    expect(request.bodyRewritten).toBe(false);
    expect(request.headers).toEqual({
      'Content-Type': 'application/json',
      'x-api-key': 'sk-ant-key',
      'anthropic-version': '2026-10-21',
      'anthropic-beta': 'a-1,b-2',
      Accept: 'text/event-stream',
    });
  });

  it('names the current API version when the client named none, and the default address', () => {
    const { request } = build(hello, { channel: { ...channel, base_url: '' } });
    expect(request.url).toBe('https://api.anthropic.com/v1/messages');
    expect(request.headers['anthropic-version']).toBe('2023-06-01');
    expect(request.headers).not.toHaveProperty('anthropic-beta');
  });

  it("adds the model's headers of claude.model_headers_settings, betas merged with the client's", () => {
    const headers: Record<string, Record<string, string>> = { 'claude-test': { 'anthropic-beta': 'output-128k,a-1', 'x-team': 'blue' } };
    const settings: ClaudeSettings = { ...DEFAULT_CLAUDE_SETTINGS, modelHeaders: (model) => headers[model] ?? {} };
    const { request } = build(hello, { forwarded: { anthropicBeta: 'a-1' } }, settings);
    expect(request.headers).toMatchObject({ 'anthropic-beta': 'a-1,output-128k', 'x-team': 'blue', 'x-api-key': 'sk-ant-key' });
  });

  it('applies the channel model mapping and fills max_tokens from claude.default_max_tokens', () => {
    const { request, sent } = build({ ...hello, max_tokens: undefined }, { upstreamModel: 'claude-real' });
    expect(request.bodyRewritten).toBe(true);
    expect(sent).toEqual({ model: 'claude-real', max_tokens: 8192, messages: hello.messages });
    const perModel = { ...DEFAULT_CLAUDE_SETTINGS, defaultMaxTokens: (model: string) => (model === 'claude-test' ? 4096 : undefined) };
    expect(build({ model: 'claude-test', messages: hello.messages }, {}, perModel).sent['max_tokens']).toBe(4096);
  });

  it('refuses a request without max_tokens when no default is configured, before any call', () => {
    const none = { ...DEFAULT_CLAUDE_SETTINGS, defaultMaxTokens: () => undefined };
    expect(() => build({ model: 'claude-test', messages: hello.messages }, {}, none)).toThrow(new ValidationError('max_tokens: Field required'));
  });

  it('turns thinking on for a model ending in -thinking, without the suffix, with the configured share of max tokens', () => {
    const { sent } = build({ ...hello, model: 'claude-test-thinking', max_tokens: 2000, temperature: 0.2, top_p: 0.5, top_k: 3 });
    expect(sent).toEqual({
      model: 'claude-test',
      max_tokens: 2000,
      messages: hello.messages,
      temperature: 1,
      thinking: { type: 'enabled', budget_tokens: 1600 },
    });
    expect(build({ ...hello, model: 'claude-test-thinking', max_tokens: 50 }).sent).toMatchObject({ max_tokens: 1280, thinking: { budget_tokens: 1024 } });
    const off = { ...DEFAULT_CLAUDE_SETTINGS, thinkingAdapterEnabled: false };
    expect(build({ ...hello, model: 'claude-test-thinking' }, {}, off).sent).toEqual({ ...hello, model: 'claude-test-thinking' });
  });

  it('keeps thinking budgets between the minimum and max_tokens', () => {
    expect(thinkingBudget(1280, 0.8)).toBe(1024);
    expect(thinkingBudget(10_000, 1)).toBe(9999);
    expect(thinkingBudget(10_000, 0.5)).toBe(5000);
  });

  it('counts tokens at /v1/messages/count_tokens without a max_tokens default', () => {
    const { request, sent } = build({ model: 'claude-test', messages: hello.messages }, { operation: 'messages/count_tokens' });
    expect(request.url).toBe('https://claude.example/v1/messages/count_tokens');
    expect(sent).toEqual({ model: 'claude-test', messages: hello.messages });
    expect(anthropicAdapter.supports(claude, 'chat/completions')).toBe(false);
  });

  it('reads usage, cache writes by duration included, from a Message', () => {
    const message = {
      type: 'message',
      usage: { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 100, cache_creation_input_tokens: 30, cache_creation: { ephemeral_5m_input_tokens: 20, ephemeral_1h_input_tokens: 10 } },
    };
    expect(anthropicAdapter.readResponse(Buffer.from(JSON.stringify(message))).usage).toEqual({
      promptTokens: 140,
      completionTokens: 5,
      totalTokens: 145,
      cachedTokens: 100,
      cacheWriteTokens: 20,
      cacheWrite1hTokens: 10,
      reasoningTokens: 0,
      promptAudioTokens: 0,
      completionAudioTokens: 0,
      source: 'anthropic',
    });
  });

  it('maps error answers with their Anthropic type, and unreadable ones to the status alone', () => {
    const overloaded = anthropicAdapter.mapError(529, JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }));
    expect(overloaded).toMatchObject({ status: 529, message: 'Overloaded', errorType: 'overloaded_error' });
    expect(anthropicAdapter.mapError(502, '<html>bad gateway</html>')).toMatchObject({ message: 'bad response status code 502', errorType: 'api_error' });
  });
});
