import { type OptionKey, parseOption } from '@modelgate/contracts/options';
import { findChannelType } from '@modelgate/channel-types';
import { UnsupportedOperationError } from '@modelgate/runtime';
import { DEFAULT_CLAUDE_SETTINGS } from '../anthropic/claude-request';
import { parseGeminiSettings } from '../../state/gemini-settings';
import type { BuildRequestInput, GeminiSettings } from '../types';
import { geminiAdapter } from '.';

const gemini = findChannelType(24)!;
const channel = { id: 7, type: 24, key: ' AIza-channel-key ', base_url: 'https://gemini.example/', other: '', openai_organization: null, created_time: 0 };
/** Gemini settings from option texts, a missing one read as empty. */
const geminiSettings = (texts: Record<string, string>) =>
  parseGeminiSettings({ value: <K extends OptionKey>(key: K) => parseOption(key, texts[key] ?? '') });
const NO_SAFETY = geminiSettings({ 'gemini.safety_settings': '{}' });

function build(json: Record<string, unknown>, extra: Partial<BuildRequestInput> = {}, settings: GeminiSettings = NO_SAFETY, raw?: Buffer) {
  const body = raw ?? Buffer.from(JSON.stringify(json));
  const request = geminiAdapter.buildRequest(gemini, {
    channel,
    operation: 'generateContent',
    body,
    json,
    upstreamModel: 'gemini-2.5-flash',
    stream: false,
    forceStreamUsage: true,
    settings: { claude: DEFAULT_CLAUDE_SETTINGS, gemini: settings },
    ...extra,
  });
  if (request instanceof Promise) throw new Error('the Gemini adapter builds synchronously');
  return { request, body, sent: Buffer.from(request.body).toString('utf8') };
}

const hello = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };

describe('the Gemini adapter', () => {
  it("sends the client's own bytes to {base}/v1beta/models/{model}:generateContent with the key in x-goog-api-key", () => {
    const { request, body } = build(hello, { query: 'key=client-key' });
    expect(request.url).toBe('https://gemini.example/v1beta/models/gemini-2.5-flash:generateContent');
    expect(request.body).toBe(body);
    expect(request.bodyRewritten).toBe(false);
    expect(request.headers).toEqual({ 'Content-Type': 'application/json', 'x-goog-api-key': 'AIza-channel-key' });
  });

  it('streams as server-sent events, names the mapped model in the path, and uses the default address', () => {
    const { request, body } = build(hello, { stream: true, upstreamModel: 'models/gemini-real', channel: { ...channel, base_url: '' } });
    expect(request.url).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-real:streamGenerateContent?alt=sse');
    expect(request.headers['Accept']).toBe('text/event-stream');
    expect(request.body).toBe(body);
    expect(request.streamUsageRequested).toBe(true);
  });

  it('calls each method at the version gemini.version_settings names for the model', () => {
    const settings = geminiSettings({
      'gemini.version_settings': '{"default":"v1","gemini-1.0-pro":"v1beta","bad":"../x"}',
      'gemini.safety_settings': '{}',
    });
    expect(build(hello, { upstreamModel: 'gemini-1.0-pro' }, settings).request.url).toBe('https://gemini.example/v1beta/models/gemini-1.0-pro:generateContent');
    expect(build(hello, { operation: 'countTokens' }, settings).request.url).toBe('https://gemini.example/v1/models/gemini-2.5-flash:countTokens');
    expect(build(hello, { upstreamModel: 'bad' }, settings).request.url).toBe('https://gemini.example/v1/models/bad:generateContent');
  });

  it('adds gemini.safety_settings to a generation without its own, keeping the client bytes before them', () => {
    const settings = geminiSettings({ 'gemini.safety_settings': '{"default":"OFF","HARM_CATEGORY_CIVIC_INTEGRITY":"BLOCK_NONE"}' });
    const raw = Buffer.from('{ "contents": [{"parts": [{"text": "hi"}]}] }\n');
    const { request, sent } = build(hello, {}, settings, raw);
    expect(request.bodyRewritten).toBe(true);
    expect(sent.startsWith('{ "contents": [{"parts": [{"text": "hi"}]}] ,"safetySettings":[')).toBe(true);
    expect(JSON.parse(sent).safetySettings).toEqual([
      { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_CIVIC_INTEGRITY', threshold: 'BLOCK_NONE' },
    ]);
    const own = { ...hello, safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_LOW_AND_ABOVE' }] };
    expect(build(own, {}, settings).request.bodyRewritten).toBe(false);
    expect(build({ content: { parts: [{ text: 'x' }] } }, { operation: 'embedContent' }, settings).request.bodyRewritten).toBe(false);
  });

  it('renames the client model a batch of embeddings names to the mapped one', () => {
    const json = { requests: [{ model: 'models/embed-alias', content: { parts: [{ text: 'a' }] } }, { content: { parts: [{ text: 'b' }] } }] };
    const { request, sent } = build(json, { operation: 'batchEmbedContents', upstreamModel: 'text-embedding-004' });
    expect(request.url).toBe('https://gemini.example/v1beta/models/text-embedding-004:batchEmbedContents');
    expect(JSON.parse(sent)).toEqual({ requests: [{ model: 'models/text-embedding-004', content: { parts: [{ text: 'a' }] } }, { content: { parts: [{ text: 'b' }] } }] });
    expect(build({ ...json, requests: [json.requests[1]] }, { operation: 'batchEmbedContents', upstreamModel: 'text-embedding-004' }).request.bodyRewritten).toBe(false);
  });

  it('renames the client model of the generate request a token count wraps', () => {
    const json = { generateContentRequest: { model: 'models/alias', ...hello } };
    const { request, sent } = build(json, { operation: 'countTokens', upstreamModel: 'gemini-real' });
    expect(request.url).toBe('https://gemini.example/v1beta/models/gemini-real:countTokens');
    expect(JSON.parse(sent)).toEqual({ generateContentRequest: { model: 'models/gemini-real', ...hello } });
  });

  it('serialises a translated request, and refuses operations Gemini does not have', () => {
    const { request, sent } = build(hello, { body: undefined }, NO_SAFETY);
    expect(request.bodyRewritten).toBe(true);
    expect(JSON.parse(sent)).toEqual(hello);
    expect(geminiAdapter.supports(gemini, 'chat/completions')).toBe(false);
    expect(() => build(hello, { operation: 'chat/completions' })).toThrow(UnsupportedOperationError);
  });

  it('reads usage from a generation, none from embeddings, and a blocked prompt as a 400', () => {
    const read = (value: unknown) => geminiAdapter.readResponse(Buffer.from(JSON.stringify(value)));
    expect(read({ candidates: [{ content: { parts: [{ text: 'ok' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 2, totalTokenCount: 6 } })).toEqual({
      usage: expect.objectContaining({ promptTokens: 4, completionTokens: 2, source: 'gemini' }),
      error: undefined,
    });
    expect(read({ embeddings: [{ values: [0.1] }] })).toEqual({ usage: undefined, error: undefined });
    expect(read({ promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 4 } }).error).toMatchObject({
      status: 400,
      errorType: 'INVALID_ARGUMENT',
      errorCode: 'prompt_blocked',
      message: expect.stringContaining('SAFETY'),
    });
    expect(read({ error: { code: 429, message: 'quota', status: 'RESOURCE_EXHAUSTED' } }).error).toMatchObject({ status: 429 });
  });

  it('maps error answers with their status name; a 403 answer is one the catalogue disables Gemini channels on', () => {
    const denied = geminiAdapter.mapError(403, JSON.stringify({ error: { code: 403, message: 'Permission denied: Consumer has been suspended.', status: 'PERMISSION_DENIED' } }));
    expect(denied).toMatchObject({ status: 403, errorType: 'PERMISSION_DENIED', message: 'Permission denied: Consumer has been suspended.' });
    expect(gemini.rules.disableOn403).toBe(true);
  });
});
