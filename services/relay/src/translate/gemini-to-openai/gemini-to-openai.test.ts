import { DONE, type WireEvent } from '../../protocols/stream-events';
import { geminiRequest, refusal } from '../gemini-client/test-context.test-support';
import type { TranslationContext } from '../types';
import { geminiToOpenAI } from '.';

function context(body: Record<string, unknown>, options: Parameters<typeof geminiRequest>[1] & { upstreamModel?: string } = {}): TranslationContext {
  return { request: geminiRequest(body, options), upstreamModel: options.upstreamModel ?? 'gpt-test' };
}
const translate = (body: Record<string, unknown>, options?: Parameters<typeof context>[1]) => geminiToOpenAI.request(context(body, options));
const HELLO = [{ role: 'user', parts: [{ text: 'hi' }] }];

describe('Gemini generateContent → OpenAI chat: the request', () => {
  it('puts the system instruction first and maps the generation config', () => {
    const { json, stream } = translate(
      {
        systemInstruction: { parts: [{ text: 'Be brief.' }, { text: 'Be kind.' }] },
        contents: [
          { role: 'user', parts: [{ text: 'hi' }] },
          { role: 'model', parts: [{ text: 'Hello' }, { text: '!' }] },
          { parts: [{ text: 'again' }] },
        ],
        generationConfig: {
          temperature: 0.3,
          topP: 0.9,
          topK: 5,
          maxOutputTokens: 256,
          stopSequences: ['END'],
          seed: 7,
          presencePenalty: 0.1,
          frequencyPenalty: 0.2,
        },
      },
      { stream: true },
    );
    expect(stream).toBe(true);
    expect(json).toEqual({
      model: 'gpt-test',
      messages: [
        { role: 'system', content: 'Be brief.\nBe kind.' },
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: 'again' },
      ],
      max_tokens: 256,
      temperature: 0.3,
      top_p: 0.9,
      stop: ['END'],
      seed: 7,
      presence_penalty: 0.1,
      frequency_penalty: 0.2,
      stream: true,
    });
  });

  it('sends inline images and PDFs, URL images and WAV audio as OpenAI content parts', () => {
    const { json } = translate({
      contents: [
        {
          role: 'user',
          parts: [
            { text: 'What are these?' },
            { inlineData: { mimeType: 'image/png', data: 'iVBOR' } },
            { fileData: { mimeType: 'image/jpeg', fileUri: 'https://x.example/cat.jpg' } },
            { inlineData: { mimeType: 'application/pdf', data: 'JVBER' } },
            { inlineData: { mimeType: 'audio/wav', data: 'UklGR' } },
          ],
        },
      ],
    });
    expect(json['messages']).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What are these?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBOR' } },
          { type: 'image_url', image_url: { url: 'https://x.example/cat.jpg' } },
          { type: 'file', file: { filename: 'document.pdf', file_data: 'data:application/pdf;base64,JVBER' } },
          { type: 'input_audio', input_audio: { data: 'UklGR', format: 'wav' } },
        ],
      },
    ]);
  });

  it('turns function declarations into tools (OpenAPI types as JSON Schema) and the calling mode into tool_choice', () => {
    const { json } = translate({
      contents: HELLO,
      tools: [
        {
          functionDeclarations: [
            {
              name: 'get_weather',
              description: 'Weather of a city',
              parameters: {
                type: 'OBJECT',
                properties: {
                  city: { type: 'STRING', description: 'City' },
                  days: { type: 'ARRAY', items: { type: 'INTEGER' }, nullable: true },
                },
                required: ['city'],
                propertyOrdering: ['city', 'days'],
              },
            },
            { name: 'get_time', parametersJsonSchema: { type: 'object', properties: { zone: { type: 'string' } } } },
            { name: 'ping' },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather', 'get_time'] } },
    });
    expect(json['tools']).toEqual([
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Weather of a city',
          parameters: {
            type: 'object',
            properties: { city: { type: 'string', description: 'City' }, days: { type: ['array', 'null'], items: { type: 'integer' } } },
            required: ['city'],
          },
        },
      },
      { type: 'function', function: { name: 'get_time', parameters: { type: 'object', properties: { zone: { type: 'string' } } } } },
    ]);
    expect(json['tool_choice']).toBe('required');

    const one = translate({
      contents: HELLO,
      tools: [{ functionDeclarations: [{ name: 'ping' }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['ping'] } },
    }).json;
    expect(one['tools']).toEqual([{ type: 'function', function: { name: 'ping', parameters: { type: 'object', properties: {} } } }]);
    expect(one['tool_choice']).toEqual({ type: 'function', function: { name: 'ping' } });
    const none = translate({ contents: HELLO, tools: [{ functionDeclarations: [{ name: 'ping' }] }], toolConfig: { functionCallingConfig: { mode: 'NONE' } } });
    expect(none.json['tool_choice']).toBe('none');
  });

  it('gives function calls ids (theirs, else stable ones) and answers each by name and order', () => {
    const body = {
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Paris and Rome?' }] },
        {
          role: 'model',
          parts: [
            { text: 'Checking.', thought: true },
            { functionCall: { name: 'get_weather', args: { city: 'Paris' } } },
            { functionCall: { name: 'get_weather', args: { city: 'Rome' } } },
            { functionCall: { id: 'given-1', name: 'get_time', args: {} } },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { id: 'given-1', name: 'get_time', response: { time: '12:00' } } },
            { functionResponse: { name: 'get_weather', response: { output: 'Sunny' } } },
            { functionResponse: { name: 'get_weather', response: { output: 'Rainy' } } },
            { text: 'Summarise.' },
          ],
        },
      ],
    };
    const first = translate(body).json['messages'];
    expect(first).toEqual([
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_1_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
          { id: 'given-1', type: 'function', function: { name: 'get_time', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'given-1', content: '{"time":"12:00"}' },
      { role: 'tool', tool_call_id: 'call_1_1', content: '{"output":"Sunny"}' },
      { role: 'tool', tool_call_id: 'call_1_2', content: '{"output":"Rainy"}' },
      { role: 'user', content: 'Summarise.' },
    ]);
    // The same conversation sent again gets the same ids.
    expect(translate(body).json['messages']).toEqual(first);
  });

  it('asks for JSON by schema or as an object, and for n candidates', () => {
    const schema = { type: 'OBJECT', properties: { name: { type: 'STRING' } } };
    expect(translate({ contents: HELLO, generationConfig: { responseMimeType: 'application/json', responseSchema: schema } }).json['response_format']).toEqual({
      type: 'json_schema',
      json_schema: { name: 'response', schema: { type: 'object', properties: { name: { type: 'string' } } } },
    });
    const jsonSchema = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] };
    expect(translate({ contents: HELLO, generationConfig: { responseMimeType: 'application/json', responseJsonSchema: jsonSchema } }).json['response_format']).toEqual({
      type: 'json_schema',
      json_schema: { name: 'response', schema: jsonSchema },
    });
    expect(translate({ contents: HELLO, generationConfig: { responseMimeType: 'application/json' } }).json['response_format']).toEqual({ type: 'json_object' });
    expect(translate({ contents: HELLO, generationConfig: { candidateCount: 2 } }).json['n']).toBe(2);
  });

  it('asks reasoning models for the effort a thinking budget or level stands for, and other models for nothing', () => {
    const think = (thinkingConfig: Record<string, unknown>, model = 'o3-mini') =>
      translate({ contents: HELLO, generationConfig: { thinkingConfig } }, { upstreamModel: model }).json['reasoning_effort'];
    expect(think({ thinkingBudget: 512 })).toBe('low');
    expect(think({ thinkingBudget: 4096 })).toBe('medium');
    expect(think({ thinkingBudget: 24576 })).toBe('high');
    expect(think({ thinkingBudget: -1 })).toBe('medium');
    expect(think({ thinkingLevel: 'HIGH' })).toBe('high');
    expect(think({ includeThoughts: true })).toBeUndefined();
    expect(think({ thinkingBudget: 24576 }, 'gpt-4o')).toBeUndefined();
  });

  it.each([
    [{ contents: HELLO, tools: [{ googleSearch: {} }] }, 'tools.0.googleSearch', /Google Search/],
    [{ contents: [{ role: 'user', parts: [{ inlineData: { mimeType: 'video/mp4', data: 'AAAA' } }] }] }, 'contents.0.parts.0', /video\/mp4 inline/],
    [{ contents: [{ role: 'user', parts: [{ fileData: { mimeType: 'image/png', fileUri: 'gs://bucket/cat.png' } }] }] }, 'contents.0.parts.0.fileData.fileUri', /http\(s\)/],
    [{ contents: [{ role: 'user', parts: [{ functionResponse: { name: 'f', response: {} } }] }] }, 'contents.0.parts.0.functionResponse.name', /no functionCall of "f"/],
    [
      { contents: [{ role: 'user', parts: [{ fileData: { mimeType: 'image/png', fileUri: 'https://generativelanguage.googleapis.com/v1beta/files/abc' } }] }] },
      'contents.0.parts.0.fileData.fileUri',
      /Files API/,
    ],
    [{ contents: [{ role: 'tool', parts: [{ text: 'x' }] }] }, 'contents.0.role', /unknown role "tool"/],
    [{ contents: HELLO, generationConfig: { responseModalities: ['IMAGE'] } }, 'generationConfig.responseModalities', /IMAGE output/],
    [{ contents: HELLO, generationConfig: { responseMimeType: 'text/x.enum' } }, 'generationConfig.responseMimeType', /text\/x.enum/],
    [{ contents: HELLO, cachedContent: 'cachedContents/abc' }, 'cachedContent', /cached content/],
  ])('refuses what an OpenAI channel cannot take, with a 400 naming it (%#)', (body, param, message) => {
    const error = refusal(() => translate(body));
    expect(error.details?.['param']).toBe(param);
    expect(error.message).toMatch(message);
  });

  it('refuses several candidates on a stream', () => {
    expect(refusal(() => translate({ contents: HELLO, generationConfig: { candidateCount: 2 } }, { stream: true })).details?.['param']).toBe(
      'generationConfig.candidateCount',
    );
  });
});

describe('Gemini generateContent → OpenAI chat: the answer', () => {
  const completion = {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: 'It is sunny.',
          reasoning_content: 'Checking.',
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
        },
        finish_reason: 'tool_calls',
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120, prompt_tokens_details: { cached_tokens: 30 }, completion_tokens_details: { reasoning_tokens: 5 } },
  };

  it('builds a GenerateContentResponse: text, calls with parsed args, finish reason and usage; thoughts only when asked for', () => {
    expect(geminiToOpenAI.response(completion, context({ contents: HELLO }))).toEqual({
      candidates: [
        {
          content: { role: 'model', parts: [{ text: 'It is sunny.' }, { functionCall: { id: 'call_1', name: 'get_weather', args: { city: 'Paris' } } }] },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 15, thoughtsTokenCount: 5, cachedContentTokenCount: 30, totalTokenCount: 120 },
      modelVersion: 'gemini-test',
      responseId: 'chatcmpl-1',
    });
    const withThoughts = geminiToOpenAI.response(completion, context({ contents: HELLO, generationConfig: { thinkingConfig: { includeThoughts: true } } })) as {
      candidates: Array<{ content: { parts: unknown[] } }>;
    };
    expect(withThoughts.candidates[0]!.content.parts[0]).toEqual({ text: 'Checking.', thought: true });
  });

  it.each([
    ['stop', 'STOP'],
    ['length', 'MAX_TOKENS'],
    ['content_filter', 'SAFETY'],
    [null, 'STOP'],
  ])('maps finish_reason %s to finishReason %s', (finish, reason) => {
    const answer = geminiToOpenAI.response(
      { choices: [{ index: 0, message: { role: 'assistant', content: 'x' }, finish_reason: finish }] },
      context({ contents: HELLO }),
    ) as { candidates: Array<{ finishReason: string }> };
    expect(answer.candidates[0]!.finishReason).toBe(reason);
  });

  it('answers each choice as a candidate', () => {
    const answer = geminiToOpenAI.response(
      {
        choices: [
          { index: 0, message: { role: 'assistant', content: 'A' }, finish_reason: 'stop' },
          { index: 1, message: { role: 'assistant', content: 'B' }, finish_reason: 'length' },
        ],
      },
      context({ contents: HELLO, generationConfig: { candidateCount: 2 } }),
    ) as { candidates: unknown[] };
    expect(answer.candidates).toEqual([
      { content: { role: 'model', parts: [{ text: 'A' }] }, finishReason: 'STOP', index: 0 },
      { content: { role: 'model', parts: [{ text: 'B' }] }, finishReason: 'MAX_TOKENS', index: 1 },
    ]);
  });
});

const chunk = (delta: Record<string, unknown>, finish: string | null = null): WireEvent => ({
  data: { id: 'chatcmpl-9', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] },
});
const partsOf = (events: WireEvent[]) => events.map((event) => (event.data as { candidates: Array<{ content: { parts: unknown[] } }> }).candidates[0]!.content.parts);

describe('Gemini generateContent → OpenAI chat: the stream', () => {
  it('sends text and thoughts as they come, each tool call whole once its arguments are complete, then finish and usage', () => {
    const stream = geminiToOpenAI.stream(context({ contents: HELLO, generationConfig: { thinkingConfig: { includeThoughts: true } } }, { stream: true }));
    expect(stream.push(chunk({ role: 'assistant', content: '' }))).toEqual([]);
    expect(partsOf(stream.push(chunk({ reasoning_content: 'Hmm.' })))).toEqual([[{ text: 'Hmm.', thought: true }]]);
    const text = stream.push(chunk({ content: 'Hello' }));
    // A delta's chunk is written as JSON text when made: its data is that text, read back.
    expect(text.map((event) => ({ name: event.name, data: event.data }))).toEqual([
      {
        data: {
          candidates: [{ content: { role: 'model', parts: [{ text: 'Hello' }] }, index: 0 }],
          modelVersion: 'gemini-test',
          responseId: 'chatcmpl-9',
        },
      },
    ]);
    expect(stream.push(chunk({ tool_calls: [{ index: 0, id: 'call_7', type: 'function', function: { name: 'get_weather', arguments: '' } }] }))).toEqual([]);
    expect(stream.push(chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }))).toEqual([]);
    expect(stream.push(chunk({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }))).toEqual([]);
    // A second call starts: the first is complete.
    expect(partsOf(stream.push(chunk({ tool_calls: [{ index: 1, id: 'call_8', function: { name: 'get_time', arguments: '{}' } }] })))).toEqual([
      [{ functionCall: { id: 'call_7', name: 'get_weather', args: { city: 'Paris' } } }],
    ]);
    expect(stream.push(chunk({}, 'tool_calls'))).toEqual([]);
    expect(stream.push({ data: { id: 'chatcmpl-9', choices: [], usage: { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 } } })).toEqual([]);
    expect(stream.push({ data: DONE })).toEqual([
      {
        data: {
          candidates: [{ content: { role: 'model', parts: [{ functionCall: { id: 'call_8', name: 'get_time', args: {} } }] }, finishReason: 'STOP', index: 0 }],
          usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 9, totalTokenCount: 21 },
          modelVersion: 'gemini-test',
          responseId: 'chatcmpl-9',
        },
      },
    ]);
    expect(stream.end(false)).toEqual([]);
  });

  it('sends a refusal as text, closing with SAFETY', () => {
    const stream = geminiToOpenAI.stream(context({ contents: HELLO }, { stream: true }));
    expect(partsOf(stream.push(chunk({ refusal: 'I cannot help with that.' })))).toEqual([[{ text: 'I cannot help with that.' }]]);
    stream.push(chunk({}, 'content_filter'));
    expect(stream.push({ data: DONE })[0]!.data).toMatchObject({ candidates: [{ finishReason: 'SAFETY' }] });
  });

  it('leaves reasoning out unless thoughts are asked for, closes with an empty text part, and counts usage itself when none comes, reasoning included as billed', () => {
    const stream = geminiToOpenAI.stream(context({ contents: HELLO }, { stream: true }));
    expect(stream.push(chunk({ reasoning_content: 'Hmm.' }))).toEqual([]);
    stream.push(chunk({ content: 'Hello there friend' }));
    stream.push(chunk({}, 'length'));
    const [last] = stream.end(false);
    expect(last!.data).toMatchObject({
      candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'MAX_TOKENS', index: 0 }],
      // 'Hmm.' (2 tokens) and 'Hello there friend' (3): billing charges the reasoning the client was not shown.
      usageMetadata: { promptTokenCount: 7, candidatesTokenCount: 5, totalTokenCount: 12 },
    });
  });

  it('turns an error chunk into Google’s error object, and a cut stream into one', () => {
    const failing = geminiToOpenAI.stream(context({ contents: HELLO }, { stream: true }));
    failing.push(chunk({ content: 'Hel' }));
    expect(failing.push({ data: { error: { message: 'The server is overloaded', type: 'server_error' } } })).toEqual([
      { data: { error: { code: 502, message: 'The server is overloaded', status: 'UNAVAILABLE' } } },
    ]);
    expect(failing.push(chunk({ content: 'lo' }))).toEqual([]);
    expect(failing.end(true)).toEqual([]);

    const cut = geminiToOpenAI.stream(context({ contents: HELLO }, { stream: true }));
    cut.push(chunk({ content: 'Hel' }));
    expect(cut.end(true)).toEqual([
      { data: { error: { code: 502, message: 'the upstream stream ended before the answer was complete', status: 'UNAVAILABLE' } } },
    ]);
  });
});
