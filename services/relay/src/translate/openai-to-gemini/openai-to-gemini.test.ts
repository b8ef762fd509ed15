import { ValidationError } from '@modelgate/runtime';
import { parseOpenAIRequest } from '../../protocols/openai/inbound';
import { DONE, type WireEvent } from '../../protocols/stream-events';
import { SKIP_SIGNATURE } from '../to-gemini';
import type { TranslationContext } from '../types';
import { openAIEmbeddingsToGemini, openAIToGemini } from '.';

const context = (body: Record<string, unknown>, upstreamModel = 'gemini-2.5-flash', endpoint: 'chat/completions' | 'embeddings' = 'chat/completions'): TranslationContext => ({
  request: parseOpenAIRequest(endpoint, Buffer.from(JSON.stringify({ model: 'gem-test', ...body })), 'application/json'),
  upstreamModel,
});
const translate = (body: Record<string, unknown>, upstreamModel?: string) => openAIToGemini.request(context(body, upstreamModel));
const refusal = (body: Record<string, unknown>): ValidationError => {
  try {
    translate(body);
  } catch (error) {
    return error as ValidationError;
  }
  throw new Error('expected a refusal');
};

describe('OpenAI chat → Gemini generateContent: the request', () => {
  it('gathers system messages into the system instruction, maps roles and every generation setting', () => {
    const { json, stream } = translate({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'developer', content: [{ type: 'text', text: 'Be kind.' }] },
        { role: 'user', content: 'hi' },
        { role: 'user', content: 'anyone?' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: 'again' },
      ],
      max_completion_tokens: 300,
      temperature: 1.6,
      top_p: 0.8,
      stop: 'END',
      n: 2,
      seed: 7,
      presence_penalty: 0.5,
      frequency_penalty: -0.5,
      stream: true,
    });
    expect(stream).toBe(true);
    expect(json).toEqual({
      systemInstruction: { parts: [{ text: 'Be brief.' }, { text: 'Be kind.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'hi' }, { text: 'anyone?' }] },
        { role: 'model', parts: [{ text: 'Hello!' }] },
        { role: 'user', parts: [{ text: 'again' }] },
      ],
      generationConfig: {
        maxOutputTokens: 300,
        temperature: 1.6,
        topP: 0.8,
        stopSequences: ['END'],
        candidateCount: 2,
        seed: 7,
        presencePenalty: 0.5,
        frequencyPenalty: -0.5,
      },
    });
  });

  it('sends data-URL images inline, URL images by reference with their type, and refuses a URL of unknown type', () => {
    const { json } = translate({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.JPG?size=2' } },
            { type: 'input_audio', input_audio: { data: 'UklGR', format: 'wav' } },
          ],
        },
      ],
    });
    expect(json['contents']).toEqual([
      {
        role: 'user',
        parts: [
          { text: 'What is this?' },
          { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
          { fileData: { mimeType: 'image/jpeg', fileUri: 'https://example.com/cat.JPG?size=2' } },
          { inlineData: { mimeType: 'audio/wav', data: 'UklGR' } },
        ],
      },
    ]);
    const error = refusal({ messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/picture' } }] }] });
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(/^messages\.0\.content\.0: the file type of https:\/\/example\.com\/picture cannot be told/);
  });

  it('replays tool calls as signed function calls and tool messages as function responses named after their call', () => {
    const { json } = translate({
      messages: [
        { role: 'user', content: 'Weather in Paris and Rome?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
            { id: 'call_2', type: 'function', function: { name: 'get_time', arguments: '' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"temp":21}' },
        { role: 'tool', tool_call_id: 'call_2', content: 'noon' },
      ],
      tools: [
        { type: 'function', function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
        { type: 'function', function: { name: 'get_time', parameters: { type: 'object', properties: {} } } },
      ],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
    });
    expect(json['contents']).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Paris and Rome?' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: SKIP_SIGNATURE },
          { functionCall: { name: 'get_time', args: {} } },
        ],
      },
      {
        role: 'user',
        parts: [{ functionResponse: { name: 'get_weather', response: { temp: 21 } } }, { functionResponse: { name: 'get_time', response: { output: 'noon' } } }],
      },
    ]);
    expect(json['tools']).toEqual([
      {
        functionDeclarations: [
          { name: 'get_weather', description: 'Weather', parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
          { name: 'get_time' },
        ],
      },
    ]);
    expect(json['toolConfig']).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } });
    expect(translate({ messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'function', function: { name: 'f' } }], tool_choice: 'required' }).json['toolConfig']).toEqual({
      functionCallingConfig: { mode: 'ANY' },
    });
    expect(refusal({ messages: [{ role: 'user', content: 'x' }, { role: 'tool', tool_call_id: 'call_9', content: 'r' }] }).message).toMatch(
      /no earlier assistant message made the tool call "call_9"/,
    );
  });

  it('asks for JSON output with the client schema, and thinks by the reasoning effort (budget or level by model)', () => {
    const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] };
    const { json } = translate({
      messages: [{ role: 'user', content: 'x' }],
      response_format: { type: 'json_schema', json_schema: { name: 'a', schema } },
      reasoning_effort: 'medium',
    });
    expect(json['generationConfig']).toEqual({
      responseMimeType: 'application/json',
      responseJsonSchema: schema,
      thinkingConfig: { thinkingBudget: 8192, includeThoughts: true },
    });
    expect(translate({ messages: [{ role: 'user', content: 'x' }], response_format: { type: 'json_object' } }).json['generationConfig']).toEqual({
      responseMimeType: 'application/json',
    });
    expect(translate({ messages: [{ role: 'user', content: 'x' }], reasoning_effort: 'high' }, 'gemini-3-pro-preview').json['generationConfig']).toEqual({
      thinkingConfig: { thinkingLevel: 'high', includeThoughts: true },
    });
    expect(translate({ messages: [{ role: 'user', content: 'x' }], reasoning_effort: 'none' }).json['generationConfig']).toEqual({
      thinkingConfig: { thinkingBudget: 0 },
    });
    expect(refusal({ messages: [{ role: 'user', content: 'x' }], reasoning_effort: 'extreme' }).message).toMatch(/^reasoning_effort: "extreme" is not one of/);
  });
});

describe('OpenAI chat ← Gemini: the answer', () => {
  const answer = {
    responseId: 'resp-1',
    candidates: [
      {
        index: 0,
        content: {
          role: 'model',
          parts: [{ text: 'Let me see.', thought: true }, { text: 'Calling.' }, { functionCall: { name: 'get_weather', args: { city: 'Paris' } } }],
        },
        finishReason: 'STOP',
      },
    ],
    usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 5, thoughtsTokenCount: 3, cachedContentTokenCount: 4, totalTokenCount: 20 },
  };

  it('reads thoughts, text and function calls, a call as finish reason tool_calls, and the usage with reasoning and cached tokens', () => {
    const completion = openAIToGemini.response(answer, context({ messages: [{ role: 'user', content: 'x' }] })) as Record<string, any>;
    expect(completion['id']).toBe('chatcmpl-resp-1');
    expect(completion['model']).toBe('gem-test');
    const choice = completion['choices'][0];
    expect(choice.message).toEqual({
      role: 'assistant',
      content: 'Calling.',
      reasoning_content: 'Let me see.',
      tool_calls: [{ id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
    });
    expect(choice.finish_reason).toBe('tool_calls');
    expect(completion['usage']).toEqual({
      prompt_tokens: 12,
      completion_tokens: 8,
      total_tokens: 20,
      prompt_tokens_details: { cached_tokens: 4 },
      completion_tokens_details: { reasoning_tokens: 3 },
    });
  });

  it('returns the images Gemini generated as data URLs in the message images, beside the text', () => {
    const asked = openAIToGemini.request(context({ messages: [{ role: 'user', content: 'draw' }], modalities: ['image', 'text'] }));
    expect(asked.json['generationConfig']).toEqual({ responseModalities: ['TEXT', 'IMAGE'] });
    const completion = openAIToGemini.response(
      {
        candidates: [
          {
            content: { role: 'model', parts: [{ text: 'Here it is.' }, { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }] },
            finishReason: 'STOP',
          },
        ],
      },
      context({ messages: [{ role: 'user', content: 'draw' }] }),
    ) as Record<string, any>;
    expect(completion['choices'][0].message).toEqual({
      role: 'assistant',
      content: 'Here it is.',
      images: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } }],
    });
  });

  it('maps limits and filters to length and content_filter, one choice per candidate', () => {
    const completion = openAIToGemini.response(
      {
        candidates: [
          { index: 0, content: { parts: [{ text: 'cut' }] }, finishReason: 'MAX_TOKENS' },
          { index: 1, finishReason: 'SAFETY', safetyRatings: [{ category: 'HARM_CATEGORY_HARASSMENT', probability: 'HIGH', blocked: true }] },
        ],
      },
      context({ messages: [{ role: 'user', content: 'x' }] }),
    ) as Record<string, any>;
    expect(completion['choices'].map((c: any) => [c.index, c.message.content, c.finish_reason])).toEqual([
      [0, 'cut', 'length'],
      [1, null, 'content_filter'],
    ]);
    expect(completion['usage']).toBeUndefined();
  });
});

describe('OpenAI chat ← Gemini: the stream', () => {
  const run = (chunks: unknown[], body: Record<string, unknown> = {}, interrupted = false) => {
    const stream = openAIToGemini.stream(context({ messages: [{ role: 'user', content: 'x' }], stream: true, ...body }));
    const out: WireEvent[] = [];
    for (const chunk of chunks) out.push(...stream.push({ data: chunk }));
    out.push(...stream.end(interrupted));
    return out.map((event) => event.data);
  };
  const usage = { promptTokenCount: 10, candidatesTokenCount: 4, thoughtsTokenCount: 2, totalTokenCount: 16 };
  const chunks = [
    { responseId: 'r1', candidates: [{ content: { role: 'model', parts: [{ text: 'Hmm', thought: true }] } }], usageMetadata: { promptTokenCount: 10 } },
    { responseId: 'r1', candidates: [{ content: { role: 'model', parts: [{ text: 'Hi ' }] } }] },
    { responseId: 'r1', candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'f', args: { a: 1 } } }] } }] },
    { responseId: 'r1', candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'STOP' }], usageMetadata: usage },
  ];

  it('sends the role first, thoughts, text and whole tool calls as deltas, the finish reason, the usage chunk when asked, then [DONE]', () => {
    const out = run(chunks, { stream_options: { include_usage: true } }) as any[];
    expect(out.slice(0, 4).map((chunk) => [chunk.choices[0].delta, chunk.choices[0].finish_reason])).toEqual([
      [{ role: 'assistant', content: '', reasoning_content: 'Hmm' }, null],
      [{ content: 'Hi ' }, null],
      [{ tool_calls: [{ index: 0, id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'f', arguments: '{"a":1}' } }] }, null],
      [{}, 'tool_calls'],
    ]);
    expect(out[0].id).toBe('chatcmpl-r1');
    expect(out[4]).toMatchObject({ choices: [], usage: { prompt_tokens: 10, completion_tokens: 6, completion_tokens_details: { reasoning_tokens: 2 } } });
    expect(out[5]).toBe(DONE);
    expect(out).toHaveLength(6);
  });

  it('leaves the usage chunk out when the client did not ask for it', () => {
    const out = run(chunks) as any[];
    expect(out).toHaveLength(5);
    expect(out[4]).toBe(DONE);
  });

  it('streams a generated image as an images delta', () => {
    const out = run([
      { candidates: [{ content: { role: 'model', parts: [{ inlineData: { mimeType: 'image/jpeg', data: '/9j/4AAQ' } }] }, finishReason: 'STOP' }] },
    ]) as any[];
    expect(out[0].choices[0].delta).toEqual({
      role: 'assistant',
      content: '',
      images: [{ type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/4AAQ' } }],
    });
    expect(out[1].choices[0].finish_reason).toBe('stop');
  });

  it('finishes a filtered answer with content_filter', () => {
    const out = run([{ candidates: [{ finishReason: 'SAFETY', safetyRatings: [] }] }]) as any[];
    expect(out[0].choices[0]).toMatchObject({ delta: { role: 'assistant', content: '' }, finish_reason: 'content_filter' });
    expect(out[1]).toBe(DONE);
  });

  it('ends with an error chunk for a blocked prompt, an error object and a cut stream', () => {
    expect(run([{ promptFeedback: { blockReason: 'SAFETY' } }])).toEqual([
      { error: expect.objectContaining({ message: 'the prompt was blocked by the upstream (blockReason SAFETY)', code: 'prompt_blocked' }) },
    ]);
    const failed = run([chunks[1], { error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } }]) as any[];
    expect(failed).toHaveLength(2);
    expect(failed[1].error.message).toBe('The model is overloaded.');
    const cut = run([chunks[1]], {}, true) as any[];
    expect(cut).toHaveLength(2);
    expect(cut[1].error.code).toBe('upstream_stream_interrupted');
  });
});

describe('OpenAI embeddings → Gemini batchEmbedContents', () => {
  const embeddingsContext = (body: Record<string, unknown>) => context(body, 'text-embedding-004', 'embeddings');

  it('sends one request per text for the channel model, with the dimensions', () => {
    expect(openAIEmbeddingsToGemini.request(embeddingsContext({ input: ['a', 'b'], dimensions: 8 })).json).toEqual({
      requests: [
        { model: 'models/text-embedding-004', content: { parts: [{ text: 'a' }] }, outputDimensionality: 8 },
        { model: 'models/text-embedding-004', content: { parts: [{ text: 'b' }] }, outputDimensionality: 8 },
      ],
    });
    expect(() => openAIEmbeddingsToGemini.request(embeddingsContext({ input: [1, 2, 3] }))).toThrow(/not token ids/);
  });

  it('answers in OpenAI list shape, as floats or base64 float32, with the usage counted locally', () => {
    const upstream = { embeddings: [{ values: [0.5, -1] }, { values: [0.25, 2] }] };
    const floats = openAIEmbeddingsToGemini.response(upstream, embeddingsContext({ input: ['a', 'b'] })) as any;
    expect(floats.data).toEqual([
      { object: 'embedding', index: 0, embedding: [0.5, -1] },
      { object: 'embedding', index: 1, embedding: [0.25, 2] },
    ]);
    expect(floats.usage.prompt_tokens).toBeGreaterThan(0);
    expect(floats.usage.total_tokens).toBe(floats.usage.prompt_tokens);
    const encoded = openAIEmbeddingsToGemini.response(upstream, embeddingsContext({ input: ['a', 'b'], encoding_format: 'base64' })) as any;
    const bytes = Buffer.from(encoded.data[1].embedding, 'base64');
    expect(Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, 2))).toEqual([0.25, 2]);
  });
});
