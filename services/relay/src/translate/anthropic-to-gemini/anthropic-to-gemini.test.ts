import { ValidationError } from '@modelgate/runtime';
import { parseAnthropicRequest } from '../../protocols/anthropic/inbound';
import type { WireEvent } from '../../protocols/stream-events';
import { SKIP_SIGNATURE } from '../to-gemini';
import type { TranslationContext } from '../types';
import { anthropicCountTokensToGemini, anthropicToGemini } from '.';

const context = (body: Record<string, unknown>, upstreamModel = 'gemini-2.5-flash', operation: 'messages' | 'messages/count_tokens' = 'messages'): TranslationContext => ({
  request: parseAnthropicRequest(operation, Buffer.from(JSON.stringify({ model: 'claude-test', ...(operation === 'messages' ? { max_tokens: 256 } : {}), ...body })), 'application/json'),
  upstreamModel,
});
const translate = (body: Record<string, unknown>, upstreamModel?: string) => anthropicToGemini.request(context(body, upstreamModel));

describe('Anthropic Messages → Gemini generateContent: the request', () => {
  it('puts the system prompt in the system instruction and keeps limits, sampling, stop and thinking', () => {
    const { json, stream } = translate({
      system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }, { type: 'text', text: 'Be kind.' }],
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: [{ type: 'thinking', thinking: 'hm', signature: 'sig' }, { type: 'text', text: 'Hello' }] },
        { role: 'user', content: [{ type: 'text', text: 'again' }] },
      ],
      temperature: 0.3,
      top_p: 0.9,
      top_k: 5,
      stop_sequences: ['END'],
      thinking: { type: 'enabled', budget_tokens: 1024 },
      stream: true,
    });
    expect(stream).toBe(true);
    expect(json).toEqual({
      systemInstruction: { parts: [{ text: 'Be brief.' }, { text: 'Be kind.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'hi' }] },
        { role: 'model', parts: [{ text: 'Hello' }] },
        { role: 'user', parts: [{ text: 'again' }] },
      ],
      generationConfig: {
        maxOutputTokens: 256,
        temperature: 0.3,
        topP: 0.9,
        topK: 5,
        stopSequences: ['END'],
        thinkingConfig: { thinkingBudget: 1024, includeThoughts: true },
      },
    });
  });

  it('sends images and documents inline or by URL', () => {
    const { json } = translate({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/webp', data: 'UklG' } },
            { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
            { type: 'document', source: { type: 'url', url: 'https://example.com/paper' } },
            { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'plain words' } },
          ],
        },
      ],
    });
    expect(json['contents']).toEqual([
      {
        role: 'user',
        parts: [
          { inlineData: { mimeType: 'image/webp', data: 'UklG' } },
          { fileData: { mimeType: 'image/png', fileUri: 'https://example.com/a.png' } },
          { fileData: { mimeType: 'application/pdf', fileUri: 'https://example.com/paper' } },
          { text: 'plain words' },
        ],
      },
    ]);
  });

  it('replays tool_use as signed function calls and tool_result as function responses by the call id, with tools and choice', () => {
    const { json } = translate({
      messages: [
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'sunny' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBO' } }] },
            { type: 'text', text: 'thanks' },
          ],
        },
      ],
      tools: [{ name: 'get_weather', description: 'Weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
      tool_choice: { type: 'any' },
    });
    expect(json['contents']).toEqual([
      { role: 'user', parts: [{ text: 'Weather?' }] },
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: SKIP_SIGNATURE }] },
      {
        role: 'user',
        parts: [{ functionResponse: { name: 'get_weather', response: { output: 'sunny' } } }, { inlineData: { mimeType: 'image/png', data: 'iVBO' } }, { text: 'thanks' }],
      },
    ]);
    expect(json['tools']).toEqual([
      { functionDeclarations: [{ name: 'get_weather', description: 'Weather', parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } } } }] },
    ]);
    expect(json['toolConfig']).toEqual({ functionCallingConfig: { mode: 'ANY' } });
  });

  it('refuses server tools with a 400 naming the tool, and takes system turns into the system instruction', () => {
    expect(() => translate({ messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'web_search_20250305', name: 'web_search' }] })).toThrow(
      new ValidationError('tools.0: the server tool web_search_20250305 cannot run on a Gemini channel'),
    );
    const { json } = translate({ system: 'A', messages: [{ role: 'user', content: 'x' }, { role: 'system', content: 'B' }] });
    expect(json['systemInstruction']).toEqual({ parts: [{ text: 'A' }, { text: 'B' }] });
  });

  it('counts tokens with the whole generate request, for the channel model', () => {
    const counted = context({ system: 'S', messages: [{ role: 'user', content: 'hi' }] }, 'gemini-2.5-pro', 'messages/count_tokens');
    expect(anthropicCountTokensToGemini.request(counted).json).toEqual({
      generateContentRequest: { model: 'models/gemini-2.5-pro', contents: [{ role: 'user', parts: [{ text: 'hi' }] }], systemInstruction: { parts: [{ text: 'S' }] } },
    });
    expect(anthropicCountTokensToGemini.response({ totalTokens: 31 }, counted)).toEqual({ input_tokens: 31 });
  });
});

describe('Anthropic Messages ← Gemini: the answer', () => {
  it('reads thinking, text and tool_use blocks, stop reasons and usage', () => {
    const message = anthropicToGemini.response(
      {
        responseId: 'r9',
        candidates: [
          {
            content: { parts: [{ text: 'Think', thought: true, thoughtSignature: 'c2ln' }, { text: 'Hi' }, { functionCall: { name: 'f', args: { a: 1 } } }] },
            finishReason: 'STOP',
          },
        ],
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 3, thoughtsTokenCount: 2, cachedContentTokenCount: 4 },
      },
      context({ messages: [{ role: 'user', content: 'x' }] }),
    ) as Record<string, any>;
    expect(message).toEqual({
      id: 'msg_r9',
      type: 'message',
      role: 'assistant',
      model: 'claude-test',
      content: [
        { type: 'thinking', thinking: 'Think', signature: 'c2ln' },
        { type: 'text', text: 'Hi' },
        { type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'f', input: { a: 1 } },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 6, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 4 },
    });
    const stopped = (reason: string) =>
      (anthropicToGemini.response({ candidates: [{ content: { parts: [{ text: 'x' }] }, finishReason: reason }] }, context({ messages: [{ role: 'user', content: 'x' }] })) as any)
        .stop_reason;
    expect([stopped('MAX_TOKENS'), stopped('SAFETY'), stopped('RECITATION'), stopped('STOP')]).toEqual(['max_tokens', 'refusal', 'refusal', 'end_turn']);
  });
});

describe('Anthropic Messages ← Gemini: the stream', () => {
  const run = (chunks: unknown[], interrupted = false) => {
    const stream = anthropicToGemini.stream(context({ messages: [{ role: 'user', content: 'x' }], stream: true }));
    const out: WireEvent[] = [];
    for (const chunk of chunks) out.push(...stream.push({ data: chunk }));
    out.push(...stream.end(interrupted));
    return out;
  };

  it('opens and closes thinking, text and tool_use blocks as parts arrive, then the stop reason, usage and message_stop', () => {
    const out = run([
      { responseId: 'r1', candidates: [{ content: { parts: [{ text: 'Hmm', thought: true }] } }], usageMetadata: { promptTokenCount: 10 } },
      { candidates: [{ content: { parts: [{ text: ' ok', thought: true, thoughtSignature: 'c2ln' }] } }] },
      { candidates: [{ content: { parts: [{ text: 'Hi' }] } }] },
      { candidates: [{ content: { parts: [{ functionCall: { name: 'f', args: { a: 1 } } }] } }] },
      { candidates: [{ content: { parts: [{ text: '' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 3, thoughtsTokenCount: 2 } },
    ]);
    expect(out.map((event) => event.name)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const data = out.map((event) => event.data as any);
    expect(data[0].message).toMatchObject({ id: 'msg_r1', model: 'claude-test', usage: { input_tokens: 10, output_tokens: 0 } });
    expect(data[1]).toEqual({ type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } });
    expect(data[4]).toEqual({ type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'c2ln' } });
    expect(data[7].delta).toEqual({ type: 'text_delta', text: 'Hi' });
    expect(data[9].content_block).toEqual({ type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'f', input: {} });
    expect(data[10].delta).toEqual({ type: 'input_json_delta', partial_json: '{"a":1}' });
    expect(data[12]).toMatchObject({ delta: { stop_reason: 'tool_use' }, usage: { input_tokens: 10, output_tokens: 5 } });
  });

  it('answers a safety finish with stop reason refusal', () => {
    const out = run([{ candidates: [{ finishReason: 'SAFETY', safetyRatings: [] }] }]);
    expect(out.map((event) => event.name)).toEqual(['message_start', 'message_delta', 'message_stop']);
    expect((out[1]!.data as any).delta.stop_reason).toBe('refusal');
  });

  it('ends with an error event for a blocked prompt, an error object and a cut stream', () => {
    const blocked = run([{ promptFeedback: { blockReason: 'PROHIBITED_CONTENT' } }]);
    expect(blocked.map((event) => event.name)).toEqual(['message_start', 'error']);
    expect(blocked[1]!.data).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'the prompt was blocked by the upstream (blockReason PROHIBITED_CONTENT)' },
    });
    const failed = run([{ candidates: [{ content: { parts: [{ text: 'Hi' }] } }] }, { error: { code: 429, message: 'Slow down', status: 'RESOURCE_EXHAUSTED' } }]);
    expect(failed.map((event) => event.name)).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'error']);
    expect((failed[3]!.data as any).error).toMatchObject({ type: 'rate_limit_error', message: 'Slow down' });
    const cut = run([{ candidates: [{ content: { parts: [{ text: 'Hi' }] } }] }], true);
    expect(cut.map((event) => event.name)).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'error']);
  });
});
