import type { WireEvent } from '../../protocols/stream-events';
import { DEFAULT_CLAUDE_SETTINGS } from '../../providers/anthropic/claude-request';
import { geminiRequest, refusal } from '../gemini-client/test-context.test-support';
import type { TranslationContext } from '../types';
import { geminiToAnthropic } from '.';
import { packThinking, unpackThinking } from './signed-thinking';

function context(body: Record<string, unknown>, options: { stream?: boolean; defaultMaxTokens?: number } = {}): TranslationContext {
  const claude = { ...DEFAULT_CLAUDE_SETTINGS, defaultMaxTokens: () => options.defaultMaxTokens ?? 4096 };
  return { request: geminiRequest(body, options), upstreamModel: 'claude-test', settings: { claude } };
}
const translate = (body: Record<string, unknown>, options?: Parameters<typeof context>[1]) => geminiToAnthropic.request(context(body, options));
const HELLO = [{ role: 'user', parts: [{ text: 'hi' }] }];

describe('Gemini generateContent → Anthropic Messages: the request', () => {
  it('takes the system instruction, merges turns of one role, and maps sampling, stops and limits', () => {
    const { json, stream } = translate(
      {
        systemInstruction: { parts: [{ text: 'Be brief.' }] },
        contents: [
          { role: 'user', parts: [{ text: 'hi' }] },
          { role: 'user', parts: [{ text: 'there' }] },
          { role: 'model', parts: [{ text: 'Hello!' }] },
          { role: 'user', parts: [{ text: 'again' }] },
        ],
        generationConfig: { temperature: 1.5, topP: 0.9, topK: 5, maxOutputTokens: 256, stopSequences: ['END'], seed: 3, presencePenalty: 0.5 },
      },
      { stream: true },
    );
    expect(stream).toBe(true);
    expect(json).toEqual({
      model: 'claude-test',
      system: 'Be brief.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'text', text: 'there' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Hello!' }] },
        { role: 'user', content: [{ type: 'text', text: 'again' }] },
      ],
      stop_sequences: ['END'],
      temperature: 1,
      top_p: 0.9,
      top_k: 5,
      max_tokens: 256,
      stream: true,
    });
  });

  it('uses the channel’s default max tokens when the client gives none', () => {
    expect(translate({ contents: HELLO }, { defaultMaxTokens: 1234 }).json['max_tokens']).toBe(1234);
  });

  it('sends images and PDFs inline or by URL as Claude sources', () => {
    const { json } = translate({
      contents: [
        {
          role: 'user',
          parts: [
            { inlineData: { mimeType: 'image/png', data: 'iVBOR' } },
            { fileData: { mimeType: 'image/jpeg', fileUri: 'https://x.example/cat.jpg' } },
            { inlineData: { mimeType: 'application/pdf', data: 'JVBER' } },
            { fileData: { mimeType: 'application/pdf', fileUri: 'https://x.example/a.pdf' } },
            { text: 'What are these?' },
          ],
        },
      ],
    });
    expect(json['messages']).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBOR' } },
          { type: 'image', source: { type: 'url', url: 'https://x.example/cat.jpg' } },
          { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBER' } },
          { type: 'document', source: { type: 'url', url: 'https://x.example/a.pdf' } },
          { type: 'text', text: 'What are these?' },
        ],
      },
    ]);
  });

  it('turns declarations into tools, calls into tool_use and responses into tool_result blocks leading their turn', () => {
    const { json } = translate({
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
        {
          role: 'user',
          parts: [{ text: 'Summarise.' }, { functionResponse: { name: 'get_weather', response: { output: 'Sunny' } } }],
        },
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Rome' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { error: 'no such city' } } }] },
      ],
      tools: [{ functionDeclarations: [{ name: 'get_weather', description: 'Weather', parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } } } }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } },
    });
    expect(json['tools']).toEqual([{ name: 'get_weather', description: 'Weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }]);
    expect(json['tool_choice']).toEqual({ type: 'tool', name: 'get_weather' });
    expect(json['messages']).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1_0', name: 'get_weather', input: { city: 'Paris' } }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'call_1_0', content: '{"output":"Sunny"}' },
          { type: 'text', text: 'Summarise.' },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'call_3_0', name: 'get_weather', input: { city: 'Rome' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_3_0', content: '{"error":"no such city"}', is_error: true }] },
    ]);
    expect(translate({ contents: HELLO, tools: [{ functionDeclarations: [{ name: 'f' }] }], toolConfig: { functionCallingConfig: { mode: 'NONE' } } }).json['tool_choice']).toEqual({
      type: 'none',
    });
  });

  it('turns a thinking budget or level into a Claude thinking budget, making room for it and dropping sampling', () => {
    const fixed = translate({ contents: HELLO, generationConfig: { maxOutputTokens: 1000, temperature: 0.5, thinkingConfig: { thinkingBudget: 2048, includeThoughts: true } } });
    expect(fixed.json).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 2048 }, max_tokens: 2049 });
    expect(fixed.json).not.toHaveProperty('temperature');
    expect(translate({ contents: HELLO, generationConfig: { maxOutputTokens: 10000, thinkingConfig: { thinkingBudget: -1 } } }).json['thinking']).toEqual({
      type: 'enabled',
      budget_tokens: 8000,
    });
    expect(translate({ contents: HELLO, generationConfig: { maxOutputTokens: 10000, thinkingConfig: { thinkingLevel: 'low' } } }).json['thinking']).toEqual({
      type: 'enabled',
      budget_tokens: 2000,
    });
    expect(translate({ contents: HELLO, generationConfig: { thinkingConfig: { thinkingBudget: 0 } } }).json).not.toHaveProperty('thinking');
  });

  it('does not think when a call is forced (Claude cannot), keeping the forced call', () => {
    const { json } = translate({
      contents: HELLO,
      tools: [{ functionDeclarations: [{ name: 'f' }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
      generationConfig: { temperature: 0.5, thinkingConfig: { thinkingBudget: 2048 } },
    });
    expect(json['tool_choice']).toEqual({ type: 'any' });
    expect(json).not.toHaveProperty('thinking');
    expect(json['temperature']).toBe(0.5);
  });

  it('asks for JSON in the system prompt, with the schema', () => {
    const { json } = translate({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      contents: HELLO,
      generationConfig: { responseMimeType: 'application/json', responseSchema: { type: 'OBJECT', properties: { name: { type: 'STRING' } } } },
    });
    expect(json['system']).toBe(
      'Be brief.\n\nAnswer with a single JSON value and nothing else: no prose, no code fences. The value must match this JSON Schema: {"type":"object","properties":{"name":{"type":"string"}}}',
    );
  });

  it.each([
    [{ contents: HELLO, generationConfig: { candidateCount: 2 } }, 'generationConfig.candidateCount', /one candidate/],
    [{ contents: HELLO, tools: [{ codeExecution: {} }] }, 'tools.0.codeExecution', /code execution/],
    [{ contents: [{ role: 'user', parts: [{ inlineData: { mimeType: 'audio/wav', data: 'UklGR' } }] }] }, 'contents.0.parts.0', /audio\/wav inline cannot be sent to a Claude channel/],
    [{ contents: [{ role: 'user', parts: [{ fileData: { mimeType: 'video/mp4', fileUri: 'https://x.example/a.mp4' } }] }] }, 'contents.0.parts.0', /video\/mp4 by URL/],
  ])('refuses what a Claude channel cannot take, with a 400 naming it (%#)', (body, param, message) => {
    const error = refusal(() => translate(body));
    expect(error.details?.['param']).toBe(param);
    expect(error.message).toMatch(message);
  });
});

const message = {
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-test',
  content: [
    { type: 'thinking', thinking: 'Checking.', signature: 'sig-1' },
    { type: 'text', text: 'Let me look.' },
    { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
  ],
  stop_reason: 'tool_use',
  stop_sequence: null,
  usage: { input_tokens: 70, output_tokens: 20, cache_read_input_tokens: 30, cache_creation_input_tokens: 0 },
};

describe('Gemini generateContent → Anthropic Messages: the answer', () => {
  it('builds a GenerateContentResponse; the thinking before a call travels as its signature and comes back as thinking blocks', () => {
    const answer = geminiToAnthropic.response(message, context({ contents: HELLO }));
    const signature = packThinking([{ type: 'thinking', thinking: 'Checking.', signature: 'sig-1' }]);
    expect(answer).toEqual({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [{ text: 'Let me look.' }, { functionCall: { id: 'toolu_1', name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: signature }],
          },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 20, cachedContentTokenCount: 30, totalTokenCount: 120 },
      modelVersion: 'gemini-test',
      responseId: 'msg_1',
    });

    const parts = (answer as { candidates: Array<{ content: { parts: unknown[] } }> }).candidates[0]!.content.parts;
    const next = translate({
      contents: [...HELLO, { role: 'model', parts }, { role: 'user', parts: [{ functionResponse: { id: 'toolu_1', name: 'get_weather', response: { output: 'Sunny' } } }] }],
      generationConfig: { thinkingConfig: { thinkingBudget: 2048 } },
    });
    expect((next.json['messages'] as unknown[])[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Checking.', signature: 'sig-1' },
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
      ],
    });
  });

  it('shows thoughts as thought parts when asked for', () => {
    const answer = geminiToAnthropic.response(message, context({ contents: HELLO, generationConfig: { thinkingConfig: { includeThoughts: true } } })) as {
      candidates: Array<{ content: { parts: unknown[] } }>;
    };
    expect(answer.candidates[0]!.content.parts[0]).toEqual({ text: 'Checking.', thought: true });
  });

  it.each([
    ['end_turn', 'STOP'],
    ['max_tokens', 'MAX_TOKENS'],
    ['refusal', 'SAFETY'],
    ['stop_sequence', 'STOP'],
  ])('maps stop_reason %s to finishReason %s', (stop, reason) => {
    const answer = geminiToAnthropic.response({ ...message, stop_reason: stop }, context({ contents: HELLO })) as { candidates: Array<{ finishReason: string }> };
    expect(answer.candidates[0]!.finishReason).toBe(reason);
  });

  it('reads no thinking from a signature it did not make', () => {
    expect(unpackThinking('a-gemini-signature')).toEqual([]);
    expect(unpackThinking('claude.thinking.not-json')).toEqual([]);
  });
});

const events = (...data: Array<Record<string, unknown>>): WireEvent[] => data.map((d) => ({ name: String(d['type']), data: d }));
const start = events({
  type: 'message_start',
  message: { id: 'msg_9', type: 'message', role: 'assistant', content: [], usage: { input_tokens: 12, output_tokens: 1 } },
})[0]!;

describe('Gemini generateContent → Anthropic Messages: the stream', () => {
  it('sends text and thoughts as they come, a tool call whole when its block ends (carrying the thinking), then finish and usage', () => {
    const stream = geminiToAnthropic.stream(context({ contents: HELLO, generationConfig: { thinkingConfig: { includeThoughts: true } } }, { stream: true }));
    const out: WireEvent[] = [];
    const push = (event: WireEvent) => {
      const produced = stream.push(event);
      out.push(...produced);
      return produced;
    };
    expect(push(start)).toEqual([]);
    push({ data: { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } } });
    push({ data: { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Hmm.' } } });
    push({ data: { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig-9' } } });
    push({ data: { type: 'content_block_stop', index: 0 } });
    push({ data: { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } } });
    push({ data: { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Hello' } } });
    push({ data: { type: 'content_block_stop', index: 1 } });
    push({ data: { type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 'toolu_9', name: 'get_weather', input: {} } } });
    expect(push({ data: { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{"city":' } } })).toEqual([]);
    expect(push({ data: { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '"Paris"}' } } })).toEqual([]);
    push({ data: { type: 'content_block_stop', index: 2 } });
    expect(push({ data: { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 9 } } })).toEqual([]);
    push({ data: { type: 'message_stop' } });
    expect(stream.end(false)).toEqual([]);

    const base = { modelVersion: 'gemini-test', responseId: 'msg_9' };
    expect(out.map((event) => event.data)).toEqual([
      { candidates: [{ content: { role: 'model', parts: [{ text: 'Hmm.', thought: true }] }, index: 0 }], ...base },
      { candidates: [{ content: { role: 'model', parts: [{ text: 'Hello' }] }, index: 0 }], ...base },
      {
        candidates: [
          {
            content: {
              role: 'model',
              parts: [
                {
                  functionCall: { id: 'toolu_9', name: 'get_weather', args: { city: 'Paris' } },
                  thoughtSignature: packThinking([{ type: 'thinking', thinking: 'Hmm.', signature: 'sig-9' }]),
                },
              ],
            },
            index: 0,
          },
        ],
        ...base,
      },
      {
        candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 9, totalTokenCount: 21 },
        ...base,
      },
    ]);
  });

  it('leaves thinking out unless thoughts are asked for', () => {
    const stream = geminiToAnthropic.stream(context({ contents: HELLO }, { stream: true }));
    stream.push(start);
    stream.push({ data: { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } } });
    expect(stream.push({ data: { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Hmm.' } } })).toEqual([]);
  });

  it('turns an error event into Google’s error object, and a cut stream into one', () => {
    const failing = geminiToAnthropic.stream(context({ contents: HELLO }, { stream: true }));
    failing.push(start);
    expect(failing.push({ data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } })).toEqual([
      { data: { error: { code: 502, message: 'Overloaded', status: 'UNAVAILABLE' } } },
    ]);
    expect(failing.end(true)).toEqual([]);

    const cut = geminiToAnthropic.stream(context({ contents: HELLO }, { stream: true }));
    cut.push(start);
    cut.push({ data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } } });
    cut.push({ data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hel' } } });
    expect(cut.end(true)).toEqual([
      { data: { error: { code: 502, message: 'the upstream stream ended before the answer was complete', status: 'UNAVAILABLE' } } },
    ]);
  });
});
